import TeletypeANSI
import TeletypeHTML
import TeletypeLayout
import TeletypeMarkdown

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
        // One input in 256, many times over (two parses of 66 KB take a good part of a second in
        // this sanitised build): a document large enough to be cut into pieces.
        if hash % 256 == 0 { problems += piecewise(markdown) }
        return problems
    }

    /// The input over and over, a blank line between copies, as one document of more than 64 KB
    /// (cut into four pieces or so): parsed in pieces, it gives the tree of a whole parse,
    /// footnotes, definitions and source positions included (every label is defined and used in
    /// every copy, as in a document pasted twice).
    static func piecewise(_ markdown: String) -> [String] {
        guard !markdown.isEmpty else { return [] }
        let copy = markdown + "\n\n"
        let text = String(repeating: copy, count: 66 * 1024 / copy.utf8.count + 1)
        var parser = MarkdownParser()
        parser.maximumPieces = 6
        let split = parser.parse(text)
        parser.maximumPieces = 1
        guard split != parser.parse(text) else { return [] }
        return ["the input \(text.utf8.count / copy.utf8.count) times over parses differently in pieces"]
    }
}
