import Teletype
import TeletypeTranscripts

/// OpenCode's messages as every one of its stores keeps them — `opencode export` JSON, the
/// `storage/` tree, `opencode.db` — read into a conversation: a message's `info` (its role, model,
/// times, tokens, cost, error) and its parts in order (`text`, `reasoning`, `tool` with its state,
/// `file` for an @-mention, `subtask`, `compaction`; `step-*` and `patch` say nothing the others do
/// not). A `task` call's child session (its `state.metadata.sessionId`) is nested under it where the
/// store holds it. The stores differ only in how they hand over the messages.
struct OpenCodeConversation {
    static let tools = ToolTable([
        "bash": .shell, "read": .read, "write": .write, "edit": .edit, "multiedit": .edit, "patch": .patch,
        "apply_patch": .patch, "grep": .search, "glob": .find, "list": .list, "ls": .list, "webfetch": .webFetch,
        "websearch": .webSearch, "codesearch": .search, "task": .subagent, "todowrite": .plan, "todoread": .plan,
    ])

    private var builder = ConversationBuilder()
    /// What the messages say of the session: its models, times, tokens and cost.
    private(set) var info: SessionInfo
    /// The messages of a child session (a subagent's), by its id, where the store holds them.
    var child: (String) -> [Message]? = { _ in nil }

    init(info: SessionInfo) { self.info = info }

    /// The session's description from its `info` (export, storage) or its row's JSON (database).
    static func describe(_ session: JSONValue, into info: inout SessionInfo) {
        info.id = session["id"]?.string ?? info.id
        info.title = session["title"]?.string ?? info.title
        info.project = session["directory"]?.string ?? info.project
        info.version = session["version"]?.string ?? info.version
        info.add(time: session["time"]?["created"]?.number.map { $0 / 1000 })
        info.add(time: session["time"]?["updated"]?.number.map { $0 / 1000 })
        if session["parentID"]?.string != nil { info.isSubagent = true }
    }

    /// Adds one message: its `info` and its parts.
    mutating func add(_ message: JSONValue, parts: [JSONValue]) {
        let id = message["id"]?.string ?? "message-\(builder.count + 1)"
        let time = message["time"]?["created"]?.number.map { $0 / 1000 }
        info.add(time: time)
        if message["role"]?.string == "user" {
            addPrompt(id: id, time: time, parts: parts, summary: message["summary"]?["body"]?.string)
            return
        }
        let model = message["modelID"]?.string ?? message["model"]?["modelID"]?.string
        info.add(model: model)
        let tokens = message["tokens"]
        info.inputTokens.saturatingAdd(tokens?["input"]?.integer ?? 0)
        info.outputTokens.saturatingAdd((tokens?["output"]?.integer ?? 0) + (tokens?["reasoning"]?.integer ?? 0))
        info.cacheReadTokens.saturatingAdd(tokens?["cache"]?["read"]?.integer ?? 0)
        info.cacheWriteTokens.saturatingAdd(tokens?["cache"]?["write"]?.integer ?? 0)
        if let cost = message["cost"]?.number, cost > 0 { info.cost = (info.cost ?? 0) + cost }
        if message["summary"]?.bool == true {
            // The summary a compaction wrote, which the conversation goes on from.
            let text = parts.filter { $0["type"]?.string == "text" }.compactMap { $0["text"]?.string }
            builder.note(
                Message(
                    id: id, role: .compaction,
                    text: "*Compacted.*" + (text.isEmpty ? "" : "\n\n" + text.joined(separator: "\n\n")),
                    createdAt: time))
            return
        }
        builder.startReply(id: id, time: time, model: model)
        builder.setModel(model)
        for (index, part) in parts.enumerated() { addReplyPart(part, id: id, index: index, time: time) }
        if let error = message["error"], error.object != nil {
            let text = error["data"]?["message"]?.string ?? error["message"]?.string ?? error["name"]?.string
            builder.note(Message(id: id + "-error", role: .system, text: text ?? "The model answered with an error."))
        }
    }

    /// The person's words (injected text, such as a read file's body, left out) and the files
    /// they mentioned.
    private mutating func addPrompt(id: String, time: Double?, parts: [JSONValue], summary: String?) {
        var texts: [String] = []
        var attachments: [AIMessageAttachment] = []
        var compacted = false
        for part in parts {
            switch part["type"]?.string {
            case "text" where part["synthetic"]?.bool != true && part["ignored"]?.bool != true:
                if let text = part["text"]?.string { texts.append(text) }
            case "file":
                let mime = part["mime"]?.string ?? ""
                var attachment = AIMessageAttachment(
                    kind: mime.hasPrefix("image/") ? .image : .file, url: nil,
                    name: part["filename"]?.string ?? part["source"]?["path"]?.string)
                attachment.mimeType = mime.isEmpty ? nil : mime
                attachments.append(attachment)
            case "compaction":
                compacted = true
            default:
                continue
            }
        }
        if compacted && texts.isEmpty {
            builder.note(Message(id: id, role: .compaction, text: "*Compacted.*", createdAt: time))
            return
        }
        // Some builds keep the prompt only in the message's summary.
        if texts.isEmpty, let summary { texts.append(summary) }
        guard !texts.isEmpty || !attachments.isEmpty else { return }
        var message = Message(id: id, role: .user, text: texts.joined(separator: "\n\n"), createdAt: time)
        message.attachments = attachments
        builder.prompt(message)
    }

    private mutating func addReplyPart(_ part: JSONValue, id: String, index: Int, time: Double?) {
        let partID = part["id"]?.string ?? "\(id)-\(index)"
        switch part["type"]?.string {
        case "text" where part["synthetic"]?.bool != true:
            builder.addText(part["text"]?.string ?? "", id: id, time: time)
        case "reasoning":
            let text = part["text"]?.string ?? ""
            let start = part["time"]?["start"]?.number
            let end = part["time"]?["end"]?.number
            let duration = start.flatMap { start in end.map { ($0 - start) / 1000 } }
            builder.addReasoning(
                AIReasoningPart(
                    id: partID, summary: text.isEmpty ? ConversationBuilder.thinkingHidden : nil,
                    preview: text.isEmpty ? nil : text, duration: duration),
                text: text, id: id, time: time)
        case "tool":
            builder.addCall(call(part, id: partID), id: id, time: time)
        case "subtask":
            // A subagent asked for by the person's `@agent` (older stores): its prompt.
            var call = Self.tools.call(
                id: partID, name: "task",
                arguments: [
                    "description": part["description"] ?? .null, "prompt": part["prompt"] ?? .null,
                    "subagent_type": part["agent"] ?? .null,
                ], status: .completed)
            call.kind = .subagent
            builder.addCall(call, id: id, time: time)
        default:
            break  // step-start, step-finish, patch (the edit's call shows it), agent, snapshot
        }
    }

    /// A `tool` part as a call: its state's input, output, title and error.
    private func call(_ part: JSONValue, id: String) -> AIToolCallPart {
        let state = part["state"] ?? .null
        let name = part["tool"]?.string ?? "tool"
        var call = Self.tools.call(
            id: part["callID"]?.string ?? id, name: name, arguments: ToolTable.arguments(state["input"]))
        switch state["status"]?.string {
        case "completed": call.status = .completed
        case "error": call.status = .failed
        case "pending", "running": call.status = .running
        default: call.status = .completed
        }
        if let output = state["output"], output != .null { ToolResult.apply(output, to: &call) }
        if call.status == .failed {
            call.errorText = state["error"]?.string ?? state["error"]?["message"]?.string ?? "The tool failed."
        }
        if call.kind == .subagent {
            let child = state["metadata"]?["sessionId"]?.string ?? state["metadata"]?["sessionID"]?.string
            let messages = child.flatMap(self.child) ?? []
            if !messages.isEmpty {
                call.subagent = AISubagent(
                    title: state["input"]?["description"]?.string ?? state["title"]?.string, messages: messages)
            }
        }
        return call
    }

    /// The messages not yet handed over, the last turn ended.
    mutating func finish() -> [Message] {
        let messages = builder.finish()
        info.messageCount += messages.count
        return messages
    }

    /// The turns finished so far.
    mutating func takeFinished() -> [Message] {
        let messages = builder.takeFinished()
        info.messageCount += messages.count
        return messages
    }
}
