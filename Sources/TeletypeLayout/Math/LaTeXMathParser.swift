/// Reads the LaTeX of math into a ``MathNode``: letters, numbers, operators, groups, scripts,
/// fractions, roots, accents, alphabets, `\left…\right`, environments of rows, and the symbols of
/// `MathSymbols`. It never fails: what it cannot read is kept as source.
public struct LaTeXMathParser {
    private let characters: [Character]
    private var index = 0
    /// How deep groups go; past this, the rest is kept as source.
    private var depth = 0
    private static let maximumDepth = 64

    /// A parser of `source`.
    public init(_ source: String) {
        characters = Array(source)
    }

    /// The math `source` holds.
    public static func parse(_ source: String) -> MathNode {
        var parser = LaTeXMathParser(source)
        return parser.row(until: nil)
    }

    private var atEnd: Bool { index >= characters.count }
    private var current: Character? { atEnd ? nil : characters[index] }

    /// Nodes up to `terminator` (`}`, `]`, `\right`, `\end`, `&`, `\\`) or the end.
    private mutating func row(until terminator: Set<String>?) -> MathNode {
        var nodes: [MathNode] = []
        depth += 1
        defer { depth -= 1 }
        while var character = current {
            if character.isMathSpace {
                skipSpaces()
                guard let next = current else { break }
                character = next
            }
            if let terminator {
                if character == "}" && terminator.contains("}") { break }
                if character == "]" && terminator.contains("]") { break }
                if character == "&" && terminator.contains("&") { break }
                if character == "\\", let name = peekCommand(), terminator.contains("\\" + name) { break }
            }
            if character == "}" || (character == "&" && terminator == nil) {
                // A stray close: keep it.
                index += 1
                nodes.append(.operator(String(character)))
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
        while let character = current, character == "_" || character == "^" || character == "'" {
            index += 1
            if character == "'" {
                sup = .row([sup, .operator("′")].compactMap { $0 })
                continue
            }
            skipSpaces()
            let argument = self.argument() ?? .row([])
            if character == "_" { sub = argument } else { sup = argument }
        }
        guard sub != nil || sup != nil else { return base }
        return .scripts(base, sub: sub, sup: sup)
    }

    private mutating func skipSpaces() {
        while let character = current, character.isMathSpace { index += 1 }
    }

    /// One argument: a group, a command or a single character.
    private mutating func argument() -> MathNode? {
        skipSpaces()
        guard let character = current else { return nil }
        if character == "{" { return group() }
        if character.isMathDigit {
            index += 1
            return .number(String(character))
        }
        return atom()
    }

    /// `{…}`.
    private mutating func group() -> MathNode {
        index += 1  // {
        guard depth < Self.maximumDepth else { return .raw(rest()) }
        let inside = row(until: ["}"])
        if current == "}" { index += 1 }
        return inside
    }

    /// The rest of the source, kept as it is.
    private mutating func rest() -> String {
        let text = String(characters[index...])
        index = characters.count
        return text
    }

    /// The name of the command at the cursor (after its backslash), without moving.
    private func peekCommand() -> String? {
        guard current == "\\", index + 1 < characters.count else { return nil }
        var end = index + 1
        if characters[end].isMathLetter {
            while end < characters.count, characters[end].isMathLetter { end += 1 }
            // Character by character: `String(characters[…])` is generic and looks a conformance
            // up at run time on its first call, through all the binary's (200K instructions).
            var name = ""
            for position in (index + 1)..<end { name.append(characters[position]) }
            return name
        }
        return String(characters[end])
    }

    private mutating func atom() -> MathNode? {
        guard let character = current else { return nil }
        if character.isMathSpace {
            skipSpaces()
            return atEnd ? nil : atom()
        }
        if character == "{" { return group() }
        if character == "\\" { return command() }
        index += 1
        if character.isMathDigit || character == "." && current.map({ $0.isMathDigit }) == true {
            var text = String(character)
            while let next = current,
                next.isMathDigit || (next == "." && index + 1 < characters.count && characters[index + 1].isMathDigit)
            {
                text.append(next)
                index += 1
            }
            return .number(text)
        }
        if character.isMathLetter { return .identifier(String(character)) }
        if character == "~" { return .space(1) }
        switch character {
        case "-": return .operator("−")
        case "*": return .operator("∗")
        case "<", ">", "=", "+", "/", "(", ")", "[", "]", "|", ",", ";", ":", "!", "?", ".", "'":
            return .operator(String(character))
        default: return .identifier(String(character))
        }
    }

    /// A command after its backslash.
    private mutating func command() -> MathNode {
        let start = index
        guard let name = peekCommand() else {
            index += 1
            return .raw("\\")
        }
        index += 1 + name.count
        if let symbol = MathSymbols.symbol(name) { return symbol }
        switch name {
        case ",", ":", ";", " ": return .space(1)
        case "!": return .row([])
        case "quad": return .space(2)
        case "qquad": return .space(4)
        case "\\": return .operator("\n")
        case "{", "}", "|", "&", "%", "$", "#", "_": return .operator(name == "|" ? "‖" : name)
        case "frac", "dfrac", "tfrac", "cfrac":
            let top = argument() ?? .row([])
            let bottom = argument() ?? .row([])
            return .fraction(top, bottom)
        case "binom", "dbinom", "tbinom":
            let top = argument() ?? .row([])
            let bottom = argument() ?? .row([])
            return .binomial(top, bottom)
        case "sqrt":
            skipSpaces()
            var rootIndex: MathNode?
            if current == "[" {
                index += 1
                rootIndex = row(until: ["]"])
                if current == "]" { index += 1 }
            }
            return .root(argument() ?? .row([]), index: rootIndex)
        case "left", "right", "bigl", "bigr", "Bigl", "Bigr", "big", "Big", "bigg", "Bigg", "biggl", "biggr",
            "Biggl", "Biggr":
            // The size is the terminal's; the fence stays.
            skipSpaces()
            guard let fence = current else { return .row([]) }
            if fence == "\\" {
                let inner = command()
                return inner
            }
            index += 1
            return fence == "." ? .row([]) : .operator(String(fence))
        case "text", "textrm", "textit", "textbf", "mbox", "operatorname", "mathrm", "textsf", "texttt":
            skipSpaces()
            guard current == "{" else { return argument() ?? .row([]) }
            let text = plainGroup()
            return name == "mathrm" && text.count == 1 ? .identifier(text) : .text(text)
        case "mathbb", "mathcal", "mathscr", "mathfrak", "mathbf", "boldsymbol", "bm", "mathit", "mathsf", "mathtt":
            let alphabet: MathAlphabet =
                switch name {
                case "mathbb": .doubleStruck
                case "mathcal", "mathscr": .script
                case "mathfrak": .fraktur
                case "mathbf", "boldsymbol", "bm": .bold
                case "mathit": .italic
                case "mathsf": .sansSerif
                default: .monospace
                }
            return .styled(argument() ?? .row([]), alphabet)
        case "hat", "bar", "vec", "dot", "ddot", "tilde", "overline", "underline", "widehat", "widetilde":
            return .accent(argument() ?? .row([]), MathAccent(rawValue: name)!)
        case "begin":
            return environment(start: start)
        case "displaystyle", "textstyle", "scriptstyle", "limits", "nolimits", "nonumber", "notag":
            return .row([])
        default:
            // Unknown: kept as written, with the groups it takes.
            var source = "\\" + name
            while current == "{" {
                let start = index
                _ = plainGroup()
                source += String(characters[start..<index])
            }
            return .raw(source)
        }
    }

    /// The text of a `{…}` group, as written (for `\text`).
    private mutating func plainGroup() -> String {
        index += 1
        var depth = 1
        var text = ""
        while let character = current {
            index += 1
            if character == "{" { depth += 1 }
            if character == "}" {
                depth -= 1
                if depth == 0 { break }
            }
            text.append(character)
        }
        return text
    }

    /// `\begin{name}…\end{name}`: rows of cells split by `\\` and `&`.
    private mutating func environment(start: Int) -> MathNode {
        skipSpaces()
        guard current == "{" else { return .raw("\\begin") }
        let name = plainGroup()
        if name == "array" || name == "tabular" {
            skipSpaces()
            if current == "{" { _ = plainGroup() }  // column spec
        }
        var rows: [[MathNode]] = []
        var cells: [MathNode] = []
        guard depth < Self.maximumDepth else { return .raw(rest()) }
        while !atEnd {
            let cell = row(until: ["&", "\\\\", "\\end"])
            cells.append(cell)
            if current == "&" {
                index += 1
                continue
            }
            if peekCommand() == "\\" {
                index += 2
                rows.append(cells)
                cells = []
                continue
            }
            if peekCommand() == "end" {
                index += 4
                skipSpaces()
                if current == "{" { _ = plainGroup() }
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

extension Character {
    // Character properties, looked up in Unicode's tables only beyond ASCII (the common case in math).

    /// `isLetter`.
    fileprivate var isMathLetter: Bool {
        guard let ascii = asciiValue else { return isLetter }
        return ascii | 0x20 >= 0x61 && ascii | 0x20 <= 0x7A
    }

    /// `isNumber`.
    fileprivate var isMathDigit: Bool {
        guard let ascii = asciiValue else { return isNumber }
        return ascii >= 0x30 && ascii <= 0x39
    }

    /// `isWhitespace`.
    fileprivate var isMathSpace: Bool {
        guard let ascii = asciiValue else { return isWhitespace }
        return ascii == 0x20 || (ascii >= 0x09 && ascii <= 0x0D)
    }
}
