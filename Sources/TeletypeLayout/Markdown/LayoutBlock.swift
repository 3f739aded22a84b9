/// A block of a message laid out for text output: width-independent, safe to show, numbered and
/// gathered (lists numbered, footnotes collected at the end). Renderers wrap it to a width.
public enum LayoutBlock: Sendable, Equatable {
    /// Wrapped inline text.
    case paragraph([Span])
    /// A heading of level 1–6.
    case heading(level: Int, [Span])
    /// Quoted blocks.
    case quote([LayoutBlock])
    /// A GitHub alert (`> [!NOTE]`): a titled callout around its blocks.
    case alert(MarkdownAlert, [LayoutBlock])
    /// A list with its markers worked out.
    case list(LayoutList)
    /// Code kept as written, one string per line, with its language when known.
    case code(language: String?, lines: [String])
    /// Raw HTML shown as source lines.
    case html(lines: [String])
    /// Display math (`$$…$$` alone in its paragraph), a line a row, drawn with Unicode.
    case math(lines: [String])
    /// A thematic break.
    case rule
    /// A table.
    case table(LayoutTable)
    /// The footnotes of the document, in number order.
    case footnotes([LayoutFootnote])
    /// Columns side by side when they fit the width, one under another when they do not
    /// (generated UI's rows).
    case columns([LayoutColumn])
    /// Blocks in a frame (generated UI's cards).
    case box([LayoutBlock])
    /// Blocks one under another with no blank line between (generated UI's columns).
    case stack([LayoutBlock])
}

/// One column of ``LayoutBlock/columns(_:)``.
public struct LayoutColumn: Sendable, Equatable {
    /// The column's blocks.
    public var blocks: [LayoutBlock]

    /// Creates a column.
    public init(blocks: [LayoutBlock]) {
        self.blocks = blocks
    }
}

/// A list whose items carry their own markers.
public struct LayoutList: Sendable, Equatable {
    /// Whether items follow each other without blank lines.
    public var isTight: Bool
    /// The items.
    public var items: [LayoutListItem]

    /// Creates a list.
    public init(isTight: Bool, items: [LayoutListItem]) {
        self.isTight = isTight
        self.items = items
    }
}

/// One list item: its marker (bullet or number), its task box if any, and its blocks.
public struct LayoutListItem: Sendable, Equatable {
    /// What marks an item.
    public enum Marker: Sendable, Equatable {
        /// A bullet for nesting depth `depth` (0 for a top-level list).
        case bullet(depth: Int)
        /// A number and its delimiter, as in `3.` or `3)`.
        case number(Int, delimiter: Character)
    }

    /// The bullet or number.
    public var marker: Marker
    /// The task box: `true` checked, `false` unchecked, `nil` for no box.
    public var checkbox: Bool?
    /// The item's blocks.
    public var children: [LayoutBlock]

    /// Creates an item.
    public init(marker: Marker, checkbox: Bool?, children: [LayoutBlock]) {
        self.marker = marker
        self.checkbox = checkbox
        self.children = children
    }
}

/// A table: alignments, header cells and body rows, each cell a run of spans.
public struct LayoutTable: Sendable, Equatable {
    /// A column's alignment.
    public enum Alignment: Sendable, Equatable {
        /// Text starts at the left edge (also when the column gives none).
        case left
        /// Text is centred.
        case center
        /// Text ends at the right edge.
        case right
    }

    /// One alignment per column.
    public var alignments: [Alignment]
    /// The header cells.
    public var header: [[Span]]
    /// The body rows, each with one cell per column.
    public var rows: [[[Span]]]

    /// Creates a table.
    public init(alignments: [Alignment], header: [[Span]], rows: [[[Span]]]) {
        self.alignments = alignments
        self.header = header
        self.rows = rows
    }
}

/// A footnote gathered at the end of a document.
public struct LayoutFootnote: Sendable, Equatable {
    /// The footnote's number.
    public var number: Int
    /// The footnote's blocks.
    public var children: [LayoutBlock]

    /// Creates a footnote.
    public init(number: Int, children: [LayoutBlock]) {
        self.number = number
        self.children = children
    }
}
