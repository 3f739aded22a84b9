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
    public private(set) var tailLines: [StyledLine] = []
    private var renderedBlocks = 0

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
        _ = relayout()
    }

    /// The tail lines as they follow the committed lines: with the blank line between them.
    public func tailLinesAfter() -> [StyledLine] {
        guard !tailLines.isEmpty else { return [] }
        return committedLines.isEmpty ? tailLines : [StyledLine()] + tailLines
    }

    /// Every line: committed, then tail.
    public var lines: [StyledLine] {
        committedLines + (committedLines.isEmpty || tailLines.isEmpty ? [] : [StyledLine()]) + tailLines
    }

    private mutating func relayout() -> [StyledLine] {
        var fresh: [StyledLine] = []
        if parser.committed.count > renderedBlocks {
            let blocks = MarkdownLayout.layout(blocks: Array(parser.committed[renderedBlocks...]))
            if !committedLines.isEmpty { fresh.append(StyledLine()) }
            fresh += renderer.lines(blocks)
            renderedBlocks = parser.committed.count
            committedLines += fresh
        }
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
        tailLines = renderer.lines(blocks)
        return fresh
    }
}
