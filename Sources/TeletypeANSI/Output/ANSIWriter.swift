import TeletypeLayout

/// Writes styled lines as text: SGR sequences for styles and OSC 8 for hyperlinks when the
/// terminal takes them, nothing but text otherwise. Every line ends with styles reset and links
/// closed, so lines stand alone.
public enum ANSIWriter {
    /// The lines as one string, each ending in a newline.
    public static func write(_ lines: [StyledLine], capabilities: TerminalCapabilities) -> String {
        String(decoding: bytes(lines, capabilities: capabilities), as: UTF8.self)
    }

    /// Rendered parts as one text, a blank line between them.
    public static func joined(_ parts: [[UInt8]]) -> String {
        if parts.count == 1 { return String(decoding: parts[0], as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(parts.reduce(parts.count) { $0 + $1.count })
        for (index, part) in parts.enumerated() {
            if index > 0 { bytes.append(0x0A) }
            bytes.append(contentsOf: part)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The lines as UTF-8 bytes, each ending in a newline.
    public static func bytes(_ lines: [StyledLine], capabilities: TerminalCapabilities) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.count * 64)
        var cache = SGRCache()
        for line in lines { write(line, capabilities: capabilities, into: &bytes, cache: &cache) }
        return bytes
    }

    /// Appends one line and its newline to `bytes`.
    public static func write(_ line: StyledLine, capabilities: TerminalCapabilities, into bytes: inout [UInt8]) {
        var cache = SGRCache()
        write(line, capabilities: capabilities, into: &bytes, cache: &cache)
    }

    /// Appends one line, reusing the SGR sequences already worked out in `cache`.
    static func write(
        _ line: StyledLine, capabilities: TerminalCapabilities, into bytes: inout [UInt8],
        cache: inout SGRCache
    ) {
        guard capabilities.usesEscapes else {
            bytes.append(contentsOf: line.utf8)
            bytes.append(0x0A)
            return
        }
        var current = TextStyle.plain
        var link: String?
        var start = 0
        for run in line.runs {
            defer { start = run.end }
            let target = capabilities.hyperlinks ? run.hyperlink : nil
            if target != link {
                if link != nil { bytes.append(contentsOf: "\u{1B}]8;;\u{1B}\\".utf8) }
                if let target {
                    bytes.append(contentsOf: "\u{1B}]8;;".utf8)
                    bytes.append(contentsOf: target.utf8)
                    bytes.append(contentsOf: "\u{1B}\\".utf8)
                }
                link = target
            }
            if run.style != current {
                cache.append(run.style, depth: capabilities.colorDepth, to: &bytes)
                current = run.style
            }
            line.utf8.withUnsafeBufferPointer {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<run.end]))
            }
        }
        if link != nil { bytes.append(contentsOf: "\u{1B}]8;;\u{1B}\\".utf8) }
        if current != .plain { bytes.append(contentsOf: "\u{1B}[0m".utf8) }
        if let image = line.image { bytes.append(contentsOf: image.sequence) }
        bytes.append(0x0A)
    }

    /// Appends the SGR sequence that sets exactly `style`.
    static func sgr(_ style: TextStyle, depth: TerminalCapabilities.ColorDepth, into bytes: inout [UInt8]) {
        var codes = "\u{1B}[0"
        if style.bold { codes += ";1" }
        if style.dim { codes += ";2" }
        if style.italic { codes += ";3" }
        if style.underline { codes += ";4" }
        if style.strikethrough { codes += ";9" }
        if let color = style.foreground.flatMap({ ColorDownsampling.color($0, at: depth) }) {
            codes += colorCode(color, foreground: true)
        }
        if let color = style.background.flatMap({ ColorDownsampling.color($0, at: depth) }) {
            codes += colorCode(color, foreground: false)
        }
        codes += "m"
        bytes.append(contentsOf: codes.utf8)
    }

    static func colorCode(_ color: Color, foreground: Bool) -> String {
        switch color {
        case .basic(let index):
            let base = foreground ? (index < 8 ? 30 : 90) : (index < 8 ? 40 : 100)
            return ";\(base + Int(index % 8))"
        case .palette(let index): return foreground ? ";38;5;\(index)" : ";48;5;\(index)"
        case .rgb(let r, let g, let b): return foreground ? ";38;2;\(r);\(g);\(b)" : ";48;2;\(r);\(g);\(b)"
        }
    }
}

/// Lines written out as they are made, for a renderer that needs no line back: the bytes so far,
/// and the SGR sequences already worked out.
struct LineWriter {
    var bytes: [UInt8] = []
    /// The SGR sequences worked out so far (another writer of the same rendering may borrow them).
    var cache = SGRCache()
    let capabilities: TerminalCapabilities

    init(capabilities: TerminalCapabilities) {
        self.capabilities = capabilities
    }

    /// Appends a line and its newline.
    mutating func write(_ line: StyledLine) {
        ANSIWriter.write(line, capabilities: capabilities, into: &bytes, cache: &cache)
    }
}

/// The SGR sequences of the few styles a rendering uses, worked out once each and kept one after
/// another in one buffer.
struct SGRCache {
    private var styles: [TextStyle] = []
    /// Where each style's sequence ends in `store` (it starts where the previous one ends).
    private var ends: [Int] = []
    private var store: [UInt8] = []

    /// Appends the sequence that sets exactly `style` to `bytes`.
    mutating func append(_ style: TextStyle, depth: TerminalCapabilities.ColorDepth, to bytes: inout [UInt8]) {
        let index: Int
        if let found = styles.firstIndex(of: style) {
            index = found
        } else {
            ANSIWriter.sgr(style, depth: depth, into: &store)
            styles.append(style)
            ends.append(store.count)
            index = styles.count - 1
        }
        let start = index > 0 ? ends[index - 1] : 0
        store.withUnsafeBufferPointer {
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<ends[index]]))
        }
    }
}
