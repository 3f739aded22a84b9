/// A place in the Markdown source, counted as cmark-gfm counts: 1-based lines and 1-based byte columns.
public struct SourcePosition: Sendable, Hashable, Comparable {
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column, in UTF-8 bytes from the start of the line.
    public var column: Int

    /// Creates a position from a 1-based line and column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Whether `lhs` comes before `rhs` in the source.
    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// The span of source a block was parsed from, both ends included.
public struct SourceRange: Sendable, Hashable {
    /// Where the block starts.
    public var start: SourcePosition
    /// Where the block ends (inclusive).
    public var end: SourcePosition

    /// Creates a range from its two ends.
    public init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end
    }
}
