import Testing

@testable import TeletypeMarkdown

/// Math as GitHub reads it (and as models write it): where it is, where it is not, and that code and
/// the rest of the document come through untouched.
@Suite struct MathTests {
    static func inlines(_ markdown: String) -> [Inline] {
        guard case .paragraph(let paragraph)? = MarkdownDocument(parsing: markdown).blocks.first else { return [] }
        return paragraph.inlines
    }

    static func math(_ markdown: String) -> [String] {
        var found: [String] = []
        func visit(_ blocks: [Block]) {
            for block in blocks {
                switch block {
                case .paragraph(let paragraph): collect(paragraph.inlines)
                case .heading(let heading): collect(heading.inlines)
                case .blockQuote(let quote): visit(quote.children)
                case .list(let list): list.items.forEach { visit($0.children) }
                case .table(let table): table.rows.forEach { $0.cells.forEach { collect($0.inlines) } }
                default: break
                }
            }
        }
        func collect(_ inlines: [Inline]) {
            for inline in inlines {
                switch inline {
                case .math(let source, let display): found.append((display ? "D:" : "I:") + source)
                case .emphasis(let children), .strong(let children): collect(children)
                default: break
                }
            }
        }
        visit(MarkdownDocument(parsing: markdown).blocks)
        return found
    }

    @Test(arguments: [
        ("$x^2$", ["I:x^2"]), ("a $a*b*c$ b", ["I:a*b*c"]), (#"\(e^{i\pi}\)"#, [#"I:e^{i\pi}"#]),
        ("$$E=mc^2$$", ["D:E=mc^2"]), (#"\[ \sum_i x_i \]"#, [#"D: \sum_i x_i "#]),
        ("$$\n\\int_0^1 f\n$$", ["D: \\int_0^1 f "]), ("> quoted $y$", ["I:y"]), ("- item $z_1$", ["I:z_1"]),
        ("| a |\n| - |\n| $t$ |", ["I:t"]), ("# Heading $h$", ["I:h"]), ("$x$, $y$", ["I:x", "I:y"]),
    ])
    func mathIsFound(_ markdown: String, _ expected: [String]) {
        #expect(Self.math(markdown) == expected, "\(markdown.debugDescription)")
    }

    @Test(arguments: [
        "It costs $5 and $10.", "$ x$", "$x $", "a $5$ b... no: $5$", #"\$x\$"#, "`$x$`", "``a $x$ b``",
        "```\n$x$\n```", "~~~sh\necho $HOME $PATH\n~~~", "$$\n\nx\n$$", #"\[\\\]"#, "$-$",
        "    indented $x$ code", "<div>\n$x$\n</div>",
    ])
    func otherDollarsStayAsWritten(_ markdown: String) {
        let withMath = MarkdownDocument(parsing: markdown)
        let without = MarkdownDocument(parsing: markdown, options: MarkdownParseOptions(recognizesMath: false))
        if markdown == "a $5$ b... no: $5$" {
            #expect(Self.math(markdown) == ["I:5", "I:5"])
            return
        }
        #expect(withMath == without, "\(markdown.debugDescription)")
    }

    @Test func codeTheScanTakesForTextIsParsedAsWritten() {
        // An indented code block after a list: the scan cannot tell, so the marker lands in code and
        // the document is parsed again without math.
        let markdown = "Para $a$.\n\n    code $b$ here\n"
        let document = MarkdownDocument(parsing: markdown)
        guard case .codeBlock(let code)? = document.blocks.last else {
            Issue.record("no code block")
            return
        }
        #expect(code.code == "code $b$ here\n")
    }

    @Test func blocksKeepTheirLines() {
        let markdown = "Intro $x$.\n\n$$\na\n$$\n\n## After\n"
        let document = MarkdownDocument(parsing: markdown)
        #expect(document.blocks.map(\.sourceRange.start.line) == [1, 3, 7])
    }
}
