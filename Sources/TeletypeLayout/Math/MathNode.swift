/// Math read from LaTeX source: the tree both the terminal's Unicode and HTML's MathML are made
/// from. Commands Teletype does not know are kept as their source (``raw(_:)``).
public indirect enum MathNode: Sendable, Equatable {
    /// Nodes one after another.
    case row([MathNode])
    /// A letter or a symbol that names something (`x`, `α`, `ℝ`).
    case identifier(String)
    /// A number.
    case number(String)
    /// An operator, relation or punctuation (`+`, `≤`, `(`, `∑`).
    case `operator`(String, isLarge: Bool = false)
    /// A function's name (`sin`, `log`, `lim`).
    case function(String)
    /// Text (`\text{…}`).
    case text(String)
    /// `\frac{a}{b}`.
    case fraction(MathNode, MathNode)
    /// `\binom{n}{k}`.
    case binomial(MathNode, MathNode)
    /// `\sqrt{x}`, `\sqrt[n]{x}`.
    case root(MathNode, index: MathNode?)
    /// A base with a subscript, a superscript, or both.
    case scripts(MathNode, sub: MathNode?, sup: MathNode?)
    /// An accent over a node (`\hat`, `\bar`, `\vec`, `\dot`, `\tilde`, `\overline`).
    case accent(MathNode, MathAccent)
    /// Letters in a mathematical alphabet (`\mathbb`, `\mathcal`, `\mathfrak`, `\mathbf`).
    case styled(MathNode, MathAlphabet)
    /// Rows of cells: `matrix`, `pmatrix`, `bmatrix`, `cases`, `aligned`, …, with the fences
    /// around them.
    case table([[MathNode]], open: String, close: String)
    /// Space (`\,`, `\quad`, `~`).
    case space(Int)
    /// Source Teletype cannot draw, kept as written.
    case raw(String)
}

/// An accent over math.
public enum MathAccent: String, Sendable, Equatable {
    /// `\hat`.
    case hat
    /// `\bar`.
    case bar
    /// `\vec`: an arrow.
    case vec
    /// `\dot`.
    case dot
    /// `\ddot`: two dots.
    case ddot
    /// `\tilde`.
    case tilde
    /// `\overline`.
    case overline
    /// `\underline`.
    case underline
    /// `\widehat`.
    case widehat
    /// `\widetilde`.
    case widetilde

    /// The combining character a terminal puts after each letter.
    var combining: String {
        switch self {
        case .hat, .widehat: "\u{302}"
        case .bar, .overline: "\u{305}"
        case .vec: "\u{20D7}"
        case .dot: "\u{307}"
        case .ddot: "\u{308}"
        case .tilde, .widetilde: "\u{303}"
        case .underline: "\u{332}"
        }
    }

    /// The character MathML puts over (or under) the node.
    public var mark: String {
        switch self {
        case .hat, .widehat: "^"
        case .bar, .overline: "¯"
        case .vec: "→"
        case .dot: "˙"
        case .ddot: "¨"
        case .tilde, .widetilde: "~"
        case .underline: "_"
        }
    }
}

/// A mathematical alphabet.
public enum MathAlphabet: String, Sendable, Equatable {
    /// `\mathbb`: 𝔸𝔹ℂ.
    case doubleStruck
    /// `\mathcal`, `\mathscr`: 𝒜ℬ𝒞.
    case script
    /// `\mathfrak`: 𝔄𝔅ℭ.
    case fraktur
    /// `\mathbf`, `\boldsymbol`, `\bm`: 𝐀𝐁𝐂.
    case bold
    /// `\mathit`: 𝐴𝐵𝐶.
    case italic
    /// Upright letters, as they are written.
    case roman
    /// `\mathsf`: 𝖠𝖡𝖢.
    case sansSerif
    /// `\mathtt`: 𝙰𝙱𝙲.
    case monospace
}
