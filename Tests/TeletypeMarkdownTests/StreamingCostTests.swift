import Foundation
import TeletypeTestSupport
import Testing

@testable import TeletypeMarkdown

/// Streaming costs the text plus the open block, whatever the text holds: bracketed text a later
/// definition could make a link holds a block's *output*, never its parsing.
@Suite struct StreamingCostTests {
    /// Streams `text` 4 bytes at a time, parsing every `pause` bytes (a model's pace into a pipe:
    /// about one frame a 16 ms at 4 KB/s), and returns the parser.
    static func streamed(_ text: String, pause: Int = 64, tracksOpenTail: Bool = true) -> StreamingMarkdownParser {
        var parser = StreamingMarkdownParser(tracksOpenTail: tracksOpenTail)
        let bytes = Array(text.utf8)
        var offset = 0
        var sinceUpdate = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + 4)
            parser.append(utf8: Array(bytes[offset..<end]))
            sinceUpdate += end - offset
            offset = end
            if sinceUpdate >= pause {
                parser.update()
                sinceUpdate = 0
            }
        }
        parser.finish()
        return parser
    }

    /// Real documents: the document twice over costs at most 2.2 times the document once, counted in
    /// bytes handed to the parser. Into a pipe (the tail parsed only when a block may have ended);
    /// and live (the open tail parsed and healed at every update), where text after definitions is
    /// parsed with the definitions it uses, which the first copy did not have yet: 2.4.
    @Test(arguments: Corpus.markdownNames)
    func realDocumentsCostInProportionToTheirLength(_ name: String) {
        let text = Corpus.markdown(named: name).text
        for (tracks, goal) in [(false, 2.2), (true, 2.4)] {
            let once = Self.streamed(text, tracksOpenTail: tracks).bytesParsed
            let twice = Self.streamed(text + "\n\n" + text, tracksOpenTail: tracks).bytesParsed
            let growth = Double(twice) / Double(once)
            #expect(growth <= goal, "\(name): \(once) → \(twice) bytes parsed (\(growth)×), tail tracked: \(tracks)")
        }
    }

    /// Link reference definitions at the end of a README, in groups between blank lines, make no
    /// block: they are committed group by group as they come, not parsed again at each group. Twice
    /// the paragraphs and definitions cost at most 2.2 times as much.
    @Test(arguments: [false, true])
    func definitionsAtTheEndCostInProportion(_ tracksOpenTail: Bool) {
        func readme(_ count: Int) -> String {
            let uses = (1...count).map { "See [label \($0)] and [label \($0 + count)].\n\n" }
            let groups = (1...(2 * count)).map {
                "[label \($0)]: https://example.com/\($0)\n" + ($0 % 3 == 0 ? "\n" : "")
            }
            return uses.joined() + "<!-- the links -->\n\n" + groups.joined() + "\nThe end.\n"
        }
        var costs: [Int] = []
        for count in [150, 300] {
            let text = readme(count)
            let parser = Self.streamed(text, tracksOpenTail: tracksOpenTail)
            #expect(parser.document == MarkdownDocument(parsing: text))
            costs.append(parser.bytesParsed)
        }
        let growth = Double(costs[1]) / Double(costs[0])
        #expect(growth <= 2.2, "\(costs[0]) → \(costs[1]) bytes parsed (\(growth)×), tail tracked: \(tracksOpenTail)")
    }

    /// A definition inside a raw HTML comment that runs over blank lines is the comment's text: no
    /// cut falls there, however the comment's range reads.
    @Test(arguments: [1, 3, 7, 64])
    func aDefinitionInsideACommentIsNoCut(_ pause: Int) {
        let text = "Use [a].\n\n<!--\n\n[a]: https://example.com\n\n-->\n\n[b]: /b\n\nAnd [b].\n"
        let parser = Self.streamed(text, pause: pause, tracksOpenTail: false)
        #expect(parser.document == MarkdownDocument(parsing: text))
    }

    static let brackets = [
        "Thanks @dependabot[bot] for the bump.", "As shown in [1], the result holds.", "Read `array[i]` as array[i].",
        "The key is d[k]: v here.",
    ]

    /// Text a later definition could change, early in a long answer: each byte is still parsed about
    /// once, not once per update.
    @Test(arguments: brackets)
    func bracketsEarlyDoNotMakeStreamingQuadratic(_ opening: String) {
        let body = (1...400).map { "Paragraph \($0) goes on for a while, with **bold** and `code`." }
        let text = ([opening] + body).joined(separator: "\n\n") + "\n"
        let parser = Self.streamed(text)
        #expect(parser.document == MarkdownDocument(parsing: text))
        #expect(parser.bytesParsed < 4 * text.utf8.count, "\(parser.bytesParsed) bytes parsed for \(text.utf8.count)")
    }

    @Test func aDefinitionInCodeIsNoDefinition() {
        var parser = StreamingMarkdownParser()
        parser.append("Use [k] here.\n\n```python\nif a[i]:\n    d[k]: v\n```\n\nAfter.\n\nMore.\n")
        parser.update()
        #expect(parser.revisedSegmentIDs.isEmpty)
        #expect(parser.segments.count == 3)
        #expect(parser.committedSegmentCount == 0, "the first paragraph waits for [k]")
        parser.finish()
        #expect(
            parser.document
                == MarkdownDocument(
                    parsing: "Use [k] here.\n\n```python\nif a[i]:\n    d[k]: v\n```\n\nAfter.\n\nMore.\n"))
    }

    @Test func aDefinitionRevisesOnlyTheBlocksThatUseIt() {
        var parser = StreamingMarkdownParser()
        parser.append("Uses [a].\n\nUses [b].\n\nPlain.\n\n")
        parser.update()
        #expect(parser.segments.count == 2)
        #expect(parser.committedSegmentCount == 0)
        parser.append("[a]: https://example.com/a\n\nLast.\n")
        parser.update()
        // The paragraph that uses [a] was parsed again once, and is written; [b] still waits.
        #expect(parser.revisedSegmentIDs == [0])
        #expect(parser.committedSegmentCount == 1)
        // Held: the paragraph with [b]; behind it, settled, "Plain." and the definition.
        #expect(parser.heldSegments.map(\.isSettled) == [false, true, true])
        guard case .paragraph(let first) = parser.committed.first,
            case .link(let link) = first.inlines.dropFirst().first
        else {
            Issue.record("the first paragraph has no link: \(parser.committed)")
            return
        }
        #expect(link.destination == "https://example.com/a")
        parser.finish()
        #expect(
            parser.document
                == MarkdownDocument(
                    parsing: "Uses [a].\n\nUses [b].\n\nPlain.\n\n[a]: https://example.com/a\n\nLast.\n"))
    }

    /// A pause in the middle of a definition (`https://en`) must not settle a block with a cut URL.
    @Test func aDefinitionCutByAPauseIsNotUsed() {
        let text = "See [wiki].\n\nMore text.\n\n[wiki]: https://en.wikipedia.org/wiki/Markdown\n"
        let cut = text.range(of: "https://en")!.upperBound
        var parser = StreamingMarkdownParser()
        parser.append(String(text[..<cut]))
        parser.update()
        for block in parser.committed {
            if case .paragraph(let paragraph) = block, case .link(let link) = paragraph.inlines.dropFirst().first {
                #expect(link.destination == "https://en.wikipedia.org/wiki/Markdown")
            }
        }
        parser.append(String(text[cut...]))
        parser.finish()
        #expect(parser.document == MarkdownDocument(parsing: text))
    }

    /// Definitions whose destinations and titles hold every kind of escape come back exactly when
    /// written before the text that uses them.
    @Test(arguments: [
        ("/url", ""), ("<a b>", "t"), (#"/a\*b&amp;c"#, #"x "quoted" &amp; \\"#), ("https://e.com/ä?q=1&r=2", "(p)"),
        (#"\<\>"#, "line one\nline two"), ("", ""), ("/x%20y", "'single'"),
    ])
    func definitionsCarryOverExactly(_ destination: String, _ title: String) {
        let titlePart = title.isEmpty ? "" : " \"" + title.replacingOccurrences(of: "\"", with: "\\\"") + "\""
        let definition = "[Label]: \(destination.isEmpty ? "<>" : destination)\(titlePart)\n"
        let text = definition + "\nPara one.\n\nUses [label] and [LABEL].\n"
        let parser = Self.streamed(text, pause: 1)
        #expect(parser.document == MarkdownDocument(parsing: text))
    }
}
