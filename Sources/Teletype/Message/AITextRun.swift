/// Where a piece of a reply's text falls among its steps, when the agent interleaved them: an
/// agent that says what it will do, calls a tool, then answers wrote text, a step, text. A reply's
/// ``AIMessage/text`` is its pieces joined by a blank line; its runs say, piece by piece, how many of
/// its ``AIMessage/parts`` come before each. A reply without runs shows its steps, then its text.
public struct AITextRun: Sendable, Hashable, Codable {
    /// How many of the reply's parts come before this piece of text.
    public var afterParts: Int
    /// The piece's length in UTF-8 bytes (the blank line between pieces not counted).
    public var length: Int

    /// A run of `length` bytes of text after the first `afterParts` parts.
    public init(afterParts: Int, length: Int) {
        self.afterParts = afterParts
        self.length = length
    }

    /// The separator between pieces in the joined text.
    public static let separator = "\n\n"

    /// The pieces of `text` that `runs` describe, each with the number of parts before it; `nil`
    /// when the runs do not add up to the text (the text then shows whole, after the steps).
    public static func pieces(of text: String, runs: [AITextRun]) -> [(afterParts: Int, text: Substring)]? {
        guard !runs.isEmpty else { return nil }
        let utf8 = text.utf8
        var start = utf8.startIndex
        var pieces: [(Int, Substring)] = []
        for (index, run) in runs.enumerated() {
            guard run.length >= 0, let end = utf8.index(start, offsetBy: run.length, limitedBy: utf8.endIndex),
                let lower = String.Index(start, within: text), let upper = String.Index(end, within: text)
            else { return nil }
            pieces.append((run.afterParts, text[lower..<upper]))
            start = end
            if index < runs.count - 1 {
                guard utf8[start...].starts(with: separator.utf8) else { return nil }
                start = utf8.index(start, offsetBy: separator.utf8.count)
            }
        }
        return start == utf8.endIndex ? pieces : nil
    }

    /// Text pieces and the parts before each, joined: the text and its runs.
    public static func joined(_ pieces: [(afterParts: Int, text: String)]) -> (text: String, runs: [AITextRun]) {
        let kept = pieces.filter { !$0.text.isEmpty }
        return (
            kept.map(\.text).joined(separator: separator),
            kept.map { AITextRun(afterParts: $0.afterParts, length: $0.text.utf8.count) }
        )
    }
}
