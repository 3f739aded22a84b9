import Teletype
import TeletypeTranscripts

/// An Agent Client Protocol `session/update` stream as Grok Build records it (`updates.jsonl`):
/// the person's and the agent's messages in chunks, its thoughts, `tool_call` and the
/// `tool_call_update` that finishes it (its diff or its output), `turn_completed`.
enum GrokUpdates {
    static func messages(_ records: [JSONValue], info: inout SessionInfo) -> [Message] {
        var builder = ConversationBuilder()
        var prompt: (id: String, text: String, time: Double?)?
        func endPrompt(_ builder: inout ConversationBuilder) {
            if let open = prompt, !open.text.isEmpty {
                builder.prompt(Message(id: open.id, role: .user, text: open.text, createdAt: open.time))
            }
            prompt = nil
        }
        for (index, record) in records.enumerated() {
            let update = record["params"]?["update"] ?? .null
            let time = record["timestamp"]?.number
            info.add(time: time)
            info.id = info.id ?? record["params"]?["sessionId"]?.string
            let reply = "reply-\(index)"
            let kind = update["sessionUpdate"]?.string ?? ""
            if kind != "user_message_chunk" { endPrompt(&builder) }
            switch kind {
            case "user_message_chunk":
                let text = update["content"]?["text"]?.string ?? ""
                if prompt == nil { prompt = ("user-\(index)", "", time) }
                prompt?.text += text
                info.add(model: update["_meta"]?["modelId"]?.string)
            case "agent_message_chunk":
                builder.addText(update["content"]?["text"]?.string ?? "", id: reply, time: time)
            case "agent_thought_chunk":
                let text = update["content"]?["text"]?.string ?? ""
                builder.addReasoning(
                    AIReasoningPart(id: "thought-\(index)", preview: text), text: text, id: reply, time: time)
            case "tool_call":
                let name = update["title"]?.string ?? update["kind"]?.string ?? "tool"
                builder.addCall(
                    GrokSession.tools.call(
                        id: update["toolCallId"]?.string ?? "call-\(index)", name: name, arguments: update["rawInput"]),
                    id: reply, time: time)
            case "tool_call_update":
                guard let id = update["toolCallId"]?.string else { continue }
                builder.updateCall(id) { call in
                    var texts: [String] = []
                    for block in update["content"]?.array ?? [] {
                        if let text = block["content"]?["text"]?.string { texts.append(text) }
                    }
                    if !texts.isEmpty { ToolResult.apply(.string(texts.joined(separator: "\n")), to: &call) }
                    switch update["status"]?.string {
                    case "completed": call.status = .completed
                    case "failed": call.status = .failed
                    default: break
                    }
                }
            default:
                continue
            }
        }
        endPrompt(&builder)
        return builder.finish()
    }
}
