/// A parsed Markdown document: its top-level blocks, footnote definitions last, in the order they are
/// first referenced.
public struct MarkdownDocument: Sendable, Equatable {
    /// The top-level blocks, in source order; referenced footnote definitions come last.
    public var blocks: [Block]

    /// Creates a document from its blocks.
    public init(blocks: [Block]) {
        self.blocks = blocks
    }

    /// Parses GitHub Flavored Markdown text with every GFM extension enabled.
    public init(parsing text: String, options: MarkdownParseOptions = .init()) {
        self = MarkdownParser(options: options).parse(text)
    }
}
