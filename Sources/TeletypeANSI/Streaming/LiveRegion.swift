import TeletypeLayout

/// Draws the bottom of a terminal as a live region: lines that can no longer change are written
/// once, into the scrollback; the open lines are redrawn in place, rewriting only the lines that
/// changed (each overwritten before what is left of it is erased), in one synchronized frame.
public struct LiveRegion: Sendable {
    /// What the terminal understands: colours, synchronized output.
    public let capabilities: TerminalCapabilities
    /// The terminal's height: the live region keeps to one line less, so it never scrolls off.
    public var height: Int
    /// The lines drawn in the live region, as written.
    private var shown: [[UInt8]] = []

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
        hidden = 0
        self.height = max(height, 2)
        return out
    }

    /// How many leading lines of the open content have already scrolled off the screen: they are
    /// never redrawn.
    private var hidden = 0

    /// A frame: `committed` lines are written for good, then `live` replaces the live region.
    public mutating func frame(committed: [StyledLine], live: [StyledLine]) -> [UInt8] {
        var content: [[UInt8]] = []
        content.reserveCapacity(committed.count + live.count)
        for line in committed + live {
            var bytes: [UInt8] = []
            ANSIWriter.write(line, capabilities: capabilities, into: &bytes)
            bytes.removeLast()  // the frame writes the line endings
            content.append(bytes)
        }
        let skip = min(hidden, content.count)
        let visible = content[skip...]
        let room = height - 1
        var out: [UInt8] = Array("\u{1B}[?2026h".utf8)
        if !shown.isEmpty { out += Array("\u{1B}[\(shown.count)F".utf8) }
        for (offset, line) in visible.enumerated() {
            if offset < shown.count && shown[offset] == line {
                out += Array("\u{1B}[1E".utf8)
            } else {
                out.append(0x0D)
                out += line
                out += Array("\u{1B}[K\r\n".utf8)
            }
        }
        if visible.count < shown.count { out += Array("\u{1B}[J".utf8) }
        out += Array("\u{1B}[?2026l".utf8)
        // From now on only the live lines are redrawn: committed ones are final, and live lines that
        // no longer fit above the cursor stay where they scrolled.
        shown = Array(content[max(committed.count, skip)...].suffix(room))
        hidden = live.count - shown.count
        return out
    }
}
