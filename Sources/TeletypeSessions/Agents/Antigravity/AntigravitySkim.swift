import Teletype
import TeletypeTranscripts

/// Steps skimmed for a listing: each step's type, whether it has words and thinking, and how many
/// calls it makes (a prompt's and a note's words read whole), counted as ``AntigravityTurns`` would build them — a
/// result step answers the oldest call waiting, and is a call of its own when none waits. An export
/// is read.
extension AntigravityTranscript {
    static let skimming = JSONFields(["type", "created_at"], probing: ["content", "thinking", "tool_calls"])

    static func skim(_ source: SessionSource, path: String?, name: String) throws -> SessionSkim? {
        let source = path.flatMap(chunks(of:)) ?? source
        guard try !isDocument(source, name: name) else { return nil }
        var counter = TurnCounter(agent: .antigravity)
        if let path { counter.info.id = conversationID(path) }
        var waiting = 0
        try JSONLLog.forEachRecord(source, name: name, fields: skimming) { fields, line in
            let time = fields["created_at"]?.string.flatMap(ISODate.seconds)
            counter.info.add(time: time)
            // A prompt's and a note's words are read whole; of the rest, whether they have any.
            var content = fields["content"]?.string ?? ""
            let type = fields["type"]?.string ?? ""
            if type == "USER_INPUT" || type == "SYSTEM_MESSAGE" {
                content = (try? JSONParser.parse(line.bytes))?["content"]?.string ?? ""
            }
            switch type {
            case "USER_INPUT":
                counter.info.add(model: settingsModel(content))
                let said = tagged("USER_REQUEST", in: content) ?? (content.hasPrefix("<") ? "" : content)
                waiting = 0
                if !said.isEmpty { counter.prompt(Message(id: "", role: .user, text: said, createdAt: time)) }
            case "PLANNER_RESPONSE":
                counter.startReply()
                if fields["thinking"]?.string != nil { counter.addStep() }
                counter.addText(content)
                let calls = fields["tool_calls"]?.array?.count ?? 0
                if calls > 0 { counter.addStep() }
                waiting += calls
            case "CHECKPOINT":
                waiting = 0
                counter.note(Message(id: "", role: .compaction, text: "*Compacted.*"))
            case "ERROR_MESSAGE":
                counter.note(Message(id: "", role: .system, text: "error"))
            case "SYSTEM_MESSAGE":
                let text = tagged("SYSTEM_MESSAGE", in: content) ?? content
                if !text.isEmpty { counter.note(Message(id: "", role: .system, text: text)) }
            case "CONVERSATION_HISTORY", "KNOWLEDGE_ARTIFACTS", "":
                break
            default:
                if waiting > 0 {
                    waiting -= 1
                } else {
                    counter.addStep()
                }
            }
        }
        return counter.finish()
    }
}
