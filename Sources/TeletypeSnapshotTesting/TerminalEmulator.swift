import TeletypeANSI

/// A small terminal: feed it what a program wrote, read what the screen and its scrollback show.
/// It understands every sequence Teletype writes — SGR (kept out of the text), cursor moves, erasing,
/// inserting and deleting lines,
/// synchronized output, hidden cursor, OSC 8 hyperlinks — with wide characters taking two cells,
/// automatic wrapping at the last column, and a line feed that also returns the carriage (as a tty's
/// `onlcr` makes it).
public struct TerminalEmulator: Sendable {
    /// The screen's size in cells.
    public let width: Int
    /// How many rows the screen has.
    public let height: Int
    /// Lines that scrolled off the top, oldest first.
    public private(set) var scrollback: [String] = []
    private var grid: [[String]]
    private var row = 0
    private var column = 0
    /// The cursor sits past the last column: the next character wraps first.
    private var pendingWrap = false
    private var pending: [UInt8] = []
    /// Where the last character written starts, while nothing else happened since: a scalar that
    /// joins its grapheme cluster (a combining mark, a selector, a joiner, a spacing mark) joins it
    /// there, as terminals that cluster graphemes do.
    private var lastCluster: (row: Int, column: Int)?

    /// An empty screen of `width` × `height` cells.
    public init(width: Int, height: Int) {
        self.width = max(width, 1)
        self.height = max(height, 1)
        grid = Array(repeating: Array(repeating: " ", count: max(width, 1)), count: max(height, 1))
    }

    /// The screen's lines, trailing spaces removed.
    public var screen: [String] { grid.map(Self.trimmed) }

    /// The scrollback then the screen, trailing spaces removed and trailing blank lines dropped.
    public var text: String {
        var lines = scrollback + screen
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }

    /// Feeds output; a UTF-8 sequence or escape sequence split across calls waits for its end.
    public mutating func feed(_ bytes: some Sequence<UInt8>) {
        pending += bytes
        var index = 0
        while index < pending.count {
            guard let consumed = step(at: index) else { break }
            index += consumed
        }
        pending.removeFirst(index)
    }

    /// Feeds output written as text.
    public mutating func feed(_ text: String) { feed(Array(text.utf8)) }

    private static func trimmed(_ cells: [String]) -> String {
        var line = cells.joined()
        while line.last == " " { line.removeLast() }
        return line
    }

    /// Handles what starts at `index`; returns how many bytes it took, or nil when it is incomplete.
    private mutating func step(at index: Int) -> Int? {
        let byte = pending[index]
        if byte < 0x20 || byte == 0x7F { lastCluster = nil }
        switch byte {
        case 0x1B: return escape(at: index)
        case 0x0A, 0x0B, 0x0C:
            lineFeed()
            column = 0
            pendingWrap = false
            return 1
        case 0x0D:
            column = 0
            pendingWrap = false
            return 1
        case 0x08:
            column = max(0, column - 1)
            pendingWrap = false
            return 1
        case 0x09:
            let next = min(width - 1, (column / 8 + 1) * 8)
            column = next
            return 1
        case 0x00..<0x20, 0x7F: return 1
        default:
            // A whole character: its UTF-8 sequence, then any combining marks after it.
            // A byte that cannot start one, or a sequence cut short, shows as U+FFFD and takes one byte.
            let length =
                byte >= 0xF8 || (0x80..<0xC2).contains(byte)
                ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
            let available = min(length, pending.count - index)
            let continues = pending[index + 1..<index + available].allSatisfy { $0 & 0xC0 == 0x80 }
            guard continues else {
                put("\u{FFFD}")
                return 1
            }
            guard available == length else { return nil }
            let text = String(decoding: pending[index..<index + length], as: UTF8.self)
            guard text.unicodeScalars.count == 1 else {
                put("\u{FFFD}")
                return 1
            }
            put(text)
            return length
        }
    }

    private mutating func put(_ text: String) {
        if CellWidth.clustering == .graphemes, let last = lastCluster, last.row == row {
            let joined = grid[row][last.column] + text
            if joined.count == 1, let character = joined.first {
                // The scalar joins the cluster before it, which may grow from one cell to two.
                let before = CellWidth.of(grid[row][last.column])
                grid[row][last.column] = joined
                // A cluster widened at the screen's edge keeps its one cell, as terminals draw it
                // clipped (the text keeps the joining scalar).
                if before == 1, CellWidth.of(character) == 2, last.column + 1 < width {
                    eraseWideCharacter(at: last.column + 1)
                    grid[row][last.column + 1] = ""
                    column = last.column + 2
                    pendingWrap = false
                    if column >= width {
                        column = width - 1
                        pendingWrap = true
                    }
                }
                return
            }
        }
        let cells = CellWidth.of(text)
        if cells == 0 {
            // A combining mark or joiner: it joins the character before it.
            let target = max(0, column - 1)
            grid[row][target] += text
            return
        }
        // A character wider than the whole screen cannot show (a wide one on a 1-column screen).
        if cells > width { return }
        if pendingWrap || column + cells > width {
            lineFeed()
            column = 0
            pendingWrap = false
        }
        // Writing over half of a wide character erases the whole of it, as terminals do.
        for covered in column..<min(width, column + cells) { eraseWideCharacter(at: covered) }
        grid[row][column] = text
        lastCluster = (row, column)
        if cells == 2, column + 1 < width { grid[row][column + 1] = "" }
        column += cells
        if column >= width {
            column = width - 1
            pendingWrap = true
        }
    }

    /// Blanks `cells` of the current row; a wide character that an end of them covers half of is
    /// blanked whole, as terminals erase it.
    private mutating func blank(_ cells: some Sequence<Int>) {
        for cell in cells {
            eraseWideCharacter(at: cell)
            grid[row][cell] = " "
        }
    }

    /// Blanks both halves of the wide character that covers `cell` in the current row, if one does.
    private mutating func eraseWideCharacter(at cell: Int) {
        if grid[row][cell].isEmpty, cell > 0 {
            grid[row][cell - 1] = " "
            grid[row][cell] = " "
        } else if cell + 1 < width, grid[row][cell + 1].isEmpty, CellWidth.of(grid[row][cell]) == 2 {
            grid[row][cell + 1] = " "
        }
    }

    private mutating func lineFeed() {
        if row == height - 1 {
            scrollback.append(Self.trimmed(grid[0]))
            grid.removeFirst()
            grid.append(Array(repeating: " ", count: width))
        } else {
            row += 1
        }
    }

    private mutating func escape(at index: Int) -> Int? {
        guard index + 1 < pending.count else { return nil }
        lastCluster = nil
        let kind = pending[index + 1]
        if kind == UInt8(ascii: "[") {
            var end = index + 2
            while end < pending.count, !(0x40...0x7E).contains(pending[end]) { end += 1 }
            guard end < pending.count else { return nil }
            let parameters = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
            csi(parameters, pending[end])
            return end - index + 1
        }
        if kind == UInt8(ascii: "]") {
            // An OSC (a hyperlink, a title): up to BEL or ST, shows nothing.
            var end = index + 2
            while end < pending.count {
                if pending[end] == 0x07 { return end - index + 1 }
                if pending[end] == 0x1B {
                    guard end + 1 < pending.count else { return nil }
                    return end - index + 2
                }
                end += 1
            }
            return nil
        }
        return 2
    }

    private mutating func csi(_ parameters: String, _ final: UInt8) {
        let isPrivate = parameters.hasPrefix("?")
        let numbers = parameters.drop { $0 == "?" }.split(separator: ";", omittingEmptySubsequences: false).map {
            Int($0) ?? 0
        }
        let first = numbers.first ?? 0
        let count = max(1, first)
        pendingWrap = false
        switch final {
        case UInt8(ascii: "A"): row = max(0, row - count)
        case UInt8(ascii: "B"): row = min(height - 1, row + count)
        case UInt8(ascii: "C"): column = min(width - 1, column + count)
        case UInt8(ascii: "D"): column = max(0, column - count)
        case UInt8(ascii: "E"):
            row = min(height - 1, row + count)
            column = 0
        case UInt8(ascii: "F"):
            row = max(0, row - count)
            column = 0
        case UInt8(ascii: "G"): column = min(width - 1, count - 1)
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            row = min(height - 1, max(1, first) - 1)
            column = min(width - 1, max(1, numbers.count > 1 ? numbers[1] : 1) - 1)
        case UInt8(ascii: "J"):
            switch first {
            case 1:
                for line in 0..<row { grid[line] = Array(repeating: " ", count: width) }
                blank(0...column)
            case 2, 3:
                grid = Array(repeating: Array(repeating: " ", count: width), count: height)
                if first == 3 { scrollback.removeAll() }
            default:
                blank(column..<width)
                for line in (row + 1)..<height { grid[line] = Array(repeating: " ", count: width) }
            }
        case UInt8(ascii: "M"):
            // Delete lines: those below move up, blank lines come in at the bottom; none reaches
            // the scrollback.
            let deleted = min(count, height - row)
            grid.removeSubrange(row..<(row + deleted))
            grid += Array(repeating: Array(repeating: " ", count: width), count: deleted)
            column = 0
        case UInt8(ascii: "L"):
            // Insert lines: those below move down, the bottom ones are lost.
            let inserted = min(count, height - row)
            grid.insert(contentsOf: Array(repeating: Array(repeating: " ", count: width), count: inserted), at: row)
            grid.removeLast(inserted)
            column = 0
        case UInt8(ascii: "K"):
            switch first {
            case 1: blank(0...column)
            case 2: grid[row] = Array(repeating: " ", count: width)
            default: blank(column..<width)
            }
        default:
            // SGR, modes (cursor, synchronized output) and the rest change no text.
            _ = isPrivate
        }
    }
}
