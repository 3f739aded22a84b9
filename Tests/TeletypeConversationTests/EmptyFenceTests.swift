import TeletypeTestSupport
import Testing

@testable import TeletypeSessions

/// The quick look that passes over VS Code replies with nothing to mend changes no reply: random
/// replies of fences (bare, with a language, indented, with tabs and carriage returns), blank
/// lines and words give what cutting every reply into lines gives.
@Suite struct EmptyFenceTests {
    @Test(arguments: [1, 2, 3])
    func theQuickLookChangesNoReply(_ seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let pieces = ["```", "```swift", "  ```", "```` ", "\t```\r", "``", "", " ", "\r", "code()", "Done.", "`x`"]
        var mended = 0
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 1...9, using: &random)).map { _ in
                pieces.randomElement(using: &random)!
            }.joined(separator: "\n")
            let quick = VSCodeChatSession.withoutEmptyFences(text)
            #expect(quick == VSCodeChatSession.withoutEmptyFences(text, looksFirst: false), "\(text.debugDescription)")
            if quick != text { mended += 1 }
        }
        // Replies of both kinds were tried.
        #expect(mended > 500 && mended < 4_500)
    }
}
