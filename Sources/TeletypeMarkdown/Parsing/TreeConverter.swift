import CCmarkGFM

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns a cmark-gfm node tree into Teletype's value tree. It walks with cmark's iterator and an
/// explicit stack, so no nesting depth can overflow the call stack; and it keeps the tree it makes
/// at most ``maximumDepth`` containers deep (deeper content becomes the plain text it holds), so
/// that nothing that walks the tree later (layout, drawing, HTML, comparing, freeing) can either.
struct TreeConverter {
    let kinds: ExtensionRegistry

    /// The deepest nesting of containers (quotes, lists, items, emphasis, links, …) kept as such.
    /// Far beyond what real documents use; small enough for a 512 KB thread stack.
    static let maximumDepth = 32

    /// A container node being converted: its children gather here until its exit event.
    private struct Frame {
        let node: OpaquePointer
        let type: cmark_node_type
        var blocks: [Block] = []
        var inlines: [Inline] = []
        var items: [ListItem] = []
        var rows: [TableRow] = []
        var cells: [TableCell] = []
        /// Whether the last inline came from a text node, which the next one continues.
        var lastInlineIsText = false
    }

    /// What a finished node becomes in its parent.
    private enum Built {
        case block(Block)
        case inline(Inline)
        case item(ListItem)
        case row(TableRow, isHeader: Bool)
        case cell(TableCell)
    }

    /// Footnote bookkeeping: how many references each numbered footnote has had so far.
    private var referenceCounts: [Int: Int] = [:]
    private var definitionsSeen = 0
    /// Whether the walk has reached the definitions (which cmark-gfm puts after the body).
    private var definitionsEntered = false

    /// Added to every line number, for a piece of a larger document.
    let lineOffset: Int
    /// For a piece of a larger document, the document's footnote numbers for the piece's own.
    let footnoteNumbering: FootnoteNumbering?
    /// For a piece of a larger document: the labels of the `[^label]` texts that are no reference
    /// in the piece (cmark-gfm writes a reference it cannot resolve so), which must not be defined
    /// anywhere in the document either.
    private(set) var unresolvedFootnotes: [ReferenceLabel] = []

    /// For the last piece of a document, parsed with stand-ins after it: the end cmark-gfm gives the
    /// blocks the stand-ins closed (the line before them, column 0), and the end the document's own
    /// end gives them in a whole parse.
    let closedByStandIns: (from: SourcePosition, to: SourcePosition)?

    /// For a piece followed by another: the fence in a list item that the next piece's first line
    /// closes in a whole parse, and where that parse ends it (that line's end, in the piece's lines).
    let closedByNextPiece: (fence: OpaquePointer, end: SourcePosition)?

    init(
        kinds: ExtensionRegistry, lineOffset: Int = 0, footnoteNumbering: FootnoteNumbering? = nil,
        closedByStandIns: (from: SourcePosition, to: SourcePosition)? = nil,
        closedByNextPiece: (fence: OpaquePointer, end: SourcePosition)? = nil
    ) {
        self.kinds = kinds
        self.lineOffset = lineOffset
        self.footnoteNumbering = footnoteNumbering
        self.closedByStandIns = closedByStandIns
        self.closedByNextPiece = closedByNextPiece
    }

    mutating func convert(_ root: OpaquePointer?) -> MarkdownDocument {
        guard let root else { return MarkdownDocument(blocks: []) }
        guard let iterator = cmark_iter_new(root) else { return MarkdownDocument(blocks: []) }
        defer { cmark_iter_free(iterator) }
        var stack = [frame(root, CMARK_NODE_DOCUMENT)]
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator), node != root else { continue }
            let type = cmark_node_get_type(node)
            if event == CMARK_EVENT_ENTER {
                if type == CMARK_NODE_TEXT {
                    // cmark-gfm leaves text in several nodes where a bracket or an escape was: they
                    // are joined here, as `cmark_consolidate_text_nodes` would in a pass of its own.
                    let text = literal(node)
                    if footnoteNumbering != nil { noteUnresolvedFootnote(text) }
                    appendText(text, to: &stack[stack.count - 1])
                } else if let leaf = leaf(node, type) {
                    append(leaf, to: &stack[stack.count - 1])
                } else if stack.count > Self.maximumDepth, let flat = flattened(node, type) {
                    // Too deep: the subtree becomes its text, and the walk goes on after it.
                    append(flat, to: &stack[stack.count - 1])
                    cmark_iter_reset(iterator, node, CMARK_EVENT_EXIT)
                } else {
                    if type == CMARK_NODE_FOOTNOTE_DEFINITION { definitionsEntered = true }
                    stack.append(frame(node, type))
                }
            } else if event == CMARK_EVENT_EXIT, stack.count > 1 {
                let frame = stack.removeLast()
                if let built = build(frame) {
                    append(built, to: &stack[stack.count - 1])
                }
            }
        }
        return MarkdownDocument(blocks: stack[0].blocks)
    }

    /// A frame for a container, with room for as many children as the node has: their list is
    /// then made in one allocation instead of growing child by child.
    private func frame(_ node: OpaquePointer, _ type: cmark_node_type) -> Frame {
        var frame = Frame(node: node, type: type)
        var count = 0
        var child = cmark_node_first_child(node)
        while let current = child {
            count += 1
            child = cmark_node_next(current)
        }
        guard count > 0 else { return frame }
        switch type {
        case CMARK_NODE_DOCUMENT, CMARK_NODE_BLOCK_QUOTE, CMARK_NODE_ITEM, CMARK_NODE_FOOTNOTE_DEFINITION:
            frame.blocks.reserveCapacity(count)
        case CMARK_NODE_LIST: frame.items.reserveCapacity(count)
        case kinds.table: frame.rows.reserveCapacity(count)
        case kinds.tableRow: frame.cells.reserveCapacity(count)
        default: frame.inlines.reserveCapacity(count)
        }
        return frame
    }

    private func append(_ built: Built, to frame: inout Frame) {
        switch built {
        case .block(let block):
            if case .table(let table) = block, case .paragraph(var paragraph) = frame.blocks.last,
                paragraph.sourceRange.start.line == lineOffset
            {
                // cmark-gfm gives a paragraph that a table interrupts no position (and starts the
                // table on the paragraph's first line): the paragraph takes the table's first line,
                // so that blocks stay in source order.
                paragraph.sourceRange = SourceRange(start: table.sourceRange.start, end: table.sourceRange.start)
                frame.blocks[frame.blocks.count - 1] = .paragraph(paragraph)
            }
            frame.blocks.append(block)
        case .inline(let inline):
            frame.inlines.append(inline)
            frame.lastInlineIsText = false
        case .item(let item): frame.items.append(item)
        case .row(let row, _): frame.rows.append(row)
        case .cell(let cell): frame.cells.append(cell)
        }
    }

    /// Appends the text of a text node, joined to the text of a text node just before it.
    private func appendText(_ text: String, to frame: inout Frame) {
        if frame.lastInlineIsText, case .text(var joined)? = frame.inlines.last {
            frame.inlines.removeLast()
            joined += text
            frame.inlines.append(.text(joined))
        } else {
            frame.inlines.append(.text(text))
            frame.lastInlineIsText = true
        }
    }

    // MARK: Leaves

    /// Converts a node that has no children, or returns `nil` for a container.
    private mutating func leaf(_ node: OpaquePointer, _ type: cmark_node_type) -> Built? {
        switch type {
        case CMARK_NODE_SOFTBREAK: return .inline(.softBreak)
        case CMARK_NODE_LINEBREAK: return .inline(.lineBreak)
        case CMARK_NODE_CODE:
            let code = literal(node)
            // Math written as a code span starts with a marker (U+FDD0 or U+FDD1: EF B7 90 or 91),
            // told by its bytes: a comparison of characters costs a grapheme break for every span.
            var bytes = code.utf8.makeIterator()
            if bytes.next() == 0xEF, bytes.next() == 0xB7, let last = bytes.next(), last == 0x90 || last == 0x91 {
                var source = code.dropFirst()
                if source.hasSuffix("` ") { source = source.dropLast() }
                return .inline(.math(String(source), display: last == 0x91))
            }
            return .inline(.code(code))
        case CMARK_NODE_HTML_INLINE: return .inline(.html(literal(node)))
        case CMARK_NODE_CODE_BLOCK:
            var length: Int32 = 0
            var offset: Int32 = 0
            var character: CChar = 0
            let fenced = cmark_node_get_fenced(node, &length, &offset, &character) != 0
            return .block(
                .codeBlock(
                    CodeBlock(
                        isFenced: fenced, info: string(cmark_node_get_fence_info(node)),
                        code: literal(node), sourceRange: range(node))))
        case CMARK_NODE_HTML_BLOCK:
            return .block(.htmlBlock(HTMLBlock(html: literal(node), sourceRange: range(node))))
        case CMARK_NODE_THEMATIC_BREAK:
            return .block(.thematicBreak(ThematicBreak(sourceRange: range(node))))
        default:
            return nil
        }
    }

    // MARK: Too deep

    /// A container nested too deep, as the plain text it holds: a paragraph in place of a block, a
    /// text in place of an inline; nil for the parts of a table and list items (kept as they are:
    /// they add one level each and hold at most blocks, which are flattened).
    private func flattened(_ node: OpaquePointer, _ type: cmark_node_type) -> Built? {
        switch type {
        case CMARK_NODE_ITEM, kinds.tableRow, kinds.tableCell, kinds.table: return nil
        default: break
        }
        let text = Self.text(of: node)
        let isInline =
            type == CMARK_NODE_EMPH || type == CMARK_NODE_STRONG || type == CMARK_NODE_LINK
            || type == CMARK_NODE_IMAGE || type == kinds.strikethrough || type == CMARK_NODE_FOOTNOTE_REFERENCE
        if isInline { return .inline(.text(text)) }
        return .block(.paragraph(Paragraph(inlines: [.text(text)], sourceRange: range(node))))
    }

    /// The text a subtree holds, blocks a space apart, walked without recursion.
    static func text(of node: OpaquePointer) -> String {
        guard let iterator = cmark_iter_new(node) else { return "" }
        defer { cmark_iter_free(iterator) }
        var text = ""
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let current = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_INLINE, CMARK_NODE_HTML_BLOCK:
                if let literal = cmark_node_get_literal(current) { text += String(checkedCString: literal) }
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_PARAGRAPH, CMARK_NODE_HEADING:
                if !text.isEmpty, text.last != " " { text += " " }
            default: break
            }
        }
        while text.last == " " || text.last == "\n" { text.removeLast() }
        return text
    }

    // MARK: Containers

    private mutating func build(_ frame: Frame) -> Built? {
        let node = frame.node
        switch frame.type {
        case CMARK_NODE_PARAGRAPH:
            return .block(.paragraph(Paragraph(inlines: frame.inlines, sourceRange: range(node))))
        case CMARK_NODE_HEADING:
            return .block(
                .heading(
                    Heading(
                        level: Int(cmark_node_get_heading_level(node)), inlines: frame.inlines,
                        sourceRange: range(node))))
        case CMARK_NODE_BLOCK_QUOTE:
            return .block(.blockQuote(BlockQuote(children: frame.blocks, sourceRange: range(node))))
        case CMARK_NODE_LIST:
            return .block(.list(list(node, items: frame.items)))
        case CMARK_NODE_ITEM:
            var checkbox: ListItem.Checkbox?
            if let name = cmark_node_get_type_string(node), strcmp(name, "tasklist") == 0 {
                checkbox = cmark_gfm_extensions_get_tasklist_item_checked(node) ? .checked : .unchecked
            }
            return .item(ListItem(checkbox: checkbox, children: frame.blocks, sourceRange: range(node)))
        case CMARK_NODE_EMPH: return .inline(.emphasis(frame.inlines))
        case CMARK_NODE_STRONG: return .inline(.strong(frame.inlines))
        case CMARK_NODE_LINK:
            return .inline(
                .link(
                    Link(
                        destination: string(cmark_node_get_url(node)),
                        title: string(cmark_node_get_title(node)), children: frame.inlines)))
        case CMARK_NODE_IMAGE:
            return .inline(
                .image(
                    Image(
                        source: string(cmark_node_get_url(node)),
                        title: string(cmark_node_get_title(node)), children: frame.inlines)))
        case CMARK_NODE_FOOTNOTE_REFERENCE:
            return .inline(.footnoteReference(footnoteReference(node)))
        case CMARK_NODE_FOOTNOTE_DEFINITION:
            return .block(.footnoteDefinition(footnoteDefinition(node, children: frame.blocks)))
        case kinds.strikethrough:
            return .inline(.strikethrough(frame.inlines))
        case kinds.tableCell:
            return .cell(TableCell(inlines: frame.inlines))
        case kinds.tableRow:
            return .row(TableRow(cells: frame.cells), isHeader: cmark_gfm_extensions_get_table_row_is_header(node) != 0)
        case kinds.table:
            return .block(.table(table(node, rows: frame.rows)))
        default:
            // An unknown container: keep its content rather than lose it.
            if !frame.blocks.isEmpty {
                return .block(.blockQuote(BlockQuote(children: frame.blocks, sourceRange: range(node))))
            }
            if !frame.inlines.isEmpty { return .inline(.emphasis(frame.inlines)) }
            return nil
        }
    }

    private func list(_ node: OpaquePointer, items: [ListItem]) -> ListBlock {
        let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
        let delimiter: ListBlock.Delimiter
        switch cmark_node_get_list_delim(node) {
        case CMARK_PERIOD_DELIM: delimiter = .period
        case CMARK_PAREN_DELIM: delimiter = .parenthesis
        default: delimiter = ordered ? .period : .none
        }
        return ListBlock(
            kind: ordered ? .ordered : .bullet, start: ordered ? Int(cmark_node_get_list_start(node)) : 1,
            delimiter: delimiter, isTight: cmark_node_get_list_tight(node) != 0, items: items,
            sourceRange: range(node))
    }

    private func table(_ node: OpaquePointer, rows: [TableRow]) -> Table {
        let columns = Int(cmark_gfm_extensions_get_table_columns(node))
        var alignments: [Table.Alignment] = []
        alignments.reserveCapacity(columns)
        let raw = cmark_gfm_extensions_get_table_alignments(node)
        for column in 0..<columns {
            switch raw?[column] {
            case UInt8(ascii: "l"): alignments.append(.left)
            case UInt8(ascii: "c"): alignments.append(.center)
            case UInt8(ascii: "r"): alignments.append(.right)
            default: alignments.append(.none)
            }
        }
        // cmark-gfm puts the header row first; body rows follow.
        let header = rows.first ?? TableRow(cells: [])
        return Table(alignments: alignments, header: header, rows: Array(rows.dropFirst()), sourceRange: range(node))
    }

    /// cmark-gfm replaces a reference's literal by its footnote's number once footnotes are resolved.
    /// In a piece, the number is the document's and the occurrence counts the pieces before; a
    /// reference inside a definition keeps the piece's own number, negated, until the pieces are put
    /// together (see ``PieceFootnoteAssembly``).
    private mutating func footnoteReference(_ node: OpaquePointer) -> FootnoteReference {
        var number = Int(literal(node)) ?? 0
        var earlier = 0
        if let footnoteNumbering {
            // The stand-ins' references written after the piece count for nothing.
            guard Int(cmark_node_get_start_line(node)) < footnoteNumbering.standInLine else {
                return FootnoteReference(index: 0, occurrence: 0)
            }
            if definitionsEntered { return FootnoteReference(index: -number, occurrence: 0) }
            number = footnoteNumbering.number(number)
            earlier = footnoteNumbering.earlierReferences[number] ?? 0
        }
        let occurrence = (referenceCounts[number] ?? 0) + 1
        referenceCounts[number] = occurrence
        return FootnoteReference(index: number, occurrence: earlier + occurrence)
    }

    /// Referenced definitions come last, in the order of their numbers, after every reference. In a
    /// piece, the number and the count of references are the document's, known once every piece is
    /// parsed (see ``PieceFootnoteAssembly``).
    private mutating func footnoteDefinition(_ node: OpaquePointer, children: [Block]) -> FootnoteDefinition {
        definitionsSeen += 1
        return FootnoteDefinition(
            index: definitionsSeen, referenceCount: referenceCounts[definitionsSeen] ?? 0, children: children,
            sourceRange: range(node))
    }

    /// Notes the label of a text that is a `[^label]` as a whole.
    private mutating func noteUnresolvedFootnote(_ text: String) {
        let utf8 = text.utf8
        guard utf8.count > 3, utf8.first == UInt8(ascii: "["), utf8.last == UInt8(ascii: "]") else { return }
        let bytes = Array(utf8)
        guard bytes[1] == UInt8(ascii: "^") else { return }
        unresolvedFootnotes.append(ReferenceLabel(bytes[2..<(bytes.count - 1)]))
    }

    // MARK: Helpers

    private func literal(_ node: OpaquePointer) -> String {
        string(cmark_node_get_literal(node))
    }

    private func string(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        return String(checkedCString: pointer)
    }

    private func range(_ node: OpaquePointer) -> SourceRange {
        var end = SourcePosition(line: Int(cmark_node_get_end_line(node)), column: Int(cmark_node_get_end_column(node)))
        if let closedByStandIns, end == closedByStandIns.from { end = closedByStandIns.to }
        if let closedByNextPiece, node == closedByNextPiece.fence { end = closedByNextPiece.end }
        end.line += lineOffset
        return SourceRange(
            start: SourcePosition(
                line: Int(cmark_node_get_start_line(node)) + lineOffset,
                column: Int(cmark_node_get_start_column(node))),
            end: end)
    }
}
