import Foundation
import TeletypeTestSupport
import Testing

@testable import TeletypeMarkdown

/// For any split of a text into deltas — also inside a UTF-8 sequence or a CRLF — the streamed
/// document after the last delta equals the one-shot parse, and committed blocks never change.
@Suite struct StreamingParserTests {
    /// Feeds `text` in random pieces (1 to `maximum` bytes), updating after each, and checks that
    /// committed blocks stay as they were.
    static func stream(_ text: String, seed: UInt64, maximum: Int = 12) -> (StreamingMarkdownParser, Bool) {
        var generator = SeededGenerator(seed: seed)
        var parser = StreamingMarkdownParser()
        let bytes = Array(text.utf8)
        var offset = 0
        var stable = true
        while offset < bytes.count {
            let length = min(bytes.count - offset, Int(generator.next() % UInt64(maximum)) + 1)
            let before = parser.committed
            parser.append(utf8: Array(bytes[offset..<offset + length]))
            parser.update()
            if Array(parser.committed.prefix(before.count)) != before { stable = false }
            offset += length
        }
        parser.finish()
        return (parser, stable)
    }

    @Test func anOpenListingIsParsedWholeOnceThenReadALineAtATime() {
        var parser = StreamingMarkdownParser()
        let listing = "```swift\n" + (1...2000).map { "let value\($0) = \($0) * 2" }.joined(separator: "\n") + "\n"
        let bytes = Array(listing.utf8)
        var offset = 0
        while offset < bytes.count {
            parser.append(utf8: Array(bytes[offset..<min(bytes.count, offset + 4)]))
            parser.update()
            offset += 4
        }
        // The whole tail was parsed until the fence line was complete, then once to find it open.
        #expect(parser.tailParses <= 4)
        #expect(parser.settledOpenCodeCount == listing.utf8.count - "```swift\n".utf8.count)
        guard case .codeBlock(let code)? = parser.tail.first else {
            Issue.record("the tail is not the listing")
            return
        }
        #expect(code.code == String(listing.dropFirst("```swift\n".count)))
        #expect(code.info == "swift")
        // The closing fence ends it: the tail is parsed as a whole again.
        parser.append("```\n\nAfter.\n")
        parser.update()
        #expect(parser.settledOpenCodeCount == nil)
        parser.finish()
        #expect(parser.document == MarkdownDocument(parsing: listing + "```\n\nAfter.\n"))
    }

    @Test(arguments: SpecExample.all.indices)
    func specExampleStreamsToItsOneShotParse(_ index: Int) {
        let example = SpecExample.all[index]
        let whole = MarkdownDocument(parsing: example.markdown)
        for seed in 1...4 as ClosedRange<UInt64> {
            let (parser, stable) = Self.stream(example.markdown, seed: seed)
            #expect(parser.document == whole, "\(example) seed \(seed)")
            #expect(stable)
        }
    }

    /// A reply as models write them: paragraphs, lists, code, a table, a quote.
    static func reply(sections: Int) -> String {
        (1...sections).map { number in
            """
            ## Step \(number)

            Some **bold** and *emphasised* text with `code`, a [link](https://example.com/\(number)) and
            a line that goes on.

            - first item
            - second item with ~~strike~~

            1. one
            2. two

            ```swift
            let value = \(number)

            print(value)
            ```

            | a | b |
            | - | - |
            | \(number) | x |

            > quoted text

            """
        }.joined(separator: "\n")
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func longRepliesCommitAsTheyGo(_ seed: UInt64) {
        let text = Self.reply(sections: 60)
        let (parser, stable) = Self.stream(text, seed: seed, maximum: 40)
        #expect(stable)
        #expect(parser.document == MarkdownDocument(parsing: text))
        #expect(parser.committed.count > 300, "\(parser.committed.count) committed")
    }

    @Test(arguments: [1, 2] as [UInt64])
    func documentsWithDefinitionsStreamCorrectly(_ seed: UInt64) {
        let text = LargeDocuments.sections(30)
        let (parser, stable) = Self.stream(text, seed: seed, maximum: 40)
        #expect(stable)
        #expect(parser.document == MarkdownDocument(parsing: text))
    }

    @Test func splitsInsideUTF8AndCRLF() {
        let text = "# Tête\r\n\r\nCafé 中文 😀\r\nline two\r\n\r\n- item\r\n"
        let bytes = Array(text.utf8)
        var parser = StreamingMarkdownParser()
        for byte in bytes {
            parser.append(utf8: [byte])
            parser.update()
        }
        parser.finish()
        #expect(parser.document == MarkdownDocument(parsing: text))
    }

    @Test func definitionsAndFootnotesHoldCommitsUntilTheyCanBeResolved() {
        var parser = StreamingMarkdownParser()
        parser.append("A [link] and a note[^n].\n\nNext paragraph.\n\nAnd more.\n\n")
        parser.update()
        #expect(parser.committed.isEmpty)
        parser.append("[link]: https://example.com\n[^n]: The note.\n")
        parser.finish()
        #expect(
            parser.document
                == MarkdownDocument(
                    parsing:
                        "A [link] and a note[^n].\n\nNext paragraph.\n\nAnd more.\n\n[link]: https://example.com\n[^n]: The note.\n"
                ))
    }

    @Test func listsThatMayContinueStayOpen() {
        var parser = StreamingMarkdownParser()
        parser.append("1. one\n\n2. two\n\n")
        parser.update()
        #expect(parser.committed.isEmpty)
        parser.append("Paragraph after the list.\n\nAnother.\n")
        parser.update()
        // The list and the paragraph after it; "Another." may still grow.
        #expect(parser.committed.count == 2)
    }

    @Test func theTailIsParsedOnlyWhenTextArrived() {
        var parser = StreamingMarkdownParser()
        parser.append("Hello")
        parser.update()
        parser.update()
        #expect(parser.tailParses == 1)
    }
}

/// While text streams, the open tail shows what its unclosed constructs will become; the final
/// document is never healed.
@Suite struct HealingTests {
    func healed(_ text: String) -> [Block] {
        var parser = StreamingMarkdownParser()
        parser.append(text)
        parser.update()
        return parser.healedTail
    }

    func paragraph(_ text: String) -> [Inline] {
        guard case .paragraph(let node)? = healed(text).last else { return [] }
        return node.inlines
    }

    @Test func openEmphasisShowsAsFormatting() {
        #expect(paragraph("Some **bold te") == [.text("Some "), .strong([.text("bold te")])])
        #expect(paragraph("an *ital") == [.text("an "), .emphasis([.text("ital")])])
        #expect(paragraph("use `co") == [.text("use "), .code("co")])
        #expect(paragraph("now ~~gone") == [.text("now "), .strikethrough([.text("gone")])])
    }

    @Test func partialLinkShowsAsItsText() {
        #expect(paragraph("see [the docs](https://exa") == [.text("see the docs")])
    }

    @Test(arguments: ["5 * 3 is 15", "snake_case names", "a ~ b", "price: 5 * 3"])
    func arithmeticAndIdentifiersStayText(_ text: String) {
        #expect(paragraph(text) == [.text(text)])
    }

    @Test func finishedDocumentsAreNeverHealed() {
        var parser = StreamingMarkdownParser()
        parser.append("Some **bold te")
        parser.finish()
        #expect(parser.document == MarkdownDocument(parsing: "Some **bold te"))
        #expect(parser.healedTail == parser.tail)
    }
}
