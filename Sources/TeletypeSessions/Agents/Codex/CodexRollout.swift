import Teletype
import TeletypeTranscripts

/// OpenAI Codex CLI rollouts (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`): every line a
/// `{timestamp, type, payload}` record. The conversation is the `response_item` records — Responses
/// API items, read as ``ResponsesConversation`` reads any (messages, reasoning summaries, function,
/// custom, local shell and web search calls with their outputs) — with the environment and
/// instructions Codex sends as user and developer messages folded away; `event_msg` records add
/// what the items do not say (a turn aborted, an error, token counts, a compaction), and
/// `session_meta` and `turn_context` the session's folder, version, branch and models.
enum CodexRollout: AgentLogFormat {
    static let agent = SessionAgent.codex

    static func places(_ home: SessionHome) -> [SessionPlace] {
        let folder = (home.environment["CODEX_HOME"] ?? home.inHome(".codex")) + "/sessions"
        return [
            SessionPlace(folder, depth: 4) { path in
                path.last.hasPrefix("rollout-") && path.hasSuffix(".jsonl")
            }
        ]
    }

    /// The envelope types of a rollout's records, 2025 to 2026.
    static let recordTypes: Set<String> = [
        "session_meta", "response_item", "event_msg", "turn_context", "compacted", "world_state",
    ]

    /// A rollout: its first record an enveloped one, or (a drifted file that begins with loose
    /// records) an enveloped one among its first records and the rest loose.
    static func matches(_ head: LogHead) -> Bool {
        guard let first = head.records.first else { return false }
        func isEnveloped(_ record: JSONValue) -> Bool {
            record["timestamp"] != nil && record["payload"] != nil && recordTypes.contains(record["type"]?.string ?? "")
        }
        if first["timestamp"] != nil && recordTypes.contains(first["type"]?.string ?? "") { return true }
        return head.records.contains(where: isEnveloped)
            && head.records.allSatisfy { isEnveloped($0) || ($0["created_at"] != nil && $0["payload"] == nil) }
    }

    static func read(
        _ source: SessionSource, path: String?, name: String, notice: (String) -> Void,
        start: (SessionInfo) -> Void, emit: (Message) throws -> Void
    ) throws -> SessionInfo {
        try read(source, name: name, notice: notice, start: start, emit: emit)
    }

    static let fields = JSONFields(["timestamp", "type", "payload.type", "payload.id", "payload.cli_version"])

    /// Whether a record's fields are a rollout's.
    static func isCodex(_ fields: JSONFields.Found) -> Bool {
        guard fields["timestamp"] != nil, let type = fields["type"]?.string else { return false }
        return recordTypes.contains(type)
    }

    static func read(
        _ source: SessionSource, name: String, notice: (String) -> Void, start: (SessionInfo) -> Void = { _ in },
        emit: (Message) throws -> Void
    ) throws -> SessionInfo {
        var conversation = ResponsesConversation()
        var position = 0
        var shown = 0
        var truncated: Int?
        var loose = CodexLooseRecord()
        var patches = CodexPatches()
        // Validated first, so that a malformed line stops the reading before anything is written;
        // the session's description is read on the way.
        var described = SessionInfo(agent: .codex)
        var scratch: [JSONValue?] = []
        try source.forEachLine { line in
            guard line.bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
            guard let fields = describing.read(line.bytes, reusing: &scratch) else {
                if !line.isTerminated {
                    truncated = line.number
                    return
                }
                throw SessionReading.error(in: line, name: name)
            }
            describe(fields, into: &described)
        }
        if let truncated { notice(SessionReading.truncationNotice(name: name, line: truncated)) }
        start(described)
        try source.forEachLine { line in
            guard line.bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }),
                let record = try? JSONParser.parse(line.bytes)
            else { return }
            position += 1
            let payload = record["payload"] ?? .null
            if record["payload"] == nil, let item = loose.item(record, position: position) {
                conversation.add(item, position: position)
            }
            switch record["type"]?.string {
            case "response_item":
                guard !isBoilerplate(payload) else { return }
                patches.answered(payload)
                conversation.add(patches.item(payload), position: position)
            case "compacted":
                let summary = payload["message"]?.string ?? ""
                conversation.append(
                    Message(
                        id: "compaction-\(position)", role: .compaction,
                        text: "*Compacted.*" + (summary.isEmpty ? "" : "\n\n" + summary)))
            case "event_msg":
                switch payload["type"]?.string {
                case "patch_apply_end":
                    if let result = patches.result(ofPatchApplyEnd: payload) {
                        conversation.add(result, position: position)
                    }
                case "turn_aborted":
                    let reason = payload["reason"]?.string.map { " (\($0))" } ?? ""
                    conversation.append(
                        Message(id: "aborted-\(position)", role: .system, text: "The turn was stopped" + reason))
                case "error":
                    let text = payload["message"]?.string ?? "The agent reported an error."
                    conversation.append(Message(id: "error-\(position)", role: .system, text: text))
                default:
                    break
                }
            default:
                break
            }
            for message in conversation.takeFinished() {
                shown += 1
                try emit(message)
            }
        }
        for message in conversation.finish() {
            shown += 1
            try emit(message)
        }
        described.messageCount = shown
        return described
    }

    static let describing = JSONFields([
        "timestamp", "created_at", "model", "type", "payload.type", "payload.id", "payload.cwd", "payload.cli_version",
        "payload.model",
        "payload.git.branch", "payload.thread_name", "payload.name", "payload.info.total_token_usage.input_tokens",
        "payload.info.total_token_usage.cached_input_tokens", "payload.info.total_token_usage.output_tokens",
        "payload.source.subagent.thread_spawn.parent_thread_id", "payload.source.subagent.thread_spawn.agent_path",
    ])

    /// What a record says of the session (its times, folder, models, title, tokens), read in the
    /// first pass, so that all of it is known before the first message.
    static func describe(_ fields: JSONFields.Found, into info: inout SessionInfo) {
        info.add(time: (fields["timestamp"] ?? fields["created_at"])?.string.flatMap(ISODate.seconds))
        if fields["payload.type"] == nil { info.add(model: fields["model"]?.string) }
        switch fields["type"]?.string {
        case "session_meta":
            info.id = info.id ?? fields["payload.id"]?.string
            info.project = info.project ?? fields["payload.cwd"]?.string
            info.version = fields["payload.cli_version"]?.string ?? info.version
            info.gitBranch = info.gitBranch ?? fields["payload.git.branch"]?.string
            info.add(model: fields["payload.model"]?.string)
            // A subagent's own rollout (0.140+): its thread was spawned by another.
            if fields["payload.source.subagent.thread_spawn.parent_thread_id"] != nil {
                info.isSubagent = true
                info.agentName = fields["payload.source.subagent.thread_spawn.agent_path"]?.string.map {
                    "Codex subagent " + $0
                }
            }
        case "turn_context":
            info.add(model: fields["payload.model"]?.string)
            info.project = info.project ?? fields["payload.cwd"]?.string
        case "event_msg" where fields["payload.type"]?.string == "thread_name_updated":
            info.title = fields["payload.thread_name"]?.string ?? fields["payload.name"]?.string ?? info.title
        case "event_msg" where fields["payload.type"]?.string == "token_count":
            // The running total: the last one is the session's.
            if let input = fields["payload.info.total_token_usage.input_tokens"]?.integer {
                let cached = fields["payload.info.total_token_usage.cached_input_tokens"]?.integer ?? 0
                info.inputTokens = max(0, input - cached)
                info.cacheReadTokens = cached
                info.outputTokens = fields["payload.info.total_token_usage.output_tokens"]?.integer ?? 0
            }
        default:
            break
        }
    }

    /// Whether an item is what Codex sends on its own: its instructions (a developer message), the
    /// environment, AGENTS.md and the user's standing instructions wrapped as a user message.
    static func isBoilerplate(_ item: JSONValue) -> Bool {
        guard item["type"]?.string == "message" else { return false }
        let role = item["role"]?.string
        if role == "developer" || role == "system" { return true }
        guard role == "user" else { return false }
        let text =
            item["content"]?.array?.compactMap { $0["text"]?.string }.joined(separator: "\n")
            ?? item["content"]?.string ?? ""
        let start = text.trimmingSpaces()
        return [
            "<environment_context>", "<user_instructions>", "# AGENTS.md instructions", "<INSTRUCTIONS>",
            "<permissions instructions>", "<user_shell_command>",
        ].contains { start.hasPrefix($0) }
    }
}
