/// Where a math marker landed outside math: the top-level blocks in which the math scan took code,
/// raw HTML or a link for text (an indented code block holding `$PATH:$HOME`, a code span over
/// two lines, an HTML comment). Those blocks alone are parsed again as written, with the rest of
/// the document keeping its math: the decision belongs to a block, so a document parsed whole,
/// in pieces, or streamed a block at a time reads the same math.
final class StrayMath: @unchecked Sendable {
    private let lock = ThreadLock()
    private var lines: [ClosedRange<Int>] = []

    /// Notes the top-level blocks of `blocks` (the blocks of the lines up to `lastLine`) that hold
    /// a marker outside math; whether there was one. A block's lines run to the line before the
    /// next block: cmark-gfm ends some blocks' ranges early (a raw HTML block's by a line).
    func record(_ blocks: [Block], through lastLine: Int) -> Bool {
        guard blocks.contains(where: { MathSpans.hasStrayMarker([$0]) }) else { return false }
        // Footnote definitions come last in the tree, wherever they stood.
        let ordered = blocks.sorted { $0.sourceRange.start.line < $1.sourceRange.start.line }
        var found: [ClosedRange<Int>] = []
        for (index, block) in ordered.enumerated() where MathSpans.hasStrayMarker([block]) {
            let start = block.sourceRange.start.line
            let end = index + 1 < ordered.count ? ordered[index + 1].sourceRange.start.line - 1 : lastLine
            found.append(start...max(start, end, block.sourceRange.end.line))
        }
        lock.withLock { lines += found }
        return true
    }

    /// Forgets what was noted (the blocks it was noted in were not the document's).
    func forget() { lock.withLock { lines.removeAll() } }

    /// Whether any block held a stray marker.
    var found: Bool { lock.withLock { !lines.isEmpty } }

    /// The lines noted so far and `earlier`, in order, overlapping ranges merged.
    func merged(with earlier: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
        let all = (lock.withLock { lines } + earlier).sorted { $0.lowerBound < $1.lowerBound }
        var result: [ClosedRange<Int>] = []
        for range in all {
            if let last = result.last, range.lowerBound <= last.upperBound + 1 {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }

    /// The byte ranges of `lines` (1-based, in order, apart) in `bytes`, lines ended as cmark-gfm
    /// ends them: a line feed, a carriage return and line feed, or a carriage return alone.
    static func byteRanges(of lines: [ClosedRange<Int>], in bytes: UnsafeRawBufferPointer) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var line = 1
        var offset = 0
        var rangeStart: Int?
        var index = 0
        while index < lines.count, offset < bytes.count {
            let end = cmarkLineEnd(bytes, from: offset)
            if line == lines[index].lowerBound { rangeStart = offset }
            if line == lines[index].upperBound, let from = rangeStart {
                result.append(from..<end)
                rangeStart = nil
                index += 1
            }
            offset = end
            line += 1
        }
        if let rangeStart { result.append(rangeStart..<bytes.count) }
        return result
    }

    /// The end of the line that starts at `start`, past its ending, as cmark-gfm reads line endings.
    static func cmarkLineEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        let n = bytes.count
        // Most lines hold no carriage return: find the line feed first.
        let feed = ByteScan.firstIndex(of: 0x0A, in: bytes, from: start) ?? n
        if let carriage = ByteScan.firstIndex(of: 0x0D, in: UnsafeRawBufferPointer(rebasing: bytes[start..<feed])) {
            let at = start + carriage
            return at + 1 < n && bytes[at + 1] == 0x0A ? at + 2 : at + 1
        }
        return feed < n ? feed + 1 : n
    }
}
