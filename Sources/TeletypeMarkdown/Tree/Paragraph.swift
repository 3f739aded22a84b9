/// A paragraph: inline content separated from other blocks by blank lines.
public struct Paragraph: Sendable, Equatable {
    /// The paragraph's inline content.
    public var inlines: [Inline]
    /// Where the paragraph was parsed from.
    public var sourceRange: SourceRange

    /// Creates a paragraph.
    public init(inlines: [Inline], sourceRange: SourceRange) {
        self.inlines = inlines
        self.sourceRange = sourceRange
    }
}
