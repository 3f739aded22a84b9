import Teletype
import TeletypeTestSupport
import Testing

@testable import TeletypeArchive

/// A conversation's title is the first line of its first prompt that holds something, trimmed,
/// cut to 79 characters and an ellipsis past 80: read no further than it needs, it is the title the
/// whole prompt's lines give.
@Suite struct ConversationOverviewTitleTests {
    static func titleOfAllLines(_ text: String) -> String {
        let firstLine = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        let trimmed = { (line: String) -> String in
            var text = Substring(line)
            while text.first?.isWhitespace == true { text.removeFirst() }
            while text.last?.isWhitespace == true { text.removeLast() }
            return String(text)
        }
        return firstLine.count > 80 ? trimmed(String(firstLine.prefix(79))) + "…" : trimmed(firstLine)
    }

    @Test(arguments: [
        "", "\n\n", "a", "\n\na\nb", "\r\n x \r\n y", "\u{2028}a\u{2029}b", "a\r\nb", "\u{85}line\u{85}", "  \n\tword",
        "e\u{301}\ntail", String(repeating: "long line ", count: 5000) + "\nsecond", String(repeating: "x", count: 80),
        String(repeating: "x", count: 81), String(repeating: "x", count: 79) + "  \n",
        " " + String(repeating: "é", count: 85),
        String(repeating: "👩‍💻", count: 90), String(repeating: "y", count: 78) + "   z",
        String(repeating: "a", count: 80) + "\u{301}", String(repeating: "a", count: 81) + "\u{301}",
        String(repeating: "a", count: 78) + "\u{301}bc", "\u{0B}\u{0C}\t title \t\u{0C}rest", " \t ",
        "\r\n\r\nfirst\r\n", String(repeating: "ab ", count: 40), String(repeating: "z", count: 79) + " " + "q",
        "plain prompt\nwith lines", "\u{85}ascii after a next-line", "x\u{2028}y",
        "\u{2028}" + String(repeating: "a", count: 81) + "\n", "\u{85}" + String(repeating: "b", count: 80) + "\n",
        "é" + String(repeating: "c", count: 79) + "\n", "é" + String(repeating: "c", count: 80),
        String(repeating: "漢", count: 60) + "\n次", String(repeating: "漢", count: 80), String(repeating: "漢", count: 81),
        String(repeating: "e\u{301}", count: 41), String(repeating: "e\u{301}", count: 81) + "\nx",
        String(repeating: "\u{1F1EB}\u{1F1F7}", count: 45),
    ])
    func theTitleIsTheOneOfAllTheLines(_ text: String) {
        #expect(ConversationOverview.title(from: text) == Self.titleOfAllLines(text))
        let firstLine = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        #expect(ConversationOverview.firstLine(of: text) == firstLine)
    }

    /// Long first lines of every kind of character, where scalars join into one character and
    /// where they do not, around the 79th and 81st: the title is still the one of all the lines.
    @Test(arguments: [1, 2, 3, 4])
    func longLinesOfEveryKindOfCharacter(_ seed: UInt64) {
        let pieces = [
            "a", " ", "\t", "é", "e\u{301}", "漢", "。", "か", "か\u{3099}", "ｱ", "ﾞ", "한", "\u{1100}\u{1161}", "\u{11A8}",
            "😀", "😀\u{1F3FB}", "👩\u{200D}💻", "\u{1F1EB}\u{1F1F7}", "\u{FE0F}", "\u{200D}", "\u{0600}",
            "\u{0915}\u{093F}",
            "\u{3000}", "\u{AD}", "~",
        ]
        var random = SeededGenerator(seed: seed)
        for _ in 0..<400 {
            let length = Int.random(in: 70..<95, using: &random)
            // Mostly characters that stand alone, one of another kind now and then.
            var text = ""
            for _ in 0..<length {
                text +=
                    Int.random(in: 0..<6, using: &random) == 0
                    ? pieces.randomElement(using: &random)! : pieces[Int.random(in: 0..<3, using: &random) * 6 % 9]
            }
            text += Bool.random(using: &random) ? "\nnext" : ""
            #expect(ConversationOverview.title(from: text) == Self.titleOfAllLines(text), "\(text.debugDescription)")
        }
    }
}
