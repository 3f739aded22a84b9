import Foundation
import TeletypeTestSupport
import Testing

@testable import TeletypeMarkdown

/// A large document parsed in pieces on several cores gives exactly the tree of a whole parse:
/// blocks, inlines, footnote numbers and source positions.
@Suite struct PiecewiseParsingTests {
    func whole(_ text: String) -> MarkdownDocument {
        var parser = MarkdownParser()
        parser.maximumPieces = 1
        return parser.parse(text)
    }

    func pieces(_ text: String) -> MarkdownDocument {
        var parser = MarkdownParser()
        parser.maximumPieces = 6
        return parser.parse(text)
    }

    /// Where two parses first differ, for a readable failure.
    func firstDifference(_ a: MarkdownDocument, _ b: MarkdownDocument) -> String {
        for (index, (x, y)) in zip(a.blocks, b.blocks).enumerated() where x != y {
            // Around the first character where their descriptions differ.
            let (left, right) = (Array("\(x)".utf8), Array("\(y)".utf8))
            let at =
                zip(left, right).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(left.count, right.count)
            func around(_ text: [UInt8]) -> String {
                String(decoding: text[max(0, at - 300)..<min(text.count, at + 200)], as: UTF8.self)
            }
            return "block \(index):\n…\(around(left))…\n---\n…\(around(right))…"
        }
        return "block counts \(a.blocks.count) and \(b.blocks.count)"
    }

    func expectSameParse(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let split = pieces(text)
        let full = whole(text)
        let same = split == full
        #expect(same, "\(firstDifference(split, full))", sourceLocation: sourceLocation)
    }

    /// Blocks one after another, each as `next` makes it from the bytes written so far, until there
    /// are `size` bytes or more: the random documents below.
    static func blocks(upTo size: Int, _ next: (Int) -> String) -> String {
        var text = ""
        var bytes = 0
        while bytes < size {
            let block = next(bytes)
            text += block
            bytes += block.utf8.count
        }
        return text
    }

    func cutCount(_ text: String) -> Int {
        var copy = text
        return copy.withUTF8 { ChunkPlanner.cuts(in: UnsafeRawBufferPointer($0), pieces: 6).count }
    }

    @Test func sectionsParseTheSameInPieces() {
        let text = LargeDocuments.sections(1000)
        #expect(cutCount(text) > 1)
        expectSameParse(text)
    }

    @Test func cutInsideAFenceFallsBackToAWholeParse() {
        // Fences indented by one space are not tracked by the planner, so it cuts inside them; the
        // check after parsing sees the piece end in an open fence and the whole is parsed instead.
        let block = " ```\ncode\n\n# inside the fence, not a heading\n\n ```\n\ntext\n\n"
        let text = "# Start\n\n" + String(repeating: block, count: 6000)
        #expect(cutCount(text) > 0)
        expectSameParse(text)
    }

    @Test func cutInsideRawHTMLFallsBackToAWholeParse() {
        let block = " <!-- a comment\n\n# inside the comment\n\n-->\n\ntext\n\n"
        let text = "# Start\n\n" + String(repeating: block, count: 6000)
        #expect(cutCount(text) > 0)
        expectSameParse(text)
    }

    /// Raw HTML blocks at the margin that run across blank lines, each ended by its marker in any
    /// case and after bytes that start the marker but are not it (`- -->`, `<</SCRIPT>`): the
    /// planner follows each to its end, so the document is cut between them and parsed in pieces.
    @Test(arguments: [
        "<!-- a\n\n# not a heading\n\n- - - -->after\n", "<script>\n\n# no\n\n<</SCRIPT> x\n",
        "<?php\n\n# no\n\n? ?>\n", "<![CDATA[\n\n# no\n\n] ]]] ]]>\n", "<pre>\n\n# no\n\n</PRE>\n",
        "<style>\n\n# no\n\n</ style></style>\n", "<textarea>\n\n# no\n\n</textarea\n</TextArea>\n",
        "<!DOCTYPE html\n\n# no\n\n>\n",
    ])
    func rawHTMLBlocksAreFollowedToTheirEnds(_ block: String) {
        let text = "# Start\n\n" + String(repeating: block + "\ntext\n\n", count: 3000)
        #expect(cutCount(text) > 1)
        expectSameParseInPieces(text)
    }

    /// A parse of `text` that went through pieces (none fell back to the whole), equal to the whole's.
    func expectSameParseInPieces(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        var parser = MarkdownParser()
        parser.maximumPieces = 6
        guard let split = parser.parseInPiecesOnly(text) else {
            Issue.record("not parsed in pieces", sourceLocation: sourceLocation)
            return
        }
        // The pieces alone are parsed without math: so is the whole they are compared with.
        parser.maximumPieces = 1
        parser.options.recognizesMath = false
        let full = parser.parse(text)
        let same = split == full
        #expect(same, "\(firstDifference(split, full))", sourceLocation: sourceLocation)
        expectSameParse(text, sourceLocation: sourceLocation)
    }

    /// An indented code block ends at the line at the margin that starts the next piece; the blank
    /// lines it ends with run to its piece's end, and it is not taken for a block left open there
    /// (a README's commands indented under a step, then the next step's paragraph).
    @Test(arguments: ["\n", "\n\n", "\n   \n\n", "\r\n\r\n"])
    func indentedCodeBeforeACutIsNoOpenBlock(_ blankLines: String) {
        let block = "Step\n\n    git add .\n    git commit -m \"x\"\n" + blankLines + "`git push`\n\n"
        let text = "# Start\n\n" + String(repeating: block, count: 140 * 1024 / block.utf8.count)
        #expect(cutCount(text) > 1)
        expectSameParseInPieces(text)
        // With footnotes defined in one piece and referenced in others, each piece is parsed with
        // stand-ins written after it, which close its last code block; and the document may end in one.
        let noted = "Step[^a]\n\n    git add .\n" + blankLines + "`git push`[^b]\n\n"
        let notes = "[^a]: First.\n\n[^b]: Second.\n\n"
        let ending = "Last step[^a]\n\n    git push --force" + blankLines
        let withNotes = notes + String(repeating: noted, count: 140 * 1024 / noted.utf8.count) + ending
        #expect(cutCount(withNotes) > 1)
        expectSameParseInPieces(withNotes)
    }

    /// Definitions at the end in runs, some plain (read as they are) and some not (an escape, an
    /// entity, a label in another script: parsed), some labels defined in both kinds of run: each
    /// reference resolves to its label's first definition, as in the whole parse.
    @Test func plainAndOtherDefinitionRunsResolveAsTheWholeDoes() {
        var text = ""
        for section in 0..<3000 {
            text += "# Part \(section)\n\nSee [Ü], [e] and [d\(section % 9)].\n\n"
        }
        text += "Last: [a], [b], [c].\n\n[e]: /e-escaped\\_\n\n"
        text += "[d0]: /plain-d0\n[a]: /plain-a\n\n"
        text += "[b]: /escaped\\_b\n[a]: /second-a\n[Ü]: /u-umlaut\n\n"
        text += "[b]: /plain-b-second\n[c]: /c?x=1&y=2 \"t\"\n\n"
        text += "[c]: /entity&amp;c\n[d1]: /d1\n\n"
        for label in 2..<9 { text += "[d\(label)]: /d\(label)\n" }
        #expect(cutCount(text) > 1)
        expectSameParseInPieces(text)
    }

    /// A document of many megabytes is cut into pieces of some tens of kilobytes, not into a fixed
    /// number of pieces: a piece's cmark-gfm tree then stays in the core's cache.
    @Test func largeDocumentsAreCutIntoPiecesThatStaySmall() {
        let text = LongDocuments.document("api-reference", bytes: 6_000_000)
        var copy = text
        let sizes = copy.withUTF8 { ParseStages.pieceSizes(UnsafeRawBufferPointer($0)) }
        #expect(sizes.count >= text.utf8.count / ChunkPlanner.largestPieceBytes)
        #expect(sizes.max()! <= 2 * ChunkPlanner.largestPieceBytes, "pieces up to \(sizes.max()!) bytes")
        // And they parse to the whole's tree.
        var whole = MarkdownParser()
        whole.maximumPieces = 1
        whole.options.recognizesMath = false
        let split = MarkdownParser().parseInPiecesOnly(text)
        #expect(split == whole.parse(text))
    }

    /// A carriage return alone ends a line for cmark-gfm as a line feed does (old Mac text, a log
    /// written by a progress bar): the lines before a piece are counted that way, and its blocks'
    /// positions are the whole's.
    @Test(arguments: ["\r", "\r\n", "\n\r"])
    func linesEndedByACarriageReturnAloneKeepTheirPositions(_ ending: String) {
        let section =
            "| a | b[link](#x)\n\nText on\(ending)two lines |\n --- | \r-- |\n| row\n  - item\n   r | c |\nend\n\n\n"
        let text = String(repeating: section, count: 140 * 1024 / section.utf8.count)
        #expect(cutCount(text) > 0)
        expectSameParseInPieces(text)
    }

    /// Blocks put together at random with every line ending mixed in — a line feed, a carriage
    /// return and line feed between and in tables, fences, lists, definitions and footnotes, a
    /// carriage return alone inside paragraphs — parse in pieces exactly as whole.
    @Test(arguments: [21, 22, 23, 24] as [UInt64])
    func blocksWithEveryLineEndingParseTheSameInPieces(_ seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        // Between blocks and in their structure a line feed or CRLF; a carriage return alone inside
        // paragraphs, where it ends a line for cmark-gfm but not for the planner's scan.
        func end() -> String { ["\n", "\n", "\r\n"].randomElement(using: &generator)! }
        func inner() -> String { ["\n", "\r\n", "\r", "\r"].randomElement(using: &generator)! }
        let text = Self.blocks(upTo: 300_000) { bytes in
            let words = String(repeating: "some words here ", count: Int.random(in: 1...6, using: &generator))
            let block: String
            switch Int.random(in: 0..<10, using: &generator) {
            case 0: block = "| a | b |\(end())| - | - |\(end())| \(words) | c |\(end())tail row"
            case 1: block = "```\(end())code\(end())\(end())# not a heading\(end())```"
            case 2: block = "- one\(end())- two \(words)\(end())\(end())  continued"
            case 3: block = "[ref\(bytes)]: https://example.com/ref\(end())Uses [ref\(bytes)] and [^n\(bytes / 7_000)]."
            case 4: block = "[^n\(bytes / 7_000)]: a note\(end())\(end())    more of it"
            case 5: block = "Heading\(end())===\(end())\(words)\(inner())\(words)"
            case 6: block = "> quoted \(words)\(end())> more\(end())lazy"
            case 7: block = "<div>\(end())\(end())html\(end())</div>"
            default: block = words + inner() + words + inner() + words
            }
            return block + end() + end()
        }
        #expect(cutCount(text) > 0)
        expectSameParseInPieces(text)
    }

    /// A list item, a quote or a nested list item that ends the piece with its fence, raw HTML or
    /// indented code still open is closed by the next piece's first line, as in the whole: such a
    /// piece is parsed on its own (it used to send the whole document to one core), and the fence
    /// ends where the whole parse ends it, at the end of that line (CRLF or not).
    @Test(arguments: ["\n", "\r\n"])
    func blocksInListItemsOpenAtACutAreClosedByTheNextPiece(_ ending: String) {
        let section = [
            "- item", "", "  ```", "  code in the item", "", "# Heading after a fence",
            "", "- item", "  - nested", "", "    ```", "    nested code", "", "Text after a nested fence",
            "", "- item", "", "  <!-- a comment", "", "  more", "", "Text after raw HTML",
            "", "> a quote", "> ```", "> quoted code", "", "Text after a quote",
            "", "- item", "", "      indented code", "", "Text after indented code", "", "",
        ].joined(separator: ending)
        let text = String(repeating: section, count: 200 * 1024 / section.utf8.count)
        #expect(cutCount(text) > 0)
        expectSameParseInPieces(text)
    }

    @Test func linkDefinitionsInsideAParagraphStillPreventCuts() {
        var text = "See [far] and more.\n\n"
        text += LargeDocuments.sections(300)
        text += "Text\n[far]: https://example.com/far\n"
        expectSameParse(text)
    }

    /// A footnote may be referenced in one piece and defined in another: every piece is parsed with
    /// stand-ins of the others' footnotes, and numbers, occurrences and definitions are the whole's.
    @Test func footnotesReferencedInOnePieceAndDefinedInAnotherAllowCuts() {
        var text = "See [far] and a note[^far].\n\n"
        text += LargeDocuments.sections(300)
        text +=
            "A last note[^far] and another[^n1].\n\n[far]: https://example.com/far\n\n[^far]: Defined at the very end.\n"
        #expect(cutCount(text) > 0)
        expectSameParseInPieces(text)
    }

    /// A document twice over (a concatenation, a log pasted again): every label is defined in both
    /// copies and referenced in both; the first definition wins and every reference counts.
    @Test func aDocumentTwiceOverParsesTheSameInPieces() {
        let once = LargeDocuments.sections(150)
        let text = once + "\n" + once
        #expect(cutCount(text) > 0)
        expectSameParseInPieces(text)
    }

    /// Footnotes as real documents write them, all over a document cut into pieces: definitions in
    /// list items and quotes, before their references and after, referencing other footnotes,
    /// unreferenced, repeated with other words, labels in another case, references in code.
    @Test func footnotesOfEveryShapeParseTheSameInPieces() {
        var text = ""
        for section in 0..<240 {
            text += "# Part \(section)\n\nWords[^p\(section % 7)] and [^Shared] and `[^p1]` in code.\n\n"
            switch section % 6 {
            case 0: text += "- [^p\(section % 7)]: In a list, with [^shared] inside.\n\n"
            case 1: text += "> [^q\(section)]: In a quote; never referenced.\n\n"
            case 2:
                text +=
                    "[^SHARED]: A definition of the shared note, maybe not the first.\n\n    Its second paragraph.\n\n"
            case 3: text += "```\n[^p3]: not a definition, in a fence\n```\n\n"
            case 4: text += "Unknown[^nowhere] stays text.\n\n"
            default: text += "[^p\(section % 7)]: Defined again, ignored[^p2].\n\n"
            }
            text += String(repeating: "Filler text of the section, long enough to be cut. ", count: 20) + "\n\n"
        }
        #expect(cutCount(text) > 1)
        expectSameParseInPieces(text)
    }

    /// The stand-ins written after the last piece close the blocks still open at the document's end:
    /// those blocks end where the document does, as in a whole parse, whatever the last line is.
    @Test(arguments: [
        "- an item[^n3]\n  > quoted", "- an item[^n3]\n  > quoted\n", "[^far]: at the end\n\n  \n",
        "[^far]: at the end\n    continued", "> a quote[^far]\n>\n", "1. one[^n5]\n\n   more\n\n\n",
    ])
    func theLastPieceEndsAsTheWholeDoes(_ ending: String) {
        let text = "A note[^far].\n\n" + LargeDocuments.sections(300) + "[^far]: Far.\n\n" + ending
        expectSameParseInPieces(text)
        // With carriage returns as well.
        expectSameParse(text.replacingOccurrences(of: "\n", with: "\r\n"))
    }

    /// Documents of footnotes put together at random — references and definitions of a few labels
    /// in any case, in paragraphs, headings, tables, lists, quotes and other definitions, repeated,
    /// unreferenced, in code, after the last line or before the first — parse in pieces as whole.
    @Test(arguments: [11, 12, 13, 14, 15] as [UInt64])
    func footnotesPutTogetherAtRandomParseTheSameInPieces(_ seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let labels = ["a", "B", "note", "Note", "x-1", "日本", "ß", "long_label_here", "q"]
        func label() -> String { labels.randomElement(using: &generator)! }
        func reference() -> String { "[^\(label())]" }
        var text = Self.blocks(upTo: 400_000) { _ in
            let filler = String(repeating: "Words of filler text. ", count: Int.random(in: 1...12, using: &generator))
            var block: String
            switch Int.random(in: 0..<14, using: &generator) {
            case 0: block = "\(filler)\(reference()) and \(reference())."
            case 1: block = "[^\(label())]: A definition citing \(reference()).\n\n    Its second paragraph."
            case 2: block = "- item \(reference())\n- [^\(label())]: defined in a list"
            case 3: block = "> [^\(label())]: defined in a quote \(reference())\n> more"
            case 4: block = "```\n[^\(label())]: code, not a definition \(reference())\n```"
            case 5: block = "| a | b |\n| - | - |\n| \(reference()) | `[^\(label())]` |"
            case 6: block = "## Heading \(reference())"
            case 7: block = "[^\(label())]:\n    [^\(label())]: nested, citing \(reference())"
            case 8: block = "Unknown[^nowhere-\(Int.random(in: 0..<3, using: &generator))] and \\[^\(label())]."
            case 9: block = "1. one\n\n   [^\(label())]: inside an ordered item"
            case 10: block = "<div>\n[^\(label())]: in raw HTML\n</div>"
            default: block = filler
            }
            return block + "\n\n"
        }
        // How the document ends: at a definition, in an open list, without a line ending.
        text += ["[^a]: the last", "- open [^B]\n  > quoted", "tail[^note]"].randomElement(using: &generator)!
        expectSameParseInPieces(text)
    }

    /// A label defined only where cmark-gfm sees no definition (in a fence) and referenced in another
    /// piece: the stand-in would resolve it, the whole does not, and the parse is the whole's.
    @Test func aDefinitionOnlyInCodeIsNoDefinition() {
        var text = "A note[^ghost] here.\n\n" + LargeDocuments.sections(300)
        text += "```\n[^ghost]: inside a fence\n```\n"
        expectSameParse(text)
        // The last piece ends in an open fence: what is written before it cannot change that.
        expectSameParse(text + "\nMore[^n2].\n\n```\n[^n2]: open to the end\n")
    }

    /// Link reference definitions on lines of their own at the margin — where real documents keep
    /// them, often all at the end — are handed to every piece: they no longer keep the document whole.
    @Test func marginDefinitionsAtTheEndAllowCuts() {
        var text = "See [far], [Near][far] and ![image][pic].\n\n"
        text += LargeDocuments.sections(300).replacingOccurrences(of: "[^n", with: "[n")
        text += "\nMore [far] text.\n\n[far]: https://example.com/far \"Far away\"\n[pic]: <a b.png>\n"
        #expect(cutCount(text) > 0)
        expectSameParse(text)
    }

    /// Only the definitions some other piece uses are handed around; a piece reads the ones only
    /// it uses itself, as the whole document would.
    @Test func definitionsUsedInTheirOwnPieceStayThere() {
        let sections = LargeDocuments.sections(300).replacingOccurrences(of: "[^n", with: "[n")
        let middle = sections.index(sections.startIndex, offsetBy: sections.count / 2)
        let heading = sections[middle...].range(of: "\n\n# ")!.lowerBound
        var text = "See [far].\n\n" + sections[..<heading]
        text += "\n\n# Local\n\nSee [near] here.\n\n[near]: https://example.com/near\n"
        text += sections[heading...] + "\n[far]: https://example.com/far\n"
        var copy = text
        let plan = copy.withUTF8 { ChunkPlanner.plan(UnsafeRawBufferPointer($0), pieces: 6) }
        #expect(!plan.cuts.isEmpty)
        let shared = plan.definitionRegions.map { String(decoding: Array(text.utf8)[$0], as: UTF8.self) }
        #expect(shared.contains("[far]: https://example.com/far\n"))
        #expect(!shared.contains { $0.contains("[near]") })
        expectSameParse(text)
    }

    /// A definition inside a quote or a list item is not handed around: its uses stay with it.
    @Test func definitionsInContainersStillPreventCuts() {
        var text = "See [far].\n\n"
        text += LargeDocuments.sections(300).replacingOccurrences(of: "[^n", with: "[n")
        text += "> [far]: https://example.com/in-a-quote\n"
        #expect(cutCount(text) == 0)
        expectSameParse(text)
        // Defined in a quote first and at the margin later: the first definition wins, in pieces too.
        text += "\n[far]: https://example.com/later\n"
        expectSameParse(text)
    }

    /// A `[T]::map` or `[label]:` in the middle of a line is no definition (one starts a line, after
    /// quote and list markers at most): the uses of `T` all over a document do not keep it whole.
    @Test func labelsFollowedByAColonMidLineAllowCuts() {
        var text = "Slices: `[T]::sort`, see [T] and [launching pad][lp]: a list.\n\n"
        text += LargeDocuments.sections(300).replacingOccurrences(of: "[^n", with: "[n")
        text += "\n- [`[T]::is_sorted`](https://example.com) and [T]\n\nThe end of [T]: done.\n"
        #expect(cutCount(text) > 0)
        expectSameParse(text)
        // At a line's start, in a list item or a quote, it may be one: the uses stay together.
        for defined in ["- [T]: /in-a-list\n", "> [T]: /in-a-quote\n", "1. [T]: /numbered\n"] {
            #expect(cutCount(text + "\n" + defined) == 0, "\(defined)")
            expectSameParse(text + "\n" + defined)
        }
    }

    /// Real documents one after another: the pieces share their definitions, and the tree is the
    /// one of a whole parse.
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage))) func theCorpusParsesTheSameInPieces()
        throws
    {
        let text = Corpus.markdown.map(\.text).joined(separator: "\n")
        #expect(cutCount(text) > 1)
        expectSameParseInPieces(text)
        // Twice over, every footnote label of the corpus is defined and referenced in both copies.
        expectSameParseInPieces(text + "\n" + text)
    }

    @Test(arguments: [1, 2, 3])
    func shuffledSpecExamplesParseTheSameInPieces(_ seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var examples = SpecExample.all.map(\.markdown)
        examples.shuffle(using: &generator)
        let text = (examples + examples + examples).enumerated().map { "\n\n# Example \($0.offset)\n\n\($0.element)" }
            .joined()
        expectSameParse(text)
    }

    /// Long documents shaped like real ones outside the corpus (release notes with setext
    /// headings, an API reference with anchors before its headings, very long lists, a changelog
    /// defining the same labels in every section): each is cut into pieces of about even size, so
    /// every core has work, and the pieces parse to the whole's tree.
    @Test(arguments: LongDocuments.shapes)
    func longDocumentsOfEveryShapeAreCutEvenly(_ shape: String) {
        let text = LongDocuments.document(shape, bytes: 900_000)
        var copy = text
        let cuts = copy.withUTF8 { ChunkPlanner.cuts(in: UnsafeRawBufferPointer($0), pieces: 8) }
        #expect(cuts.count >= 6, "\(shape): \(cuts.count) cuts")
        let bounds = zip([0] + cuts, cuts + [text.utf8.count]).map { $1 - $0 }
        let share = text.utf8.count / (cuts.count + 1)
        #expect(bounds.max()! <= 2 * share, "\(shape): pieces of \(bounds) bytes")
        expectSameParse(text)
    }

    @Test func smallDocumentsAreParsedWhole() {
        #expect(cutCount(LargeDocuments.section(1)) == 0)
    }
}
