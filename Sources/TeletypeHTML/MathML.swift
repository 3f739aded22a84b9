import TeletypeLayout

/// Math as MathML, which browsers draw without JavaScript: `<math>` (with `display="block"` for
/// display math) around the tree ``LaTeXMathParser`` reads; the LaTeX source rides along in an
/// `<annotation>` for copying. Every text is escaped.
enum MathML {
    static func write(_ source: String, display: Bool, into buffer: inout HTMLBuffer) {
        buffer.markup(display ? "<math display=\"block\"><semantics>" : "<math><semantics>")
        buffer.markup("<mrow>")
        node(LaTeXMathParser.parse(source), into: &buffer)
        buffer.markup("</mrow>")
        buffer.markup("<annotation encoding=\"application/x-tex\">")
        buffer.text(source)
        buffer.markup("</annotation></semantics></math>")
    }

    /// `node` as MathML, written where it goes (every text escaped).
    static func node(_ node: MathNode, into out: inout HTMLBuffer) {
        switch node {
        case .row(let nodes):
            out.markup("<mrow>")
            for child in nodes { self.node(child, into: &out) }
            out.markup("</mrow>")
        case .identifier(let text): element("<mi>", text, "</mi>", into: &out)
        case .number(let text): element("<mn>", text, "</mn>", into: &out)
        case .operator(let text, let isLarge):
            if text == "\n" { return }
            element(isLarge ? "<mo largeop=\"true\">" : "<mo>", text, "</mo>", into: &out)
        case .function(let name):
            element("<mi>", name, "</mi>", into: &out)
            out.markup("<mo>\u{2061}</mo>")
        case .text(let text): element("<mtext>", text, "</mtext>", into: &out)
        case .fraction(let top, let bottom):
            out.markup("<mfrac>")
            wrapped(top, into: &out)
            wrapped(bottom, into: &out)
            out.markup("</mfrac>")
        case .binomial(let top, let bottom):
            out.markup("<mrow><mo>(</mo><mfrac linethickness=\"0\">")
            wrapped(top, into: &out)
            wrapped(bottom, into: &out)
            out.markup("</mfrac><mo>)</mo></mrow>")
        case .root(let radicand, let index):
            if let index {
                out.markup("<mroot>")
                wrapped(radicand, into: &out)
                wrapped(index, into: &out)
                out.markup("</mroot>")
            } else {
                out.markup("<msqrt>")
                wrapped(radicand, into: &out)
                out.markup("</msqrt>")
            }
        case .scripts(let base, let sub, let sup):
            let large: Bool = {
                if case .operator(_, true) = base { return true }
                return false
            }()
            let (open, close): (StaticString, StaticString) =
                sub != nil && sup != nil
                ? (large ? ("<munderover>", "</munderover>") : ("<msubsup>", "</msubsup>"))
                : sub != nil
                    ? (large ? ("<munder>", "</munder>") : ("<msub>", "</msub>"))
                    : (large ? ("<mover>", "</mover>") : ("<msup>", "</msup>"))
            out.markup(open)
            wrapped(base, into: &out)
            if let sub { wrapped(sub, into: &out) }
            if let sup { wrapped(sup, into: &out) }
            out.markup(close)
        case .accent(let inner, let accent):
            let isUnder = accent == .underline
            out.markup(isUnder ? "<munder accent=\"true\">" : "<mover accent=\"true\">")
            wrapped(inner, into: &out)
            element("<mo>", accent.mark, "</mo>", into: &out)
            out.markup(isUnder ? "</munder>" : "</mover>")
        case .styled(let inner, let alphabet):
            let variant: StaticString =
                switch alphabet {
                case .doubleStruck: "double-struck"
                case .script: "script"
                case .fraktur: "fraktur"
                case .bold: "bold"
                case .italic: "italic"
                case .roman: "normal"
                case .sansSerif: "sans-serif"
                case .monospace: "monospace"
                }
            // The letters themselves, as the terminal shows them, so any font draws them.
            out.markup("<mstyle mathvariant=\"")
            out.markup(variant)
            element("\"><mi>", MathUnicode.text(of: inner).trimmingSpaces, "</mi></mstyle>", into: &out)
        case .table(let rows, let open, let close):
            out.markup("<mrow>")
            if !open.isEmpty { element("<mo>", open, "</mo>", into: &out) }
            out.markup("<mtable>")
            for row in rows {
                out.markup("<mtr>")
                for cell in row {
                    out.markup("<mtd>")
                    wrapped(cell, into: &out)
                    out.markup("</mtd>")
                }
                out.markup("</mtr>")
            }
            out.markup("</mtable>")
            if !close.isEmpty { element("<mo>", close, "</mo>", into: &out) }
            out.markup("</mrow>")
        case .space(let width): out.raw("<mspace width=\"\(Double(width) * 0.25)em\"></mspace>")
        case .raw(let source): element("<mtext>", source, "</mtext>", into: &out)
        }
    }

    /// An element around escaped `text`.
    @inline(__always)
    private static func element(_ open: StaticString, _ text: String, _ close: StaticString, into out: inout HTMLBuffer)
    {
        out.markup(open)
        out.text(text)
        out.markup(close)
    }

    /// A node as exactly one MathML element (as fractions and scripts take their arguments).
    private static func wrapped(_ node: MathNode, into out: inout HTMLBuffer) {
        if case .row = node {
            self.node(node, into: &out)
        } else {
            out.markup("<mrow>")
            self.node(node, into: &out)
            out.markup("</mrow>")
        }
    }
}
