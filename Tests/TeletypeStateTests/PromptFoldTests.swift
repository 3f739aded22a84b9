import TeletypeLayout
import TeletypeTestSupport
import Testing

/// A prompt far longer than a screen folds after its first lines; the two parts are the whole
/// text, cut at a character; a prompt of about the limit, or short, shows whole.
@Suite struct PromptFoldTests {
    static func log(_ lines: Int, line: String = "INFO worker handled a request in 12 ms") -> String {
        (1...lines).map { "\($0) \(line)" }.joined(separator: "\n")
    }

    @Test(arguments: [1, 10, 39, 40])
    func aPromptOfAboutTheLimitShowsWhole(lines: Int) {
        #expect(PromptFold.of(Self.log(lines), limit: 40) == nil)
    }

    @Test(arguments: [60, 500, 20_000])
    func aLongPromptShowsItsFirstLines(lines: Int) throws {
        let text = Self.log(lines)
        let fold = try #require(PromptFold.of(text, limit: 40))
        #expect(fold.shown(of: text).split(separator: "\n").count == 20)
        #expect(fold.moreLines == lines - 20)
        #expect(String(fold.shown(of: text)) + "\n" + String(fold.folded(of: text)) == text)
        let more = [60: "40", 500: "480", 20_000: "19,980"][lines]!
        #expect(fold.label.hasPrefix(more + " more lines ("), "\(fold.label)")
    }

    @Test func oneEndlessLineIsCutAtACharacter() throws {
        let text = String(repeating: "日本語のテキスト", count: 4000)
        let fold = try #require(PromptFold.of(text, limit: 40))
        let shown = fold.shown(of: text)
        #expect(shown.utf8.count <= 2000 && shown.utf8.count > 1900)
        #expect(String(shown) + String(fold.folded(of: text)) == text, "no character is split or lost")
        #expect(fold.moreLines == 1)
    }

    @Test func anyTextFoldsIntoItsTwoParts() {
        var random = SeededGenerator(seed: 11)
        let pieces = ["a", "é", "👍🏽", "\n", "\n\n", "line of text ", "\r\n"]
        for _ in 0..<300 {
            let text = (0..<Int.random(in: 0..<3000, using: &random)).map { _ in
                pieces.randomElement(using: &random)!
            }.joined()
            guard let fold = PromptFold.of(text, limit: 10) else { continue }
            let shown = String(fold.shown(of: text))
            let rest = String(fold.folded(of: text))
            #expect(shown + rest == text || shown + "\n" + rest == text)
            #expect(fold.moreBytes >= rest.utf8.count)
        }
    }
}
