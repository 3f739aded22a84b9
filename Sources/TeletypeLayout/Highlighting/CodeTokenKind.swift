/// What a piece of code is, as syntax highlighting colours it. The theme gives each kind a style
/// (``SyntaxStyles``); HTML gives it a class (`tok-` and ``cssClass``).
public enum CodeTokenKind: UInt8, Sendable, Hashable, CaseIterable {
    /// Anything else: names, spaces, text.
    case plain
    /// A keyword of the language, a constant such as `true`, a type keyword such as `int`.
    case keyword
    /// A string or character literal.
    case string
    /// A comment.
    case comment
    /// A number.
    case number
    /// The name a declaration introduces: a function, a class or type, a module imported.
    case declaration
    /// A function, type or value the language provides (`print`, `len`, `String`, `self`).
    case builtin
    /// Operators and punctuation.
    case `operator`
    /// A variable marked as one (`$HOME`, `$x`, `${name}`).
    case variable
    /// A markup tag, a JSON or YAML key, a section header.
    case tag
    /// An attribute or property name (HTML attributes, CSS properties, INI keys, decorators).
    case attribute
    /// A preprocessor line or directive (`#include`, `#[derive]`).
    case preprocessor
    /// An added line of a diff.
    case inserted
    /// A removed line of a diff.
    case deleted
    /// A diff's file headers and hunk headers.
    case meta
    /// A shell prompt in a console session.
    case prompt
    /// A console session's output.
    case output
    /// A Markdown heading.
    case heading
    /// Markdown emphasis.
    case emphasis

    /// The class HTML gives it (`tok-k` for keywords, …), empty for plain text.
    public var cssClass: String {
        switch self {
        case .plain: ""
        case .keyword: "tok-k"
        case .string: "tok-s"
        case .comment: "tok-c"
        case .number: "tok-m"
        case .declaration: "tok-nd"
        case .builtin: "tok-nb"
        case .operator: "tok-o"
        case .variable: "tok-nv"
        case .tag: "tok-nt"
        case .attribute: "tok-na"
        case .preprocessor: "tok-cp"
        case .inserted: "tok-gi"
        case .deleted: "tok-gd"
        case .meta: "tok-gu"
        case .prompt: "tok-gp"
        case .output: "tok-go"
        case .heading: "tok-gh"
        case .emphasis: "tok-ge"
        }
    }
}

/// A run of a line of code of one kind: UTF-8 offsets into the line.
public struct CodeToken: Sendable, Hashable {
    /// Where it starts, in UTF-8 bytes from the start of the line.
    public var start: Int
    /// Where it ends (exclusive).
    public var end: Int
    /// What it is.
    public var kind: CodeTokenKind

    /// A token from `start` to `end` of `kind`.
    public init(start: Int, end: Int, kind: CodeTokenKind) {
        self.start = start
        self.end = end
        self.kind = kind
    }
}
