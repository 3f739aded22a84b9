/// Raw HTML at block level, as written.
public struct HTMLBlock: Sendable, Equatable {
    /// The raw HTML, ending in a newline.
    public var html: String
    /// Where the block was parsed from.
    public var sourceRange: SourceRange

    /// Creates an HTML block.
    public init(html: String, sourceRange: SourceRange) {
        self.html = html
        self.sourceRange = sourceRange
    }
}
