/// A heading of level 1 to 6.
public struct Heading: Sendable, Equatable {
    /// The level, from 1 (most important) to 6.
    public var level: Int
    /// The heading's inline content.
    public var inlines: [Inline]
    /// Where the heading was parsed from.
    public var sourceRange: SourceRange

    /// Creates a heading.
    public init(level: Int, inlines: [Inline], sourceRange: SourceRange) {
        self.level = level
        self.inlines = inlines
        self.sourceRange = sourceRange
    }
}
