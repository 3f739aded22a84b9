/// Text from elsewhere (a page title, an address) written into Markdown so that it reads back as
/// exactly that text: nothing in it becomes formatting, a link or HTML.
public enum MarkdownEscaping {
    /// `text` with every ASCII punctuation character backslash-escaped and line breaks as spaces.
    public static func text(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" {
                out += " "
            } else if Self.punctuation.contains(scalar) {
                out.unicodeScalars.append("\\")
                out.unicodeScalars.append(scalar)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The ASCII punctuation characters, each of which a backslash makes literal.
    static let punctuation = Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".unicodeScalars)

    /// `url` as a link destination between angle brackets: what could end it (`<`, `>`, spaces, line
    /// breaks, controls) percent-encoded, backslashes escaped.
    static func destination(_ url: String) -> String {
        var out = "<"
        for scalar in url.unicodeScalars {
            switch scalar.value {
            case 0x3C, 0x3E, 0x00...0x20, 0x7F:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "%" + (hex.count < 2 ? "0" + hex : hex)
            case 0x5C: out += "\\\\"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + ">"
    }
}
