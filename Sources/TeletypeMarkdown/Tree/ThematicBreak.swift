/// A thematic break (`---`, `***`, `___`).
public struct ThematicBreak: Sendable, Equatable {
    /// Where the break was parsed from.
    public var sourceRange: SourceRange

    /// Creates a thematic break.
    public init(sourceRange: SourceRange) {
        self.sourceRange = sourceRange
    }
}
