import Teletype
import TeletypeTranscripts

/// Cursor's plain-text agent transcripts (`agent-transcripts/<id>.txt`): a turn starts at a line
/// `user:` or `assistant:` (`A:` in some builds); in a reply, `[Thinking] …` is reasoning,
/// `[Tool call] Name` a call whose arguments follow as indented `key: value` lines, and
/// `[Tool result] Name` the result of the last call of that tool, up to the next marker.
enum CursorTextTranscript {
    /// What the lines being read are.
    private enum Block {
        case none
        case userText
        case replyText
        case thinking
        case callArguments
        case result(String)
    }

    static func read(
        _ source: SessionSource, info: SessionInfo, name: String, start: (SessionInfo) -> Void,
        emit: (Message) throws -> Void
    ) throws -> SessionInfo {
        start(info)
        var builder = ConversationBuilder()
        var block = Block.none
        var lines: [String] = []
        var lastCall: String?
        var turn = 0
        var thinking = 0
        func flush() {
            let text = lines.joined(separator: "\n").trimmingSpaces()
            lines.removeAll()
            let id = "turn-\(turn)"
            switch block {
            case .userText:
                let (prompt, time) = CursorTranscript.userText(text)
                if !prompt.isEmpty { builder.prompt(Message(id: id, role: .user, text: prompt, createdAt: time)) }
            case .replyText:
                builder.addText(text, id: id)
            case .thinking:
                thinking += 1
                builder.addReasoning(
                    AIReasoningPart(id: "\(id)-thinking-\(thinking)", preview: text.isEmpty ? nil : text), text: text,
                    id: id)
            case .result(let tool):
                builder.updateLastCall(named: tool) { ToolResult.apply(.string(text), to: &$0) }
            case .callArguments, .none:
                break
            }
        }
        try source.forEachLine { line in
            let text = String(decoding: line.bytes, as: UTF8.self)
            let trimmed = text.trimmingSpaces()
            if trimmed == "user:" || trimmed == "assistant:" || trimmed == "A:" {
                flush()
                turn += 1
                block = trimmed == "user:" ? .userText : .replyText
                if trimmed != "user:" { builder.startReply(id: "turn-\(turn)") }
            } else if case .userText = block {
                lines.append(text)
            } else if trimmed.hasPrefix("[Thinking]") {
                flush()
                block = .thinking
                lines.append(String(trimmed.dropFirst("[Thinking]".count)))
            } else if trimmed.hasPrefix("[Tool call]") {
                flush()
                block = .callArguments
                let tool = String(trimmed.dropFirst("[Tool call]".count)).trimmingSpaces()
                let id = "turn-\(turn)-call-\(builder.count)-\(line.number)"
                builder.addCall(
                    CursorTranscript.tools.call(
                        id: id, name: tool, arguments: .object(JSONObject()), status: .completed),
                    id: "turn-\(turn)")
                lastCall = id
            } else if trimmed.hasPrefix("[Tool result]") {
                flush()
                block = .result(String(trimmed.dropFirst("[Tool result]".count)).trimmingSpaces())
            } else if case .callArguments = block, text.hasPrefix(" ") || text.hasPrefix("\t"),
                let colon = trimmed.firstIndex(of: ":"), let id = lastCall
            {
                let key = String(trimmed[..<colon])
                let value = String(trimmed[trimmed.index(after: colon)...]).trimmingSpaces()
                builder.updateCall(id) { call in
                    var arguments = call.arguments?.object ?? JSONObject()
                    arguments[key] = .string(value)
                    call.arguments = .object(arguments)
                }
            } else {
                if case .callArguments = block { block = .replyText }
                if case .none = block { block = .replyText }
                lines.append(text)
            }
            for message in builder.takeFinished() { try emit(message) }
        }
        flush()
        for message in builder.finish() { try emit(message) }
        return info
    }
}
