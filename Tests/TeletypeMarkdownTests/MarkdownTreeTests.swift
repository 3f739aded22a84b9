import TeletypeMarkdown
import Testing

@Suite struct MarkdownTreeTests {
    func blocks(_ markdown: String) -> [Block] { MarkdownDocument(parsing: markdown).blocks }

    @Test func headingLevelsAndInlines() {
        guard case .heading(let heading) = blocks("## Hello *world*").first else {
            Issue.record("no heading")
            return
        }
        #expect(heading.level == 2)
        #expect(heading.inlines == [.text("Hello "), .emphasis([.text("world")])])
        #expect(heading.sourceRange.start == SourcePosition(line: 1, column: 1))
    }

    @Test func entitiesAreDecoded() {
        #expect(
            blocks("&amp; &copy; &#27; &#x41;") == [
                .paragraph(
                    Paragraph(
                        inlines: [.text("& © \u{1B} A")],
                        sourceRange: blocks("&amp; &copy; &#27; &#x41;")[0].sourceRange))
            ])
    }

    @Test func listAttributes() {
        guard case .list(let list) = blocks("3) a\n4) b\n\n   c").first else {
            Issue.record("no list")
            return
        }
        #expect(list.kind == .ordered)
        #expect(list.start == 3)
        #expect(list.delimiter == .parenthesis)
        #expect(!list.isTight)
        #expect(list.items.count == 2)
        guard case .list(let bullets) = blocks("- a\n- b").first else { return }
        #expect(bullets.kind == .bullet && bullets.isTight && bullets.delimiter == .none)
    }

    @Test func taskItems() {
        guard case .list(let list) = blocks("- [ ] open\n- [x] done\n- plain").first else {
            Issue.record("no list")
            return
        }
        #expect(list.items.map(\.checkbox) == [.unchecked, .checked, nil])
    }

    @Test func codeBlocks() {
        guard case .codeBlock(let fenced) = blocks("```swift title=x\nlet a = 1\n```").first,
            case .codeBlock(let indented) = blocks("    code\n").first
        else {
            Issue.record("no code")
            return
        }
        #expect(fenced.isFenced && fenced.info == "swift title=x" && fenced.language == "swift")
        #expect(fenced.code == "let a = 1\n")
        #expect(!indented.isFenced && indented.language == nil && indented.code == "code\n")
    }

    @Test func tableAlignmentsAndCells() {
        guard case .table(let table) = blocks("| a | b | c | d |\n|:--|:-:|--:|---|\n| 1 | **2** | 3 |").first else {
            Issue.record("no table")
            return
        }
        #expect(table.alignments == [.left, .center, .right, .none])
        #expect(table.header.cells.count == 4)
        #expect(table.rows.count == 1)
        #expect(table.rows[0].cells[1].inlines == [.strong([.text("2")])])
    }

    @Test func strikethroughLinksImagesAndHTML() {
        guard case .paragraph(let paragraph) = blocks("~~x~~ [t](http://a \"T\") ![i](b.png) <b>").first else {
            Issue.record("no paragraph")
            return
        }
        #expect(paragraph.inlines.contains(.strikethrough([.text("x")])))
        #expect(paragraph.inlines.contains(.link(Link(destination: "http://a", title: "T", children: [.text("t")]))))
        #expect(paragraph.inlines.contains(.image(Image(source: "b.png", title: "", children: [.text("i")]))))
        #expect(paragraph.inlines.contains(.html("<b>")))
    }

    @Test func footnotesAreNumberedByFirstReference() {
        let document = MarkdownDocument(parsing: "x[^b] y[^a] z[^b]\n\n[^a]: A\n[^b]: B\n[^c]: unused")
        guard case .paragraph(let paragraph) = document.blocks[0] else { return }
        let references = paragraph.inlines.compactMap { inline -> FootnoteReference? in
            if case .footnoteReference(let reference) = inline { return reference }
            return nil
        }
        #expect(references.map(\.index) == [1, 2, 1])
        #expect(references.map(\.occurrence) == [1, 1, 2])
        let definitions = document.blocks.compactMap { block -> FootnoteDefinition? in
            if case .footnoteDefinition(let definition) = block { return definition }
            return nil
        }
        #expect(definitions.map(\.index) == [1, 2])
        #expect(definitions.map(\.referenceCount) == [2, 1])
        #expect(
            definitions[0].children == [
                .paragraph(Paragraph(inlines: [.text("B")], sourceRange: definitions[0].children[0].sourceRange))
            ])
    }

    @Test func everyBlockKindHasItsNode() {
        let document = MarkdownDocument(parsing: "> q\n\n<div>\n\n---\n\n# h\n\np\n")
        let kinds = document.blocks.map { block -> String in
            switch block {
            case .blockQuote: "quote"
            case .htmlBlock: "html"
            case .thematicBreak: "rule"
            case .heading: "heading"
            case .paragraph: "paragraph"
            default: "other"
            }
        }
        #expect(kinds == ["quote", "html", "rule", "heading", "paragraph"])
    }

    @Test func invalidUTF8IsReplaced() {
        let bytes: [UInt8] = [0x61, 0xFF, 0x62]
        let document = bytes.withUnsafeBytes { MarkdownParser().parse(utf8: $0) }
        guard case .paragraph(let paragraph) = document.blocks.first else { return }
        #expect(paragraph.inlines == [.text("a\u{FFFD}b")])
    }

    @Test func treesAreEqualWhenSourcesAre() {
        #expect(MarkdownDocument(parsing: "# a\n\n- b") == MarkdownDocument(parsing: "# a\n\n- b"))
        #expect(MarkdownDocument(parsing: "# a") != MarkdownDocument(parsing: "# b"))
    }

    /// cmark-gfm gives no position to a paragraph that a table interrupts: it takes the table's first
    /// line, so that blocks stay in source order (a stream commits blocks by their lines).
    @Test(arguments: ["o\n| a |\n| --- |\n|\n\nx\n", "intro\nmore\n| a | b |\n| - | - |\n| 1 | 2 |\n"])
    func aParagraphATableInterruptsKeepsItsPlace(_ text: String) {
        let blocks = MarkdownDocument(parsing: text).blocks
        #expect(blocks.count >= 2)
        guard blocks.count >= 2, case .paragraph = blocks[0], case .table = blocks[1] else { return }
        #expect(blocks[0].sourceRange.start.line >= 1)
        #expect(blocks[0].sourceRange.start.line <= blocks[1].sourceRange.start.line)
        let lines = blocks.map(\.sourceRange.start.line)
        #expect(lines == lines.sorted())
    }
}
