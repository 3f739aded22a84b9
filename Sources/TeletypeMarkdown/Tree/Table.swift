/// A GFM table: a header row, body rows, and an alignment per column.
public struct Table: Sendable, Equatable {
    /// How a column's cells are aligned.
    public enum Alignment: Sendable, Equatable {
        /// No alignment given (`---`).
        case none
        /// `:--`
        case left
        /// `:-:`
        case center
        /// `--:`
        case right
    }

    /// One alignment per column.
    public var alignments: [Alignment]
    /// The header row.
    public var header: TableRow
    /// The body rows; each has as many cells as there are columns.
    public var rows: [TableRow]
    /// Where the table was parsed from.
    public var sourceRange: SourceRange

    /// Creates a table.
    public init(alignments: [Alignment], header: TableRow, rows: [TableRow], sourceRange: SourceRange) {
        self.alignments = alignments
        self.header = header
        self.rows = rows
        self.sourceRange = sourceRange
    }
}

/// A row of table cells.
public struct TableRow: Sendable, Equatable {
    /// The row's cells, one per column.
    public var cells: [TableCell]

    /// Creates a row.
    public init(cells: [TableCell]) {
        self.cells = cells
    }
}

/// A table cell holding inline content.
public struct TableCell: Sendable, Equatable {
    /// The cell's inline content.
    public var inlines: [Inline]

    /// Creates a cell.
    public init(inlines: [Inline]) {
        self.inlines = inlines
    }
}
