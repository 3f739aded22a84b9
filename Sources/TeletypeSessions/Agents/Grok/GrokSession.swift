import Teletype
import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Grok Build's sessions (`~/.grok/sessions/<folder, percent-encoded>/<id>/`): `chat_history.jsonl`,
/// a record a line — `system`, `user` (an environment context Grok adds is marked
/// `synthetic_reason`), `reasoning` (its summary; the rest encrypted), `assistant` (its words and
/// `tool_calls`, arguments in a JSON string), `tool_result`, `backend_tool_call` (a search xAI ran);
/// older builds write the same as chat messages with a `role`. `summary.json` beside says the title,
/// folder, branch, model and times. A session with only `updates.jsonl` — the Agent Client
/// Protocol's `session/update` stream — is read from that.
enum GrokSession: AgentLogFormat {
    static let agent = SessionAgent.grok

    static let tools = ToolTable([
        "read_file": .read, "run_terminal_cmd": .shell, "run_terminal_command": .shell, "bash": .shell,
        "write": .write, "write_file": .write, "search_replace": .edit, "edit_file": .edit, "list_dir": .list,
        "grep": .search, "grep_search": .search, "codebase_search": .search, "glob": .find, "file_search": .find,
        "web_search": .webSearch, "web_fetch": .webFetch, "todo_write": .plan, "task": .subagent,
        "spawn_subagent": .subagent,
    ])

    static func places(_ home: SessionHome) -> [SessionPlace] {
        [
            SessionPlace(home.inHome(".grok/sessions"), depth: 2) { path in
                guard path.count == 3 else { return false }
                if path.last == "chat_history.jsonl" { return true }
                // A session with only its update stream.
                return path.last == "updates.jsonl"
                    && !FileManager.default.fileExists(
                        atPath: home.inHome(".grok/sessions/") + path.text.dropLast(path.last.utf8.count)
                            + "chat_history.jsonl")
            }
        ]
    }

    static func matches(_ head: LogHead) -> Bool {
        if head.fileName == "chat_history.jsonl" { return true }
        if let first = head.records.first, first["method"]?.string?.hasSuffix("session/update") == true,
            first["params"]?["update"]?["sessionUpdate"] != nil
        {
            return true
        }
        // A history's records: `reasoning` and `backend_tool_call` are Grok's alone.
        return head.records.contains {
            ["reasoning", "backend_tool_call"].contains($0["type"]?.string ?? "") && $0["content"] == nil
                || $0["model_fingerprint"] != nil
        }
            && head.records.first.map { ["system", "user"].contains($0["type"]?.string ?? "") } == true
    }

    static func read(
        _ source: SessionSource, path: String?, name: String, notice: (String) -> Void,
        start: (SessionInfo) -> Void, emit: (Message) throws -> Void
    ) throws -> SessionInfo {
        var info = header(besideLogAt: path)
        if try isUpdateStream(source, name: name) {
            // The ACP stream: its chunks are joined across records, read whole.
            var records: [JSONValue] = []
            try JSONLLog.read(
                source, name: name, describing: JSONFields(["method"]), notice: notice, describe: { _, _ in },
                start: {}, record: { value, _ in records.append(value) })
            let messages = GrokUpdates.messages(records, info: &info)
            info.messageCount = messages.count
            start(info)
            for message in messages { try emit(message) }
            return info
        }
        // The history, a turn at a time, its models known first.
        var turns = GrokTurns()
        let shown = try JSONLLog.readTurns(
            source, name: name, describing: JSONFields(["type", "role", "model_id"]), notice: notice,
            describe: { fields, _ in
                if (fields["type"] ?? fields["role"])?.string == "assistant" {
                    info.add(model: fields["model_id"]?.string)
                }
            },
            start: { _ in start(info) }, turns: &turns, emit: emit)
        info.messageCount = shown
        return info
    }

    /// Whether the log is the Agent Client Protocol's update stream rather than the history.
    static func isUpdateStream(_ source: SessionSource, name: String) throws -> Bool {
        let head = try source.read(offset: 0, length: 4096)
        return head.withUnsafeBytes { LogHead($0, name: name).records.first?["method"] != nil }
    }

    /// The session's description from `summary.json` beside the log at `path`.
    static func header(besideLogAt path: String?) -> SessionInfo {
        var info = SessionInfo(agent: .grok)
        if let path {
            describe(
                summaryAt: URL(fileURLWithPath: path).deletingLastPathComponent().path + "/summary.json", into: &info)
        }
        return info
    }

    /// What `summary.json` says of the session.
    static func describe(summaryAt path: String, into info: inout SessionInfo) {
        guard let data = FileManager.default.contents(atPath: path),
            let summary = data.withUnsafeBytes({ try? JSONParser.parse($0) })
        else { return }
        info.id = summary["info"]?["id"]?.string
        info.project = summary["info"]?["cwd"]?.string
        info.title = summary["generated_title"]?.string ?? summary["session_summary"]?.string
        info.gitBranch = summary["head_branch"]?.string
        info.add(model: summary["current_model_id"]?.string)
        info.add(time: summary["created_at"]?.string.flatMap(ISODate.seconds))
        info.add(time: (summary["last_active_at"] ?? summary["updated_at"])?.string.flatMap(ISODate.seconds))
        if summary["session_kind"]?.string == "subagent" { info.isSubagent = true }
    }

}

/// Grok Build's history records, added one at a time, as a conversation.
struct GrokTurns: RecordTurns {
    var builder = ConversationBuilder()

    mutating func add(_ record: JSONValue, index: Int) {
        let id = record["id"]?.string ?? "record-\(index)"
        let reply = "reply-\(index)"
        switch record["type"]?.string ?? record["role"]?.string {
        case "user":
            guard record["synthetic_reason"] == nil else { return }
            var texts: [String] = []
            var attachments: [AIMessageAttachment] = []
            if let text = record["content"]?.string { texts.append(text) }
            for block in record["content"]?.array ?? [] {
                if let text = block["text"]?.string { texts.append(text) }
                if block["type"]?.string == "image" {
                    let url = block["url"]?.string ?? block["image_url"]?["url"]?.string
                    attachments.append(
                        AIMessageAttachment(
                            kind: .image, url: url.flatMap { $0.hasPrefix("data:") ? nil : $0 }, name: "image"))
                }
            }
            guard !texts.isEmpty || !attachments.isEmpty else { return }
            var message = Message(id: "user-\(index)", role: .user, text: texts.joined(separator: "\n\n"))
            message.attachments = attachments
            builder.prompt(message)
        case "reasoning":
            let summary = (record["summary"]?.array ?? []).compactMap { $0["text"]?.string }.joined(separator: "\n\n")
            builder.addReasoning(
                AIReasoningPart(
                    id: id, summary: summary.isEmpty ? ConversationBuilder.thinkingHidden : nil,
                    preview: summary.isEmpty ? nil : summary),
                text: summary, id: reply)
        case "assistant":
            let model = record["model_id"]?.string
            builder.startReply(id: reply, model: model)
            builder.setModel(model)
            if let thought = record["reasoning_content"]?.string, !thought.isEmpty {
                builder.addReasoning(AIReasoningPart(id: "\(id)-reasoning", preview: thought), text: thought, id: reply)
            }
            builder.addText(record["content"]?.string ?? "", id: reply)
            for (number, call) in (record["tool_calls"]?.array ?? []).enumerated() {
                let function = call["function"] ?? call
                builder.addCall(
                    GrokSession.tools.call(
                        id: call["id"]?.string ?? "\(id)-call-\(number)", name: function["name"]?.string ?? "tool",
                        arguments: ToolTable.arguments(function["arguments"])),
                    id: reply)
            }
        case "tool_result", "tool":
            guard let callID = record["tool_call_id"]?.string else { return }
            builder.updateCall(callID) { call in
                ToolResult.apply(record["content"], to: &call)
                call.status = record["is_error"]?.bool == true ? .failed : .completed
            }
        case "backend_tool_call":
            // A search xAI's servers ran: its query and the pages it found.
            let kind = record["kind"] ?? .null
            let action = kind["action"] ?? .null
            var call = AIToolCallPart(
                id: kind["id"]?.string ?? id, name: kind["tool_type"]?.string ?? "web_search",
                status: kind["status"]?.string == "failed" ? .failed : .completed, executor: .server,
                arguments: ["query": action["query"] ?? .null])
            call.kind = call.name == "web_search" ? .webSearch : GrokSession.tools.kind(of: call.name)
            if let sources = action["sources"]?.array, !sources.isEmpty {
                call.output = .array(sources.map { ["url": $0["url"] ?? .null] })
            }
            builder.addCall(call, id: reply)
        default:
            return  // the system prompt
        }
    }
}
