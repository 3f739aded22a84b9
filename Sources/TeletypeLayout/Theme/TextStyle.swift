/// How a run of text looks: colours and attributes. A `nil` colour keeps the terminal's own.
public struct TextStyle: Sendable, Hashable {
    /// The text colour.
    public var foreground: Color?
    /// The background colour.
    public var background: Color?
    /// Bold (increased intensity).
    public var bold: Bool
    /// Dim (decreased intensity).
    public var dim: Bool
    /// Italic.
    public var italic: Bool
    /// Underlined.
    public var underline: Bool
    /// Struck through.
    public var strikethrough: Bool

    /// Creates a style.
    public init(
        foreground: Color? = nil, background: Color? = nil, bold: Bool = false, dim: Bool = false,
        italic: Bool = false, underline: Bool = false, strikethrough: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.italic = italic
        self.underline = underline
        self.strikethrough = strikethrough
    }

    /// The terminal's default look.
    public static let plain = TextStyle()

    /// Whether the style changes nothing.
    public var isPlain: Bool { self == .plain }

    /// This style with `other` laid on top: `other`'s colours win where set, attributes add up.
    public func merged(with other: TextStyle) -> TextStyle {
        TextStyle(
            foreground: other.foreground ?? foreground, background: other.background ?? background,
            bold: bold || other.bold, dim: dim || other.dim, italic: italic || other.italic,
            underline: underline || other.underline, strikethrough: strikethrough || other.strikethrough)
    }
}

extension TextStyle {
    /// Styles are compared on every run of every line: attributes first, as one word, then colours.
    public static func == (lhs: TextStyle, rhs: TextStyle) -> Bool {
        lhs.attributeBits == rhs.attributeBits && lhs.foreground == rhs.foreground && lhs.background == rhs.background
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(attributeBits)
        hasher.combine(foreground)
        hasher.combine(background)
    }

    private var attributeBits: UInt8 {
        (bold ? 1 : 0) | (dim ? 2 : 0) | (italic ? 4 : 0) | (underline ? 8 : 0) | (strikethrough ? 16 : 0)
    }
}
