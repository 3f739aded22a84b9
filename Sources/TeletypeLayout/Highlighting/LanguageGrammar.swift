/// How a language's code reads, for the generic lexer: its words, comments, strings, numbers and
/// the words that introduce a declaration's name. A few languages add a mode of their own
/// (``Special``).
struct LanguageGrammar: Sendable {
    /// A kind of string literal.
    struct StringRule: Sendable {
        /// What opens it (`"`, `'''`, `` ` ``, `r#"` handled by ``rawHashes``).
        var open: [UInt8]
        /// What closes it.
        var close: [UInt8]
        /// Whether a backslash escapes the next character.
        var escapes = true
        /// Whether it may span lines.
        var multiline = false
        /// Letters that may come right before the opening quote (Python's `rb`, `f`; C's `L`, `u8`).
        var prefixes: [UInt8] = []
        /// The kind it is (a string, or a character literal also a string).
        var kind: CodeTokenKind = .string
        /// How code is put inside it.
        var interpolation: Interpolation = .none
    }

    /// How a string holds code: `$name` and `${…}` (Kotlin, shells, PHP, Groovy), `\(…)` (Swift),
    /// `${…}` (JavaScript template literals), `#{…}` (Ruby), `{…}` (Python f-strings).
    enum Interpolation: Sendable {
        case none, dollar, swift, template, ruby, braces
    }

    /// Modes of languages the generic lexer does not cover alone.
    enum Special: Sendable {
        case none, json, yaml, ini, markup, css, diff, markdown, console, dockerfile, makefile, shell, sql
    }

    var name: String
    var keywords = WordSet([])
    var builtins = WordSet([])
    /// Words after which the next name is a declaration's (`def`, `class`, `fn`, `import`).
    var declarers = WordSet([])
    /// Declarers whose name is a dotted path (`import a.b.c`, `package x.y`).
    var pathDeclarers = WordSet([])
    var lineComments: [[UInt8]] = []
    var blockComments: [(open: [UInt8], close: [UInt8])] = []
    /// Whether block comments nest (Swift, Rust, Kotlin).
    var nestedComments = false
    var strings: [StringRule] = []
    /// Bytes besides letters, digits and `_` that may be part of a name (`$` in JavaScript, `-` in CSS).
    var nameBytes: [UInt8] = []
    /// A prefix that makes a variable (`$` in shells and PHP).
    var variablePrefix: UInt8?
    /// A prefix that makes an attribute or decorator (`@` in Python, Java, Kotlin, Swift).
    var decoratorPrefix: UInt8?
    /// Whether `#` at the start of a line starts a preprocessor line (C, C++, C#).
    var preprocessor = false
    /// Whether a capitalised name is a type (Swift, Kotlin, Java, C#, Rust, Go, TypeScript).
    var capitalizedTypes = false
    /// Whether `<<WORD` starts a heredoc, whose lines up to `WORD` are a string (shells).
    var heredocs = false
    /// Whether Rust's `r#"…"#` raw strings, `'a` lifetimes and `#[…]` attributes apply.
    var rustLike = false
    var special: Special = .none

    init(name: String) { self.name = name }
}
