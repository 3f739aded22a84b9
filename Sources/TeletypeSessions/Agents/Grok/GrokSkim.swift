import Teletype
import TeletypeTranscripts

/// A history skimmed for a listing: each record's type and the few fields that say what it adds
/// (a reply's words, thinking and calls, a prompt's mark of Grok's own context) counted as
/// ``GrokTurns`` would build them; a prompt is parsed whole for its words. An update stream is
/// read.
extension GrokSession {
    static let skimming = JSONFields(
        ["type", "role", "model_id", "synthetic_reason"], probing: ["reasoning_content", "content", "tool_calls"])

    static func skim(_ source: SessionSource, path: String?, name: String) throws -> SessionSkim? {
        guard try !isUpdateStream(source, name: name) else { return nil }
        var counter = TurnCounter(agent: .grok)
        counter.info = header(besideLogAt: path)
        try JSONLLog.forEachRecord(source, name: name, fields: skimming) { fields, line in
            switch (fields["type"] ?? fields["role"])?.string {
            case "user":
                guard fields["synthetic_reason"] == nil, let record = try? JSONParser.parse(line.bytes) else { return }
                var turns = GrokTurns()
                turns.add(record, index: 0)
                for message in turns.builder.finish() { counter.prompt(message) }
            case "reasoning", "backend_tool_call":
                counter.addStep()
            case "assistant":
                counter.info.add(model: fields["model_id"]?.string)
                counter.startReply()
                if fields["reasoning_content"]?.string != nil { counter.addStep() }
                counter.addText(fields["content"]?.string ?? "")
                if fields["tool_calls"]?.array?.isEmpty == false { counter.addStep() }
            default:
                break
            }
        }
        return counter.finish()
    }
}
