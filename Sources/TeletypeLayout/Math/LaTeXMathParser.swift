/// Reads the LaTeX of math into a ``MathNode``: letters, numbers, operators, groups, scripts,
/// fractions, roots, accents, alphabets, `\left…\right`, environments of rows, and the symbols of
/// `MathSymbols`. It never fails: what it cannot read is kept as source.
public struct LaTeXMathParser {
    /// Each character's ASCII value, or ``notASCII``: what every test of the parser reads, a byte
    /// rather than a `Character` (whose comparisons and properties cost a grapheme's work each).
    private let ascii: [UInt8]
    /// The source's characters, for a source with one that is not ASCII (or a line break of two);
    /// empty for the rest, which ``ascii`` holds whole.
    private let characters: [Character]
    private var index = 0
    /// How deep groups go; past this, the rest is kept as source.
    private var depth = 0
    private static let maximumDepth = 64
    /// The value in ``ascii`` of a character that is not ASCII.
    private static let notASCII: UInt8 = 0xFF

    /// A parser of `source`.
    public init(_ source: String) {
        // A carriage return may start a two-scalar character (CR LF): such a source is read by
        // its characters, as any other that is not ASCII.
        if source.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            ascii = Array(source.utf8)
            characters = []
        } else {
            characters = Array(source)
            ascii = characters.map { $0.asciiValue ?? Self.notASCII }
        }
    }

    /// The math `source` holds.
    public static func parse(_ source: String) -> MathNode {
        var parser = LaTeXMathParser(source)
        return parser.row(until: [])
    }

    /// What ends a row besides the end of the source.
    private struct Terminators: OptionSet {
        let rawValue: UInt8
        /// `}`.
        static let closeBrace = Terminators(rawValue: 1)
        /// `]`.
        static let closeBracket = Terminators(rawValue: 2)
        /// A cell's end in an environment: `&`, `\\`, `\end`.
        static let cell = Terminators(rawValue: 4)
    }

    private var atEnd: Bool { index >= ascii.count }
    /// The ASCII value of the character at the cursor, ``notASCII`` for another, nil at the end.
    private var current: UInt8? { atEnd ? nil : ascii[index] }

    /// The characters at `range` as a string.
    private func text(_ range: Range<Int>) -> String {
        if characters.isEmpty {
            return ascii.withUnsafeBufferPointer {
                String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self)
            }
        }
        // Character by character: `String(characters[…])` is generic and looks a conformance up at
        // run time on its first call, through all the binary's (200K instructions).
        var text = ""
        for position in range { text.append(characters[position]) }
        return text
    }

    /// The character at `position` as a string.
    private func text(at position: Int) -> String { text(position..<(position + 1)) }

    // Character properties, by the ASCII value; looked up in Unicode's tables only beyond ASCII.

    /// `isLetter`.
    private func isLetter(at position: Int) -> Bool {
        let byte = ascii[position]
        guard byte != Self.notASCII else { return characters[position].isLetter }
        return byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A
    }

    /// `isNumber`.
    private func isDigit(at position: Int) -> Bool {
        let byte = ascii[position]
        guard byte != Self.notASCII else { return characters[position].isNumber }
        return byte >= 0x30 && byte <= 0x39
    }

    /// `isWhitespace`.
    private func isSpace(at position: Int) -> Bool {
        let byte = ascii[position]
        guard byte != Self.notASCII else { return characters[position].isWhitespace }
        return byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    /// Nodes up to a terminator (`}`, `]`, or a cell's end: `&`, `\\`, `\end`) or the end.
    /// With no terminators (the whole source), a stray `&` is kept.
    private mutating func row(until terminators: Terminators) -> MathNode {
        var nodes: [MathNode] = []
        depth += 1
        defer { depth -= 1 }
        while !atEnd {
            if isSpace(at: index) {
                skipSpaces()
                if atEnd { break }
            }
            let character = ascii[index]
            if character == UInt8(ascii: "}") && terminators.contains(.closeBrace) { break }
            if character == UInt8(ascii: "]") && terminators.contains(.closeBracket) { break }
            if terminators.contains(.cell) {
                if character == UInt8(ascii: "&") { break }
                if character == UInt8(ascii: "\\"), isCommand("\\") || isCommand("end") { break }
            }
            if character == UInt8(ascii: "}") || (character == UInt8(ascii: "&") && terminators.isEmpty) {
                // A stray close: keep it.
                nodes.append(.operator(text(at: index)))
                index += 1
                continue
            }
            guard let atom = atom() else { break }
            nodes.append(scripts(on: atom))
        }
        return nodes.count == 1 ? nodes[0] : .row(nodes)
    }

    /// Subscripts and superscripts after `base`.
    private mutating func scripts(on base: MathNode) -> MathNode {
        var sub: MathNode?
        var sup: MathNode?
        while let character = current,
            character == UInt8(ascii: "_") || character == UInt8(ascii: "^") || character == UInt8(ascii: "'")
        {
            index += 1
            if character == UInt8(ascii: "'") {
                sup = .row([sup, .operator("′")].compactMap { $0 })
                continue
            }
            skipSpaces()
            let argument = self.argument() ?? .row([])
            if character == UInt8(ascii: "_") { sub = argument } else { sup = argument }
        }
        guard sub != nil || sup != nil else { return base }
        return .scripts(base, sub: sub, sup: sup)
    }

    private mutating func skipSpaces() {
        while !atEnd, isSpace(at: index) { index += 1 }
    }

    /// One argument: a group, a command or a single character.
    private mutating func argument() -> MathNode? {
        skipSpaces()
        guard let character = current else { return nil }
        if character == UInt8(ascii: "{") { return group() }
        if isDigit(at: index) {
            index += 1
            return .number(text(at: index - 1))
        }
        return atom()
    }

    /// `{…}`.
    private mutating func group() -> MathNode {
        index += 1  // {
        guard depth < Self.maximumDepth else { return .raw(rest()) }
        let inside = row(until: .closeBrace)
        if current == UInt8(ascii: "}") { index += 1 }
        return inside
    }

    /// The rest of the source, kept as it is.
    private mutating func rest() -> String {
        let text = text(index..<ascii.count)
        index = ascii.count
        return text
    }

    /// Where the name of the command at the cursor (after its backslash) ends: after a run of
    /// letters, or after the one character that is not a letter; nil at no command.
    private func commandEnd() -> Int? {
        guard current == UInt8(ascii: "\\"), index + 1 < ascii.count else { return nil }
        var end = index + 1
        guard isLetter(at: end) else { return end + 1 }
        while end < ascii.count, isLetter(at: end) { end += 1 }
        return end
    }

    /// Whether the command at the cursor is `name` (ASCII), without moving.
    private func isCommand(_ name: StaticString) -> Bool {
        guard let end = commandEnd(), end - index - 1 == name.utf8CodeUnitCount else { return false }
        let bytes = UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount)
        for (offset, byte) in bytes.enumerated() where ascii[index + 1 + offset] != byte { return false }
        return true
    }

    private mutating func atom() -> MathNode? {
        guard let character = current else { return nil }
        if isSpace(at: index) {
            skipSpaces()
            return atEnd ? nil : atom()
        }
        if character == UInt8(ascii: "{") { return group() }
        if character == UInt8(ascii: "\\") { return command() }
        let start = index
        index += 1
        if isDigit(at: start) || character == UInt8(ascii: ".") && !atEnd && isDigit(at: index) {
            while !atEnd,
                isDigit(at: index)
                    || (ascii[index] == UInt8(ascii: ".") && index + 1 < ascii.count && isDigit(at: index + 1))
            {
                index += 1
            }
            return .number(text(start..<index))
        }
        if isLetter(at: start) { return .identifier(text(at: start)) }
        switch character {
        case UInt8(ascii: "~"): return .space(1)
        case UInt8(ascii: "-"): return .operator("−")
        case UInt8(ascii: "*"): return .operator("∗")
        case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: "+"), UInt8(ascii: "/"),
            UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "|"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "!"), UInt8(ascii: "?"),
            UInt8(ascii: "."), UInt8(ascii: "'"):
            return .operator(text(at: start))
        default: return .identifier(text(at: start))
        }
    }

    /// What a command that is not a symbol does.
    private enum Command {
        case space(Int)
        case nothing
        case lineBreak
        case escaped
        case fraction
        case binomial
        case root
        case fence
        case text
        case alphabet(MathAlphabet)
        case accent(MathAccent)
        case begin
    }

    /// The commands that are not symbols, by name: one look-up rather than a comparison with each.
    private static let commands: [String: Command] = {
        var commands: [String: Command] = [
            ",": .space(1), ":": .space(1), ";": .space(1), " ": .space(1), "!": .nothing, "quad": .space(2),
            "qquad": .space(4), "\\": .lineBreak, "begin": .begin,
        ]
        for name in ["{", "}", "|", "&", "%", "$", "#", "_"] { commands[name] = .escaped }
        for name in ["frac", "dfrac", "tfrac", "cfrac"] { commands[name] = .fraction }
        for name in ["binom", "dbinom", "tbinom"] { commands[name] = .binomial }
        commands["sqrt"] = .root
        for name in [
            "left", "right", "bigl", "bigr", "Bigl", "Bigr", "big", "Big", "bigg", "Bigg", "biggl", "biggr", "Biggl",
            "Biggr",
        ] { commands[name] = .fence }
        for name in ["text", "textrm", "textit", "textbf", "mbox", "operatorname", "mathrm", "textsf", "texttt"] {
            commands[name] = .text
        }
        let alphabets: [(String, MathAlphabet)] = [
            ("mathbb", .doubleStruck), ("mathcal", .script), ("mathscr", .script), ("mathfrak", .fraktur),
            ("mathbf", .bold), ("boldsymbol", .bold), ("bm", .bold), ("mathit", .italic), ("mathsf", .sansSerif),
            ("mathtt", .monospace),
        ]
        for (name, alphabet) in alphabets { commands[name] = .alphabet(alphabet) }
        for name in ["hat", "bar", "vec", "dot", "ddot", "tilde", "overline", "underline", "widehat", "widetilde"] {
            commands[name] = .accent(MathAccent(rawValue: name)!)
        }
        for name in ["displaystyle", "textstyle", "scriptstyle", "limits", "nolimits", "nonumber", "notag"] {
            commands[name] = .nothing
        }
        return commands
    }()

    /// A command after its backslash.
    private mutating func command() -> MathNode {
        let start = index
        guard let end = commandEnd() else {
            index += 1
            return .raw("\\")
        }
        let name = text((index + 1)..<end)
        index = end
        if let symbol = MathSymbols.symbol(name) { return symbol }
        switch Self.commands[name] {
        case .space(let width): return .space(width)
        case .nothing: return .row([])
        case .lineBreak: return .operator("\n")
        case .escaped: return .operator(name == "|" ? "‖" : name)
        case .fraction:
            let top = argument() ?? .row([])
            let bottom = argument() ?? .row([])
            return .fraction(top, bottom)
        case .binomial:
            let top = argument() ?? .row([])
            let bottom = argument() ?? .row([])
            return .binomial(top, bottom)
        case .root:
            skipSpaces()
            var rootIndex: MathNode?
            if current == UInt8(ascii: "[") {
                index += 1
                rootIndex = row(until: .closeBracket)
                if current == UInt8(ascii: "]") { index += 1 }
            }
            return .root(argument() ?? .row([]), index: rootIndex)
        case .fence:
            // The size is the terminal's; the fence stays.
            skipSpaces()
            guard let fence = current else { return .row([]) }
            if fence == UInt8(ascii: "\\") { return command() }
            index += 1
            return fence == UInt8(ascii: ".") ? .row([]) : .operator(text(at: index - 1))
        case .text:
            skipSpaces()
            guard current == UInt8(ascii: "{") else { return argument() ?? .row([]) }
            let text = plainGroup()
            return name == "mathrm" && text.count == 1 ? .identifier(text) : .text(text)
        case .alphabet(let alphabet):
            return .styled(argument() ?? .row([]), alphabet)
        case .accent(let accent):
            return .accent(argument() ?? .row([]), accent)
        case .begin:
            return environment(start: start)
        case nil:
            // Unknown: kept as written, with the groups it takes.
            var source = "\\" + name
            while current == UInt8(ascii: "{") {
                let start = index
                _ = plainGroup()
                source += text(start..<index)
            }
            return .raw(source)
        }
    }

    /// The text of a `{…}` group, as written (for `\text`).
    private mutating func plainGroup() -> String {
        index += 1
        let start = index
        var depth = 1
        while let character = current {
            index += 1
            if character == UInt8(ascii: "{") { depth += 1 }
            if character == UInt8(ascii: "}") {
                depth -= 1
                if depth == 0 { return text(start..<(index - 1)) }
            }
        }
        return text(start..<index)
    }

    /// `\begin{name}…\end{name}`: rows of cells split by `\\` and `&`.
    private mutating func environment(start: Int) -> MathNode {
        skipSpaces()
        guard current == UInt8(ascii: "{") else { return .raw("\\begin") }
        let name = plainGroup()
        if name == "array" || name == "tabular" {
            skipSpaces()
            if current == UInt8(ascii: "{") { _ = plainGroup() }  // column spec
        }
        var rows: [[MathNode]] = []
        var cells: [MathNode] = []
        guard depth < Self.maximumDepth else { return .raw(rest()) }
        while !atEnd {
            let cell = row(until: .cell)
            cells.append(cell)
            if current == UInt8(ascii: "&") {
                index += 1
                continue
            }
            if isCommand("\\") {
                index += 2
                rows.append(cells)
                cells = []
                continue
            }
            if isCommand("end") {
                index += 4
                skipSpaces()
                if current == UInt8(ascii: "{") { _ = plainGroup() }
                break
            }
        }
        if !(cells.count == 1 && cells[0] == .row([])) || rows.isEmpty { rows.append(cells) }
        let fences: (String, String) =
            switch name {
            case "pmatrix": ("(", ")")
            case "bmatrix": ("[", "]")
            case "Bmatrix": ("{", "}")
            case "vmatrix": ("|", "|")
            case "Vmatrix": ("‖", "‖")
            case "cases", "dcases": ("{", "")
            default: ("", "")
            }
        return .table(rows, open: fences.0, close: fences.1)
    }
}
