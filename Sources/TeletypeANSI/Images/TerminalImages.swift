import Teletype

/// How a terminal draws an image in its cells, where it can.
public enum TerminalImageProtocol: String, Sendable, CaseIterable {
    /// kitty's graphics protocol (kitty, Ghostty, Konsole): PNG, sent in chunks.
    case kitty
    /// iTerm2's inline images (iTerm2, WezTerm, mintty): PNG, JPEG, GIF, WebP.
    case iterm2
    /// DEC sixel graphics (xterm, foot, mlterm, Windows Terminal): a PNG's pixels, sent as sixel.
    case sixel

    /// The protocol the terminal named by the environment draws images with, or nil: `TERM`
    /// (`xterm-kitty`, `xterm-ghostty`), `TERM_PROGRAM` (`iTerm.app`, `WezTerm`, `ghostty`,
    /// `mintty`), `LC_TERMINAL`, `KITTY_WINDOW_ID`, `KONSOLE_VERSION`. None within tmux or screen,
    /// which pass no image on.
    public static func detect(environment value: (String) -> String?) -> TerminalImageProtocol? {
        let term = value("TERM") ?? ""
        let program = value("TERM_PROGRAM") ?? ""
        if !(value("TMUX") ?? "").isEmpty || term.hasPrefix("screen") || term.hasPrefix("tmux") || program == "tmux" {
            return nil
        }
        if term == "xterm-kitty" || term == "xterm-ghostty" || program == "ghostty"
            || !(value("KITTY_WINDOW_ID") ?? "").isEmpty || !(value("KONSOLE_VERSION") ?? "").isEmpty
        {
            return .kitty
        }
        if ["iTerm.app", "WezTerm", "mintty"].contains(program) || value("LC_TERMINAL") == "iTerm2" { return .iterm2 }
        if term == "foot" || term.hasPrefix("foot-") || term.hasPrefix("mlterm") || term.contains("sixel") {
            return .sixel
        }
        return nil
    }

    /// The protocol a terminal's answers to a kitty graphics query and a device attributes query
    /// (`CSI c`) say it speaks: kitty's when it answers the first `OK`, sixel when its attributes
    /// hold 4; nil otherwise.
    public static func fromAnswers(_ answer: String) -> TerminalImageProtocol? {
        if answer.containsBytes("\u{1B}_Gi=31;OK") { return .kitty }
        guard let start = answer.byteRange(of: "\u{1B}[?"), let end = answer[start.upperBound...].firstIndex(of: "c")
        else { return nil }
        let attributes = answer[start.upperBound..<end].split(separator: ";")
        return attributes.dropFirst().contains("4") ? .sixel : nil
    }

    /// The queries whose answers ``fromAnswers(_:)`` reads: kitty's graphics query (a 1×1 image
    /// asked about, never shown), then device attributes, which every terminal answers.
    public static let query = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c"

    /// Whether this protocol draws an image of `format` (as `ImageHeader` names it).
    public func draws(_ format: String) -> Bool {
        switch self {
        case .kitty: format == "PNG"
        case .iterm2: ["PNG", "JPEG", "GIF", "WebP"].contains(format)
        case .sixel: format == "PNG"
        }
    }
}

/// An image drawn in a terminal's cells: the cells it takes, and what draws it there.
public struct TerminalImage: Sendable, Equatable {
    /// How many columns of cells it takes.
    public var columns: Int
    /// How many rows of cells it takes.
    public var rows: Int
    /// The escape sequence that draws it, written at the start of its last row (see
    /// ``drawn(base64:byteCount:columns:rows:protocol:cell:)``).
    public var sequence: [UInt8]

    /// The cells an image of `width`×`height` pixels takes at most `maxColumns` wide and
    /// `maxRows` high, a cell taken as 10×20 pixels, its proportions kept.
    public static func cells(width: Int, height: Int, maxColumns: Int, maxRows: Int = 24) -> (columns: Int, rows: Int) {
        guard width > 0, height > 0 else { return (1, 1) }
        var columns = max(1, min(maxColumns, (width + 9) / 10))
        var rows = max(1, (columns * height + width - 1) / (2 * width))
        if rows > maxRows {
            rows = maxRows
            columns = max(1, min(columns, rows * 2 * width / height))
        }
        return (columns, rows)
    }

    /// The image whose bytes are `base64` (`byteCount` of them) drawn over `columns`×`rows`
    /// cells of `cell` pixels each (what sixel's pixels are fitted to). The rows are those just
    /// written: the sequence, written at the start of the last of them, goes up to the first, draws
    /// the image from there without moving the cursor, and comes back, so that every row stays a
    /// line of its own (and the screen has scrolled for them before the image is drawn). Nil when
    /// `base64` is not base64.
    public static func drawn(
        base64: String, byteCount: Int, columns: Int, rows: Int, protocol kind: TerminalImageProtocol,
        cell: CellSize = .assumed
    ) -> TerminalImage? {
        guard !base64.isEmpty, base64.utf8.allSatisfy(isBase64) else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(base64.utf8.count + base64.utf8.count / 4096 * 24 + 96)
        switch kind {
        case .sixel:
            guard let pixels = PNGPixels(Base64Prefix.decode(base64.utf8)) else { return nil }
            out = SixelImage.encode(pixels.fitted(width: columns * cell.width, height: rows * cell.height))
        case .kitty:
            // Sent in chunks of 4,096 bytes; placed over the cells, the cursor left where it is.
            let bytes = Array(base64.utf8)
            var start = 0
            while start < bytes.count {
                let end = min(start + 4096, bytes.count)
                let more = end < bytes.count ? 1 : 0
                let keys = start == 0 ? "a=T,f=100,t=d,q=2,C=1,c=\(columns),r=\(rows),m=\(more)" : "m=\(more)"
                out += Array("\u{1B}_G\(keys);".utf8)
                out += bytes[start..<end]
                out += Array("\u{1B}\\".utf8)
                start = end
            }
        case .iterm2:
            out += Array(
                "\u{1B}]1337;File=inline=1;size=\(byteCount);width=\(columns);height=\(rows);preserveAspectRatio=1;doNotMoveCursor=1:"
                    .utf8)
            out += Array(base64.utf8)
            out += Array("\u{1B}\\".utf8)
        }
        return placed(out, columns: columns, rows: rows)
    }

    /// `drawing` placed over the rows just written, from the first: up to it, the cursor kept, the
    /// image drawn, the cursor back, down again.
    static func placed(_ drawing: [UInt8], columns: Int, rows: Int) -> TerminalImage {
        var out: [UInt8] = []
        out.reserveCapacity(drawing.count + 24)
        let up = rows - 1
        if up > 0 { out += Array("\u{1B}[\(up)A".utf8) }
        out += Array("\u{1B}7".utf8)
        out += drawing
        out += Array("\u{1B}8".utf8)
        if up > 0 { out += Array("\u{1B}[\(up)B".utf8) }
        return TerminalImage(columns: columns, rows: rows, sequence: out)
    }

    static func isBase64(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="):
            true
        default: false
        }
    }

    /// `bytes` in base64.
    public static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        var out: [UInt8] = []
        out.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index + 2 < bytes.count {
            let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            out += [
                alphabet[Int(value >> 18 & 63)], alphabet[Int(value >> 12 & 63)], alphabet[Int(value >> 6 & 63)],
                alphabet[Int(value & 63)],
            ]
            index += 3
        }
        let rest = bytes.count - index
        if rest > 0 {
            let value = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
            out += [alphabet[Int(value >> 18 & 63)], alphabet[Int(value >> 12 & 63)]]
            out +=
                rest == 2
                ? [alphabet[Int(value >> 6 & 63)], UInt8(ascii: "=")] : [UInt8(ascii: "="), UInt8(ascii: "=")]
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// The size in pixels of one of a terminal's cells: what an image sent as pixels (sixel) is fitted
/// to.
public struct CellSize: Sendable, Equatable {
    /// Its width in pixels.
    public var width: Int
    /// Its height in pixels.
    public var height: Int

    /// A cell of `width`×`height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// What a cell is taken to be where the terminal does not say: 10×20 pixels.
    public static let assumed = CellSize(width: 10, height: 20)
}
