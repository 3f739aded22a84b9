import TeletypeANSI
import TeletypeLayout
import TeletypeMarkdown
import TeletypeTestSupport
import Testing

/// Every line of every rendering fits its width, for every conformance example, every width from
/// 20 to 120, in plain text and in ANSI with colour and hyperlinks.
@Suite struct WidthPropertyTests {
    /// The cells a line takes on a terminal, measured from the output alone: tabs advance to the
    /// next multiple of 8 from the left edge.
    static func cells(_ line: String) -> Int {
        var column = 0
        for character in line {
            if character == "\t" {
                column += 8 - column % 8
            } else {
                column += CellWidth.of(character)
            }
        }
        return column
    }

    static let documents: [String] = SpecExample.all.map(\.markdown) + [SampleDocuments.demo]

    @Test(arguments: SpecExample.all.map(\.markdown) + [SampleDocuments.demo])
    func everyLineFits(_ markdown: String) {
        let blocks = MarkdownLayout.layout(markdown: markdown)
        for width in 20...120 {
            for capabilities in [TerminalCapabilities.plain, .full] {
                let output = TerminalRenderer(width: width, capabilities: capabilities).render(blocks)
                for (number, line) in TerminalOutput.visibleLines(output).enumerated() {
                    let cells = Self.cells(line)
                    if cells > width {
                        Issue.record(
                            "line \(number + 1) takes \(cells) cells at width \(width):\n\(line)\n--- input\n\(markdown)"
                        )
                        return
                    }
                }
            }
        }
    }
}
