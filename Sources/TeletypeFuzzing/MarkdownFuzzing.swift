import TeletypeANSI
import TeletypeHTML
import TeletypeLayout

/// Markdown to plain text, ANSI and HTML: safe output whose lines fit.
enum MarkdownFuzzing {
    /// The narrowest width at which every line is promised to fit; narrower ones only must not crash.
    static let narrowestFittingWidth = 20

    static func problems(in bytes: [UInt8]) -> [String] {
        let markdown = String(decoding: bytes, as: UTF8.self)
        let hash = InputHash.of(bytes)
        let width = Int(hash % 140) + 1
        let context = "width \(width)"
        var problems: [String] = []
        let blocks = MarkdownLayout.layout(markdown: markdown)
        let plain = TerminalRenderer(width: width, capabilities: .plain).render(blocks)
        let ansi = TerminalRenderer(width: width, capabilities: .full).render(blocks)
        problems += RenderedOutputChecks.plain(plain, context)
        problems += RenderedOutputChecks.ansi(ansi, context)
        if width >= narrowestFittingWidth {
            problems += RenderedOutputChecks.fits(plain, width: width, "plain at \(context)")
            problems += RenderedOutputChecks.fits(ansi, width: width, "ANSI at \(context)")
        }
        if TerminalRenderer(width: width, capabilities: .plain).render(markdown: markdown) != plain {
            problems.append("\(context): rendering the text differs from rendering its layout")
        }
        problems += RenderedOutputChecks.html(
            MarkdownHTMLRenderer(options: .untrusted).render(markdown: markdown), "HTML")
        return problems
    }
}
