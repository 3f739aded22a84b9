import Foundation
import Teletype
import TeletypeSessions
import TeletypeTestSupport
import TeletypeTranscripts
import Testing

/// Gemini CLI's JSONL recording is read in two passes in flat memory (each message's last version
/// found first, then read again by its place in the file): random recordings of every kind of line
/// — messages, a message written again, `$set` of the header and of the whole list, `$rewindTo` —
/// read as a list kept in memory reads them, from a file and from bytes.
@Suite struct GeminiRecordingTests {
    /// A random recording and the messages it shows, by a plain model of the format.
    static func recording(seed: UInt64) -> (text: String, shown: [(id: String, text: String)]) {
        var random = SeededGenerator(seed: seed)
        var lines = [
            #"{"sessionId": "s\#(seed)", "projectHash": "h", "startTime": "2026-09-12T10:00:00.000Z", "kind": "main"}"#
        ]
        var model: [(id: String, type: String, text: String)] = []
        var next = 0
        func json(_ message: (id: String, type: String, text: String)) -> String {
            let content = message.type == "user" ? #"[{"text": "\#(message.text)"}]"# : #""\#(message.text)""#
            return #"{"id": "\#(message.id)", "timestamp": "2026-09-12T10:00:0\#(next % 10).000Z", "#
                + #""type": "\#(message.type)", "content": \#(content), "model": "gemini-3-pro"}"#
        }
        for _ in 0..<Int.random(in: 5...40, using: &random) {
            next += 1
            switch Int.random(in: 0..<10, using: &random) {
            case 0...4:
                let message = (
                    id: "m\(next)", type: Bool.random(using: &random) ? "user" : "gemini", text: "said \(next)"
                )
                model.append(message)
                lines.append(json(message))
            case 5...6 where !model.isEmpty:
                let index = Int.random(in: 0..<model.count, using: &random)
                model[index].text = "rewritten \(next)"
                lines.append(json(model[index]))
            case 7:
                lines.append(#"{"$set": {"lastUpdated": "2026-09-12T11:00:00.000Z"}}"#)
            case 8:
                let list = (0..<Int.random(in: 0...2, using: &random)).map {
                    (id: "set\(next)-\($0)", type: "gemini", text: "set \(next) \($0)")
                }
                model = list
                lines.append(#"{"$set": {"messages": [\#(list.map(json).joined(separator: ", "))]}}"#)
            default:
                guard !model.isEmpty else { continue }
                let index = Int.random(in: 0..<model.count, using: &random)
                lines.append(#"{"$rewindTo": "\#(model[index].id)"}"#)
                model.removeSubrange(index...)
            }
        }
        return (lines.joined(separator: "\n") + "\n", model.map { ($0.id, $0.text) })
    }

    /// Each recording is read keeping its lines parsed (as a small file is) and reading them again
    /// (as a large one is).
    @Test(arguments: 0..<25, [0, SessionReadingLimits.keptParsedBytes])
    func aRecordingShowsEachMessagesLastVersionInItsFirstPlace(seed: UInt64, keptParsed: Int) throws {
        try SessionReadingLimits.$keptParsedBytes.withValue(keptParsed) { try check(seed: seed) }
    }

    func check(seed: UInt64) throws {
        let (text, shown) = Self.recording(seed: seed)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("session-\(UUID()).jsonl").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var fromFile: [Message] = []
        let format = try ConversationStream().forEachMessage(
            inFileAt: path, name: path, session: { _ in }, { fromFile.append($0) })
        #expect(format == .geminiCLI)
        let fromBytes = try ConversationReader(format: .geminiCLI).read(Data(text.utf8), file: path).messages
        for messages in [fromFile, fromBytes] {
            #expect(messages.map(\.id) == shown.map { $0.id }, "\(text)")
            #expect(messages.map(\.text) == shown.map { $0.text }, "\(text)")
        }
    }
}
