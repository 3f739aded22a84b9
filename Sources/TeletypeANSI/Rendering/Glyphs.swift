/// The characters Teletype draws with, in Unicode or ASCII.
struct Glyphs: Sendable {
    var bullets: [String]
    var checked: String
    var unchecked: String
    var quoteBar: String
    var horizontal: String
    var heavyHorizontal: String
    var vertical: String
    var codeTop: String
    var codeBottom: String
    var codeGutter: String
    var continuation: String
    /// The right corners of a rounded box (a card); its left ones are the code frame's.
    var boxTopRight: String, boxBottomRight: String
    // Table corners and joints: top, middle and bottom rows, each left / cross / right.
    var topLeft: String, topJoin: String, topRight: String
    var midLeft: String, midJoin: String, midRight: String
    var bottomLeft: String, bottomJoin: String, bottomRight: String

    static let unicode = Glyphs(
        bullets: ["•", "◦", "▪"], checked: "☑", unchecked: "☐", quoteBar: "│", horizontal: "─",
        heavyHorizontal: "═", vertical: "│", codeTop: "╭", codeBottom: "╰", codeGutter: "│",
        continuation: "↪", boxTopRight: "╮", boxBottomRight: "╯", topLeft: "┌", topJoin: "┬", topRight: "┐",
        midLeft: "├", midJoin: "┼",
        midRight: "┤", bottomLeft: "└", bottomJoin: "┴", bottomRight: "┘")

    static let ascii = Glyphs(
        bullets: ["*", "-", "+"], checked: "[x]", unchecked: "[ ]", quoteBar: "|", horizontal: "-",
        heavyHorizontal: "=", vertical: "|", codeTop: "+", codeBottom: "+", codeGutter: "|",
        continuation: ">", boxTopRight: "+", boxBottomRight: "+", topLeft: "+", topJoin: "+", topRight: "+",
        midLeft: "+", midJoin: "+",
        midRight: "+", bottomLeft: "+", bottomJoin: "+", bottomRight: "+")
}
