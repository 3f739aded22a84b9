import Teletype
import TeletypeTranscripts

/// A wire log skimmed for a listing: each event's type and the few fields that say whether it
/// shows (a part's kind, a turn's duration, a message's role) counted as ``KimiTurns`` would build
/// them; a prompt is parsed whole for its words. Whether the person's prompts are `turn.prompt`
/// events is known only at the end, so both ways are counted.
extension KimiWire {
    static let skimming = JSONFields(
        describing.paths + ["event.part.type", "message.role", "message.origin.kind", "durationMs"],
        probing: ["event.part.think", "event.part.text"])

    static func skim(_ source: SessionSource, path: String?, name: String) throws -> SessionSkim? {
        var tally = Tally()
        var info = header(path.flatMap(Self.state(besideLogAt:)))
        // Counted with `turn.prompt` events as the prompts, and with the user's appended messages.
        var counters = (prompts: TurnCounter(agent: .kimi), appended: TurnCounter(agent: .kimi))
        func both(_ change: (inout TurnCounter) -> Void) {
            change(&counters.prompts)
            change(&counters.appended)
        }
        try JSONLLog.forEachRecord(source, name: name, fields: skimming) { fields, line in
            tally.add(fields, into: &info)
            switch fields["type"]?.string {
            case "turn.prompt", "turn.steer":
                guard let record = try? JSONParser.parse(line.bytes) else { return }
                let text = texts(record["input"] ?? record["content"])
                if !text.isEmpty { both { $0.prompt(Message(id: "", role: .user, text: text)) } }
            case "context.append_message":
                guard fields["message.role"]?.string == "user",
                    fields["message.origin.kind"]?.string ?? "user" == "user",
                    let record = try? JSONParser.parse(line.bytes)
                else { return }
                let text = texts(record["message"]?["content"])
                if !text.isEmpty { counters.appended.prompt(Message(id: "", role: .user, text: text)) }
            case "turn.ended":
                if let milliseconds = fields["durationMs"]?.number, milliseconds > 0 {
                    both { $0.note(Message(id: "", role: .turnEnd, text: "")) }
                }
            case "turn.cancel": both { $0.note(Message(id: "", role: .system, text: "")) }
            case "context.apply_compaction": both { $0.note(Message(id: "", role: .compaction, text: "")) }
            case "context.append_loop_event":
                switch fields["event.type"]?.string {
                case "content.part":
                    if fields["event.part.type"]?.string == "think", fields["event.part.think"]?.string != nil {
                        both { $0.addStep() }
                    } else if let text = fields["event.part.text"]?.string {
                        both { $0.addText(text) }
                    }
                case "tool.call": both { $0.addStep() }
                default: break
                }
            default:
                break
            }
        }
        tally.finish(into: &info)
        var skim = tally.hasPrompts ? counters.prompts.finish() : counters.appended.finish()
        skim.info = info
        return skim
    }
}
