import TeletypeHTML
import TeletypeLayout
import Testing

/// A tool card on a page shows what the terminal shows whole under its title: a command whose output
/// is short, a short edit and a plan are open; a long output or edit folds, and a folded command still
/// names what it ran in the card's line.
@Suite struct ToolCardFoldingTests {
    static func page(_ body: ToolCallBody) -> String {
        let card = ToolCallView(
            state: .completed, icon: "✓", title: "Bash", statusLabel: "Done", duration: nil, summary: nil,
            details: [], isOpen: false, body: body)
        return ConversationHTMLRenderer().render([
            ConversationRow(id: "a", kind: .assistant, blocks: [.toolCall(card)])
        ])
    }

    static func output(lines: Int) -> String {
        (1...max(lines, 1)).map { "line \($0)" }.joined(separator: "\n") + "\n"
    }

    @Test(arguments: [0, 1, 10, 11, 500])
    func aCommandFoldsWhenItsOutputIsLong(_ lines: Int) {
        let html = Self.page(
            .shell(command: "swift test\n--parallel", output: lines == 0 ? nil : Self.output(lines: lines), exitCode: 0)
        )
        let folds = lines > ToolCallBody.linesShownWhole
        #expect(html.contains("<details class=\"tt-tool tt-completed\" open>") == !folds)
        // The folded line says what ran; an open card's style hides it there (its body shows it).
        #expect(html.contains("<code class=\"tt-command\">$ swift test</code></summary>"))
        #expect(html.contains("line \(max(lines, 1))") == (lines > 0), "the whole output is on the page, folded or not")
    }

    @Test(arguments: [3, 10, 11, 200])
    func anEditFoldsWhenAChangeIsLong(_ lines: Int) {
        let change = FileChange(
            path: "a.swift", language: "swift", lines: (0..<lines).map { DiffLine(.added, "let x\($0) = \($0)") })
        let short = FileChange(path: "b.swift", language: "swift", lines: [DiffLine(.removed, "old")])
        let html = Self.page(.fileEdit([short, change]))
        #expect(
            html.contains("<details class=\"tt-tool tt-completed\" open>") == (lines <= ToolCallBody.linesShownWhole))
        #expect(!html.contains("tt-command"))
    }

    @Test func aPlanIsOpenAndAWebResultFolds() {
        #expect(Self.page(.checklist([ChecklistItem("step", state: .done)])).contains("tt-completed\" open>"))
        #expect(!Self.page(.web(request: "swift docc", result: "a page")).contains(" open>"))
    }
}
