import TeletypeLayout

/// Keeps each row's lines, so a redraw draws again only the rows that changed. ``renders`` counts
/// the rows drawn, for tests.
public struct ConversationLineCache: Sendable {
    /// What draws a row that changed.
    public let renderer: ConversationTerminalRenderer
    private var entries: [String: (row: ConversationRow, drawn: DrawnRow)] = [:]
    /// How many rows were drawn since the cache was made.
    public private(set) var renders = 0
    /// How many top-level Markdown blocks of answers were drawn: a reply being written draws only
    /// its open blocks again, not the settled ones.
    public private(set) var markdownBlocksDrawn = 0

    /// Starts an empty cache that draws with `renderer`.
    public init(renderer: ConversationTerminalRenderer) {
        self.renderer = renderer
    }

    /// The lines of one row, drawn again only when the row changed.
    public mutating func lines(_ row: ConversationRow) -> [StyledLine] {
        let previous = entries[row.id]
        if let previous, previous.row == row { return previous.drawn.lines }
        let drawn = renderer.draw(row, reusing: previous?.drawn)
        renders += 1
        markdownBlocksDrawn += drawn.markdownBlocksDrawn
        entries[row.id] = (row, drawn)
        return drawn.lines
    }

    /// The lines of `rows`, a blank line apart, as `ConversationTerminalRenderer.lines(_:)` draws them.
    public mutating func lines(_ rows: [ConversationRow]) -> [StyledLine] {
        var out: [StyledLine] = []
        for (index, row) in rows.enumerated() {
            if index > 0 { out.append(StyledLine()) }
            out += lines(row)
        }
        if entries.count > rows.count {
            let ids = Set(rows.map(\.id))
            entries = entries.filter { ids.contains($0.key) }
        }
        return out
    }
}
