import TeletypeLayout
import TeletypeMarkdown

/// Renders Markdown that arrives in deltas: committed blocks are laid out once into lines that never
/// change; the open tail is laid out again on each update. The committed lines followed by the last
/// tail lines are, once finished, exactly the batch render of the whole text.
public struct MarkdownStreamRenderer: Sendable {
    /// The renderer the lines are drawn with; its width follows `resize(width:)`.
    public private(set) var renderer: TerminalRenderer
    /// The parser holding the text received, its committed blocks and its tail.
    public private(set) var parser: StreamingMarkdownParser
    /// Lines of committed blocks; they never change.
    public private(set) var committedLines: [StyledLine] = []
    /// Lines of the open tail, as of the last update.
    public var tailLines: [StyledLine] { Array(gappedTail.dropFirst(tailGap)) }
    /// The tail lines behind the blank line that separates them from committed lines, if any: kept
    /// whole so that a frame takes them without a copy, and an open listing grows them in place.
    private var gappedTail: [StyledLine] = []
    private var tailGap: Int { !committedLines.isEmpty && !gappedTail.isEmpty ? 1 : 0 }
    private var renderedBlocks = 0
    /// The state of an open listing that is the whole tail, laid out in `gappedTail`.
    private var openCode: OpenCodeLines?

    /// A stream with nothing received yet, drawn with `renderer`.
    public init(renderer: TerminalRenderer, options: MarkdownParseOptions = .init()) {
        self.renderer = renderer
        self.parser = StreamingMarkdownParser(options: options)
    }

    /// Adds received text.
    public mutating func append(_ text: String) { parser.append(text) }

    /// Adds received bytes.
    public mutating func append(utf8 bytes: [UInt8]) { parser.append(utf8: bytes) }

    /// Parses what arrived and lays out what changed. Returns the lines committed by this update
    /// (to be written once), the tail lines following them.
    @discardableResult
    public mutating func update() -> [StyledLine] {
        parser.update()
        return relayout()
    }

    /// Ends the stream; returns the last committed lines, if any (the tail holds the rest).
    @discardableResult
    public mutating func finish() -> [StyledLine] {
        parser.finish()
        return relayout()
    }

    /// Lays the open tail out again at a new width (after the terminal was resized); committed lines,
    /// already written, stay as they are.
    public mutating func resize(width: Int) {
        renderer.width = width
        openCode = nil
        _ = relayout()
    }

    /// The tail lines as they follow the committed lines: with the blank line between them.
    public func tailLinesAfter() -> [StyledLine] { gappedTail }

    /// Every line: committed, then tail.
    public var lines: [StyledLine] { committedLines + gappedTail }

    private mutating func relayout() -> [StyledLine] {
        var fresh: [StyledLine] = []
        if parser.committed.count > renderedBlocks {
            let blocks = MarkdownLayout.layout(blocks: Array(parser.committed[renderedBlocks...]))
            if !committedLines.isEmpty { fresh.append(StyledLine()) }
            fresh += renderer.lines(blocks)
            renderedBlocks = parser.committed.count
            committedLines += fresh
        }
        if let settled = parser.settledOpenCodeCount, parser.healedTail.count == 1,
            case .codeBlock(let code) = parser.healedTail[0]
        {
            layOutOpenCode(code, settled: settled)
            return fresh
        }
        openCode = nil
        var blocks: [LayoutBlock] = []
        var definitions: [Block] = []
        for block in parser.healedTail {
            if case .footnoteDefinition = block {
                definitions.append(block)
            } else {
                blocks += MarkdownLayout.layout(blocks: [block])
            }
        }
        if let notes = MarkdownLayout.footnotes(definitions) { blocks.append(notes) }
        let lines = renderer.lines(blocks)
        gappedTail = committedLines.isEmpty || lines.isEmpty ? lines : [StyledLine()] + lines
        return fresh
    }

    /// Lays out an open listing: the lines of its settled code stay from the last update, only the
    /// lines that arrived since are laid out and added. Its frame has no bottom until the closing
    /// fence comes, so a new line is just written below the last one.
    private mutating func layOutOpenCode(_ code: CodeBlock, settled: Int) {
        let gap = committedLines.isEmpty ? 0 : 1
        var cache = openCode ?? OpenCodeLines(start: code.sourceRange.start.line, gap: gap)
        if cache.start != code.sourceRange.start.line || cache.settled > settled || cache.gap != gap {
            cache = OpenCodeLines(start: code.sourceRange.start.line, gap: gap)
        }
        if openCode == nil || cache.settled == 0 {
            // Laid out anew: the gap, a place for the frame's top, no lines yet.
            gappedTail = Array(repeating: StyledLine(), count: gap + (renderer.width >= 4 ? 1 : 0))
            cache.openLines = 0
        }
        gappedTail.removeLast(cache.openLines)
        let utf8 = code.code.utf8
        let settledEnd = utf8.index(utf8.startIndex, offsetBy: settled)
        if settled > cache.settled {
            let added = renderer.codeBody(
                Self.lines(code, utf8.index(utf8.startIndex, offsetBy: cache.settled)..<settledEnd))
            gappedTail += added
            cache.widest = max(cache.widest, added.map(\.width).max() ?? 0)
            cache.settled = settled
        }
        var open = renderer.codeBody(Self.lines(code, settledEnd..<utf8.endIndex))
        if cache.settled == 0 && open.isEmpty { open = renderer.codeBody([""]) }
        gappedTail += open
        cache.openLines = open.count
        let widest = max(cache.widest, open.map(\.width).max() ?? 0)
        if let top = renderer.framedCode([], widest: widest, language: code.language.map(TerminalSafeText.sanitize))
            .first
        {
            gappedTail[gap] = top
        }
        openCode = cache
    }

    /// The lines of `code`'s text in `range` (whole lines), as the layout splits and cleans them.
    private static func lines(_ code: CodeBlock, _ range: Range<String.Index>) -> [String] {
        guard !range.isEmpty else { return [] }
        var piece = code
        piece.code = String(code.code[range])
        guard case .code(_, let lines) = MarkdownLayout.layout(blocks: [.codeBlock(piece)]).first else { return [] }
        return lines
    }
}

/// Where the lines of an open listing (the block starting at line `start`) stand in the tail: how
/// many bytes of its code are laid out for good and how wide they are, and how many lines the
/// unfinished last line took.
private struct OpenCodeLines: Sendable {
    var start: Int
    var gap: Int
    var settled = 0
    var widest = 0
    var openLines = 0
}
