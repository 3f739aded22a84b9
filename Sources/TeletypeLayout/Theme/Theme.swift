/// A terminal theme: a named style for each kind of thing Teletype draws. Start from a preset
/// (``dark``, ``light``, ``plain``) and change the slots you care about.
public struct Theme: Sendable, Equatable {
    /// The theme's name, as `--theme` takes it.
    public var name: String
    /// Body text.
    public var text: TextStyle
    /// Headings, one style per level 1–6.
    public var headings: [TextStyle]
    /// The `#` marks in front of headings and the rule under level 1 and 2 headings.
    public var headingMarker: TextStyle
    /// `*emphasis*`
    public var emphasis: TextStyle
    /// `**strong**`
    public var strong: TextStyle
    /// `~~strikethrough~~`
    public var strikethrough: TextStyle
    /// Inline code spans.
    public var inlineCode: TextStyle
    /// Link text.
    public var link: TextStyle
    /// A link's URL when it is written out after its text.
    public var linkURL: TextStyle
    /// Image placeholders.
    public var image: TextStyle
    /// Footnote references and footnote numbers.
    public var footnote: TextStyle
    /// Code block text.
    public var codeBlock: TextStyle
    /// The language label and frame of code blocks.
    public var codeFrame: TextStyle
    /// Raw HTML, shown as source.
    public var rawHTML: TextStyle
    /// The bar in front of block quotes.
    public var quoteBar: TextStyle
    /// Text inside block quotes.
    public var quoteText: TextStyle
    /// List bullets and numbers.
    public var listMarker: TextStyle
    /// A checked task box.
    public var taskChecked: TextStyle
    /// An unchecked task box.
    public var taskUnchecked: TextStyle
    /// Thematic breaks.
    public var rule: TextStyle
    /// Table borders.
    public var tableBorder: TextStyle
    /// Table header cells.
    public var tableHeader: TextStyle
    /// Visible stand-ins for control characters found in untrusted text.
    public var controlPicture: TextStyle
    /// The colours of highlighted code, by token kind (none in the plain theme).
    public var syntax: SyntaxStyles = .none
    /// Math (`$…$`, `$$…$$`), drawn with Unicode.
    public var math: TextStyle = .plain
    /// The colour of each kind of GitHub alert (`> [!NOTE]`); a missing one uses the quote bar's.
    public var alerts: [MarkdownAlert: TextStyle] {
        get {
            var alerts: [MarkdownAlert: TextStyle] = [:]
            for (kind, style) in zip(MarkdownAlert.allCases, alertStyles) { alerts[kind] = style }
            return alerts
        }
        set { alertStyles = MarkdownAlert.allCases.map { newValue[$0] } }
    }

    /// ``alerts`` in the order of `MarkdownAlert.allCases`: an array, because a dictionary keyed
    /// by a type of Teletype's own costs every run that makes a theme a look through all the
    /// program's conformances.
    var alertStyles: [TextStyle?] = Array(repeating: nil, count: MarkdownAlert.allCases.count)

    /// The colour of `kind`'s alerts, nil where the quote bar's is used.
    public func alert(_ kind: MarkdownAlert) -> TextStyle? {
        MarkdownAlert.allCases.firstIndex(of: kind).flatMap { alertStyles[$0] }
    }

    /// ``alertStyles`` of these kinds.
    static func alertStyles(_ kinds: KeyValuePairs<MarkdownAlert, TextStyle>) -> [TextStyle?] {
        MarkdownAlert.allCases.map { kind in kinds.last { $0.key == kind }?.value }
    }

    /// The style of a heading of `level` (clamped to 1–6).
    public func heading(_ level: Int) -> TextStyle {
        headings[min(max(level, 1), headings.count) - 1]
    }

    /// The built-in themes, by name.
    public static let presets: [Theme] = [.dark, .light, .plain]

    /// The names of ``presets``, known without making the themes (which a command that draws no
    /// colour need not).
    public static let presetNames = ["dark", "light", "plain"]

    /// The preset called `name`, if any; only that theme is made.
    public static func named(_ name: String) -> Theme? {
        switch name {
        case "dark": .dark
        case "light": .light
        case "plain": .plain
        default: nil
        }
    }
}
