import TeletypeLayout
import TeletypeMarkdown

/// Renders laid-out blocks for a terminal of a given width: a pure function of the blocks, the
/// width, the terminal's capabilities and the theme. With ``TerminalCapabilities/plain`` the output
/// is plain text without a single escape sequence.
public struct TerminalRenderer: Sendable {
    /// The width to fit, in terminal cells.
    public var width: Int
    /// What the terminal can show.
    public var capabilities: TerminalCapabilities
    /// The styles to draw with.
    public var theme: Theme
    /// The absolute path of the document being drawn, when it is a file: its relative links (and
    /// fragments) become `file://` hyperlinks to what they name beside it, where hyperlinks are on.
    /// Nil (the default, and for text from standard input) leaves them as text and their target.
    public var documentPath: String?

    /// Creates a renderer.
    public init(width: Int = 80, capabilities: TerminalCapabilities = .plain, theme: Theme = .dark) {
        self.width = width
        self.capabilities = capabilities
        self.theme = theme
    }

    /// Renders blocks as text, one line per output line, each ending in a newline.
    public func render(_ blocks: [LayoutBlock]) -> String {
        // Top-level blocks render independently, a blank line apart: a large document is shared
        // among the cores, each writing its own range of blocks.
        let ranges = ParallelWork.ranges(blocks.count, minimum: 128)
        let renderer = self
        let parts = ParallelWork.map(ranges.count) { index -> [UInt8] in
            ANSIWriter.bytes(renderer.lines(Array(blocks[ranges[index]])), capabilities: renderer.capabilities)
        }
        return ANSIWriter.joined(parts)
    }

    /// Renders a parsed Markdown document.
    public func render(_ document: MarkdownDocument) -> String {
        render(MarkdownLayout.layout(document))
    }

    /// Parses and renders Markdown text. A large document is laid out and rendered piece by piece
    /// while later pieces are still being parsed.
    public func render(markdown: String) -> String {
        ANSIWriter.joined(parts(MarkdownParser().parse(markdown, processingPieces: pieceRenderer)))
    }

    /// Parses and renders Markdown given as UTF-8 bytes; invalid UTF-8 is shown as U+FFFD.
    public func render(markdownUTF8 bytes: UnsafeRawBufferPointer) -> String {
        ANSIWriter.joined(parts(MarkdownParser().parse(utf8: bytes, processingPieces: pieceRenderer)))
    }

    /// Parses and renders Markdown given as UTF-8 bytes, handing the output to `write` in order, piece
    /// by piece, without gathering it in one string.
    public func render(markdownUTF8 bytes: UnsafeRawBufferPointer, to write: ([UInt8]) -> Void) {
        for (index, part) in parts(MarkdownParser().parse(utf8: bytes, processingPieces: pieceRenderer)).enumerated() {
            if index > 0 { write([0x0A]) }
            write(part)
        }
    }

    /// Renders one piece of a document, on the piece's thread: block by block, each laid out, drawn
    /// and written before the next, so that little is alive at once. The bytes are those of
    /// ``lines(_:)`` of the piece's layout, written out.
    private var pieceRenderer: @Sendable ([Block]) -> [UInt8] {
        let renderer = self
        return { blocks in
            let context = renderer.context
            let width = max(renderer.width, 1)
            var writer = LineWriter(capabilities: renderer.capabilities)
            for (offset, block) in blocks.enumerated() {
                if offset > 0 { writer.bytes.append(0x0A) }
                let layout = MarkdownLayout.layout(block, depth: 0)
                // A paragraph's and a code block's lines are written as they are made.
                switch layout {
                case .paragraph(let spans):
                    context.wrap(spans, width: width, base: renderer.theme.text, writingTo: &writer)
                    continue
                case .code(let language, let lines):
                    context.writeCode(language: language, lines, width: width, base: renderer.theme.text, to: &writer)
                    continue
                default: break
                }
                for line in context.block(layout, width: width, indent: 0, base: renderer.theme.text) {
                    writer.write(line)
                }
            }
            TreeLifetime.done(with: blocks)
            return writer.bytes
        }
    }

    /// The rendered pieces that show something, then the footnotes.
    private func parts(_ pieces: ProcessedPieces<[UInt8]>) -> [[UInt8]] {
        var parts = pieces.parts.filter { !$0.isEmpty }
        if let notes = MarkdownLayout.footnotes(pieces.footnotes) {
            parts.append(ANSIWriter.bytes(lines([notes]), capabilities: capabilities))
        }
        return parts
    }

    /// The styled lines of `blocks`, before they are written out.
    public func lines(_ blocks: [LayoutBlock]) -> [StyledLine] {
        context.blocks(blocks, width: max(width, 1), indent: 0, base: theme.text, tight: false)
    }

    /// ``lines(_:)`` for the open tail of a stream, drawn again on every frame: blocks laid out the
    /// same in the last frame keep their lines, and so do the items of a list at the end.
    public func lines(_ blocks: [LayoutBlock], reusing cache: inout TailLines) -> [StyledLine] {
        let width = max(width, 1)
        if cache.width != width { cache = TailLines() }
        cache.width = width
        var out: [StyledLine] = []
        for (offset, block) in blocks.enumerated() {
            if offset > 0 { out.append(StyledLine()) }
            if offset < cache.blocks.count, cache.blocks[offset].block == block {
                out += cache.blocks[offset].lines
                continue
            }
            let lines: [StyledLine]
            if case .list(let list) = block, offset == blocks.count - 1 {
                lines = context.list(list, width: width, indent: 0, base: theme.text, reusing: &cache.listItems)
            } else {
                lines = context.block(block, width: width, indent: 0, base: theme.text)
            }
            if offset < cache.blocks.count {
                cache.blocks[offset] = (block, lines)
            } else {
                cache.blocks.append((block, lines))
            }
            out += lines
        }
        if cache.blocks.count > blocks.count { cache.blocks.removeLast(cache.blocks.count - blocks.count) }
        return out
    }

    private var context: BlockContext {
        BlockContext(
            theme: theme, capabilities: capabilities, glyphs: capabilities.unicode ? .unicode : .ascii,
            documentPath: documentPath)
    }

    /// Lines of a top-level code block's code, without its frame (to be framed by
    /// ``framedCode(_:widest:language:)``): a stream lays out the lines of a long open listing once.
    func codeBody(_ lines: [String], language: String? = nil, state: inout CodeLexerState) -> [StyledLine] {
        context.codeBody(lines, language: language, state: &state, width: max(width, 1), indent: 0, base: theme.text)
    }

    /// Code lines in the frame of a top-level code block: with `codeBody`, the same lines as
    /// ``lines(_:)`` gives for the block.
    func framedCode(_ body: [StyledLine], widest: Int, language: String?) -> [StyledLine] {
        context.framed(code: body, widest: widest, language: language, width: max(width, 1), base: theme.text)
    }
}
