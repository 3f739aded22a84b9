/// A block-level Markdown node.
public enum Block: Sendable, Equatable {
    /// A run of inline content.
    case paragraph(Paragraph)
    /// An ATX or setext heading.
    case heading(Heading)
    /// A `>` block quote.
    case blockQuote(BlockQuote)
    /// A bullet or ordered list.
    case list(ListBlock)
    /// A fenced or indented code block.
    case codeBlock(CodeBlock)
    /// Raw HTML at block level.
    case htmlBlock(HTMLBlock)
    /// A `---` thematic break.
    case thematicBreak(ThematicBreak)
    /// A GFM table.
    case table(Table)
    /// A footnote definition (`[^label]: …`).
    case footnoteDefinition(FootnoteDefinition)

    /// Where the block was parsed from.
    public var sourceRange: SourceRange {
        switch self {
        case .paragraph(let node): node.sourceRange
        case .heading(let node): node.sourceRange
        case .blockQuote(let node): node.sourceRange
        case .list(let node): node.sourceRange
        case .codeBlock(let node): node.sourceRange
        case .htmlBlock(let node): node.sourceRange
        case .thematicBreak(let node): node.sourceRange
        case .table(let node): node.sourceRange
        case .footnoteDefinition(let node): node.sourceRange
        }
    }
}
