/// The lexer every language shares: it reads one line at a time, from the state the line before
/// left (``CodeLexerState``), and returns the runs that are not plain text. Languages differ by
/// their ``LanguageGrammar``; a few have a mode of their own (markup, CSS, YAML, diffs, …).
struct CodeLexer: Sendable {
    /// The grammar, shared by every lexer of the language: a lexer is made for each code block,
    /// and copying the grammar's word sets and rules each time would cost more than lexing a short
    /// block.
    private let shared: SharedGrammar

    /// The grammar of the language.
    var grammar: LanguageGrammar {
        _read { yield shared.grammar }
    }

    init(grammar: SharedGrammar) {
        shared = grammar
    }

    /// The tokens of `line`, and the state the next line starts in.
    func tokens(_ line: UnsafeBufferPointer<UInt8>, state: inout CodeLexerState) -> [CodeToken] {
        var out = TokenList()
        // Room for the tokens of most lines (about one per four bytes), so that the list grows once at most.
        if line.count >= 8 { out.tokens.reserveCapacity(min(line.count / 4, 32)) }
        switch grammar.special {
        case .none, .shell, .sql: code(line, from: 0, state: &state, into: &out)
        case .json: code(line, from: 0, state: &state, into: &out, keysAreTags: true)
        case .yaml: MarkupModes.yaml(line, state: &state, into: &out, lexer: self)
        case .ini: MarkupModes.ini(line, state: &state, into: &out, lexer: self)
        case .markup: MarkupModes.markup(line, state: &state, into: &out, lexer: self)
        case .css: MarkupModes.css(line, state: &state, into: &out, lexer: self)
        case .diff: MarkupModes.diff(line, into: &out)
        case .markdown: MarkupModes.markdown(line, state: &state, into: &out)
        case .console: MarkupModes.console(line, state: &state, into: &out, lexer: self)
        case .dockerfile: MarkupModes.dockerfile(line, state: &state, into: &out, lexer: self)
        case .makefile: MarkupModes.makefile(line, state: &state, into: &out, lexer: self)
        }
        return out.tokens
    }

    // MARK: The generic mode

    /// Lexes `line` from `start` as code of the grammar.
    func code(
        _ line: UnsafeBufferPointer<UInt8>, from start: Int, state: inout CodeLexerState, into out: inout TokenList,
        keysAreTags: Bool = false
    ) {
        let n = line.count
        var i = start
        if !resume(line, at: &i, state: &state, into: &out) { return }
        var declaring = false
        var afterDot = false
        let atLineStart = { (position: Int) -> Bool in
            var k = start
            while k < position, line[k] == 32 || line[k] == 9 { k += 1 }
            return k == position
        }
        while i < n {
            let b = line[i]
            if b == 32 || b == 9 || b == 13 {
                i += 1
                continue
            }
            let mayOpen = shared.mayOpen[Int(b)]
            // Comments.
            if mayOpen, let comment = grammar.lineComments.first(where: { Self.matches(line, i, $0) }),
                comment != [35] || grammar.special != .shell || i == 0 || Self.isSpace(line[i - 1])
            {
                _ = comment
                out.add(i, n, .comment)
                return
            }
            if mayOpen, let index = grammar.blockComments.firstIndex(where: { Self.matches(line, i, $0.open) }) {
                let open = grammar.blockComments[index].open
                state.rule = UInt8(index)
                state.depth = 1
                var j = i + open.count
                if closeComment(line, &j, state: &state) {
                    out.add(i, j, .comment)
                    i = j
                    continue
                }
                out.add(i, n, .comment)
                state.mode = .blockComment
                return
            }
            if grammar.preprocessor, b == 35, atLineStart(i) {
                out.add(i, n, .preprocessor)
                return
            }
            if grammar.rustLike, b == 35, i + 1 < n,
                line[i + 1] == 91 || (line[i + 1] == 33 && i + 2 < n && line[i + 2] == 91)
            {
                // `#[attribute]`, `#![attribute]`.
                var j = i + 1
                var depth = 0
                while j < n {
                    if line[j] == 91 { depth += 1 }
                    if line[j] == 93 {
                        depth -= 1
                        if depth == 0 {
                            j += 1
                            break
                        }
                    }
                    j += 1
                }
                out.add(i, j, .preprocessor)
                i = j
                continue
            }
            // Strings.
            if mayOpen, let index = grammar.strings.firstIndex(where: { Self.matches(line, i, $0.open) }) {
                if grammar.rustLike, b == 39, !isCharLiteral(line, i) {
                    // A lifetime: `'a`.
                    var j = i + 1
                    while j < n, Self.isNameByte(line[j]) { j += 1 }
                    out.add(i, j, .attribute)
                    i = j
                    continue
                }
                i = string(line, from: i, start: i, rule: index, state: &state, into: &out, keysAreTags: keysAreTags)
                if state.mode != .normal { return }
                continue
            }
            // Numbers.
            if Self.isDigit(b) || (b == 46 && i + 1 < n && Self.isDigit(line[i + 1]) && !afterName(line, i)) {
                let j = Self.numberEnd(line, i)
                out.add(i, j, .number)
                i = j
                afterDot = false
                continue
            }
            // Variables and decorators.
            if let prefix = grammar.variablePrefix, b == prefix, i + 1 < n {
                let j = variableEnd(line, i)
                if j > i + 1 {
                    out.add(i, j, .variable)
                    i = j
                    continue
                }
            }
            if let prefix = grammar.decoratorPrefix, b == prefix, i + 1 < n, Self.isNameStart(line[i + 1]) {
                var j = i + 1
                while j < n, Self.isNameByte(line[j]) || line[j] == 46 { j += 1 }
                out.add(i, j, .attribute)
                i = j
                continue
            }
            // Names.
            if Self.isNameStart(b) || grammar.nameBytes.contains(b) {
                var j = i + 1
                while j < n, Self.isNameByte(line[j]) || grammar.nameBytes.contains(line[j]) { j += 1 }
                // A prefixed string: `f"…"`, `rb'…'`, `L"…"`, Rust's `r#"…"#`.
                if j < n, let index = prefixedString(line, i, j) {
                    i = string(
                        line, from: j, start: i, rule: index, state: &state, into: &out, keysAreTags: keysAreTags)
                    if state.mode != .normal { return }
                    continue
                }
                if grammar.rustLike, j - i == 1 || (j - i == 2 && line[i] == 98), line[j - 1] == 114, j < n,
                    line[j] == 35 || line[j] == 34
                {
                    i = rawString(line, i, hashesFrom: j, state: &state, into: &out)
                    if state.mode != .normal { return }
                    continue
                }
                if keysAreTags {
                    // JSON's bare words: true, false, null.
                    if grammar.keywords.contains(line, i, j) { out.add(i, j, .keyword) }
                } else if !afterDot && grammar.keywords.contains(line, i, j) {
                    out.add(i, j, .keyword)
                    if grammar.pathDeclarers.contains(line, i, j) {
                        // `import a.b.c`, `package x.y.*`: the whole path.
                        var k = j
                        while k < n, Self.isSpace(line[k]) { k += 1 }
                        var end = k
                        while end < n,
                            Self.isNameByte(line[end]) || line[end] == 46 || line[end] == 42 || line[end] == 58
                        {
                            end += 1
                        }
                        if end > k, Self.isNameStart(line[k]) {
                            out.add(k, end, .declaration)
                            i = end
                            continue
                        }
                    }
                    if grammar.declarers.contains(line, i, j) { declaring = true }
                    i = j
                    continue
                } else if declaring {
                    out.add(i, j, .declaration)
                    declaring = false
                } else if !afterDot && grammar.builtins.contains(line, i, j) {
                    out.add(i, j, .builtin)
                } else if grammar.capitalizedTypes, line[i] >= 65 && line[i] <= 90, !afterDot {
                    out.add(i, j, .builtin)
                }
                afterDot = false
                i = j
                continue
            }
            // A heredoc: `<<EOF`, `<<-'EOF'`, `<<"EOF"` (not `<<<`); its text starts on the next line.
            if grammar.heredocs, b == 60, i + 1 < n, line[i + 1] == 60, i + 2 >= n || line[i + 2] != 60 {
                var k = i + 2
                if k < n, line[k] == 45 { k += 1 }
                while k < n, Self.isSpace(line[k]) { k += 1 }
                let quote: UInt8? = k < n && (line[k] == 39 || line[k] == 34) ? line[k] : nil
                if quote != nil { k += 1 }
                let wordStart = k
                while k < n, Self.isNameByte(line[k]) { k += 1 }
                if k > wordStart {
                    state.terminator = Array(line[wordStart..<k])
                    if let quote, k < n, line[k] == quote { k += 1 }
                    out.add(i, i + 2, .operator)
                    out.add(i + 2, k, .string)
                    i = k
                    // The rest of the line is code; the heredoc starts after it.
                    code(line, from: i, state: &state, into: &out)
                    if state.mode == .normal { state.mode = .heredoc }
                    return
                }
            }
            // Operators and punctuation.
            if Self.isOperator(b) {
                var j = i + 1
                while j < n, Self.isOperator(line[j]) { j += 1 }
                out.add(i, j, .operator)
                // `foo.bar`: a member, not a keyword or a builtin.
                afterDot = line[j - 1] == 46 && !(j - i >= 2 && line[j - 2] == 46)
                if b != 46 && b != 58 && b != 44 { declaring = declaring && (b == 42 || b == 38) }
                i = j
                continue
            }
            i += 1
        }
    }

    /// Continues a comment, string or heredoc the line before left open; false when it takes the
    /// whole line.
    private func resume(
        _ line: UnsafeBufferPointer<UInt8>, at i: inout Int, state: inout CodeLexerState, into out: inout TokenList
    ) -> Bool {
        let n = line.count
        let start = i
        switch state.mode {
        case .normal, .tag: return true
        case .blockComment:
            if closeComment(line, &i, state: &state) {
                out.add(start, i, .comment)
                state.mode = .normal
                return true
            }
            out.add(start, n, .comment)
            return false
        case .string:
            let rule = grammar.strings[Int(state.rule)]
            if let end = Self.scanString(line, tokenStart: start, contentStart: i, rule: rule, into: &out) {
                i = end
                state.mode = .normal
                return true
            }
            return false
        case .rawBlock:
            // A raw string's or Lua long bracket's close.
            if let end = Self.find(state.terminator, in: line, from: i) {
                out.add(start, end + state.terminator.count, .string)
                i = end + state.terminator.count
                state.mode = .normal
                state.terminator = []
                return true
            }
            out.add(start, n, .string)
            return false
        case .heredoc:
            var k = 0
            while k < n, line[k] == 9 { k += 1 }
            out.add(0, n, .string)
            if n - k == state.terminator.count, Self.matches(line, k, state.terminator) {
                state.mode = .normal
                state.terminator = []
            }
            return false
        }
    }

    /// Finds the end of the block comment rule `state.rule` from `j`, counting nesting; true when
    /// it closes on this line (`j` after it).
    private func closeComment(_ line: UnsafeBufferPointer<UInt8>, _ j: inout Int, state: inout CodeLexerState) -> Bool {
        let rule = grammar.blockComments[Int(state.rule)]
        let n = line.count
        while j < n {
            if Self.matches(line, j, rule.close) {
                j += rule.close.count
                state.depth = state.depth > 0 ? state.depth - 1 : 0
                if state.depth == 0 || !grammar.nestedComments { return true }
                continue
            }
            if grammar.nestedComments, Self.matches(line, j, rule.open) {
                state.depth = min(state.depth + 1, 200)
                j += rule.open.count
                continue
            }
            j += 1
        }
        return false
    }

    /// Lexes a string whose quote is at `from` (its prefix from `start`); returns where lexing goes on.
    private func string(
        _ line: UnsafeBufferPointer<UInt8>, from: Int, start: Int, rule index: Int, state: inout CodeLexerState,
        into out: inout TokenList, keysAreTags: Bool
    ) -> Int {
        var rule = grammar.strings[index]
        if rule.interpolation == .braces, !(start..<from).contains(where: { line[$0] | 0x20 == 102 }) {
            rule.interpolation = .none  // only f-strings hold code
        }
        if keysAreTags, let end = Self.stringEnd(line, from: from + rule.open.count, rule: rule) {
            var k = end
            while k < line.count, line[k] == 32 || line[k] == 9 { k += 1 }
            out.add(start, end, k < line.count && line[k] == 58 ? .tag : rule.kind)
            return end
        }
        if let end = Self.scanString(
            line, tokenStart: start, contentStart: from + rule.open.count, rule: rule, into: &out)
        {
            return end
        }
        if rule.multiline || (line.count > 0 && line[line.count - 1] == 92 && rule.escapes) {
            state.mode = .string
            state.rule = UInt8(index)
        }
        return line.count
    }

    /// Lexes a string's text from `contentStart` (the token from `tokenStart`): the string in its
    /// kind, code it holds (interpolations) as code; returns where it ends, or nil (the rest of the
    /// line taken) when it does not end on this line.
    static func scanString(
        _ line: UnsafeBufferPointer<UInt8>, tokenStart: Int, contentStart: Int, rule: LanguageGrammar.StringRule,
        into out: inout TokenList
    ) -> Int? {
        guard rule.interpolation != .none else {
            if let end = stringEnd(line, from: contentStart, rule: rule) {
                out.add(tokenStart, end, rule.kind)
                return end
            }
            out.add(tokenStart, line.count, rule.kind)
            return nil
        }
        let n = line.count
        var pieceStart = tokenStart
        var j = contentStart
        let close = rule.close
        while j < n {
            let byte = line[j]
            // Where interpolated code starts, how long its opening is, and what closes it.
            var opening = 0
            var closer: UInt8 = 0
            var simpleName = false
            switch rule.interpolation {
            case .dollar where byte == 36 && j + 1 < n:
                if line[j + 1] == 123 {
                    (opening, closer) = (2, 125)
                } else if isNameStart(line[j + 1]) {
                    simpleName = true
                }
            case .swift where byte == 92 && j + 1 < n && line[j + 1] == 40: (opening, closer) = (2, 41)
            case .template where byte == 36 && j + 1 < n && line[j + 1] == 123: (opening, closer) = (2, 125)
            case .ruby where byte == 35 && j + 1 < n && line[j + 1] == 123: (opening, closer) = (2, 125)
            case .braces where byte == 123:
                if j + 1 < n, line[j + 1] == 123 {
                    j += 2  // `{{` is a brace
                    continue
                }
                (opening, closer) = (1, 125)
            default: break
            }
            if simpleName {
                out.add(pieceStart, j + 1, rule.kind)
                var k = j + 1
                while k < n, isNameByte(line[k]) { k += 1 }
                out.add(j + 1, k, .variable)
                pieceStart = k
                j = k
                continue
            }
            if opening > 0 {
                out.add(pieceStart, j + opening, rule.kind)
                // The code inside, to its matching close.
                let open = line[j + opening - 1]
                var depth = 1
                var k = j + opening
                while k < n {
                    if line[k] == open && open != closer { depth += 1 }
                    if line[k] == closer {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    k += 1
                }
                guard k < n else {
                    // The code goes past the line: the rest is code.
                    return nil
                }
                pieceStart = k
                j = k + 1
                continue
            }
            if rule.escapes && byte == 92 {
                j += 2
                continue
            }
            if byte == close[0], matches(line, j, close) {
                out.add(pieceStart, j + close.count, rule.kind)
                return j + close.count
            }
            j += 1
        }
        out.add(pieceStart, n, rule.kind)
        return nil
    }

    /// Where a string of `rule` ends (after its close), looking from `from`; nil when it does not
    /// end on this line.
    static func stringEnd(_ line: UnsafeBufferPointer<UInt8>, from: Int, rule: LanguageGrammar.StringRule) -> Int? {
        var j = from
        let n = line.count
        let close = rule.close
        while j < n {
            let byte = line[j]
            if rule.escapes && byte == 92 {
                j += 2
                continue
            }
            if byte == close[0], matches(line, j, close) { return j + close.count }
            j += 1
        }
        return nil
    }

    /// The rule of a string opened right after the name `line[i..<j]`, when the name is one of its
    /// prefixes.
    private func prefixedString(_ line: UnsafeBufferPointer<UInt8>, _ i: Int, _ j: Int) -> Int? {
        guard j - i <= 3 else { return nil }
        for (index, rule) in grammar.strings.enumerated() where !rule.prefixes.isEmpty {
            guard Self.matches(line, j, rule.open) else { continue }
            if (i..<j).allSatisfy({ rule.prefixes.contains(line[$0] | 0x20) }) { return index }
        }
        return nil
    }

    /// Rust's raw string `r#"…"#` starting at `i`, its hashes from `h`.
    private func rawString(
        _ line: UnsafeBufferPointer<UInt8>, _ i: Int, hashesFrom h: Int, state: inout CodeLexerState,
        into out: inout TokenList
    ) -> Int {
        var j = h
        var hashes = 0
        while j < line.count, line[j] == 35 {
            hashes += 1
            j += 1
        }
        guard j < line.count, line[j] == 34 else {
            out.add(i, h, .plain)
            return h
        }
        let terminator = [34] + [UInt8](repeating: 35, count: hashes)
        if let end = Self.find(terminator, in: line, from: j + 1) {
            out.add(i, end + terminator.count, .string)
            return end + terminator.count
        }
        out.add(i, line.count, .string)
        state.mode = .rawBlock
        state.terminator = terminator
        return line.count
    }

    /// Whether the `'` at `i` starts a character literal (`'a'`, `'\n'`) rather than a lifetime.
    private func isCharLiteral(_ line: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        let n = line.count
        if i + 1 < n, line[i + 1] == 92 { return true }
        // One character (possibly several UTF-8 bytes) then the quote.
        var j = i + 1
        if j < n, line[j] >= 0x80 {
            j += 1
            while j < n, line[j] & 0xC0 == 0x80 { j += 1 }
        } else {
            j += 1
        }
        return j < n && line[j] == 39
    }

    /// Whether the byte before `i` ends a name (so a `.` there is a member access, not a number).
    private func afterName(_ line: UnsafeBufferPointer<UInt8>, _ i: Int) -> Bool {
        i > 0 && (Self.isNameByte(line[i - 1]) || line[i - 1] == 41 || line[i - 1] == 93)
    }

    /// Where a variable starting at its prefix `i` ends: `$name`, `${…}`, `$1`, `$?`.
    func variableEnd(_ line: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        let n = line.count
        var j = i + 1
        guard j < n else { return j }
        if line[j] == 123 {
            while j < n, line[j] != 125 { j += 1 }
            return min(j + 1, n)
        }
        if line[j] == 40, grammar.special == .makefile {
            var depth = 0
            while j < n {
                if line[j] == 40 { depth += 1 }
                if line[j] == 41 {
                    depth -= 1
                    if depth == 0 { return j + 1 }
                }
                j += 1
            }
            return n
        }
        if Self.isNameStart(line[j]) {
            while j < n, Self.isNameByte(line[j]) { j += 1 }
            return j
        }
        if Self.isDigit(line[j]) || [63, 64, 35, 42, 33, 36, 45, 60, 94].contains(line[j]) { return j + 1 }
        return i + 1
    }

    // MARK: Bytes

    static func matches(_ line: UnsafeBufferPointer<UInt8>, _ i: Int, _ word: [UInt8]) -> Bool {
        guard i + word.count <= line.count else { return false }
        for offset in 0..<word.count where line[i + offset] != word[offset] { return false }
        return true
    }

    static func find(_ word: [UInt8], in line: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard !word.isEmpty, from <= line.count - word.count else { return nil }
        var j = from
        while j <= line.count - word.count {
            if line[j] == word[0], matches(line, j, word) { return j }
            j += 1
        }
        return nil
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
    static func isSpace(_ b: UInt8) -> Bool { b == 32 || b == 9 }
    static func isNameStart(_ b: UInt8) -> Bool {
        (b >= 65 && b <= 90) || (b >= 97 && b <= 122) || b == 95 || b >= 0x80
    }
    static func isNameByte(_ b: UInt8) -> Bool { isNameStart(b) || isDigit(b) }
    static func isOperator(_ b: UInt8) -> Bool {
        switch b {
        case 33, 37, 38, 40, 41, 42, 43, 44, 45, 46, 47, 58, 59, 60, 61, 62, 63, 91, 93, 94, 123, 124, 125, 126: true
        default: false
        }
    }

    /// Where a number starting at `i` ends: decimal, hexadecimal, binary, octal, with `_`,
    /// fractions, exponents and type suffixes.
    static func numberEnd(_ line: UnsafeBufferPointer<UInt8>, _ i: Int) -> Int {
        let n = line.count
        var j = i
        if line[j] == 48, j + 1 < n, [120, 88, 98, 66, 111, 79].contains(line[j + 1]) {
            j += 2
            while j < n, isNameByte(line[j]) { j += 1 }
            return j
        }
        while j < n, isDigit(line[j]) || line[j] == 95 { j += 1 }
        if j + 1 < n, line[j] == 46, isDigit(line[j + 1]) {
            j += 1
            while j < n, isDigit(line[j]) || line[j] == 95 { j += 1 }
        } else if j < n, line[j] == 46, j + 1 == n || !(isNameStart(line[j + 1]) || line[j + 1] == 46) {
            j += 1
        }
        if j < n, line[j] == 101 || line[j] == 69 {
            var k = j + 1
            if k < n, line[k] == 43 || line[k] == 45 { k += 1 }
            if k < n, isDigit(line[k]) {
                j = k
                while j < n, isDigit(line[j]) { j += 1 }
            }
        }
        // Suffixes: `10u`, `1.5f`, `100L`, `3i32`, `10n`.
        while j < n, isNameByte(line[j]) { j += 1 }
        return j
    }
}

/// The tokens of a line as they are found: runs of one kind merge; plain text is left out.
struct TokenList {
    var tokens: [CodeToken] = []

    mutating func add(_ start: Int, _ end: Int, _ kind: CodeTokenKind) {
        guard end > start, kind != .plain else { return }
        if let last = tokens.last, last.kind == kind, last.end == start {
            tokens[tokens.count - 1].end = end
        } else {
            tokens.append(CodeToken(start: start, end: end, kind: kind))
        }
    }
}

/// A language's grammar, made once and shared by reference.
final class SharedGrammar: Sendable {
    let grammar: LanguageGrammar
    /// For each byte, whether a comment or a string of the grammar may start with it: at any other
    /// byte the lexer does not try each opener in turn.
    let mayOpen: [Bool]

    init(_ grammar: LanguageGrammar) {
        self.grammar = grammar
        let openers = grammar.lineComments + grammar.blockComments.map(\.open) + grammar.strings.map(\.open)
        // An empty opener matches anywhere.
        var mayOpen = [Bool](repeating: openers.contains { $0.isEmpty }, count: 256)
        for opener in openers { if let first = opener.first { mayOpen[Int(first)] = true } }
        self.mayOpen = mayOpen
    }
}
