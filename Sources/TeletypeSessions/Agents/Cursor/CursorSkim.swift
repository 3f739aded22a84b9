import Teletype
import TeletypeTranscripts

/// A transcript skimmed for a listing: each line's role and blocks counted as ``CursorTranscript``
/// would build them — a prompt's words without Cursor's wrapper, a reply's thinking, calls and
/// words — without making the messages or reading the subagents' transcripts the calls started.
/// A plain-text transcript is read.
extension CursorTranscript {
    static let skimming = JSONFields(["role", "model", "type", "message.content"])

    static func skim(_ source: SessionSource, path: String?, name: String) throws -> SessionSkim? {
        guard path?.hasSuffix(".txt") != true, !name.hasSuffix(".txt") else { return nil }
        var counter = TurnCounter(agent: .cursor)
        counter.info = header(path)
        try JSONLLog.forEachRecord(source, name: name, fields: skimming) { fields, line in
            counter.info.add(model: fields["model"]?.string)
            if fields["type"]?.string == "turn_ended" {
                counter.closeReply()
                return
            }
            let content = fields["message.content"]
            let blocks = content?.array ?? content.map { [$0] } ?? []
            if fields["role"]?.string == "user" {
                var text = ""
                for block in blocks {
                    if let type = block["type"]?.string, type == "tool_result" || type == "tool-result" { continue }
                    if let piece = block.string ?? block["text"]?.string {
                        text += (text.isEmpty ? "" : "\n\n") + piece
                    }
                }
                let (prompt, time) = userText(text)
                if !prompt.isEmpty { counter.prompt(Message(id: "", role: .user, text: prompt, createdAt: time)) }
                return
            }
            counter.startReply()
            for block in blocks {
                switch block["type"]?.string {
                case "thinking", "tool_use", "tool_call":
                    counter.addStep()
                default:
                    guard let text = block.string ?? block["text"]?.string, !text.isEmpty else { continue }
                    if text.hasSuffix("[REDACTED]") {
                        counter.addText(String(text.dropLast("[REDACTED]".count)).trimmingSpaces())
                        counter.addStep()
                    } else {
                        counter.addText(text)
                    }
                }
            }
        }
        return counter.finish()
    }
}
