import TeletypeLayout

/// The composer's text laid out for the terminal: wrapped to the width behind a prompt, at most
/// `maximumRows` rows (scrolled to keep the cursor in view), and where the cursor is.
public struct ComposerLayout: Sendable, Equatable {
    /// The rows, prompt included.
    public var rows: [String]
    /// The cursor's row in `rows`.
    public var cursorRow: Int
    /// The cursor's column in cells, from the row's start (the prompt included).
    public var cursorColumn: Int
    /// Whether rows were cut off above or below the window.
    public var isScrolled: Bool

    /// Lays out `editor`'s text (or `placeholder` when it is empty) in `width` cells behind
    /// `prompt` (continuation rows are indented as far).
    public init(_ editor: ComposerEditor, width: Int, maximumRows: Int, prompt: String, placeholder: String = "") {
        let promptWidth = CellWidth.of(prompt)
        let room = max(1, width - promptWidth)
        var rows: [String] = []
        var cursorRow = 0
        var cursorColumn = 0
        var row = ""
        var column = 0
        func breakRow() {
            rows.append(row)
            row = ""
            column = 0
        }
        let characters = editor.characters
        for (index, character) in characters.enumerated() {
            if index == editor.cursor {
                if column >= room { breakRow() }
                cursorRow = rows.count
                cursorColumn = column
            }
            if character == "\n" {
                breakRow()
                continue
            }
            // Control characters show as their pictures, never reach the terminal.
            let shown =
                character == "\t"
                ? "    "
                : character.unicodeScalars.count == 1
                    ? (TerminalSafeText.picture(for: character.unicodeScalars.first!) ?? String(character))
                    : String(character)
            let cells = CellWidth.of(shown)
            if column + cells > room { breakRow() }
            row += shown
            column += cells
        }
        if editor.cursor == characters.count {
            if column >= room { breakRow() }
            cursorRow = rows.count
            cursorColumn = column
        }
        rows.append(row)
        if characters.isEmpty && !placeholder.isEmpty {
            rows = [String(placeholder.prefix(room))]
        }
        let indent = String(repeating: " ", count: promptWidth)
        var shown = rows.enumerated().map { ($0.offset == 0 ? prompt : indent) + $0.element }
        var top = 0
        let limit = max(1, maximumRows)
        if shown.count > limit {
            top = min(max(0, cursorRow - limit + 1), shown.count - limit)
            shown = Array(shown[top..<top + limit])
        }
        self.rows = shown
        self.cursorRow = cursorRow - top
        self.cursorColumn = promptWidth + cursorColumn
        self.isScrolled = rows.count > limit
    }
}
