import TeletypeLayout

/// Draws the bottom of a terminal as a live region: lines that can no longer change are written
/// once, into the scrollback; the open lines are redrawn in place, rewriting only the lines that
/// changed (each overwritten before what is left of it is erased, or, when text was only added at
/// its end, just that text written after it), in one synchronized frame.
///
/// Open lines never reach the scrollback: when there are more of them than the screen holds, the
/// region shows the last ones (deleting lines at its top to move them up, which no terminal keeps),
/// and the others are written when they are committed. So the scrollback only ever holds final
/// lines, in order, each once.
public struct LiveRegion: Sendable {
    /// What the terminal understands: colours, synchronized output.
    public let capabilities: TerminalCapabilities
    /// The terminal's height: the live region keeps to one line less, so it never scrolls off.
    public var height: Int
    /// The lines drawn in the live region, as written.
    private var shown: [[UInt8]] = []
    /// The lines drawn in the live region, as laid out (to tell text added at the end of a line).
    private var shownLines: [StyledLine] = []
    /// How many leading open lines of the last frame were not drawn (the region shows the rest).
    public private(set) var clipped = 0

    /// A live region for a terminal `height` rows tall, nothing drawn yet.
    public init(capabilities: TerminalCapabilities, height: Int) {
        self.capabilities = capabilities
        self.height = max(height, 2)
    }

    /// The escape sequences that start a live session (hide the cursor).
    public static let begin: [UInt8] = Array("\u{1B}[?25l".utf8)
    /// The escape sequences that end it (show the cursor again).
    public static let end: [UInt8] = Array("\u{1B}[?25h".utf8)

    /// Forgets the live region after a resize: the frame returned erases it, and the next frame draws
    /// the open lines anew at the new size.
    public mutating func reset(height: Int) -> [UInt8] {
        var out: [UInt8] = []
        if !shown.isEmpty { out += Array("\u{1B}[\(shown.count)F".utf8) }
        out += Array("\u{1B}[J".utf8)
        shown = []
        shownLines = []
        clipped = 0
        self.height = max(height, 2)
        return out
    }

    /// A frame: `committed` lines are written for good, then `live` replaces the live region.
    public mutating func frame(committed: [StyledLine], live: [StyledLine]) -> [UInt8] {
        frame(committed: committed, live: live[...])
    }

    /// A frame: `committed` lines are written for good, then `live` (a view of them, say
    /// ``MarkdownStreamRenderer/liveLines``) replaces the live region; only its last lines, those the
    /// screen holds, are read.
    public mutating func frame<Live: RandomAccessCollection<StyledLine>>(
        committed: [StyledLine], live: Live
    ) -> [UInt8] where Live.Index == Int {
        let limit = height - 1
        let visible = min(live.count, limit)
        let clippedNow = live.count - visible
        // What is written from the top of the region: every committed line, then the open lines
        // the screen holds.
        var lines = committed
        lines.reserveCapacity(committed.count + visible)
        for index in (live.startIndex + clippedNow)..<live.endIndex { lines.append(live[index]) }
        var content: [[UInt8]] = []
        content.reserveCapacity(lines.count)
        // A line drawn the same in the last frame keeps its bytes (the region moves up by `shift`).
        let shift = committed.isEmpty && clippedNow > clipped ? clippedNow - clipped : 0
        for (index, line) in lines.enumerated() {
            let old = index + shift
            if old < shownLines.count, shownLines[old] == line {
                content.append(shown[old])
                continue
            }
            var bytes: [UInt8] = []
            ANSIWriter.write(line, capabilities: capabilities, into: &bytes)
            bytes.removeLast()  // the frame writes the line endings
            content.append(bytes)
        }
        var out: [UInt8] = []
        if clipped > 0 && (!committed.isEmpty || clippedNow < clipped || clippedNow - clipped >= shown.count) {
            // Lines never drawn are committed now, or the open lines moved too far: drawn anew.
            out += Array("\u{1B}[?2026h".utf8)
            if !shown.isEmpty { out += Array("\u{1B}[\(shown.count)F".utf8) }
            out += Array("\u{1B}[J".utf8)
            for bytes in content {
                out += bytes
                out += Array("\r\n".utf8)
            }
            out += Array("\u{1B}[?2026l".utf8)
        } else {
            var old = shown
            var oldLines = shownLines
            var atTop = false
            if committed.isEmpty && clippedNow > clipped {
                // The open lines grew past the screen: the region moves up by deleting lines at its
                // top (which reach no scrollback), and the new lines come in below.
                let moved = clippedNow - clipped
                out += Array("\u{1B}[?2026h".utf8)
                out += Array("\u{1B}[\(shown.count)F\u{1B}[\(moved)M".utf8)
                old = Array(old.dropFirst(moved))
                oldLines = Array(oldLines.dropFirst(moved))
                atTop = true
            }
            out += diff(content, lines: lines, old: old, oldLines: oldLines, atTop: atTop)
            if atTop { out += Array("\u{1B}[?2026l".utf8) }
        }
        shown = Array(content.suffix(visible))
        shownLines = Array(lines.suffix(visible))
        clipped = clippedNow
        return out
    }

    /// Rewrites, from the top of the region, the lines of `content` that differ from `old` (what the
    /// region shows); the cursor starts after the region, or at its top when `atTop`, and ends
    /// after the last line.
    private func diff(
        _ content: [[UInt8]], lines: [StyledLine], old shown: [[UInt8]], oldLines shownLines: [StyledLine],
        atTop: Bool
    ) -> [UInt8] {
        var lead = 0
        while lead < content.count, lead < shown.count, shown[lead] == content[lead] { lead += 1 }
        var out: [UInt8] = []
        guard lead < content.count || content.count < shown.count else {
            if atTop, !shown.isEmpty { out += Array("\u{1B}[\(shown.count)E".utf8) }
            return out
        }
        if !atTop { out += Array("\u{1B}[?2026h".utf8) }
        // Up to the first line that changed; the ones above it stay as they are.
        if atTop {
            if lead > 0 { out += Array("\u{1B}[\(lead)E".utf8) }
        } else if shown.count > lead {
            out += Array("\u{1B}[\(shown.count - lead)F".utf8)
        }
        var unchanged = 0
        for offset in lead..<content.count {
            let bytes = content[offset]
            if offset < shown.count && shown[offset] == bytes {
                unchanged += 1
                continue
            }
            if unchanged > 0 {
                out += Array("\u{1B}[\(unchanged)E".utf8)
                unchanged = 0
            }
            let new = lines[offset]
            let old = offset < shown.count ? shownLines[offset] : nil
            // A tab moves over cells without writing them: a line with one is erased before it is
            // written, or what was under the tab would still show.
            let hasTab = bytes.contains(0x09)
            if let old, !hasTab, let change = Self.change(from: old, to: new) {
                // Only the end of the line changed: it is rewritten from the first cell that differs.
                out += Array("\u{1B}[\(change.column + 1)G".utf8)
                ANSIWriter.write(change.rest, capabilities: capabilities, into: &out)
                out.removeLast()
                if change.erase { out += Array("\u{1B}[K".utf8) }
                out += Array("\r\n".utf8)
            } else {
                out.append(0x0D)
                if hasTab && old != nil { out += Array("\u{1B}[2K".utf8) }
                out += bytes
                // What is left of a longer line is erased after it is overwritten; never after a line
                // that fills the width, where terminals would erase its last cell.
                if let old, !hasTab, new.width < old.width { out += Array("\u{1B}[K".utf8) }
                out += Array("\r\n".utf8)
            }
        }
        if unchanged > 0 { out += Array("\u{1B}[\(unchanged)E".utf8) }
        if content.count < shown.count { out += Array("\u{1B}[J".utf8) }
        if !atTop { out += Array("\u{1B}[?2026l".utf8) }
        return out
    }

    /// Where `new` starts to differ from `old` when they share a beginning: the column of the first
    /// cell that differs, what `new` has from there, and whether what is left of `old` beyond it
    /// must be erased. Nil when they differ from the first cell.
    static func change(from old: StyledLine, to new: StyledLine) -> (column: Int, rest: StyledLine, erase: Bool)? {
        var column = 0
        var index = 0
        var shared: String.Index?
        let (oldSegments, newSegments) = (old.segments, new.segments)
        // Whole segments in common.
        while index < oldSegments.count, index < newSegments.count, oldSegments[index] == newSegments[index] {
            column += CellWidth.of(oldSegments[index].text)
            index += 1
        }
        // Characters in common at the start of the first segment that differs.
        if index < oldSegments.count, index < newSegments.count {
            let before = oldSegments[index]
            let after = newSegments[index]
            if before.style == after.style, before.hyperlink == after.hyperlink {
                var oldCursor = before.text.startIndex
                var newCursor = after.text.startIndex
                while oldCursor < before.text.endIndex, newCursor < after.text.endIndex,
                    before.text[oldCursor] == after.text[newCursor]
                {
                    before.text.formIndex(after: &oldCursor)
                    after.text.formIndex(after: &newCursor)
                }
                if newCursor > after.text.startIndex {
                    column += CellWidth.of(String(after.text[..<newCursor]))
                    shared = newCursor
                }
            }
        }
        guard column > 0 else { return nil }
        var rest = StyledLine()
        if index < newSegments.count {
            let first = newSegments[index]
            let text = first.text[(shared ?? first.text.startIndex)...]
            if !text.isEmpty { rest.append(String(text), style: first.style, hyperlink: first.hyperlink) }
            for segment in newSegments[(index + 1)...] {
                rest.append(segment.text, style: segment.style, hyperlink: segment.hyperlink)
            }
        }
        return (column, rest, erase: column + rest.width < old.width)
    }
}
