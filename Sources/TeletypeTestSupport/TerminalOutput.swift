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

    /// Whether a sequence is one Teletype writes in a rendering: SGR (`ESC [ digits;… m`) or an OSC 8
    /// hyperlink whose target is printable ASCII with an http, https or mailto scheme (or empty, to
    /// close the link).
    public static func isTeletypeSequence(_ sequence: String) -> Bool {
        let scalars = Array(sequence.unicodeScalars)
        if sequence.hasPrefix("\u{1B}[") && sequence.hasSuffix("m") {
            return scalars.dropFirst(2).dropLast().allSatisfy { ("0"..."9").contains($0) || $0 == ";" }
        }
        if sequence.hasPrefix("\u{1B}]8;;") && sequence.hasSuffix("\u{1B}\\") {
            let target = scalars.dropFirst(5).dropLast(2)
            let printable = target.allSatisfy { $0.value > 0x20 && $0.value < 0x7F }
            let scheme = String(String.UnicodeScalarView(target)).lowercased()
            return printable
                && (target.isEmpty || scheme.hasPrefix("http:") || scheme.hasPrefix("https:")
                    || scheme.hasPrefix("mailto:"))
        }
        return false
    }

    /// What is wrong with rendered terminal output, if anything: a stray control character or an
    /// escape sequence Teletype does not write.
    public static func foreignSequences(in output: String) -> [String] {
        pieces(output).compactMap { piece in
            switch piece {
            case .text: nil
            case .control(let scalar): "raw control U+\(String(scalar.value, radix: 16, uppercase: true))"
            case .escape(let sequence):
                isTeletypeSequence(sequence) ? nil : "foreign sequence \(sequence.debugDescription)"
            }
        }
    }
}
