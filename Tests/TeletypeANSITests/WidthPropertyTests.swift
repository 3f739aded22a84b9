import Teletype
import TeletypeANSI
import TeletypeLayout
import TeletypeMarkdown
import TeletypeTestSupport
import Testing

/// Every line of every rendering fits its width, for every conformance example, every width from
/// 20 to 120, and for generated text of every width class (in Markdown and in a conversation's
/// bubbles, cards and quotes) at widths drawn from its seed, in plain text and in ANSI with colour
/// and hyperlinks.
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

    /// Text mixing wide, zero-width, emoji, Indic and over-long words, in every block, at widths
    /// from 20 to 133.
    @Test(arguments: MixedWidthMarkdown.seeds)
    func everyLineOfMixedWidthTextFits(_ seed: UInt64) {
        let markdown = MixedWidthMarkdown.document(seed: seed)
        let blocks = MarkdownLayout.layout(markdown: markdown)
        let widths = [20, 21, 20 + Int(seed * 7 % 114), 80, 133]
        let messages: [any AIMessage] = [
            Message(id: "u", role: .user, text: markdown),
            Message(id: "a", role: .assistant, text: markdown),
        ]
        let rows = ConversationLayout().rows(for: messages)
        for width in widths {
            for capabilities in [TerminalCapabilities.plain, .full] {
                let outputs = [
                    ("Markdown", TerminalRenderer(width: width, capabilities: capabilities).render(blocks)),
                    (
                        "conversation",
                        ConversationTerminalRenderer(width: width, capabilities: capabilities).render(rows)
                    ),
                ]
                for (what, output) in outputs {
                    for (number, line) in TerminalOutput.visibleLines(output).enumerated()
                    where Self.cells(line) > width {
                        Issue.record(
                            "seed \(seed), \(what), line \(number + 1) takes \(Self.cells(line)) cells at width \(width):\n\(line)"
                        )
                        return
                    }
                }
            }
        }
    }
}
