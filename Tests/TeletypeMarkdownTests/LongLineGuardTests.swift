import Foundation
import Testing

@testable import TeletypeMarkdown

/// Very long paragraph lines are parsed in pieces (cmark-gfm is quadratic on them); where no
/// construct crosses a cut, the document is the one a whole parse gives, and a long line inside a
/// code or HTML block comes back exactly.
@Suite struct LongLineGuardTests {
    /// Sentences whose links and emphasis hold no space, so no cut (before a word) falls inside them.
    static func longLine(bytes: Int) -> String {
        let unit = "see [link](https://example.com/x) and *emphasis* or **strong** words, `code` too. "
        return String(repeating: unit, count: bytes / unit.utf8.count + 1)
    }

    static func parse(_ text: String, guarded: Bool) -> MarkdownDocument {
        var parser = MarkdownParser()
        parser.guardsLongLines = guarded
        return parser.parse(text)
    }

    /// Blocks with neighbouring text inlines joined, and paragraph end columns left out: the pieces
    /// of a guarded line meet at text nodes.
    static func normalized(_ blocks: [Block]) -> [Block] {
        blocks.map { block in
            guard case .paragraph(var paragraph) = block else { return block }
            var joined: [Inline] = []
            for inline in paragraph.inlines {
                if case .text(let text) = inline, case .text(let previous)? = joined.last {
                    joined[joined.count - 1] = .text(previous + text)
                } else {
                    joined.append(inline)
                }
            }
            paragraph.inlines = joined
            paragraph.sourceRange.end = paragraph.sourceRange.start
            return .paragraph(paragraph)
        }
    }

    @Test(arguments: [
        "# Title\n\nintro\n\nLONG\n\n- after\n", "LONG", "LONG\n", "before\n\nLONG\r\n\r\nafter\r\n",
        "[ref]: https://example.com/ref\n\nLONG [reference][ref] end\n\nnote\n", "> quote\n\nLONG\n",
    ])
    func guardedParagraphEqualsTheWholeParse(_ template: String) {
        let text = template.replacingOccurrences(of: "LONG", with: Self.longLine(bytes: 100_000))
        #expect(Array(text.utf8).withUnsafeBytes { LongLineGuard($0) != nil })
        let guarded = Self.parse(text, guarded: true)
        let whole = Self.parse(text, guarded: false)
        // The pieces meet at text nodes of their own: the guard really ran.
        #expect(guarded.blocks != whole.blocks)
        #expect(Self.normalized(guarded.blocks) == Self.normalized(whole.blocks))
    }

    @Test(arguments: [
        "```\n\nLONG\n\n```\n", "~~~ text\nfirst\n\nLONG\n\nlast\n~~~\n", "<!--\n\nLONG\n\n-->\n",
        "<pre>\n\nLONG\n\n</pre>\n",
        "  ```\n\nLONG\n\n  ```\n",
    ])
    func longLineInCodeOrHTMLComesBackExactly(_ template: String) {
        let line = Self.longLine(bytes: 70_000) + "\u{0}<&>é"
        let text = template.replacingOccurrences(of: "LONG", with: line)
        #expect(Self.parse(text, guarded: true) == Self.parse(text, guarded: false))
    }

    @Test(arguments: [
        "para\nLONG\n", "LONG\nlazy\n", "- item\n\n  LONG\n", "> quote\nLONG\n", "1. LONG\n", "# LONG\n",
        "| a | b |\n|---|---|\nLONG\n",
    ])
    func linesThatAreNotALoneParagraphAreLeftAlone(_ template: String) {
        let text = template.replacingOccurrences(of: "LONG", with: Self.longLine(bytes: 70_000))
        #expect(Self.parse(text, guarded: true) == Self.parse(text, guarded: false))
    }

    @Test func shortLinesAreNotGuarded() {
        let text = "a\n\n" + Self.longLine(bytes: 1000) + "\n\nb\n"
        #expect(Array(text.utf8).withUnsafeBytes { LongLineGuard($0) == nil })
    }

    @Test func aPlaceholderInTheTextFallsBackToTheWholeParse() {
        let text = "```\n\(LongLineGuard.placeholder(0))\n\n" + Self.longLine(bytes: 70_000) + "\n\n```\n"
        #expect(Self.parse(text, guarded: true) == Self.parse(text, guarded: false))
    }

    @Test func largeDocumentsParsedInPiecesKeepTheGuard() {
        let section = "## Section\n\nSome text with *emphasis*.\n\n"
        let text =
            String(repeating: section, count: 4000) + Self.longLine(bytes: 100_000) + "\n\n"
            + String(repeating: section, count: 4000)
        var serial = MarkdownParser()
        serial.maximumPieces = 1
        let pieces = MarkdownParser().parse(text)
        #expect(Self.normalized(pieces.blocks) == Self.normalized(serial.parse(text).blocks))
        #expect(Self.normalized(pieces.blocks) == Self.normalized(Self.parse(text, guarded: false).blocks))
    }
}
