import Teletype
import TeletypeTranscripts

/// Qwen Code's chats (`~/.qwen/projects/<folder>/chats/<session>.jsonl`): Claude Code's tree of
/// records (`uuid`, `parentUuid`; the conversation is the path to the latest message, so a rewound
/// branch is left out) holding Gemini's messages — `parts` of text, thought, `functionCall` and
/// `functionResponse`. `tool_result` records answer the calls (with Qwen's own `toolCallResult`),
/// `system` records carry telemetry (an API error is shown), the chat's title, rewinds; the context
/// a hook adds to a prompt is not the person's words.
enum QwenCodeChat: AgentLogFormat {
    static let agent = SessionAgent.qwenCode

    static let tools = ToolTable([
        "run_shell_command": .shell, "read_file": .read, "read_many_files": .read, "write_file": .write,
        "edit": .edit, "replace": .edit, "glob": .find, "grep_search": .search, "search_file_content": .search,
        "list_directory": .list, "ls": .list, "web_fetch": .webFetch, "web_search": .webSearch,
        "google_web_search": .webSearch, "todo_write": .plan, "task": .subagent, "agent": .subagent,
    ])

    static func places(_ home: SessionHome) -> [SessionPlace] {
        [
            SessionPlace(home.inHome(".qwen/projects"), depth: 2) { path in
                let parts = path.split(separator: "/")
                return parts.count == 3 && parts[1] == "chats" && path.hasSuffix(".jsonl")
            }
        ]
    }

    static func matches(_ head: LogHead) -> Bool {
        head.records.contains { record in
            record["uuid"] != nil && record["sessionId"] != nil
                && (record["message"]?["parts"] != nil || record["systemPayload"] != nil
                    || record["toolCallResult"] != nil)
        }
    }

    static func read(
        _ source: SessionSource, path: String?, name: String, notice: (String) -> Void,
        start: (SessionInfo) -> Void, emit: (Message) throws -> Void
    ) throws -> SessionInfo {
        var records: [JSONValue] = []
        var truncated: Int?
        try source.forEachLine { line in
            guard line.bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
            if let value = try? JSONParser.parse(line.bytes), value.object != nil {
                records.append(value)
            } else if let glued = line.bytes.withUnsafeBytes({ JSONLLog.gluedObjects($0) }) {
                records += glued
            } else if !line.isTerminated {
                truncated = line.number
            } else {
                throw SessionReading.error(in: line, name: name)
            }
        }
        if let truncated { notice(SessionReading.truncationNotice(name: name, line: truncated)) }
        let shown = activePath(records)
        var info = SessionInfo(agent: .qwenCode)
        var builder = ConversationBuilder()
        for record in shown { add(record, to: &builder, info: &info) }
        if info.title == nil {
            info.title =
                records.last { $0["subtype"]?.string == "custom_title" }?["systemPayload"]?["customTitle"]?.string
        }
        let messages = builder.finish()
        info.messageCount = messages.count
        start(info)
        for message in messages { try emit(message) }
        return info
    }

    /// The records from the first to the latest message, along `parentUuid`; the records in file
    /// order where the tree is broken.
    static func activePath(_ records: [JSONValue]) -> [JSONValue] {
        // A message streamed in pieces is several records with one uuid: all of them are kept.
        var byID: [String: [Int]] = [:]
        for (index, record) in records.enumerated() {
            if let id = record["uuid"]?.string { byID[id, default: []].append(index) }
        }
        let conversation: Set<String> = ["user", "assistant", "tool_result"]
        guard let leaf = records.lastIndex(where: { conversation.contains($0["type"]?.string ?? "") }) else {
            return []
        }
        var path: [Int] = []
        var seen = Set<Int>()
        var current: Int? = leaf
        while let index = current, seen.insert(index).inserted {
            let pieces = records[index]["uuid"]?.string.flatMap { byID[$0] } ?? [index]
            path += pieces.reversed()
            seen.formUnion(pieces)
            current = records[index]["parentUuid"]?.string.flatMap { byID[$0]?.last }
        }
        let reachesRoot = path.last.map { records[$0]["parentUuid"]?.string == nil } ?? false
        guard reachesRoot else { return Array(records[...leaf]) }
        return path.reversed().map { records[$0] }
    }

    static func add(_ record: JSONValue, to builder: inout ConversationBuilder, info: inout SessionInfo) {
        let id = record["uuid"]?.string ?? "record-\(builder.count)"
        let time = record["timestamp"]?.string.flatMap(ISODate.seconds)
        info.add(time: time)
        info.id = info.id ?? record["sessionId"]?.string
        info.project = info.project ?? record["cwd"]?.string
        info.version = record["version"]?.string ?? info.version
        if info.gitBranch == nil, let branch = record["gitBranch"]?.string { info.gitBranch = branch }
        let parts = record["message"]?["parts"]?.array ?? []
        switch record["type"]?.string {
        case "user":
            let said =
                record["systemPayload"]?["displayText"]?.string
                ?? parts.compactMap { part -> String? in
                    guard part["thought"]?.bool != true, let text = part["text"]?.string,
                        !text.hasPrefix("<qwen:")
                    else { return nil }
                    return text
                }.joined(separator: "\n\n")
            guard !said.isEmpty else { return }
            if record["subtype"]?.string == "notification" {
                builder.note(Message(id: id, role: .system, text: said, createdAt: time))
            } else {
                builder.prompt(Message(id: id, role: .user, text: said, createdAt: time))
            }
        case "assistant":
            let model = record["model"]?.string
            info.add(model: model)
            if let usage = record["usageMetadata"] {
                let cached = usage["cachedContentTokenCount"]?.integer ?? 0
                info.inputTokens += max(0, (usage["promptTokenCount"]?.integer ?? 0) - cached)
                info.cacheReadTokens += cached
                info.outputTokens +=
                    (usage["candidatesTokenCount"]?.integer ?? 0) + (usage["thoughtsTokenCount"]?.integer ?? 0)
            }
            builder.startReply(id: id, time: time, model: model)
            for (index, part) in parts.enumerated() {
                if let call = part["functionCall"] {
                    builder.addCall(
                        tools.call(
                            id: call["id"]?.string ?? "\(id)-call-\(index)", name: call["name"]?.string ?? "tool",
                            arguments: call["args"]),
                        id: id, time: time)
                } else if let text = part["text"]?.string {
                    if part["thought"]?.bool == true {
                        builder.addReasoning(
                            AIReasoningPart(id: "\(id)-thought-\(index)", preview: text), text: text, id: id)
                    } else {
                        builder.addText(text, id: id, time: time)
                    }
                }
            }
        case "tool_result":
            let result = record["toolCallResult"]
            for part in parts {
                guard let response = part["functionResponse"],
                    let callID = response["id"]?.string ?? result?["callId"]?.string
                else { continue }
                builder.updateCall(callID) { call in
                    ToolResult.apply(response["response"]?["output"] ?? response["response"], to: &call)
                    switch result?["status"]?.string {
                    case "error":
                        call.status = .failed
                        call.errorText =
                            response["response"]?["error"]?.string ?? AgentToolText.text(result?["resultDisplay"])
                    case "cancelled": call.status = .cancelled
                    default: call.status = .completed
                    }
                }
            }
        case "system":
            let payload = record["systemPayload"]
            switch record["subtype"]?.string {
            case "custom_title":
                if let title = payload?["customTitle"]?.string { info.title = title }
            case "ui_telemetry" where payload?["uiEvent"]?["event.name"]?.string == "qwen-code.api_error":
                let event = payload?["uiEvent"]
                let text =
                    event?["error"]?.string ?? event?["error.message"]?.string
                    ?? "The model's API answered with an error."
                builder.note(Message(id: id, role: .system, text: text, createdAt: time))
            default:
                break
            }
        default:
            break
        }
    }
}

/// A result's display as text: a string, or an object's text fields.
enum AgentToolText {
    static func text(_ value: JSONValue?) -> String? {
        guard let value else { return nil }
        if let text = value.string { return text }
        return value.jsonText
    }
}
