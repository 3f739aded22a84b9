import Teletype

/// Math drawn with Unicode for a terminal: Greek letters and symbols as themselves, sub- and
/// superscripts as Unicode's small letters where every character has one (`x²`, `aᵢ`, `eⁱᵖ`), else
/// `x^(n+1)`; `a/b` fractions, `√x`, accents as combining marks, `ℝ` and the other alphabets.
/// Display math with rows (`\\`, matrices, cases, aligned) takes a line a row.
public enum MathUnicode {
    /// The math of LaTeX `source`, as lines (one unless it has rows).
    public static func lines(_ source: String, display: Bool) -> [String] {
        let node = LaTeXMathParser.parse(source)
        let text = render(node)
        // Without a line feed's byte there is no line feed: one line, not split character by character.
        var lines =
            text.utf8.contains(0x0A)
            ? text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
            : [text.trimmingSpaces]
        if !display { lines = [Joined.strings(lines, separator: "; ")] }
        return lines.filter { !$0.isEmpty }.isEmpty ? [""] : lines
    }

    /// The text of a node (rows on lines of their own).
    public static func text(of node: MathNode) -> String { render(node) }

    /// The text of a node (rows joined by newlines).
    static func render(_ node: MathNode) -> String {
        switch node {
        case .row(let nodes): return joined(nodes)
        case .identifier(let text), .number(let text): return text
        case .operator(let text, _):
            if spacedOperators.contains(text) { return " " + text + " " }
            if text == "," || text == ";" { return text + " " }
            return text
        case .text(let text), .function(let text): return text
        case .fraction(let top, let bottom):
            return grouped(render(top)) + "/" + grouped(render(bottom))
        case .binomial(let top, let bottom):
            return "C(" + render(top) + ", " + render(bottom) + ")"
        case .root(let radicand, let index):
            let base = "√" + grouped(render(radicand))
            guard let index else { return base }
            return (superscript(render(index)) ?? "(" + render(index) + ")") + base
        case .scripts(let base, let sub, let sup):
            var text = render(base)
            if case .operator(_, true) = base {
                // ∑ and ∫ bounds: below, then above, then the term.
                if let sub { text += subscriptOrPlain(render(sub)) }
                if let sup { text += superscriptOrPlain(render(sup)) }
                return text + " "
            }
            if let sub { text += subscriptOrPlain(render(sub)) }
            if let sup { text += superscriptOrPlain(render(sup)) }
            return text
        case .accent(let inner, let accent):
            let text = render(inner)
            if accent == .overline || accent == .underline || accent == .widehat || accent == .widetilde {
                return Joined.strings(text.map { $0 == " " ? " " : String($0) + accent.combining }, separator: "")
            }
            return text + accent.combining
        case .styled(let inner, let alphabet):
            return MathAlphabets.map(render(inner), to: alphabet)
        case .table(let rows, let open, let close):
            let lines = rows.map { cells in Joined.strings(cells.map { render($0).trimmingSpaces }, separator: "  ") }
            return Joined.strings(
                lines.map {
                    open + ($0.isEmpty ? "" : (open.isEmpty ? "" : " ") + $0 + (close.isEmpty ? "" : " ")) + close
                }, separator: "\n")
        case .space(let width): return Repetition.spaces(width)
        case .raw(let source): return source
        }
    }

    /// The operators drawn with a space on each side.
    private static let spacedOperators: Set<String> = [
        "+", "−", "=", "<", ">", "≤", "≥", "≠", "≈", "≡", "→", "←", "⇒", "⇔", "⟹", "↦", "∈", "∉", "⊂", "⊆", "∪", "∩",
        "×", "⋅", "±", "∼", "≃", "≅", "∝", "÷", "∧", "∨", "⟺", "↔", "⊕", "⊗", "∘", "∣", "≪", "≫",
    ]

    private static func joined(_ nodes: [MathNode]) -> String {
        var out = ""
        for node in nodes {
            var piece = render(node)
            // An operator with nothing before it is a sign: `−x`, `(−1)`.
            if case .operator = node,
                out.isEmpty || out.endsWith(0x28, "(") || out.endsWith(0x5B, "[")
                    || out.endsWith(0x20, " ") && out.utf8.contains(where: { $0 != 0x20 }) && isOperatorEnd(out)
            {
                piece = piece.trimmingSpaces
            }
            // One space between pieces, however they came.
            if out.endsWith(0x20, " ") && piece.utf8.first == 0x20 && piece.first == " " { piece.removeFirst() }
            // A function's name stands apart from what it applies to.
            if case .function = node, out.last.map({ $0.isLetter || $0.isNumber }) == true { out += " " }
            out += piece
            if case .function = node { out += " " }
        }
        return out
    }

    /// Whether `text` ends with an operator (so one after it is a sign).
    private static func isOperatorEnd(_ text: String) -> Bool {
        // The last character but spaces, found from the end (trimming the whole row, as it grew,
        // made each row's drawing take time by the square of its length).
        guard let last = text.reversed().first(where: { $0 != " " }) else { return true }
        return operatorEnds.contains(last)
    }

    /// The characters after which an operator is a sign.
    private static let operatorEnds = Set("+−=<>≤≥≠≈≡→←⇒⇔⟹↦∈×⋅±,;")

    /// `text` in parentheses unless it is one simple piece.
    private static func grouped(_ text: String) -> String {
        let trimmed = text.trimmingSpaces
        let simple = { (text: Substring) in text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "." } }
        if trimmed.count <= 1 || simple(Substring(trimmed)) { return trimmed }
        if trimmed.hasPrefix("√"), simple(trimmed.dropFirst()) { return trimmed }
        if trimmed.hasPrefix("("), trimmed.hasSuffix(")") { return trimmed }
        return "(" + trimmed + ")"
    }

    static func superscriptOrPlain(_ text: String) -> String {
        let trimmed = text.filter { $0 != " " }
        if let small = superscript(trimmed) { return small }
        return "^" + (trimmed.count == 1 ? trimmed : "(" + trimmed + ")")
    }

    static func subscriptOrPlain(_ text: String) -> String {
        let trimmed = text.filter { $0 != " " }
        if let small = `subscript`(trimmed) { return small }
        return "_" + (trimmed.count == 1 ? trimmed : "(" + trimmed + ")")
    }

    /// `text` in superscript characters, nil when one has none.
    static func superscript(_ text: String) -> String? { mapped(text, superscripts) }

    /// `text` in subscript characters, nil when one has none.
    static func `subscript`(_ text: String) -> String? { mapped(text, subscripts) }

    private static func mapped(_ text: String, _ table: [Character: Character]) -> String? {
        guard !text.isEmpty else { return nil }
        var out = ""
        for character in text {
            guard let small = table[character] else { return nil }
            out.append(small)
        }
        return out
    }

    static let superscripts: [Character: Character] = Dictionary(
        uniqueKeysWithValues: zip(
            "0123456789+-−=()abcdefghijklmnoprstuvwxyzABDEGHIJKLMNOPRTUVWβγδθιφχ′∗",
            "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂᵝᵞᵟᶿᶥᵠᵡ′*"))

    static let subscripts: [Character: Character] = Dictionary(
        uniqueKeysWithValues: zip("0123456789+-−=()aehijklmnoprstuvxβγρφχ", "₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓᵦᵧᵨᵩᵪ"))
}

/// Letters in the mathematical alphabets Unicode has.
enum MathAlphabets {
    static func map(_ text: String, to alphabet: MathAlphabet) -> String {
        String(
            text.map { character -> Character in
                guard let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
                    scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(character)
                else { return character }
                if let special = exceptions[alphabet]?[character] { return special }
                let value = scalar.value
                let isUpper = value >= 65 && value <= 90
                let isDigit = value >= 48 && value <= 57
                let offset = isDigit ? value - 48 : (isUpper ? value - 65 : value - 97)
                let base: UInt32?
                switch alphabet {
                case .doubleStruck: base = isDigit ? 0x1D7D8 : (isUpper ? 0x1D538 : 0x1D552)
                case .script: base = isDigit ? nil : (isUpper ? 0x1D4D0 : 0x1D4EA)  // bold script: no holes
                case .fraktur: base = isDigit ? nil : (isUpper ? 0x1D504 : 0x1D51E)
                case .bold: base = isDigit ? 0x1D7CE : (isUpper ? 0x1D400 : 0x1D41A)
                case .italic: base = isDigit ? nil : (isUpper ? 0x1D434 : 0x1D44E)
                case .sansSerif: base = isDigit ? 0x1D7E2 : (isUpper ? 0x1D5A0 : 0x1D5BA)
                case .monospace: base = isDigit ? 0x1D7F6 : (isUpper ? 0x1D670 : 0x1D68A)
                case .roman: base = nil
                }
                guard let base, let mapped = Unicode.Scalar(base + offset) else { return character }
                return Character(mapped)
            })
    }

    /// Letters Unicode has elsewhere (the holes in the mathematical alphabets).
    static let exceptions: [MathAlphabet: [Character: Character]] = [
        .doubleStruck: ["C": "ℂ", "H": "ℍ", "N": "ℕ", "P": "ℙ", "Q": "ℚ", "R": "ℝ", "Z": "ℤ"],
        .fraktur: ["C": "ℭ", "H": "ℌ", "I": "ℑ", "R": "ℜ", "Z": "ℨ"],
        .italic: ["h": "ℎ"],
    ]
}

extension String {
    /// The text without the spaces around it.
    package var trimmingSpaces: String {
        let utf8 = self.utf8
        guard utf8.first == 0x20 || utf8.last == 0x20 else { return self }
        // Spaces next to ASCII are characters of their own and are cut as bytes; next to anything
        // else a space may belong to a cluster, so the text is cut by characters.
        guard let first = utf8.firstIndex(where: { $0 != 0x20 }), let last = utf8.lastIndex(where: { $0 != 0x20 })
        else { return "" }
        guard utf8[first] < 0x80, utf8[last] < 0x80 else {
            return String(trimmed { $0 == " " })
        }
        return String(self[first...last])
    }

    /// Whether the last character is `character`, whose UTF-8 is the single byte `byte`.
    func endsWith(_ byte: UInt8, _ character: Character) -> Bool {
        utf8.last == byte && last == character
    }
}
