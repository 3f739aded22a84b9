/// A full-screen frame on the alternate screen: each row drawn again only when it changed, then the
/// cursor put where the user types. The whole frame is one synchronized update.
package struct ScreenFrame {
    /// A frame with nothing on the screen yet.
    package init() {}

    private var previous: [String] = []
    private var previousCursor: (row: Int, column: Int)?

    /// Forgets what is on the screen, so the next frame draws every row (after a resize, or Ctrl-L).
    package mutating func invalidate() {
        previous = []
        previousCursor = nil
    }

    /// The bytes that turn the screen into `rows` (already encoded, each at most the width) with the
    /// cursor at `cursor` (hidden when `nil`); empty when nothing changed.
    package mutating func update(_ rows: [String], cursor: (row: Int, column: Int)?) -> String {
        var out = ""
        if previous.isEmpty { out += "\u{1B}[H\u{1B}[2J" }
        for (index, row) in rows.enumerated() where index >= previous.count || previous[index] != row {
            out += "\u{1B}[\(index + 1);1H\u{1B}[0m" + row + "\u{1B}[0m\u{1B}[K"
        }
        if rows.count < previous.count {
            out += "\u{1B}[\(rows.count + 1);1H\u{1B}[0m\u{1B}[J"
        }
        let cursorMoved = previousCursor?.row != cursor?.row || previousCursor?.column != cursor?.column
        guard !out.isEmpty || cursorMoved else { return "" }
        previous = rows
        previousCursor = cursor
        var frame = "\u{1B}[?2026h\u{1B}[?25l" + out
        if let cursor { frame += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h" }
        return frame + "\u{1B}[?2026l"
    }
}
