import Foundation
import TeletypeSessions
import TeletypeTranscripts
import Testing

/// A session's agent is told from its file's first lines, read into one buffer however long they
/// are: the answer is the one the whole file's first bytes give, when the first records are a few
/// bytes or hundreds of kilobytes (across the first read's 64 KB), and when the file is one line
/// without an end.
@Suite struct SessionAgentDetectionTests {
    /// A Claude Code record whose text is `length` bytes long.
    static func record(_ index: Int, length: Int) -> String {
        "{\"type\":\"user\",\"uuid\":\"u\(index)\",\"parentUuid\":null,\"sessionId\":\"s\","
            + "\"message\":{\"role\":\"user\",\"content\":\"" + String(repeating: "é", count: length / 2) + "\"}}"
    }

    @Test(arguments: [
        [10], [10, 20, 30], [70_000], [65_400, 10, 10], [300_000, 300_000, 10],
        [10, 10, 10, 10, 10, 10, 10, 10, 10, 10],
        [40_000, 40_000, 40_000, 40_000, 40_000, 40_000, 40_000, 40_000, 40_000],
    ])
    func theAgentIsTheOneTheWholeStartGives(_ lengths: [Int]) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "teletype-agent-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for ending in ["\n", ""] {
            let text =
                lengths.enumerated().map { Self.record($0.offset, length: $0.element) }.joined(separator: "\n")
                + ending
            let path = folder.appendingPathComponent("session\(ending.isEmpty ? "-cut" : "").jsonl").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let whole = Array(text.utf8)
            let expected = whole.withUnsafeBytes { SessionFormats.detect($0, name: path) }
            #expect(expected == .claudeCode)
            #expect(
                ConversationStream.sessionAgent(ofFileAt: path, format: nil) == expected, "\(lengths) \(ending.count)")
        }
        #expect(
            ConversationStream.sessionAgent(ofFileAt: folder.appendingPathComponent("none.jsonl").path, format: nil)
                == nil)
    }
}
