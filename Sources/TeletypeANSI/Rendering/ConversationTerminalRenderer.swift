import TeletypeLayout
import TeletypeMarkdown

/// Draws conversation rows for a terminal: the user's bubbles at the trailing edge, reasoning and
/// tool calls as compact lines, cards for approvals and attachments, actions under replies. A pure
/// function of the rows, the width, the terminal's capabilities and the appearance; every line fits
/// the width.
public struct ConversationTerminalRenderer: Sendable {
    /// How many cells wide every line is at most.
    public var width: Int
    /// What the terminal shows: colours, hyperlinks, images, or plain text.
    public var capabilities: TerminalCapabilities
    /// The theme, styles, icons and words.
    public var appearance: AIAppearance

    /// Makes a renderer for a terminal `width` cells wide; plain text in the dark theme by default.
    public init(width: Int = 80, capabilities: TerminalCapabilities = .plain, appearance: AIAppearance = .dark) {
        self.width = width
        self.capabilities = capabilities
        self.appearance = appearance
    }

    /// The rows as text, a blank line apart.
    public func render(_ rows: [ConversationRow]) -> String {
        // Rows draw independently: a long conversation is shared among the cores.
        let ranges = ParallelWork.ranges(rows.count, minimum: 64)
        let renderer = self
        let parts = ParallelWork.map(ranges.count) { part in
            ANSIWriter.bytes(renderer.lines(Array(rows[ranges[part]])), capabilities: renderer.capabilities)
        }
        return ANSIWriter.joined(parts)
    }

    /// The styled lines of `rows`.
    public func lines(_ rows: [ConversationRow]) -> [StyledLine] {
        var out: [StyledLine] = []
        for (index, row) in rows.enumerated() {
            if index > 0 { out.append(StyledLine()) }
            out += lines(row)
        }
        return out
    }

    /// The styled lines of one row.
    public func lines(_ row: ConversationRow) -> [StyledLine] { draw(row, reusing: nil).lines }

    /// Draws `row`, taking the lines of blocks that did not change from `previous` (the same row as
    /// drawn before): a reply being written keeps the lines of its settled Markdown blocks.
    func draw(_ row: ConversationRow, reusing previous: DrawnRow?) -> DrawnRow {
        let drawing = ConversationDrawing(
            context: BlockContext(
                theme: appearance.theme, capabilities: capabilities,
                glyphs: capabilities.unicode ? .unicode : .ascii, alertTitles: appearance.alertTitles),
            appearance: capabilities.unicode ? appearance : appearance.withASCIIIcons(), width: max(width, 1))
        var drawn = DrawnRow()
        var previousWasCompact: Bool?
        for (index, block) in row.blocks.enumerated() {
            let compact = ConversationDrawing.isCompact(block)
            if let previous = previousWasCompact, !(previous && compact) { drawn.lines.append(StyledLine()) }
            let before = previous.flatMap { index < $0.blocks.count ? $0.blocks[index] : nil }
            let part: DrawnBlock
            if let before, before.block == block {
                part = before
            } else if case .markdown(let document) = block {
                part = drawing.markdown(document, reusing: before?.markdown ?? [], counting: &drawn.markdownBlocksDrawn)
            } else {
                part = DrawnBlock(block: block, lines: drawing.lines(block))
            }
            drawn.lines += part.lines
            drawn.blocks.append(part)
            previousWasCompact = compact
        }
        return drawn
    }
}

/// A row as drawn: its lines, and each block's own, to be reused when the row is drawn again.
struct DrawnRow: Sendable {
    var lines: [StyledLine] = []
    var blocks: [DrawnBlock] = []
    /// How many top-level Markdown blocks were drawn (not reused) for this row.
    var markdownBlocksDrawn = 0
}

/// A block as drawn; for Markdown, also the lines of each top-level block.
struct DrawnBlock: Sendable {
    var block: ConversationBlock
    var lines: [StyledLine]
    var markdown: [(block: Block, lines: [StyledLine])] = []
}

extension ConversationDrawing {
    /// A Markdown answer's lines, as ``lines(_:)`` draws them, with the lines of each top-level block
    /// equal to the one at its place in `previous` reused.
    func markdown(
        _ document: MarkdownDocument, reusing previous: [(block: Block, lines: [StyledLine])], counting drawn: inout Int
    )
        -> DrawnBlock
    {
        var parts: [(block: Block, lines: [StyledLine])] = []
        var definitions: [Block] = []
        var lines: [StyledLine] = []
        for block in document.blocks {
            if case .footnoteDefinition = block {
                definitions.append(block)
                continue
            }
            let index = parts.count
            let blockLines: [StyledLine]
            if index < previous.count, previous[index].block == block {
                blockLines = previous[index].lines
            } else {
                blockLines = context.blocks(
                    MarkdownLayout.layout(blocks: [block]), width: width, indent: 0, base: context.theme.text,
                    tight: false)
                drawn += 1
            }
            if index > 0 { lines.append(StyledLine()) }
            lines += blockLines
            parts.append((block, blockLines))
        }
        if let notes = MarkdownLayout.footnotes(definitions) {
            if !parts.isEmpty { lines.append(StyledLine()) }
            lines += context.blocks([notes], width: width, indent: 0, base: context.theme.text, tight: false)
        }
        return DrawnBlock(block: .markdown(document), lines: lines, markdown: parts)
    }
}

extension AIAppearance {
    /// The same appearance with ASCII icons, for terminals without Unicode.
    func withASCIIIcons() -> AIAppearance {
        var copy = self
        copy.icons = .ascii
        return copy
    }
}
