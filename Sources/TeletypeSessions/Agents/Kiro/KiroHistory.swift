import Teletype
import TeletypeTranscripts

/// A Kiro CLI conversation as its non-interactive runs keep it (a `conversations_v2` row's JSON,
/// or that JSON saved as a file): `{conversation_id, history: [{user, assistant, request_metadata}]}`.
/// A turn's `user.content` is the person's `Prompt` or the `ToolUseResults` of the calls before; its
/// `assistant` is a `Response` (words) or a `ToolUse` (words and `tool_uses`).
enum KiroHistory {
    static let tools = ToolTable([
        "execute_bash": .shell, "execute_cmd": .shell, "fs_read": .read, "fs_write": .write, "read": .read,
        "write": .write, "grep": .search, "glob": .find, "web_fetch": .webFetch, "web_search": .webSearch,
        "use_subagent": .subagent, "todo_list": .plan,
    ])

    /// Whether a JSON document is one.
    static func isConversation(_ head: LogHead) -> Bool {
        !head.isList && head.hasKeys("conversation_id", "history")
    }

    /// The conversation's messages and what it says of itself.
    static func read(_ document: JSONValue) -> (messages: [Message], info: SessionInfo) {
        var info = SessionInfo(agent: .kiro)
        info.id = document["conversation_id"]?.string
        var builder = ConversationBuilder()
        for (index, turn) in (document["history"]?.array ?? []).enumerated() {
            let user = turn["user"] ?? .null
            let metadata = turn["request_metadata"]
            let time =
                user["timestamp"]?.string.flatMap(ISODate.seconds)
                ?? metadata?["request_start_timestamp_ms"]?.number.map { $0 / 1000 }
            let endTime = metadata?["stream_end_timestamp_ms"]?.number.map { $0 / 1000 }
            info.add(time: time)
            info.add(time: endTime)
            if info.project == nil {
                info.project = user["env_context"]?["env_state"]?["current_working_directory"]?.string
            }
            let model = metadata?["model_id"]?.string
            if model != "auto" { info.add(model: model) }
            info.inputTokens.saturatingAdd(metadata?["uncached_input_tokens"]?.integer ?? 0)
            info.outputTokens.saturatingAdd(metadata?["output_tokens"]?.integer ?? 0)
            info.cacheReadTokens.saturatingAdd(metadata?["cache_read_input_tokens"]?.integer ?? 0)
            info.cacheWriteTokens.saturatingAdd(metadata?["cache_write_input_tokens"]?.integer ?? 0)
            let content = user["content"]
            if let prompt = content?["Prompt"]?["prompt"]?.string {
                builder.prompt(Message(id: "turn-\(index)-user", role: .user, text: prompt, createdAt: time))
            } else if let results = content?["ToolUseResults"]?["tool_use_results"]?.array {
                for result in results {
                    guard let id = result["tool_use_id"]?.string else { continue }
                    builder.updateCall(id) { call in
                        let said = (result["content"]?.array ?? []).map { block -> JSONValue in
                            block["Text"] ?? block["Json"] ?? block
                        }
                        ToolResult.apply(said.count == 1 ? said[0] : .array(said), to: &call)
                        call.status = result["status"]?.string == "Error" ? .failed : .completed
                        if call.status == .failed { call.errorText = said.first.map { $0.string ?? $0.jsonText } }
                    }
                }
            }
            guard let assistant = turn["assistant"] else { continue }
            let reply = assistant["Response"] ?? assistant["ToolUse"] ?? .null
            let id = reply["message_id"]?.string ?? "turn-\(index)-assistant"
            builder.startReply(id: id, time: endTime ?? time, model: model == "auto" ? nil : model)
            builder.addText(reply["content"]?.string ?? "", id: id)
            for use in reply["tool_uses"]?.array ?? [] {
                let name = use["name"]?.string ?? use["orig_name"]?.string ?? "tool"
                builder.addCall(
                    tools.call(
                        id: use["id"]?.string ?? "\(id)-call", name: name, arguments: ToolTable.arguments(use["args"])),
                    id: id)
            }
        }
        let messages = builder.finish()
        info.messageCount = messages.count
        return (messages, info)
    }
}
