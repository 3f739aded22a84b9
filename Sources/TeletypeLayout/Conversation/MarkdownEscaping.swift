/// Text from elsewhere (a page title, an address, what a person typed) written into Markdown so
/// that it reads back as exactly that text: nothing in it becomes formatting or HTML. A character
/// is escaped only where it would otherwise change the Markdown (`gpt-4`, `00:00` and
/// `--branch msg-5` stay as they are; `*`, a backtick, `[`, a `#` that starts a line are escaped).
public enum MarkdownEscaping {
    /// `text` on one line, line breaks as spaces, escaped where it would change the Markdown.
    public static func text(_ text: String) -> String {
        var flat = ""
        flat.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            flat.unicodeScalars.append(scalar == "\n" || scalar == "\r" ? " " : scalar)
        }
        return line(flat, startsLine: true)
    }

    /// What a person typed, as Markdown that shows it as typed: every line escaped, its leading
    /// spaces kept (as no-break spaces, which Markdown neither strips nor collapses), its line
    /// breaks kept (hard breaks), blank lines between paragraphs.
    public static func literal(_ text: String) -> String {
        var out = ""
        var previousBlank = true
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }
        for (index, raw) in lines.enumerated() {
            var content = raw
            if content.last == "\r" { content = content.dropLast() }
            var indent = ""
            while let first = content.first, first == " " || first == "\t" {
                indent += first == "\t" ? "\u{A0}\u{A0}\u{A0}\u{A0}" : "\u{A0}"
                content = content.dropFirst()
            }
            let isBlank = content.isEmpty
            if isBlank {
                if !previousBlank { out += "\n" }
                previousBlank = true
                continue
            }
            let next = lines[(index + 1)...].first.map { $0.allSatisfy { $0 == " " || $0 == "\t" || $0 == "\r" } }
            // A line followed by another of the same paragraph ends in a hard break.
            let breaks = next == false
            out += indent + line(String(content), startsLine: indent.isEmpty) + (breaks ? "\\\n" : "\n")
            previousBlank = false
        }
        return out
    }

    /// The ASCII punctuation characters, each of which a backslash makes literal.
    static let punctuation = Set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~".unicodeScalars)

    /// One line escaped; `startsLine` when it starts a line of the Markdown (where `#`, `>`, `-`, a
    /// number and `.` can start a block).
    static func line(_ text: String, startsLine: Bool) -> String {
        let scalars = Array(text.unicodeScalars)
        var escaped = Array(repeating: false, count: scalars.count)
        func isSpace(_ index: Int) -> Bool {
            index < 0 || index >= scalars.count || scalars[index] == " " || scalars[index] == "\t"
                || scalars[index] == "\u{A0}"
        }
        func isWordCharacter(_ index: Int) -> Bool {
            guard index >= 0, index < scalars.count else { return false }
            let scalar = scalars[index]
            return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
        if startsLine { escapeLineStart(scalars, into: &escaped) }
        let dollars = scalars.filter { $0 == "$" }.count
        // A line that could be a table's delimiter row (`| --- | :-: |`) is broken by escaping its
        // first `-`: what is above it stays a paragraph.
        if scalars.contains("-"), scalars.allSatisfy({ "|-: \t".unicodeScalars.contains($0) }),
            let dash = scalars.firstIndex(of: "-")
        {
            escaped[dash] = true
        }
        for (index, scalar) in scalars.enumerated() where !escaped[index] {
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            switch scalar {
            case "`", "[":
                escaped[index] = true
            case "\\":
                // A backslash before punctuation (or at the end, a hard break) escapes; before
                // anything else it is itself.
                escaped[index] = next.map { punctuation.contains($0) } ?? true
            case "*", "~":
                // Between spaces it can neither open nor close emphasis or strikethrough.
                escaped[index] = !(isSpace(index - 1) && isSpace(index + 1))
            case "_":
                // Inside a word (`snake_case`) or between spaces it is literal.
                escaped[index] =
                    !(isWordCharacter(index - 1) && isWordCharacter(index + 1))
                    && !(isSpace(index - 1) && isSpace(index + 1))
            case "<":
                // An autolink or HTML starts with a letter, `/`, `!` or `?` after it.
                escaped[index] = next.map { $0.properties.isAlphabetic || "/!?".unicodeScalars.contains($0) } ?? false
            case "&":
                // Only where an entity follows (`&amp;`, `&#38;`, `&#x26;`): `R&D` is text.
                escaped[index] = startsEntity(scalars, at: index + 1)
            case "$":
                // Math needs a pair on the line.
                escaped[index] = dollars >= 2
            default:
                continue
            }
        }
        var out = ""
        out.unicodeScalars.reserveCapacity(scalars.count + 8)
        for (index, scalar) in scalars.enumerated() {
            if escaped[index] { out.unicodeScalars.append("\\") }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// Whether an entity's name or number and its `;` start at `index` (after a `&`).
    static func startsEntity(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        func isASCIILetterOrDigit(_ scalar: Unicode.Scalar, hex: Bool = false, digits: Bool = true) -> Bool {
            switch scalar {
            case "0"..."9": digits
            case "a"..."f", "A"..."F": true
            case "g"..."z", "G"..."Z": !hex
            default: false
            }
        }
        var end = index
        if end < scalars.count, scalars[end] == "#" {
            end += 1
            let hex = end < scalars.count && (scalars[end] == "x" || scalars[end] == "X")
            if hex { end += 1 }
            let start = end
            while end < scalars.count, end - start < 8,
                hex ? isASCIILetterOrDigit(scalars[end], hex: true) : ("0"..."9").contains(scalars[end])
            {
                end += 1
            }
            return end > start && end < scalars.count && scalars[end] == ";"
        }
        let start = end
        while end < scalars.count, end - start < 32, isASCIILetterOrDigit(scalars[end]) { end += 1 }
        return end > start && end < scalars.count && scalars[end] == ";"
    }

    /// Marks what would start a block at the start of a line: a heading's `#`, a quote's `>`, a
    /// list's `-`, `+`, `*` or `1.`, a thematic break or setext underline (`---`, `===`, `***`).
    static func escapeLineStart(_ scalars: [Unicode.Scalar], into escaped: inout [Bool]) {
        var start = 0
        while start < scalars.count, scalars[start] == " " || scalars[start] == "\t" { start += 1 }
        guard start < scalars.count else { return }
        let first = scalars[start]
        let after = start + 1 < scalars.count ? scalars[start + 1] : nil
        let followedBySpace = after == nil || after == " " || after == "\t"
        switch first {
        case "#", ">":
            escaped[start] = true
        case "-", "+", "*", "=", "_":
            let rest = scalars[start...].filter { $0 != " " && $0 != "\t" }
            let isRule = rest.allSatisfy { $0 == first }
            if followedBySpace && first != "=" && first != "_" || isRule { escaped[start] = true }
        default:
            // An ordered list: up to nine digits, then `.` or `)` and a space or the end.
            var end = start
            while end < scalars.count, end - start < 10, ("0"..."9").contains(scalars[end]) { end += 1 }
            if end > start, end - start <= 9, end < scalars.count, scalars[end] == "." || scalars[end] == ")",
                end + 1 == scalars.count || scalars[end + 1] == " " || scalars[end + 1] == "\t"
            {
                escaped[end] = true
            }
        }
    }

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
