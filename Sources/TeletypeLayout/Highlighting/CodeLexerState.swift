/// Where a lexer is at the end of a line: inside a block comment, a string that spans lines, a
/// heredoc, a tag — all that carries to the next line. A code block that streams in lexes each new
/// line once, from the state the line before left.
public struct CodeLexerState: Sendable, Hashable {
    /// What the next line starts inside of.
    enum Mode: UInt8, Sendable, Hashable {
        case normal, blockComment, string, heredoc, tag, rawBlock
    }

    var mode: Mode = .normal
    /// Which block comment or string rule of the grammar.
    var rule: UInt8 = 0
    /// How deep nested block comments go.
    var depth: UInt8 = 0
    /// What ends a heredoc, a raw string (`"#`), or a Lua long bracket.
    var terminator: [UInt8] = []

    /// The state at the start of a code block.
    public init() {}
}
