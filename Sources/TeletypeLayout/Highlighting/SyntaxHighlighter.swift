/// Syntax highlighting for code blocks: the tokens of each line of code in a language Teletype
/// knows (Python, JavaScript and TypeScript, JSON, shells and console sessions, Swift, Rust, Go,
/// C, C++, C#, Java, Kotlin, Ruby, PHP, SQL, YAML, TOML, INI, HTML and XML, CSS, Dockerfiles,
/// Makefiles, diffs, Lua, Markdown). Lexing goes a line at a time: the state at the end of a line
/// is all that carries to the next (``CodeLexerState``), so a code block that streams in is lexed
/// once, a line as it completes, and gives the same tokens as the whole block.
public struct SyntaxHighlighter: Sendable {
    let lexer: CodeLexer

    /// The highlighter for a code fence's info string (`python`, `ts`, `{.python}`, `rust,ignore`),
    /// nil when the language is not one Teletype knows.
    public init?(language info: String) {
        guard let grammar = Languages.grammar(for: info) else { return nil }
        lexer = CodeLexer(grammar: grammar)
    }

    /// A highlighter for diffs: for tool output or text that is a unified diff without a language.
    public static let diff = SyntaxHighlighter(language: "diff")!

    /// A highlighter for shell commands, made once: every command a tool ran is drawn with it.
    public static let shell = SyntaxHighlighter(language: "bash")!

    /// The language's canonical name (`python`, `cpp`, …).
    public var languageName: String { lexer.grammar.name }

    /// The tokens of one line (without its line break), lexed from `state`, which is left as the
    /// next line starts.
    public func tokens(of line: Substring, state: inout CodeLexerState) -> [CodeToken] {
        var copy = line
        return copy.withUTF8 { lexer.tokens($0, state: &state) }
    }

    /// The tokens of one line (without its line break), lexed from `state`.
    public func tokens(of line: String, state: inout CodeLexerState) -> [CodeToken] {
        var copy = line
        return copy.withUTF8 { lexer.tokens($0, state: &state) }
    }

    /// The tokens of one line given as UTF-8 bytes (without its line break), lexed from `state`.
    package func tokens(ofLine line: UnsafeBufferPointer<UInt8>, state: inout CodeLexerState) -> [CodeToken] {
        lexer.tokens(line, state: &state)
    }

    /// The tokens of every line of a block, from its start.
    public func tokens(of lines: [String]) -> [[CodeToken]] {
        var state = CodeLexerState()
        return lines.map { tokens(of: $0, state: &state) }
    }

    /// Whether text reads as a unified diff (hunk headers, or `---`/`+++` file headers): tool
    /// output worth colouring as one.
    public static func looksLikeDiff(_ lines: [String]) -> Bool { MarkupModes.looksLikeDiff(lines) }
}

/// The style of each kind of code token, part of a ``Theme``. A kind without a style is drawn as
/// the code block's text.
public struct SyntaxStyles: Sendable, Equatable {
    /// The style of each kind; missing kinds are plain.
    public var styles: [CodeTokenKind: TextStyle] {
        get {
            var styles: [CodeTokenKind: TextStyle] = [:]
            for kind in CodeTokenKind.allCases { styles[kind] = byKind[Int(kind.rawValue)] }
            return styles
        }
        set { byKind = CodeTokenKind.allCases.map { newValue[$0] } }
    }

    /// The styles by the kind's raw value: a code block looks one up for every token. Kept as an
    /// array rather than a dictionary also because a dictionary keyed by a type of Teletype's own
    /// costs every run that makes a theme a look through all the program's conformances.
    private var byKind: [TextStyle?]

    /// Styles for these kinds.
    public init(_ styles: [CodeTokenKind: TextStyle] = [:]) {
        byKind = CodeTokenKind.allCases.map { styles[$0] }
    }

    /// Styles for these kinds, the last of a kind given twice counting (the built-in themes').
    package init(kinds: KeyValuePairs<CodeTokenKind, TextStyle>) {
        byKind = Array(repeating: nil, count: CodeTokenKind.allCases.count)
        for (kind, style) in kinds { byKind[Int(kind.rawValue)] = style }
    }

    /// No highlighting: every kind plain.
    public static let none = SyntaxStyles(kinds: [:])

    /// The style of `kind`, nil when it is drawn plain.
    public subscript(kind: CodeTokenKind) -> TextStyle? { byKind[Int(kind.rawValue)] }

    /// Whether both give every token kind the same style.
    public static func == (lhs: SyntaxStyles, rhs: SyntaxStyles) -> Bool { lhs.byKind == rhs.byKind }

    /// Whether any kind has a style: a theme without styles draws code in one colour.
    public var isEmpty: Bool { byKind.allSatisfy { $0 == nil } }
}
