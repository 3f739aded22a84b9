/// Command output as a terminal would colour it: its SGR sequences (`ESC [ … m`: bold, italic,
/// underline, the 16, 256 and 24-bit colours) read into styles, and every other escape sequence and
/// control character neutralised as ``TerminalSafeText`` neutralises them. The styles are the
/// text's own, applied by the renderer: the bytes of the output never reach the terminal.
public enum SGRText {
    /// The pieces of one line of output, each with the style its SGR sequences give it. A carriage
    /// return that rewrote the line (a progress bar) keeps what was written last.
    public static func spans(_ line: String) -> [(text: String, style: TextStyle)] {
        // What a terminal would show of a line rewritten after carriage returns: the last version.
        var line = Substring(line)
        if let lastReturn = line.lastIndex(of: "\r"), line.index(after: lastReturn) < line.endIndex {
            line = line[line.index(after: lastReturn)...]
        }
        var spans: [(text: String, style: TextStyle)] = []
        var style = TextStyle()
        var text = ""
        var scalars = line.unicodeScalars[...]
        func flush() {
            if !text.isEmpty { spans.append((TerminalSafeText.sanitize(text), style)) }
            text = ""
        }
        while let scalar = scalars.popFirst() {
            guard scalar == "\u{1B}" else {
                if scalar != "\r" { text.unicodeScalars.append(scalar) }
                continue
            }
            guard let next = scalars.first else { break }
            if next == "[" {
                // CSI: parameters, intermediates, a final byte.
                scalars.removeFirst()
                var parameters = ""
                var final: Unicode.Scalar?
                while let byte = scalars.popFirst() {
                    if (0x40...0x7E).contains(byte.value) {
                        final = byte
                        break
                    }
                    parameters.unicodeScalars.append(byte)
                }
                if final == "m" {
                    flush()
                    style = apply(parameters, to: style)
                }
                // Any other CSI (cursor moves, erasing) is dropped.
            } else if next == "]" || next == "P" || next == "X" || next == "^" || next == "_" {
                // OSC, DCS and the other strings: to their terminator (BEL or ESC \), dropped.
                scalars.removeFirst()
                while let byte = scalars.popFirst() {
                    if byte == "\u{07}" { break }
                    if byte == "\u{1B}", scalars.first == "\\" {
                        scalars.removeFirst()
                        break
                    }
                }
            } else {
                // A two-character escape: dropped.
                scalars.removeFirst()
            }
        }
        flush()
        return spans
    }

    /// Whether `text` holds an escape sequence worth reading (an ESC).
    public static func hasEscapes(_ text: String) -> Bool { text.utf8.contains(0x1B) }

    /// `style` after the SGR parameters `parameters` (`1;31`, `38;5;208`, `38;2;255;0;0`).
    static func apply(_ parameters: String, to style: TextStyle) -> TextStyle {
        var style = style
        let codes = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
        var index = 0
        func color(at index: inout Int) -> Color? {
            guard index + 1 < codes.count else { return nil }
            if codes[index + 1] == 5, index + 2 < codes.count {
                defer { index += 2 }
                return .palette(UInt8(clamping: codes[index + 2]))
            }
            if codes[index + 1] == 2, index + 4 < codes.count {
                defer { index += 4 }
                return .rgb(
                    UInt8(clamping: codes[index + 2]), UInt8(clamping: codes[index + 3]),
                    UInt8(clamping: codes[index + 4]))
            }
            return nil
        }
        while index < codes.count {
            let code = codes[index]
            switch code {
            case 0: style = TextStyle()
            case 1: style.bold = true
            case 2: style.dim = true
            case 3: style.italic = true
            case 4: style.underline = true
            case 9: style.strikethrough = true
            case 22:
                style.bold = false
                style.dim = false
            case 23: style.italic = false
            case 24: style.underline = false
            case 29: style.strikethrough = false
            case 30...37: style.foreground = .basic(UInt8(code - 30))
            case 90...97: style.foreground = .basic(UInt8(code - 90 + 8))
            case 39: style.foreground = nil
            case 40...47: style.background = .basic(UInt8(code - 40))
            case 100...107: style.background = .basic(UInt8(code - 100 + 8))
            case 49: style.background = nil
            case 38: style.foreground = color(at: &index) ?? style.foreground
            case 48: style.background = color(at: &index) ?? style.background
            default: break
            }
            index += 1
        }
        return style
    }
}
