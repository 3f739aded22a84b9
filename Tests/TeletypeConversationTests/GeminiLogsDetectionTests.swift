import Foundation
import Teletype
import TeletypeSessions
import TeletypeTranscripts
import Testing

/// Gemini CLI's `logs.json` is known by its first entry: a list of any length is found from the
/// first 64 KB of the file (which do not hold the whole list) and read whole; another list, or
/// the start of something that is not a list, is not taken for it.
@Suite struct GeminiLogsDetectionTests {
    /// A `logs.json` of `count` prompts.
    static func logs(_ count: Int) -> [UInt8] {
        let entries = (0..<count).map { index in
            "{\"sessionId\":\"s1\",\"messageId\":\(index),\"type\":\"user\",\"message\":\"prompt \(index): "
                + String(repeating: "words and 日本語 ", count: 20) + "\",\"timestamp\":\"2026-01-02T03:04:05.000Z\"}"
        }
        return Array(("[\n  " + entries.joined(separator: ",\n  ") + "\n]\n").utf8)
    }

    @Test func aLongListIsFoundByItsFirstEntry() throws {
        let bytes = Self.logs(400)
        #expect(bytes.count > 65_536)
        let head = Array(bytes.prefix(65_536))
        #expect(head.withUnsafeBytes { SessionFormats.detect($0, name: "logs.json") } == .geminiCLI)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gemini-logs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("logs.json").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        var prompts = 0
        let stream = ConversationStream(format: nil)
        _ = try stream.forEachMessage(inFileAt: path, name: path) { message in
            if message.role.isUser { prompts += 1 }
        }
        #expect(prompts == 400)
    }

    @Test(arguments: [
        "[{\"sessionId\":\"s\",\"type\":\"user\",\"message\":\"no message id\"}]", "{\"sessionId\":\"s\"}", "[]",
        "[1, 2", "[{\"sessionId\":", "",
    ])
    func otherStartsAreNotLogs(_ text: String) {
        let agent = Array(text.utf8).withUnsafeBytes { SessionFormats.detect($0, name: "logs.json") }
        #expect(agent != .geminiCLI)
    }

    @Test func theFirstElementIsReadWithoutTheRest() {
        let bytes = Array(" [ {\"a\": [1, {\"b\": \"c\"}]} , {\"cut".utf8)
        let first = bytes.withUnsafeBytes { JSONParser.firstElement($0) }
        #expect(first == ["a": [1, ["b": "c"]]])
        #expect(Array("{\"a\": 1}".utf8).withUnsafeBytes { JSONParser.firstElement($0) } == nil)
        #expect(Array("[".utf8).withUnsafeBytes { JSONParser.firstElement($0) } == nil)
    }
}
