import TeletypeLayout

/// Math as MathML, which browsers draw without JavaScript: `<math>` (with `display="block"` for
/// display math) around the tree ``LaTeXMathParser`` reads; the LaTeX source rides along in an
/// `<annotation>` for copying. Every text is escaped.
enum MathML {
    static func write(_ source: String, display: Bool, into buffer: inout HTMLBuffer) {
        buffer.raw(display ? "<math display=\"block\"><semantics>" : "<math><semantics>")
        var out = ""
        node(LaTeXMathParser.parse(source), into: &out)
        buffer.raw("<mrow>" + out + "</mrow>")
        buffer.markup("<annotation encoding=\"application/x-tex\">")
        buffer.text(source)
        buffer.markup("</annotation></semantics></math>")
    }

    static func escaped(_ text: String) -> String {
        var buffer = HTMLBuffer(capacity: text.utf8.count)
        buffer.text(text)
        return buffer.string
    }

    static func node(_ node: MathNode, into out: inout String) {
        switch node {
        case .row(let nodes):
            out += "<mrow>"
            for child in nodes { self.node(child, into: &out) }
            out += "</mrow>"
        case .identifier(let text): out += "<mi>" + escaped(text) + "</mi>"
        case .number(let text): out += "<mn>" + escaped(text) + "</mn>"
        case .operator(let text, let isLarge):
            if text == "\n" { return }
            out += (isLarge ? "<mo largeop=\"true\">" : "<mo>") + escaped(text) + "</mo>"
        case .function(let name): out += "<mi>" + escaped(name) + "</mi><mo>\u{2061}</mo>"
        case .text(let text): out += "<mtext>" + escaped(text) + "</mtext>"
        case .fraction(let top, let bottom):
            out += "<mfrac>"
            wrapped(top, into: &out)
            wrapped(bottom, into: &out)
            out += "</mfrac>"
        case .binomial(let top, let bottom):
            out += "<mrow><mo>(</mo><mfrac linethickness=\"0\">"
            wrapped(top, into: &out)
            wrapped(bottom, into: &out)
            out += "</mfrac><mo>)</mo></mrow>"
        case .root(let radicand, let index):
            if let index {
                out += "<mroot>"
                wrapped(radicand, into: &out)
                wrapped(index, into: &out)
                out += "</mroot>"
            } else {
                out += "<msqrt>"
                wrapped(radicand, into: &out)
                out += "</msqrt>"
            }
        case .scripts(let base, let sub, let sup):
            let large: Bool = {
                if case .operator(_, true) = base { return true }
                return false
            }()
            let tag =
                sub != nil && sup != nil
                ? (large ? "munderover" : "msubsup")
                : sub != nil
                    ? (large ? "munder" : "msub")
                    : (large ? "mover" : "msup")
            out += "<\(tag)>"
            wrapped(base, into: &out)
            if let sub { wrapped(sub, into: &out) }
            if let sup { wrapped(sup, into: &out) }
            out += "</\(tag)>"
        case .accent(let inner, let accent):
            let tag = accent == .underline ? "munder" : "mover"
            out += "<\(tag) accent=\"true\">"
            wrapped(inner, into: &out)
            out += "<mo>" + escaped(accent.mark) + "</mo></\(tag)>"
        case .styled(let inner, let alphabet):
            let variant =
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
            out +=
                "<mstyle mathvariant=\"\(variant)\"><mi>"
                + escaped(MathUnicode.text(of: inner).trimmingSpaces) + "</mi></mstyle>"
        case .table(let rows, let open, let close):
            out += "<mrow>"
            if !open.isEmpty { out += "<mo>" + escaped(open) + "</mo>" }
            out += "<mtable>"
            for row in rows {
                out += "<mtr>"
                for cell in row {
                    out += "<mtd>"
                    wrapped(cell, into: &out)
                    out += "</mtd>"
                }
                out += "</mtr>"
            }
            out += "</mtable>"
            if !close.isEmpty { out += "<mo>" + escaped(close) + "</mo>" }
            out += "</mrow>"
        case .space(let width): out += "<mspace width=\"\(Double(width) * 0.25)em\"></mspace>"
        case .raw(let source): out += "<mtext>" + escaped(source) + "</mtext>"
        }
    }

    /// A node as exactly one MathML element (as fractions and scripts take their arguments).
    private static func wrapped(_ node: MathNode, into out: inout String) {
        if case .row = node {
            self.node(node, into: &out)
        } else {
            out += "<mrow>"
            self.node(node, into: &out)
            out += "</mrow>"
        }
    }
}
