/// The response bodies of a VCR cassette (the YAML that VCR.py, pytest-recording and Ruby's VCR
/// keep of HTTP exchanges): each `string:` body, as a literal block (`|`, `|+`, `|-`) or a
/// double-quoted string, with the lines of the file it came from, so that an error in a body
/// names its line in the cassette.
enum CassetteBodies {
    typealias Line = (number: Int, text: Substring)

    /// The lines of every body, one body after another, a blank line between them.
    static func lines(of file: [Line]) -> [Line] {
        var out: [Line] = []
        var index = 0
        while index < file.count {
            let (number, text) = file[index]
            index += 1
            let indent = text.prefix { $0 == " " }.count
            var rest = text.dropFirst(indent)
            if rest.hasPrefix("- ") { rest = rest.dropFirst(2) }
            guard rest.hasPrefix("string:") else { continue }
            let value = rest.dropFirst(7).drop { $0 == " " }
            if value.first == "|" {
                // A literal block: the lines indented deeper than its key.
                var blockIndent: Int?
                while index < file.count {
                    let line = file[index]
                    let lineIndent = line.text.prefix { $0 == " " }.count
                    if line.text.allSatisfy({ $0 == " " }) {
                        out.append((line.number, ""))
                    } else if lineIndent > indent {
                        let depth = blockIndent ?? lineIndent
                        blockIndent = depth
                        out.append((line.number, line.text.dropFirst(min(depth, lineIndent))))
                    } else {
                        break
                    }
                    index += 1
                }
                out.append((file[index - 1].number, ""))
            } else if value.first == "\"" {
                for piece in unquoted(value.dropFirst()).split(separator: "\n", omittingEmptySubsequences: false) {
                    out.append((number, Substring(piece)))
                }
                out.append((number, ""))
            }
        }
        return out
    }

    /// A YAML double-quoted string's text (it starts after the opening quote).
    static func unquoted(_ text: Substring) -> String {
        var out = ""
        var characters = text.makeIterator()
        while let character = characters.next() {
            switch character {
            case "\"": return out
            case "\\":
                switch characters.next() {
                case "n": out += "\n"
                case "t": out += "\t"
                case "r": out += "\r"
                case "0": out += "\0"
                case "\"": out += "\""
                case "/": out += "/"
                case "\\": out += "\\"
                case "u":
                    var hex = ""
                    for _ in 0..<4 { if let digit = characters.next() { hex.append(digit) } }
                    if let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) {
                        out.unicodeScalars.append(scalar)
                    }
                case let other?: out.append(other)
                case nil: return out
                }
            default: out.append(character)
            }
        }
        return out
    }
}
