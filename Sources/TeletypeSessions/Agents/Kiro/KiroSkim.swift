import Teletype
import TeletypeTranscripts

/// A run's records skimmed for a listing: each record's kind and the shape of its blocks counted
/// as ``KiroTurns`` would build them (a prompt parsed whole for its words). A conversation
/// document is read.
extension KiroSession {
    static let skimming = JSONFields(["kind", "data.meta.timestamp"], probing: ["data.content"])

    static func skim(_ source: SessionSource, path: String?, name: String) throws -> SessionSkim? {
        guard try !isDocument(source, name: name) else { return nil }
        var counter = TurnCounter(agent: .kiro)
        if let path, path.hasSuffix(".jsonl") { describe(stateAt: String(path.dropLast()), into: &counter.info) }
        try JSONLLog.forEachRecord(source, name: name, fields: skimming) { fields, line in
            counter.info.add(time: fields["data.meta.timestamp"]?.number)
            switch fields["kind"]?.string {
            case "Prompt":
                guard let record = try? JSONParser.parse(line.bytes) else { return }
                var turns = KiroTurns()
                turns.add(record, index: 0)
                for message in turns.builder.finish() { counter.prompt(message) }
            case "AssistantMessage":
                counter.startReply()
                // Block kinds are probed (cut to a few bytes): those of a reply are short.
                for block in fields["data.content"]?.array ?? [] {
                    switch block["kind"]?.string {
                    case "text": counter.addText(block["data"]?.string ?? "")
                    case "toolUse": counter.addStep()
                    default: continue
                    }
                }
            default:
                break
            }
        }
        return counter.finish()
    }
}
