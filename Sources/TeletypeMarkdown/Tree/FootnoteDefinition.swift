/// A footnote definition. Only referenced definitions are kept, numbered in the order of their first
/// reference, and gathered at the end of the document.
public struct FootnoteDefinition: Sendable, Equatable {
    /// The footnote's number, from 1.
    public var index: Int
    /// How many references point at this footnote.
    public var referenceCount: Int
    /// The footnote's blocks.
    public var children: [Block]
    /// Where the definition was parsed from.
    public var sourceRange: SourceRange

    /// Creates a footnote definition.
    public init(index: Int, referenceCount: Int, children: [Block], sourceRange: SourceRange) {
        self.index = index
        self.referenceCount = referenceCount
        self.children = children
        self.sourceRange = sourceRange
    }
}
