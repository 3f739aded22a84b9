import Testing

@testable import TeletypeHTML

/// A page's style sheet, written into each of an archive's thousands of pages.
@Suite struct PageStyleTests {
    /// Every scheme's style sheet is ASCII (its symbols written as CSS escapes): a page's header,
    /// made as bytes and then as a string, is checked eight bytes at a time rather than one, as it
    /// is when a single character past ASCII is in it.
    @Test(arguments: HTMLPage.ColorScheme.allCases)
    func theStyleSheetIsASCII(_ scheme: HTMLPage.ColorScheme) {
        let css = HTMLPageStyles.css(for: scheme)
        #expect(css.utf8.allSatisfy { $0 < 0x80 }, "\(css.unicodeScalars.filter { !$0.isASCII })")
        #expect(HTMLPage(title: "plain", colorScheme: scheme).header.utf8.allSatisfy { $0 < 0x80 })
    }

    /// The alerts' titles keep their symbols, escaped: ℹ ✦ ❢ ⚠ ✖, each followed by a space.
    @Test func alertSymbolsAreEscaped() {
        let css = HTMLPageStyles.css(for: .auto)
        for (alert, symbol) in [("note", "ℹ"), ("tip", "✦"), ("important", "❢"), ("warning", "⚠"), ("caution", "✖")] {
            let hex = String(symbol.unicodeScalars.first!.value, radix: 16, uppercase: true)
            #expect(
                css.contains(".markdown-alert-\(alert) .markdown-alert-title::before { content: \"\\\(hex)\\20\"; }"))
        }
    }
}
