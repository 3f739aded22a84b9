/// A GitHub Flavored Markdown extension to CommonMark.
public enum MarkdownExtension: String, Sendable, Hashable, CaseIterable {
    /// Pipe tables.
    case table
    /// `~strikethrough~`
    case strikethrough
    /// Bare URLs, `www.` addresses and e-mail addresses become links.
    case autolink
    /// Raw `<script>`, `<style>` and similar tags are shown as text (applied by renderers).
    case tagfilter
    /// `- [ ]` and `- [x]` list items.
    case tasklist
    /// `[^label]` references and their definitions.
    case footnotes

    /// The case's place in the list: what sets of extensions hash and compare, instead of the raw
    /// names (every parse looks up its extensions, and hashing a name costs a string's hash).
    private var ordinal: Int {
        switch self {
        case .table: 0
        case .strikethrough: 1
        case .autolink: 2
        case .tagfilter: 3
        case .tasklist: 4
        case .footnotes: 5
        }
    }

    /// Every extension: the default set, made once (each message's parse options start from it).
    public static let every = Set(allCases)

    /// Hashes the case by its place, not its name.
    public func hash(into hasher: inout Hasher) { hasher.combine(ordinal) }

    /// Whether two are the same case.
    public static func == (left: MarkdownExtension, right: MarkdownExtension) -> Bool { left.ordinal == right.ordinal }
}

/// How Markdown text is parsed.
public struct MarkdownParseOptions: Sendable, Equatable {
    /// The GFM extensions in force; all of them by default.
    public var extensions: Set<MarkdownExtension>
    /// Treat every line ending inside a paragraph as a hard line break.
    public var hardBreaks: Bool
    /// Turn straight quotes, `--` and `...` into typographic punctuation.
    public var smartPunctuation: Bool
    /// Read math (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`) as ``Inline/math(_:display:)``, as GitHub does;
    /// off, the text is parsed exactly as the GFM specification says.
    public var recognizesMath: Bool

    /// Creates parse options; the defaults are GitHub Flavored Markdown with every extension.
    public init(
        extensions: Set<MarkdownExtension> = MarkdownExtension.every, hardBreaks: Bool = false,
        smartPunctuation: Bool = false, recognizesMath: Bool = true
    ) {
        self.extensions = extensions
        self.hardBreaks = hardBreaks
        self.smartPunctuation = smartPunctuation
        self.recognizesMath = recognizesMath
    }
}
