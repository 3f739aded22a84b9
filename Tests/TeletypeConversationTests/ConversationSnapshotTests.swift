import Foundation
import Teletype
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

/// What providers' streams add to a reply: a server tool with code in its arguments and its
/// output, the answer with its sources, a refusal after what the reply had said, and a reply that
/// ended with nothing — in plain text at width 60, and as HTML and Markdown.
@Suite struct ProviderPartsSnapshotTests {
    static let snapshot = ConversationSnapshot(
        messages: [
            Message(id: "u", role: .user, text: "Run the numbers and cite your sources."),
            Message(
                id: "a", role: .assistant, text: "The mean is **2.5**, as the course notes say.",
                parts: [
                    .toolCall(
                        AIToolCallPart(
                            id: "t", name: "code_execution", status: .completed,
                            arguments: ["code": "values = [1, 2, 3, 4]\nprint(sum(values) / len(values))"],
                            output: ["stdout": "2.5\n", "return_code": 0])),
                    .source(
                        AISourcePart(id: "s1", url: "https://example.edu/stats/mean", title: "Course notes: the mean")),
                    .source(AISourcePart(id: "s2", url: "", title: "handbook.pdf")),
                ]),
            Message(id: "u2", role: .user, text: "Now the other thing."),
            Message(
                id: "b", role: .assistant, text: "Here is how",
                parts: [.refusal(AIRefusalPart(id: "r", text: nil, reason: "cyber"))]),
            Message(id: "u3", role: .user, text: "Hello?"),
            Message(id: "c", role: .assistant, text: ""),
        ],
        state: ConversationViewState(expandReasoning: true, expandToolCalls: true), appearance: .plain)

    @Test func providerParts() {
        assertSnapshot(of: Self.snapshot, as: .plain(width: 60), named: "plain")
        assertSnapshot(of: Self.snapshot, as: .html, named: "html")
        assertSnapshot(of: Self.snapshot, as: ConversationSnapshotTests.markdown, named: "markdown")
    }
}
