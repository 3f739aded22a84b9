import Foundation
import Teletype
import TeletypeSessions
import TeletypeTestSupport
import TeletypeTranscripts
import Testing

/// Qwen Code's chat is a tree of records read in two passes in flat memory (the shown path found
/// first, its records read again by their place in the file): a chat with abandoned branches
/// (rewinds) and glued lines reads as the same chat with only its shown path written.
@Suite struct QwenTreeTests {
    static func record(_ id: String, parent: String?, type: String, text: String) -> String {
        let parentField = parent.map { "\"\($0)\"" } ?? "null"
        let role = type == "user" ? "user" : "model"
        return #"{"uuid": "\#(id)", "parentUuid": \#(parentField), "sessionId": "q", "#
            + #""timestamp": "2026-09-12T10:00:00.000Z", "type": "\#(type)", "cwd": "/home/dev/app", "#
            + #""model": "qwen3-coder", "message": {"role": "\#(role)", "parts": [{"text": "\#(text)"}]}}"#
    }

    /// A chat's lines with branches, and the lines of its shown path alone.
    static func chat(seed: UInt64) -> (all: [String], path: [String]) {
        var random = SeededGenerator(seed: seed)
        var all: [String] = []
        var path: [String] = []
        var parent: String?
        for turn in 0..<Int.random(in: 2...12, using: &random) {
            for type in ["user", "assistant"] {
                let id = "p\(turn)-\(type)"
                let line = record(id, parent: parent, type: type, text: "\(type) says \(turn)")
                path.append(line)
                // Two records glued on one line, now and then, as a crash between writes leaves them.
                if Int.random(in: 0..<5, using: &random) == 0, let last = all.last, !last.contains("}{") {
                    all[all.count - 1] = last + line
                } else {
                    all.append(line)
                }
                parent = id
            }
            // A branch the person rewound from: records after this turn that the path leaves out.
            if Int.random(in: 0..<3, using: &random) == 0 {
                var branchParent = parent
                for step in 0..<Int.random(in: 1...4, using: &random) {
                    let id = "b\(turn)-\(step)"
                    let type = step % 2 == 0 ? "user" : "assistant"
                    all.append(record(id, parent: branchParent, type: type, text: "abandoned \(turn) \(step)"))
                    branchParent = id
                }
            }
        }
        // The chat ends on its path.
        let last = "p-end"
        let closing = record(last, parent: parent, type: "user", text: "the last prompt")
        return (all + [closing], path + [closing])
    }

    static func read(_ lines: [String]) throws -> [Message] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("qwen-\(UUID()).jsonl").path
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var messages: [Message] = []
        let format = try ConversationStream().forEachMessage(
            inFileAt: path, name: path, session: { _ in }, { messages.append($0) })
        #expect(format == .qwenCode)
        return messages
    }

    /// Each chat is read keeping its records parsed (as a small file is) and reading them again (as
    /// a large one is).
    @Test(arguments: 0..<20, [0, SessionReadingLimits.keptParsedBytes])
    func aChatWithBranchesShowsItsPathAlone(seed: UInt64, keptParsed: Int) throws {
        let (all, path) = Self.chat(seed: seed)
        let shown = try SessionReadingLimits.$keptParsedBytes.withValue(keptParsed) { try Self.read(all) }
        let expected = try Self.read(path)
        #expect(shown.map(\.text) == expected.map(\.text))
        #expect(!shown.contains { $0.text.contains("abandoned") })
        #expect(shown.count == expected.count && !shown.isEmpty)
    }
}
