import Teletype
import TeletypeANSI
import TeletypeLayout

/// The live conversation view in a terminal: settled turns go to the scrollback once, the open turn
/// is redrawn in the live region (only rows that changed, only lines that changed), at the new width
/// after a resize, at most as often as the frame pacer allows.
package struct LiveConversationView {
    private let layout: ConversationLayout
    private var rows = ConversationRowCache()
    private var rowLines: ConversationLineCache
    private var region: LiveRegion
    private var frames = FramePacer()
    private var committedRows = 0
    private let height: Int
    /// A row shown above the conversation (a session's header).
    package var header: ConversationRow?

    /// A view drawing with `renderer` into a terminal `height` rows tall; hides the cursor until ``end()``.
    package init(renderer: ConversationTerminalRenderer, height: Int) {
        layout = ConversationLayout(appearance: renderer.appearance, ui: .standard)
        rowLines = ConversationLineCache(renderer: renderer)
        region = LiveRegion(capabilities: renderer.capabilities, height: height)
        self.height = height
        GraphemeSetting.askTerminal()
        Console.output(LiveRegion.begin)
        TerminalRestore.install()
        TerminalResize.install()
    }

    /// Draws `messages` with `state` if a frame is due (always when `final`, which also sends the
    /// last turn to the scrollback).
    package mutating func draw(_ messages: [any AIMessage], state: ConversationViewState, final: Bool) {
        let now = Clock.seconds()
        // At most 60 frames a second, and drawing takes at most a quarter of the time: changes in
        // between show in the next frame.
        guard final || frames.isDue(at: now) else { return }
        defer { frames.drew(from: now, to: Clock.seconds()) }
        if TerminalResize.takeResize(), let width = Console.terminalWidth {
            // The terminal was resized: the open rows are drawn again at the new width.
            var resized = rowLines.renderer
            resized.width = width
            rowLines = ConversationLineCache(renderer: resized)
            Console.output(region.reset(height: Console.terminalHeight ?? height))
        }
        var shown = rows.rows(for: messages, layout: layout, state: state)
        if let header { shown.insert(header, at: 0) }
        // Rows before the latest question are final: they go to the scrollback once.
        let turnStart = final ? shown.count : (shown.lastIndex { $0.startsTurn } ?? 0)
        // The lines of rows `range`, each after a blank line unless it is the first row.
        func lines(of range: Range<Int>) -> [StyledLine] {
            var result: [StyledLine] = []
            for index in range {
                if index > 0 { result.append(StyledLine()) }
                result += rowLines.lines(shown[index])
            }
            return result
        }
        let committed = lines(of: committedRows..<max(committedRows, turnStart))
        committedRows = max(committedRows, turnStart)
        Console.output(region.frame(committed: committed, live: lines(of: committedRows..<shown.count)))
    }

    /// Shows the cursor again.
    package func end() {
        Console.output(LiveRegion.end)
        Console.output(GraphemeSetting.restoreSequence)
    }
}
