/// Reads terminal output the way a terminal would, independently of the renderer: which escape
/// sequences it holds, and the text each line shows.
public enum TerminalOutput {
    /// A piece of terminal output.
    public enum Piece: Equatable {
        /// Printable text.
        case text(String)
        /// A complete escape sequence, from ESC to its last byte.
        case escape(String)
        /// A control character outside an escape sequence (other than tab and newline).
        case control(Unicode.Scalar)
    }

    /// Splits output into text, escape sequences (CSI, OSC up to BEL or ST, other ESC forms) and
    /// stray control characters.
    public static func pieces(_ output: String) -> [Piece] {
        let scalars = Array(output.unicodeScalars)
        var pieces: [Piece] = []
        var text = String.UnicodeScalarView()
        var index = 0
        func flush() {
            if !text.isEmpty { pieces.append(.text(String(text))) }
            text = String.UnicodeScalarView()
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1B}" {
                flush()
                var sequence = String.UnicodeScalarView([scalar])
                index += 1
                if index < scalars.count {
                    let kind = scalars[index]
                    sequence.append(kind)
                    index += 1
                    if kind == "[" {
                        while index < scalars.count {
                            let next = scalars[index]
                            sequence.append(next)
                            index += 1
                            if (0x40...0x7E).contains(next.value) { break }
                        }
                    } else if kind == "]" || kind == "P" || kind == "_" || kind == "^" || kind == "X" {
                        while index < scalars.count {
                            let next = scalars[index]
                            sequence.append(next)
                            index += 1
                            if next == "\u{07}" { break }
                            if next == "\u{1B}", index < scalars.count, scalars[index] == "\\" {
                                sequence.append("\\")
                                index += 1
                                break
                            }
                        }
                    }
                }
                pieces.append(.escape(String(sequence)))
            } else if (scalar.value < 0x20 && scalar != "\t" && scalar != "\n") || (0x7F...0x9F).contains(scalar.value)
            {
                flush()
                pieces.append(.control(scalar))
                index += 1
            } else {
                text.append(scalar)
                index += 1
            }
        }
        flush()
        return pieces
    }

    /// The text of each line with escape sequences removed.
    public static func visibleLines(_ output: String) -> [String] {
        var visible = ""
        for piece in pieces(output) {
            if case .text(let text) = piece { visible += text }
        }
        var lines = visible.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
