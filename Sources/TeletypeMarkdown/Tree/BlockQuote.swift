/// A block quote holding other blocks.
public struct BlockQuote: Sendable, Equatable {
    /// The quoted blocks.
    public var children: [Block]
    /// Where the quote was parsed from.
    public var sourceRange: SourceRange

    /// Creates a block quote.
    public init(children: [Block], sourceRange: SourceRange) {
        self.children = children
        self.sourceRange = sourceRange
    }
}
