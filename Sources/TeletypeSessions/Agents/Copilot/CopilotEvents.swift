import Teletype
import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// GitHub Copilot's event stream: Copilot CLI's sessions (`~/.copilot/session-state/<id>/events.jsonl`,
/// with `workspace.yaml` beside it; the older flat `<id>.jsonl`) and Copilot Chat's transcripts in
/// VS Code (`GitHub.copilot-chat/transcripts/<id>.jsonl`), which write the same events. Every line
/// is `{type, data, id, timestamp, parentId}`: `user.message`, `assistant.message` (its text, its
/// reasoning, its `toolRequests`), `tool.execution_start` and `tool.execution_complete` paired with
/// their request by `toolCallId`, `subagent.started` and the messages of a subagent (with a
/// `parentToolCallId`) nested under the call that started it, `session.model_change`,
/// `session.compaction_complete`, errors, warnings and aborts; `session.shutdown` says the tokens
/// and cost. The intent Copilot reports (`report_intent`) is its status line and left out; its
/// `task_complete` summary is the reply's last words.
enum CopilotEvents: AgentLogFormat {
    static let agent = SessionAgent.copilotCLI

    static let tools = ToolTable([
        "bash": .shell, "shell": .shell, "powershell": .shell, "read_bash": .shell, "write_bash": .shell,
        "view": .read, "read": .read, "read_file": .read, "create": .write, "edit": .edit, "str_replace": .edit,
        "str_replace_editor": .edit, "apply_patch": .patch, "grep": .search, "rg": .search, "glob": .find,
        "ls": .list, "web_fetch": .webFetch, "fetch": .webFetch, "web_search": .webSearch, "task": .subagent,
        "update_todo": .plan, "todo": .plan, "manage_todo_list": .plan,
    ])

    static func places(_ home: SessionHome) -> [SessionPlace] {
        let root = (home.environment["COPILOT_HOME"] ?? home.inHome(".copilot")) + "/session-state"
        return [
            SessionPlace(root, depth: 1) { path in
                let parts = path.count
                return (parts == 2 && path.last == "events.jsonl") || (parts == 1 && path.hasSuffix(".jsonl"))
            }
        ]
    }

    static func matches(_ head: LogHead) -> Bool {
        // The oldest sessions: `history-session-state/*.json`, chat messages in OpenAI's shape.
        if !head.isList, head.hasKeys("sessionId", "chatMessages") { return true }
        guard let first = head.records.first, let type = first["type"]?.string, first["data"] != nil else {
            return false
        }
        return type.hasPrefix("session.") || type.hasPrefix("user.") || type.hasPrefix("assistant.")
            || type.hasPrefix("tool.") || type.hasPrefix("hook.") || type.hasPrefix("system.")
    }

    static let fields = JSONFields([
        "type", "timestamp", "data.sessionId", "data.copilotVersion", "data.vscodeVersion", "data.startTime",
        "data.context.cwd", "data.context.branch", "data.newModel", "data.selectedModel", "data.model",
        "data.modelMetrics", "data.summaryContent",
    ])

    static func read(
        _ source: SessionSource, path: String?, name: String, notice: (String) -> Void,
        start: (SessionInfo) -> Void, emit: (Message) throws -> Void
    ) throws -> SessionInfo {
        var info = SessionInfo(agent: .copilotCLI)
        if let history = try oldSession(source, name: name) {
            info.id = history.document["sessionId"]?.string
            info.add(time: history.document["startTime"]?.string.flatMap(ISODate.seconds))
            for message in history.messages { info.add(time: message.createdAt) }
            start(info)
            for message in history.messages { try emit(message) }
            return info
        }
        if let path { describe(workspaceAt: path, into: &info) }
        var builder = ConversationBuilder()
        // The calls left out (the status line, the last words), whose runs are left out too.
        var skipped = Set<String>()
        try JSONLLog.read(
            source, name: name, describing: fields, notice: notice,
            describe: { fields, _ in describe(fields, into: &info) }, start: { start(info) }
        ) { record, line in
            add(record, line: line, to: &builder, skipping: &skipped)
            for message in builder.takeFinished() { try emit(message) }
        }
        for message in builder.finish() { try emit(message) }
        return info
    }

    /// The oldest sessions' JSON document (`history-session-state/session_<id>_<ms>.json`: its
    /// `chatMessages` in OpenAI's chat shape), read whole; nil for an event stream.
    static func oldSession(_ source: SessionSource, name: String) throws -> (document: JSONValue, messages: [Message])?
    {
        let head = try source.read(offset: 0, length: 64 * 1024)
        guard head.first == UInt8(ascii: "{") else { return nil }
        // An event stream's first line is a whole event: no need to read further.
        if let end = head.firstIndex(of: 0x0A),
            let first = head[..<end].withUnsafeBytes({ try? JSONParser.parse($0) }), first["type"] != nil
        {
            return nil
        }
        var bytes: [UInt8] = []
        var lines = 0
        try source.forEachLine { line in
            SessionReading.append(line, to: &bytes)
            lines += 1
        }
        guard lines > 1 || bytes.count > 0, let document = try? SessionReading.document(bytes, name: name),
            let chat = document["chatMessages"]?.array
        else { return nil }
        let list = Array(JSONValue.array(chat).jsonText.utf8)
        let transcript = try list.withUnsafeBytes { try TranscriptReader(format: .openai).read($0, file: name) }
        return (document, transcript.messages)
    }

    /// What a record says of the session.
    static func describe(_ fields: JSONFields.Found, into info: inout SessionInfo) {
        info.add(time: fields["timestamp"]?.string.flatMap(ISODate.seconds))
        switch fields["type"]?.string {
        case "session.start":
            info.id = info.id ?? fields["data.sessionId"]?.string
            info.version = fields["data.copilotVersion"]?.string
            if fields["data.vscodeVersion"] != nil { info.agent = .vscodeCopilot }
            info.project = info.project ?? fields["data.context.cwd"]?.string
            info.gitBranch = info.gitBranch ?? fields["data.context.branch"]?.string
            info.add(time: fields["data.startTime"]?.string.flatMap(ISODate.seconds))
            info.add(model: fields["data.selectedModel"]?.string)
        case "session.model_change":
            info.add(model: fields["data.newModel"]?.string)
        case "assistant.message", "tool.execution_complete", "assistant.turn_start":
            info.add(model: fields["data.model"]?.string)
        case "session.shutdown":
            // Tokens and requests by model.
            for (model, metrics) in fields["data.modelMetrics"]?.object?.pairs ?? [] {
                info.add(model: model)
                let usage = metrics["usage"]
                info.inputTokens.saturatingAdd(
                    max(
                        0, (usage?["inputTokens"]?.integer ?? 0) - (usage?["cacheReadTokens"]?.integer ?? 0)))
                info.outputTokens.saturatingAdd(usage?["outputTokens"]?.integer ?? 0)
                info.cacheReadTokens.saturatingAdd(usage?["cacheReadTokens"]?.integer ?? 0)
                info.cacheWriteTokens.saturatingAdd(usage?["cacheWriteTokens"]?.integer ?? 0)
            }
        default:
            break
        }
    }

    /// One event, into the conversation.
    static func add(
        _ record: JSONValue, line: Int, to builder: inout ConversationBuilder, skipping skipped: inout Set<String>
    ) {
        let data = record["data"] ?? .null
        let time = record["timestamp"]?.string.flatMap(ISODate.seconds)
        let id = record["id"]?.string ?? "line-\(line)"
        // A subagent's events go to the conversation under the call that started it.
        if let parent = data["parentToolCallId"]?.string, builder.hasCall(parent) {
            let box = builder.subagent(of: parent)
            add(record, line: line, under: box, skipping: &skipped)
            return
        }
        switch record["type"]?.string {
        case "user.message":
            var message = Message(id: id, role: .user, text: data["content"]?.string ?? "", createdAt: time)
            for attachment in data["attachments"]?.array ?? [] {
                guard let path = attachment["path"]?.string else { continue }
                message.attachments.append(
                    AIMessageAttachment(url: path, name: attachment["displayName"]?.string ?? path))
            }
            builder.prompt(message)
        case "assistant.message":
            let replyID = data["messageId"]?.string ?? id
            builder.startReply(id: replyID, time: time, model: data["model"]?.string)
            if let reasoning = data["reasoningText"]?.string, !reasoning.isEmpty {
                builder.addReasoning(
                    AIReasoningPart(id: replyID + "-reasoning", preview: reasoning), text: reasoning, id: replyID)
            } else if data["reasoningOpaque"]?.string?.isEmpty == false || data["encryptedContent"]?.string != nil {
                builder.addReasoning(
                    AIReasoningPart(id: replyID + "-reasoning", summary: ConversationBuilder.thinkingHidden), text: nil,
                    id: replyID)
            }
            builder.addText(data["content"]?.string?.trimmingSpaces() ?? "", id: replyID, time: time)
            for request in data["toolRequests"]?.array ?? [] {
                let name = request["name"]?.string ?? ""
                let arguments = ToolTable.arguments(request["arguments"])
                switch name {
                case "report_intent":
                    // Copilot's status line.
                    if let callID = request["toolCallId"]?.string { skipped.insert(callID) }
                    continue
                case "task_complete":
                    if let callID = request["toolCallId"]?.string { skipped.insert(callID) }
                    builder.addText(arguments?["summary"]?.string ?? "", id: replyID, time: time)
                    continue
                default:
                    break
                }
                guard let callID = request["toolCallId"]?.string, !builder.hasCall(callID) else { continue }
                var call = tools.call(id: callID, name: name, arguments: arguments)
                call.displayTitle = request["toolTitle"]?.string
                builder.addCall(call, id: replyID, time: time)
            }
        case "assistant.reasoning":
            let reasoning = data["content"]?.string ?? ""
            let reasoningID = data["reasoningId"]?.string ?? id
            builder.addReasoning(
                AIReasoningPart(id: reasoningID, preview: reasoning.isEmpty ? nil : reasoning), text: reasoning, id: id,
                time: time)
        case "tool.execution_start":
            guard let callID = data["toolCallId"]?.string, !skipped.contains(callID) else { return }
            let name = data["toolName"]?.string ?? ""
            if name == "report_intent" || name == "task_complete" {
                skipped.insert(callID)
                return
            }
            if !builder.hasCall(callID) {
                // The start came before its request (seen out of order): the call begins here.
                builder.addCall(
                    tools.call(id: callID, name: name, arguments: ToolTable.arguments(data["arguments"])), id: id,
                    time: time)
            }
            if let server = data["mcpServerName"]?.string {
                builder.updateCall(callID) { $0.displayTitle = server + " · " + name.replacing("_", with: " ") }
            }
        case "tool.execution_complete":
            guard let callID = data["toolCallId"]?.string, !skipped.contains(callID) else { return }
            if !builder.hasCall(callID) {
                // A result whose call the log does not hold: shown with what it says.
                builder.addCall(
                    tools.call(id: callID, name: data["toolName"]?.string ?? "tool", arguments: nil), id: id, time: time
                )
            }
            builder.updateCall(callID) { call in
                let result = data["result"]
                let text =
                    result?["content"]?.string ?? result?["text_result_for_llm"]?.string
                    ?? result?["detailedContent"]?.string
                call.output = text.map(JSONValue.string) ?? result
                let failed = data["success"]?.bool == false || result?["result_type"]?.string == "failure"
                call.status = failed ? .failed : .completed
                if failed {
                    call.errorText = data["error"]?["message"]?.string ?? data["error"]?.string ?? text
                }
                if let duration = data["toolTelemetry"]?["metrics"]?["durationMs"]?.number {
                    call.duration = duration / 1000
                }
            }
        case "subagent.started":
            guard let callID = data["toolCallId"]?.string else { return }
            _ = builder.subagent(of: callID, title: data["agentDisplayName"]?.string ?? data["agentName"]?.string)
        case "session.compaction_complete":
            let summary = data["summaryContent"]?.string ?? ""
            builder.note(Message(id: id, role: .compaction, text: summary, createdAt: time))
        case "session.error":
            let text = data["message"]?.string ?? "An error"
            builder.note(Message(id: id, role: .system, text: "Error: " + text, createdAt: time))
        case "abort":
            builder.note(Message(id: id, role: .system, text: "Interrupted", createdAt: time))
        default:
            break  // hooks, turns, the system prompt, telemetry: not the conversation's
        }
    }

    /// A subagent's event, into its own conversation.
    static func add(
        _ record: JSONValue, line: Int, under box: ConversationBuilder.Box, skipping skipped: inout Set<String>
    ) {
        var stripped = record
        if case .object(var object) = record, case .object(var data)? = object["data"] {
            data["parentToolCallId"] = nil
            object["data"] = .object(data)
            stripped = .object(object)
        }
        add(stripped, line: line, to: &box.builder, skipping: &skipped)
    }

    /// What `workspace.yaml` beside an `events.jsonl` says: the session's title (its summary),
    /// folder, branch and times.
    static func describe(workspaceAt path: String, into info: inout SessionInfo) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("workspace.yaml").path)
        else { return }
        let fields = SimpleYAML.fields(String(decoding: data, as: UTF8.self))
        info.id = fields["id"]
        if let summary = fields["summary"], !summary.isEmpty { info.title = summary }
        info.project = fields["cwd"] ?? fields["git_root"]
        info.gitBranch = fields["branch"]
        info.add(time: fields["created_at"].flatMap(ISODate.seconds))
        info.add(time: fields["updated_at"].flatMap(ISODate.seconds))
    }
}

/// The top-level `key: value` lines of a small YAML file (a sidecar's), values unquoted.
enum SimpleYAML {
    static func fields(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix(" ") && !line.hasPrefix("#") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let key = String(line[..<colon]).trimmingSpaces()
            var value = String(line[line.index(after: colon)...]).trimmingSpaces()
            if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
                value = String(value.dropFirst().dropLast())
            }
            fields[key] = value
        }
        return fields
    }
}
