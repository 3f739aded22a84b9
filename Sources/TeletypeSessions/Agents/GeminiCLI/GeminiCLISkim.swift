import Teletype
import TeletypeTranscripts

/// A JSONL recording skimmed for a listing: its first pass as ``GeminiCLISession`` makes it (each
/// message's last version, from a few fields of each line), then only the person's messages and
/// the notes read whole — whether they show depends on their words; every reply shows. A
/// recording written as one document is read.
extension GeminiCLISession {
    static func skim(_ source: SessionSource, path: String?, name: String) throws -> SessionSkim? {
        let recording = try self.recording(source, name: name, keepingParsed: false)
        guard recording.isJSONL else { return nil }
        var skim = SessionSkim(agent: .geminiCLI)
        describe(.object(recording.header), into: &skim.info)
        for (position, slot) in recording.slots.enumerated() {
            var value: JSONValue
            switch slot {
            case .line(let offset, let length, let summary):
                value = summary
                switch summary["type"]?.string ?? "" {
                case "user", "info", "error", "warning":
                    let bytes = try source.read(offset: offset, length: length)
                    guard let parsed = bytes.withUnsafeBytes({ try? JSONParser.parse($0) }) else { continue }
                    value = parsed
                default:
                    break
                }
            case .value(let written):
                value = written
            }
            account(value, into: &skim.info)
            if let message = message(value, position: position) { skim.count(message) }
        }
        return skim
    }
}
