import TeletypeLayout
import TeletypeMarkdown

/// Renders Markdown that arrives in deltas. Blocks committed for output are laid out once into
/// lines that never change. Held blocks (which a definition still to come may change, see
/// `StreamingMarkdownParser`) are laid out once, and again only when they change; the open tail
/// is laid out on each update. Once finished, the committed lines followed by the tail lines are
/// exactly the batch render of the whole text.
public struct MarkdownStreamRenderer: Sendable {
    /// The renderer the lines are drawn with; its width follows `resize(width:)`.
    public private(set) var renderer: TerminalRenderer
    /// The parser holding the text received, its segments and its tail.
    public private(set) var parser: StreamingMarkdownParser
    /// Whether held and open lines are laid out at every update, to be shown; without it (output
    /// into a pipe) only committed lines are, and the rest once the stream ends.
    public let showsOpenLines: Bool
    /// Lines of committed blocks; they never change.
    public private(set) var committedLines: [StyledLine] = []
    /// Lines of the open tail, as of the last update.
    public var tailLines: [StyledLine] { Array(gappedTail.dropFirst(tailGap)) }

    /// The tail lines behind the blank line that separates them from what comes before, if any:
    /// kept whole so that a frame takes them without a copy, and an open listing grows them in place.
    private var gappedTail: [StyledLine] = []
    private var tailGap: Int { hasBlocksBeforeTail && !gappedTail.isEmpty ? 1 : 0 }
    /// Segments below this index are laid out: committed, or held.
    private var nextSegment = 0
    /// How many of the parser's segments have their lines in `committedLines`.
    private var committedSegments = 0
    /// How far the parser's list of revised segments was read.
    private var revisionsRead = 0
    /// Whether a block comes before the next segment laid out (it then starts with a blank line),
    /// and before the tail.
    private var hasLaidOutBlocks = false
    private var hasBlocksBeforeTail = false
    /// Whether a committed segment had blocks.
    private var hasWrittenBlocks = false
    /// The lines of the held segments, from `heldLineStart` on, and where each segment's are.
    private var heldLines: [StyledLine] = []
    private var heldLineStart = 0
    private var held: [HeldLines] = []
    /// Entries of `held` before this one were committed.
    private var heldFirst = 0
    /// The state of an open listing that is the whole tail, laid out in `gappedTail`.
    private var openCode: OpenCodeLines?
    /// The tail's blocks as laid out in the last frame.
    private var tailCache = TailLines()

    /// A stream with nothing received yet, drawn with `renderer`. With `showsOpenLines` off, only
    /// committed lines are laid out while the text streams (and the parser does not heal the tail).
    public init(renderer: TerminalRenderer, options: MarkdownParseOptions = .init(), showsOpenLines: Bool = true) {
        self.renderer = renderer
        self.showsOpenLines = showsOpenLines
        self.parser = StreamingMarkdownParser(options: options, tracksOpenTail: showsOpenLines)
    }

    /// Adds received text.
    public mutating func append(_ text: String) { parser.append(text) }

    /// Adds received bytes.
    public mutating func append(utf8 bytes: [UInt8]) { parser.append(utf8: bytes) }

    /// Parses what arrived and lays out what changed. Returns the lines committed by this update
    /// (to be written once); ``liveLines`` follow them.
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

    /// Lays the held and open lines out again at a new width (after the terminal was resized);
    /// committed lines, already written, stay as they are.
    public mutating func resize(width: Int) {
        renderer.width = width
        openCode = nil
        tailCache = TailLines()
        nextSegment = committedSegments
        held = []
        heldFirst = 0
        heldLines = []
        heldLineStart = 0
        hasLaidOutBlocks = hasWrittenBlocks
        _ = relayout()
    }

    /// The tail lines as they follow the committed and held lines: with the blank line between them.
    public func tailLinesAfter() -> [StyledLine] { gappedTail }

    /// The lines that may still change, as they follow the committed lines: held lines, then the
    /// tail's.
    public var liveLines: LiveLines { LiveLines(held: heldLines[heldLineStart...], tail: gappedTail) }

    /// Every line: committed, then held and tail.
    public var lines: [StyledLine] { committedLines + Array(liveLines) }

    private mutating func relayout() -> [StyledLine] {
        let isDrawingOpenLines = showsOpenLines || parser.isFinished
        if parser.segments.count < nextSegment {
            // The parser replaced what it held (the final document was parsed whole).
            held = []
            heldFirst = 0
            heldLines = []
            heldLineStart = 0
            nextSegment = committedSegments
        }
        if isDrawingOpenLines { reviseHeld() }
        var fresh: [StyledLine] = []
        // Segments committed since: their lines as drawn while held, else laid out now.
        while committedSegments < parser.committedSegmentCount {
            let segment = parser.segments[committedSegments]
            committedSegments += 1
            if heldFirst < held.count, held[heldFirst].id == segment.id {
                let entry = held[heldFirst]
                fresh += heldLines[entry.lines]
                heldLineStart = entry.lines.upperBound
                heldFirst += 1
            } else {
                fresh += layOut(segment.blocks).lines
            }
            if !segment.blocks.isEmpty { hasWrittenBlocks = true }
        }
        nextSegment = max(nextSegment, committedSegments)
        committedLines += fresh
        if heldFirst == held.count, heldFirst > 0 {
            held = []
            heldFirst = 0
            heldLines = []
            heldLineStart = 0
        }
        guard isDrawingOpenLines else { return fresh }
        // Segments new since, held: laid out and added.
        while nextSegment < parser.segments.count {
            let segment = parser.segments[nextSegment]
            nextSegment += 1
            let (lines, blank) = layOut(segment.blocks)
            let start = heldLines.count
            heldLines += lines
            held.append(
                HeldLines(
                    id: segment.id, revision: segment.revision, lines: start..<heldLines.count, hasLeadingBlank: blank))
        }
        hasBlocksBeforeTail = hasLaidOutBlocks
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
        let lines = renderer.lines(blocks, reusing: &tailCache)
        gappedTail = !hasBlocksBeforeTail || lines.isEmpty ? lines : [StyledLine()] + lines
        return fresh
    }

    /// Lays out again the held segments the parser revised since the last look.
    private mutating func reviseHeld() {
        let revised = parser.revisedSegmentIDs
        guard revisionsRead < revised.count else { return }
        for id in revised[revisionsRead...] {
            guard let index = heldIndex(of: id) else { continue }
            let segment = parser.segments[id]
            guard held[index].revision != segment.revision else { continue }
            let old = held[index].lines
            var lines = held[index].hasLeadingBlank ? [StyledLine()] : []
            lines += renderer.lines(MarkdownLayout.layout(blocks: segment.blocks))
            heldLines.replaceSubrange(old, with: lines)
            held[index].lines = old.lowerBound..<(old.lowerBound + lines.count)
            held[index].revision = segment.revision
            let delta = lines.count - old.count
            if delta != 0 {
                for later in (index + 1)..<held.count {
                    held[later].lines = (held[later].lines.lowerBound + delta)..<(held[later].lines.upperBound + delta)
                }
            }
        }
        revisionsRead = revised.count
    }

    /// The index in `held` of the segment `id`, found by halving (ids grow along the list).
    private func heldIndex(of id: Int) -> Int? {
        var low = heldFirst
        var high = held.count
        while low < high {
            let middle = (low + high) / 2
            if held[middle].id < id { low = middle + 1 } else { high = middle }
        }
        return low < held.count && held[low].id == id ? low : nil
    }

    /// The lines of a segment's blocks, behind a blank line when blocks came before, and whether
    /// they have that blank line.
    private mutating func layOut(_ blocks: [Block]) -> (lines: [StyledLine], blank: Bool) {
        guard !blocks.isEmpty else { return ([], false) }
        let blank = hasLaidOutBlocks
        var lines: [StyledLine] = blank ? [StyledLine()] : []
        lines += renderer.lines(MarkdownLayout.layout(blocks: blocks))
        hasLaidOutBlocks = true
        return (lines, blank)
    }

    /// Lays out an open listing: the lines of its settled code stay from the last update, only the
    /// lines that arrived since are laid out and added. Its frame has no bottom until the closing
    /// fence comes, so a new line is just written below the last one.
    private mutating func layOutOpenCode(_ code: CodeBlock, settled: Int) {
        let gap = hasBlocksBeforeTail ? 1 : 0
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
        let language = code.language.map(TerminalSafeText.sanitize)
        if settled > cache.settled {
            // Settled lines are lexed once, from the state the lines before them left.
            let added = renderer.codeBody(
                Self.lines(code, utf8.index(utf8.startIndex, offsetBy: cache.settled)..<settledEnd),
                language: language, state: &cache.lexerState)
            gappedTail += added
            cache.widest = max(cache.widest, added.map(\.width).max() ?? 0)
            cache.settled = settled
        }
        var openState = cache.lexerState
        var open = renderer.codeBody(
            Self.lines(code, settledEnd..<utf8.endIndex), language: language, state: &openState)
        if cache.settled == 0 && open.isEmpty { open = renderer.codeBody([""], state: &openState) }
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

/// The lines of a stream that may still change: held lines, then the open tail's. A view, so that
/// a frame does not copy lines that scrolled off long ago.
public struct LiveLines: RandomAccessCollection, Sendable {
    let held: ArraySlice<StyledLine>
    let tail: [StyledLine]

    /// The first line's position: 0.
    public var startIndex: Int { 0 }
    /// The position after the last line.
    public var endIndex: Int { held.count + tail.count }

    /// The line at `position`.
    public subscript(position: Int) -> StyledLine {
        position < held.count ? held[held.startIndex + position] : tail[position - held.count]
    }
}

/// Where a held segment's lines are among the held lines, and whether they start with a blank line.
private struct HeldLines: Sendable {
    var id: Int
    var revision: Int
    var lines: Range<Int>
    var hasLeadingBlank: Bool
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
    /// Where highlighting stands after the settled lines.
    var lexerState = CodeLexerState()
}
