/// The semantic roles a run of inline text plays; the theme turns them into a look.
public struct InlineRole: OptionSet, Sendable, Hashable {
    /// The roles as bits.
    public let rawValue: UInt16
    /// The roles `rawValue`'s bits name.
    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// Emphasised text.
    public static let emphasis = InlineRole(rawValue: 1 << 0)
    /// Strongly emphasised text.
    public static let strong = InlineRole(rawValue: 1 << 1)
    /// Struck-through text.
    public static let strikethrough = InlineRole(rawValue: 1 << 2)
    /// A code span.
    public static let code = InlineRole(rawValue: 1 << 3)
    /// Link text.
    public static let link = InlineRole(rawValue: 1 << 4)
    /// An image placeholder.
    public static let image = InlineRole(rawValue: 1 << 5)
    /// A footnote reference.
    public static let footnote = InlineRole(rawValue: 1 << 6)
    /// Raw inline HTML, shown as source.
    public static let rawHTML = InlineRole(rawValue: 1 << 7)
    /// A stand-in for a control character.
    public static let controlPicture = InlineRole(rawValue: 1 << 8)
    /// Math (`$…$`), drawn with Unicode.
    public static let math = InlineRole(rawValue: 1 << 9)
}

/// A run of inline text with one set of roles, laid out but not yet wrapped. Its text is safe for a
/// terminal: control characters have been replaced by pictures.
public struct Span: Sendable, Equatable {
    /// The text; `"\n"` alone is a hard line break.
    public var text: String
    /// What the text is.
    public var roles: InlineRole
    /// The link target, for link text and image placeholders.
    public var link: String?
    /// Whether the link's text is its own URL, so the URL need not be written out again.
    public var linkIsAutolink: Bool

    /// Creates a span.
    public init(text: String, roles: InlineRole = [], link: String? = nil, linkIsAutolink: Bool = false) {
        self.text = text
        self.roles = roles
        self.link = link
        self.linkIsAutolink = linkIsAutolink
    }

    /// A hard line break.
    public static let lineBreak = Span(text: "\n")

    /// Whether the span is a hard line break.
    public var isLineBreak: Bool { text.utf8.count == 1 && text.utf8.first == 0x0A }
}
