import TeletypeLayout
import Testing

/// Text shown as written (a user's message): its lines, with Windows line endings too, and its
/// control characters as pictures.
@Suite struct PlainSpansTests {
    @Test(arguments: [
        ("one line", ["one line"]), ("a\nb", ["a", "\n", "b"]), ("a\r\nb\r\n", ["a", "\n", "b", "\n"]),
        ("\n\nx", ["\n", "\n", "x"]), ("e\u{301}\nñ", ["e\u{301}", "\n", "ñ"]), ("", []),
        ("bell\u{7}", ["bell", "␇"]),
    ])
    func linesAndControls(_ text: String, _ expected: [String]) {
        #expect(MarkdownLayout.plainSpans(text).map(\.text) == expected, "\(text.debugDescription)")
    }
}
