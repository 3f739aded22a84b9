import Foundation
import TeletypeANSI
import TeletypeHTML
import TeletypeLayout
import TeletypeTestSupport
import Testing

/// One conversation that holds every element of the conversation view, at widths 40 and 80, in plain
/// text and ANSI, and as HTML; and the empty conversation with suggestions.
@Suite struct ConversationSnapshotTests {
    func check(_ text: String, _ name: String) {
        if let problem = SnapshotFile.check(text, folder: "ConversationSnapshotTests", name: name) {
            Issue.record(Comment(rawValue: problem))
        }
    }

    @Test(arguments: [40, 80])
    func everyElement(_ width: Int) {
        for expanded in [false, true] {
            let suffix = expanded ? ".expanded" : ""
            let plain = ConversationTerminalRenderer(width: width, capabilities: .plain)
                .render(ConversationFixtures.rows(appearance: .plain, expanded: expanded))
            check(plain, "conversation\(suffix).\(width).plain.txt")
            let ansi = ConversationTerminalRenderer(width: width, capabilities: .full)
                .render(ConversationFixtures.rows(expanded: expanded))
            check(ansi.replacingOccurrences(of: "\u{1B}", with: "\\e"), "conversation\(suffix).\(width).ansi.txt")
        }
        let empty = ConversationTerminalRenderer(width: width, capabilities: .plain).render(
            ConversationFixtures.emptyRows())
        check(empty, "empty.\(width).plain.txt")
    }

    @Test func html() {
        let renderer = ConversationHTMLRenderer(appearance: .light)
        check(renderer.render(ConversationFixtures.rows(appearance: .light, expanded: true)), "conversation.html")
        check(renderer.render(ConversationFixtures.emptyRows(appearance: .light)), "empty.html")
    }

    @Test func markdown() {
        let writer = ConversationMarkdownWriter(
            state: ConversationViewState(expandReasoning: true, expandToolCalls: true))
        check(writer.write(ConversationFixtures.sample), "conversation.md")
    }

    /// Every line fits, at every width from 20 to 120.
    @Test func everyLineFits() {
        let rows = ConversationFixtures.rows(expanded: true)
        for width in 20...120 {
            for capabilities in [TerminalCapabilities.plain, .full] {
                let output = ConversationTerminalRenderer(width: width, capabilities: capabilities).render(rows)
                for line in TerminalOutput.visibleLines(output) {
                    let cells = line.reduce(into: 0) { total, character in
                        total += character == "\t" ? 8 - total % 8 : CellWidth.of(character)
                    }
                    if cells > width {
                        Issue.record("\(cells) cells at width \(width): \(line)")
                        return
                    }
                }
            }
        }
    }
}
