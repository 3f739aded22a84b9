import Foundation
import TeletypeANSI
import TeletypeHTML
import TeletypeLayout
import TeletypeSnapshotTesting
import TeletypeTestSupport
import Testing

/// One conversation that holds every element of the conversation view, at widths 40 and 80, in plain
/// text and ANSI, and as HTML; and the empty conversation with suggestions.
@Suite struct ConversationSnapshotTests {
    static func sample(_ appearance: AIAppearance = .dark, expanded: Bool = false) -> ConversationSnapshot {
        ConversationSnapshot(
            messages: ConversationFixtures.sample, state: ConversationFixtures.state(expanded: expanded),
            appearance: appearance)
    }

    static func empty(_ appearance: AIAppearance = .dark) -> ConversationSnapshot {
        ConversationSnapshot(
            messages: [],
            state: ConversationViewState(suggestions: ["Plan a trip", "Summarize my week", "Explain monads"]),
            appearance: appearance)
    }

    /// The conversation as a Markdown document: a strategy of our own, made with `pullback`.
    static let markdown = Snapshotting<String>(pathExtension: "md") { $0 }.pullback { (value: ConversationSnapshot) in
        ConversationMarkdownWriter(state: ConversationViewState(expandReasoning: true, expandToolCalls: true))
            .write(value.messages)
    }

    @Test(arguments: [40, 80])
    func everyElement(_ width: Int) {
        for expanded in [false, true] {
            let name = (expanded ? "expanded." : "") + "\(width)"
            assertSnapshot(of: Self.sample(.plain, expanded: expanded), as: .plain(width: width), named: name)
            assertSnapshot(of: Self.sample(expanded: expanded), as: .ansi(width: width), named: name)
        }
        assertSnapshot(of: Self.empty(), as: .plain(width: width), named: "empty.\(width)")
    }

    @Test func html() {
        assertSnapshot(of: Self.sample(.light, expanded: true), as: .html)
        assertSnapshot(of: Self.empty(.light), as: .html, named: "empty")
    }

    @Test func markdown() {
        assertSnapshot(of: Self.sample(), as: Self.markdown)
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
