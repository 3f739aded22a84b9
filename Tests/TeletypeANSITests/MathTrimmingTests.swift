import TeletypeLayout
import TeletypeTestSupport
import Testing

/// Math's text without the spaces around it, cut by bytes beside ASCII and by characters beside
/// anything else, is what dropping the space characters from both ends gives: on random runs of
/// spaces, ASCII, letters with combining marks (a space may carry one: " \u{301}"), CJK and emoji.
@Suite struct MathTrimmingTests {
    static func reference(_ text: String) -> String {
        String(text.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    @Test(arguments: [1, 2, 3])
    func trimmingIsDroppingSpaceCharactersFromBothEnds(_ seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let pieces = [" ", " ", "  ", "x", "+", "é", "e\u{301}", " \u{301}", "\u{301}", "日", "👩‍💻", "∑", "α"]
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0..<8, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            #expect(text.trimmingSpaces == Self.reference(text), "\(text.debugDescription)")
        }
    }
}
