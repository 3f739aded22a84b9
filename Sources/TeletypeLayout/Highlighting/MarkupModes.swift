/// The lexing modes of languages the generic lexer does not read alone: markup, CSS, YAML, INI
/// and TOML, diffs, Markdown, console sessions, Dockerfiles and Makefiles. Each reads one line from
/// the state the line before left, like the generic lexer it falls back to for embedded code.
enum MarkupModes {
    typealias Line = UnsafeBufferPointer<UInt8>

    static func skipSpaces(_ line: Line, _ i: Int) -> Int {
        var j = i
        while j < line.count, CodeLexer.isSpace(line[j]) { j += 1 }
        return j
    }

    // MARK: YAML

    static func yaml(_ line: Line, state: inout CodeLexerState, into out: inout TokenList, lexer: CodeLexer) {
        let n = line.count
        let indent = skipSpaces(line, 0)
        if state.mode == .rawBlock {
            // A block scalar (`|`, `>`) goes on while lines are indented deeper than its key.
            if indent == n || indent > Int(state.depth) {
                out.add(indent, n, .string)
                return
            }
            state.mode = .normal
        }
        var i = indent
        if CodeLexer.matches(line, i, Array("---".utf8)) || CodeLexer.matches(line, i, Array("...".utf8)) {
            out.add(i, min(n, i + 3), .operator)
            i += 3
        }
        while i + 1 < n, line[i] == 45, CodeLexer.isSpace(line[i + 1]) {
            // `- ` list items.
            out.add(i, i + 1, .operator)
            i = skipSpaces(line, i + 1)
        }
        if i < n, line[i] == 35 {
            out.add(i, n, .comment)
            return
        }
        // `key:` — plain or quoted.
        if let colon = keyColon(line, from: i) {
            out.add(i, colon, .tag)
            out.add(colon, colon + 1, .operator)
            i = colon + 1
        }
        yamlValue(line, from: i, indent: indent, state: &state, into: &out)
    }

    /// The colon that ends a mapping key starting at `i`, if the line has one there.
    static func keyColon(_ line: Line, from i: Int) -> Int? {
        let n = line.count
        guard i < n else { return nil }
        var j = i
        if line[j] == 34 || line[j] == 39 {
            let quote = line[j]
            j += 1
            while j < n, line[j] != quote { j += 1 }
            j += 1
            return j < n && line[j] == 58 ? j : nil
        }
        guard ![91, 123, 38, 42, 33, 124, 62, 37, 64, 96].contains(line[j]) else { return nil }
        while j < n {
            if line[j] == 58, j + 1 == n || CodeLexer.isSpace(line[j + 1]) { return j }
            if line[j] == 35, j > i, CodeLexer.isSpace(line[j - 1]) { return nil }
            j += 1
        }
        return nil
    }

    static func yamlValue(
        _ line: Line, from start: Int, indent: Int, state: inout CodeLexerState, into out: inout TokenList
    ) {
        let n = line.count
        var i = skipSpaces(line, start)
        while i < n {
            let b = line[i]
            switch b {
            case 35 where i == 0 || CodeLexer.isSpace(line[i - 1]):
                out.add(i, n, .comment)
                return
            case 34, 39:
                var j = i + 1
                while j < n, line[j] != b {
                    if b == 34 && line[j] == 92 { j += 1 }
                    j += 1
                }
                out.add(i, min(n, j + 1), .string)
                i = j + 1
            case 124 where isBlockScalarIndicator(line, i), 62 where isBlockScalarIndicator(line, i):
                // A block scalar: the lines below, indented deeper, are its text.
                out.add(i, n, .operator)
                state.mode = .rawBlock
                state.depth = UInt8(min(indent, 255))
                return
            case 38, 42:
                var j = i + 1
                while j < n, !CodeLexer.isSpace(line[j]) { j += 1 }
                out.add(i, j, .attribute)
                i = j
            case 33:
                var j = i + 1
                while j < n, !CodeLexer.isSpace(line[j]) { j += 1 }
                out.add(i, j, .keyword)
                i = j
            case 91, 93, 123, 125, 44:
                out.add(i, i + 1, .operator)
                i += 1
            default:
                i += 1
            }
        }
    }

    /// Whether the `|` or `>` at `i` starts a block scalar: only indentation and chomping marks
    /// (and a comment) follow it.
    static func isBlockScalarIndicator(_ line: Line, _ i: Int) -> Bool {
        var j = i + 1
        while j < line.count, CodeLexer.isDigit(line[j]) || line[j] == 43 || line[j] == 45 { j += 1 }
        j = skipSpaces(line, j)
        return j == line.count || line[j] == 35
    }

    // MARK: INI, TOML, properties

    static func ini(_ line: Line, state: inout CodeLexerState, into out: inout TokenList, lexer: CodeLexer) {
        let n = line.count
        if state.mode == .string || state.mode == .rawBlock {
            // A TOML multi-line string or array goes on.
            lexer.code(line, from: 0, state: &state, into: &out)
            return
        }
        var i = skipSpaces(line, 0)
        guard i < n else { return }
        if line[i] == 35 || line[i] == 59 {
            out.add(i, n, .comment)
            return
        }
        if line[i] == 91 {
            var j = i
            while j < n, line[j] != 35 { j += 1 }
            var end = j
            while end > i, CodeLexer.isSpace(line[end - 1]) { end -= 1 }
            out.add(i, end, .keyword)
            if j < n { out.add(j, n, .comment) }
            return
        }
        // `key = value`, `key: value`, `key value` (properties).
        var j = i
        while j < n, line[j] != 61, line[j] != 58 || lexer.grammar.name == "toml" {
            if line[j] == 34 || line[j] == 39 {
                let quote = line[j]
                j += 1
                while j < n, line[j] != quote { j += 1 }
            }
            j += 1
        }
        guard j < n else {
            out.add(i, n, .attribute)
            return
        }
        var keyEnd = j
        while keyEnd > i, CodeLexer.isSpace(line[keyEnd - 1]) { keyEnd -= 1 }
        out.add(i, keyEnd, .attribute)
        out.add(j, j + 1, .operator)
        i = j + 1
        if lexer.grammar.name == "toml" {
            lexer.code(line, from: i, state: &state, into: &out)
        } else {
            let value = skipSpaces(line, i)
            out.add(value, n, .string)
        }
    }

    // MARK: HTML and XML

    static func markup(_ line: Line, state: inout CodeLexerState, into out: inout TokenList, lexer: CodeLexer) {
        let n = line.count
        var i = 0
        if state.mode == .blockComment {
            if let end = CodeLexer.find(Array("-->".utf8), in: line, from: 0) {
                out.add(0, end + 3, .comment)
                i = end + 3
                state.mode = .normal
            } else {
                out.add(0, n, .comment)
                return
            }
        }
        if state.mode == .tag { i = insideTag(line, from: i, state: &state, into: &out) }
        while i < n {
            let b = line[i]
            if b == 60 {
                if CodeLexer.matches(line, i, Array("<!--".utf8)) {
                    if let end = CodeLexer.find(Array("-->".utf8), in: line, from: i + 4) {
                        out.add(i, end + 3, .comment)
                        i = end + 3
                        continue
                    }
                    out.add(i, n, .comment)
                    state.mode = .blockComment
                    return
                }
                if i + 1 < n, line[i + 1] == 33 || line[i + 1] == 63 {
                    // `<!DOCTYPE …>`, `<?xml …?>`.
                    var j = i
                    while j < n, line[j] != 62 { j += 1 }
                    out.add(i, min(n, j + 1), .preprocessor)
                    i = j + 1
                    continue
                }
                var j = i + 1
                if j < n, line[j] == 47 { j += 1 }
                let nameStart = j
                while j < n, CodeLexer.isNameByte(line[j]) || line[j] == 45 || line[j] == 58 || line[j] == 46 { j += 1 }
                if j == nameStart {
                    i += 1
                    continue
                }
                out.add(i, nameStart, .operator)
                out.add(nameStart, j, .tag)
                state.mode = .tag
                i = insideTag(line, from: j, state: &state, into: &out)
                continue
            }
            if b == 38 {
                var j = i + 1
                while j < n, j - i < 32, CodeLexer.isNameByte(line[j]) || line[j] == 35 { j += 1 }
                if j < n, line[j] == 59, j > i + 1 {
                    out.add(i, j + 1, .attribute)
                    i = j + 1
                    continue
                }
            }
            i += 1
        }
    }

    /// Attributes, their values and the end of a tag, from `i`; returns where the tag ends (or the
    /// line, with `state.mode` still `.tag`).
    static func insideTag(_ line: Line, from start: Int, state: inout CodeLexerState, into out: inout TokenList) -> Int
    {
        let n = line.count
        var i = start
        while i < n {
            let b = line[i]
            if b == 62 || (b == 47 && i + 1 < n && line[i + 1] == 62) {
                let end = b == 62 ? i + 1 : i + 2
                out.add(i, end, .operator)
                state.mode = .normal
                return end
            }
            if b == 34 || b == 39 {
                var j = i + 1
                while j < n, line[j] != b { j += 1 }
                out.add(i, min(n, j + 1), .string)
                i = j + 1
                continue
            }
            if b == 61 {
                out.add(i, i + 1, .operator)
                i += 1
                continue
            }
            if CodeLexer.isNameStart(b) || b == 58 || b == 64 {
                var j = i + 1
                while j < n, CodeLexer.isNameByte(line[j]) || line[j] == 45 || line[j] == 58 || line[j] == 46 { j += 1 }
                out.add(i, j, .attribute)
                i = j
                continue
            }
            i += 1
        }
        return n
    }

    // MARK: CSS

    static func css(_ line: Line, state: inout CodeLexerState, into out: inout TokenList, lexer: CodeLexer) {
        let n = line.count
        var i = 0
        if state.mode == .blockComment {
            if let end = CodeLexer.find(Array("*/".utf8), in: line, from: 0) {
                out.add(0, end + 2, .comment)
                i = end + 2
                state.mode = .normal
            } else {
                out.add(0, n, .comment)
                return
            }
        }
        // `state.depth`: how many braces are open; inside one, names before a colon are properties.
        while i < n {
            let b = line[i]
            if CodeLexer.matches(line, i, [47, 42]) {
                if let end = CodeLexer.find([42, 47], in: line, from: i + 2) {
                    out.add(i, end + 2, .comment)
                    i = end + 2
                    continue
                }
                out.add(i, n, .comment)
                state.mode = .blockComment
                return
            }
            if CodeLexer.matches(line, i, [47, 47]) {
                out.add(i, n, .comment)
                return
            }
            switch b {
            case 123:
                state.depth = min(state.depth + 1, 200)
                out.add(i, i + 1, .operator)
                i += 1
            case 125:
                state.depth = state.depth > 0 ? state.depth - 1 : 0
                out.add(i, i + 1, .operator)
                i += 1
            case 34, 39:
                var j = i + 1
                while j < n, line[j] != b {
                    if line[j] == 92 { j += 1 }
                    j += 1
                }
                out.add(i, min(n, j + 1), .string)
                i = j + 1
            case 64:
                var j = i + 1
                while j < n, CodeLexer.isNameByte(line[j]) || line[j] == 45 { j += 1 }
                out.add(i, j, .keyword)
                i = j
            case 36:
                var j = i + 1
                while j < n, CodeLexer.isNameByte(line[j]) || line[j] == 45 { j += 1 }
                out.add(i, j, .variable)
                i = j
            case 35 where state.depth > 0:
                var j = i + 1
                while j < n, CodeLexer.isNameByte(line[j]) { j += 1 }
                out.add(i, j, .number)
                i = j
            case 46 where state.depth == 0, 35 where state.depth == 0:
                // `.class`, `#id`.
                var j = i + 1
                while j < n, CodeLexer.isNameByte(line[j]) || line[j] == 45 { j += 1 }
                out.add(i, i + 1, .operator)
                out.add(i + 1, j, .declaration)
                i = j
            case 33:
                var j = i + 1
                while j < n, CodeLexer.isNameByte(line[j]) { j += 1 }
                out.add(i, j, .keyword)
                i = j
            default:
                if CodeLexer.isDigit(b) || (b == 46 && i + 1 < n && CodeLexer.isDigit(line[i + 1])) {
                    var j = i
                    while j < n, CodeLexer.isDigit(line[j]) || line[j] == 46 { j += 1 }
                    out.add(i, j, .number)
                    // Its unit: `px`, `em`, `%`.
                    var k = j
                    while k < n, CodeLexer.isNameStart(line[k]) || line[k] == 37 { k += 1 }
                    out.add(j, k, .keyword)
                    i = k
                } else if CodeLexer.isNameStart(b) || b == 45 {
                    var j = i + 1
                    while j < n, CodeLexer.isNameByte(line[j]) || line[j] == 45 { j += 1 }
                    let k = skipSpaces(line, j)
                    if state.depth > 0, k < n, line[k] == 58 {
                        out.add(i, j, .keyword)
                    } else if state.depth == 0 {
                        out.add(i, j, .tag)
                    } else if k < n, line[k] == 40 {
                        out.add(i, j, .builtin)
                    }
                    i = j
                } else if CodeLexer.isOperator(b) {
                    out.add(i, i + 1, .operator)
                    i += 1
                } else {
                    i += 1
                }
            }
        }
    }

    // MARK: Diffs

    static func diff(_ line: Line, into out: inout TokenList) {
        let n = line.count
        guard n > 0 else { return }
        let kind: CodeTokenKind
        if CodeLexer.matches(line, 0, Array("+++".utf8)) || CodeLexer.matches(line, 0, Array("---".utf8))
            || CodeLexer.matches(line, 0, Array("diff ".utf8)) || CodeLexer.matches(line, 0, Array("index ".utf8))
            || CodeLexer.matches(line, 0, Array("@@".utf8))
        {
            kind = .meta
        } else if line[0] == 43 || line[0] == 62 {
            kind = .inserted
        } else if line[0] == 45 || line[0] == 60 {
            kind = .deleted
        } else {
            return
        }
        out.add(0, n, kind)
    }

    /// Whether text reads as a unified diff: file or hunk headers, or most lines marked `+`/`-`/` `.
    static func looksLikeDiff(_ lines: [String]) -> Bool {
        guard lines.count >= 2 else { return false }
        // By bytes: this looks at every tool output shown.
        let hasHunk = lines.contains { line in
            line.utf8.starts(with: "@@ ".utf8) && line.utf8.dropFirst(3).firstRange(of: "@@".utf8) != nil
        }
        let headers =
            lines.contains { $0.utf8.starts(with: "--- ".utf8) } && lines.contains { $0.utf8.starts(with: "+++ ".utf8) }
        return hasHunk || headers
    }

    // MARK: Markdown

    static func markdown(_ line: Line, state: inout CodeLexerState, into out: inout TokenList) {
        let n = line.count
        let indent = skipSpaces(line, 0)
        if CodeLexer.matches(line, indent, Array("```".utf8)) || CodeLexer.matches(line, indent, Array("~~~".utf8)) {
            out.add(indent, n, .string)
            state.mode = state.mode == .rawBlock ? .normal : .rawBlock
            return
        }
        if state.mode == .rawBlock {
            out.add(0, n, .string)
            return
        }
        guard indent < n else { return }
        if line[indent] == 35 {
            out.add(indent, n, .heading)
            return
        }
        var i = indent
        if line[i] == 62 {
            out.add(i, i + 1, .operator)
            i = skipSpaces(line, i + 1)
        }
        if i + 1 < n, line[i] == 45 || line[i] == 42 || line[i] == 43, CodeLexer.isSpace(line[i + 1]) {
            out.add(i, i + 1, .keyword)
            i += 2
        } else {
            var j = i
            while j < n, CodeLexer.isDigit(line[j]) { j += 1 }
            if j > i, j + 1 < n, line[j] == 46 || line[j] == 41, CodeLexer.isSpace(line[j + 1]) {
                out.add(i, j + 1, .keyword)
                i = j + 2
            }
        }
        while i < n {
            let b = line[i]
            if b == 96 {
                var j = i + 1
                while j < n, line[j] != 96 { j += 1 }
                out.add(i, min(n, j + 1), .string)
                i = j + 1
            } else if b == 42 || b == 95, i + 1 < n, !CodeLexer.isSpace(line[i + 1]) {
                let double = i + 1 < n && line[i + 1] == b
                let mark = double ? [b, b] : [b]
                if let end = CodeLexer.find(mark, in: line, from: i + mark.count), end > i + mark.count {
                    out.add(i, end + mark.count, .emphasis)
                    i = end + mark.count
                } else {
                    i += 1
                }
            } else if b == 91, let close = CodeLexer.find([93], in: line, from: i + 1) {
                out.add(i, close + 1, .tag)
                i = close + 1
                if i < n, line[i] == 40, let end = CodeLexer.find([41], in: line, from: i) {
                    out.add(i, end + 1, .attribute)
                    i = end + 1
                }
            } else {
                i += 1
            }
        }
    }

    // MARK: Console sessions

    static func console(_ line: Line, state: inout CodeLexerState, into out: inout TokenList, lexer: CodeLexer) {
        let n = line.count
        if state.mode != .normal {
            // A command that goes on (a quote, a heredoc).
            lexer.code(line, from: 0, state: &state, into: &out)
            return
        }
        if let end = promptEnd(line) {
            out.add(0, end, .prompt)
            lexer.code(line, from: end, state: &state, into: &out)
            if n > 0, line[n - 1] == 92 { state.mode = .normal }
            return
        }
        out.add(0, n, .output)
    }

    /// Where a shell prompt (`$ `, `% `, `# `, `> `, `user@host:~$ `, `PS C:\> `) ends, if the line
    /// starts with one.
    static func promptEnd(_ line: Line) -> Int? {
        let n = line.count
        let i = skipSpaces(line, 0)
        guard i < n else { return nil }
        if [36, 37, 35, 62].contains(line[i]), i + 1 == n || CodeLexer.isSpace(line[i + 1]) {
            return min(n, i + 2)
        }
        // `user@host:~/dir$ `, `PS C:\> `.
        var j = i
        while j < n, j - i < 80, !CodeLexer.isSpace(line[j]) || (j + 1 < n && line[j - 1] == 83) {
            if (line[j] == 36 || line[j] == 62 || line[j] == 35), j + 1 < n, CodeLexer.isSpace(line[j + 1]),
                j > i, line[i...j].contains(where: { $0 == 64 || $0 == 58 || $0 == 92 })
            {
                return j + 2
            }
            j += 1
        }
        return nil
    }

    // MARK: Dockerfiles and Makefiles

    static func dockerfile(_ line: Line, state: inout CodeLexerState, into out: inout TokenList, lexer: CodeLexer) {
        let n = line.count
        let continued = state.depth > 0
        state.depth = n > 0 && line[n - 1] == 92 ? 1 : 0
        if continued || state.mode != .normal {
            lexer.code(line, from: 0, state: &state, into: &out)
            return
        }
        let i = skipSpaces(line, 0)
        if i < n, line[i] == 35 {
            out.add(i, n, .comment)
            return
        }
        var j = i
        while j < n, CodeLexer.isNameByte(line[j]) { j += 1 }
        if j > i, dockerInstructions.contains(line, i, j) {
            out.add(i, j, .keyword)
            if dockerStringArguments.contains(line, i, j) {
                // `FROM image AS name`, `WORKDIR /app`: the arguments are names of things.
                var k = MarkupModes.skipSpaces(line, j)
                while k < n {
                    var end = k
                    while end < n, !CodeLexer.isSpace(line[end]) { end += 1 }
                    out.add(
                        k, end, end - k == 2 && line[k] | 0x20 == 97 && line[k + 1] | 0x20 == 115 ? .keyword : .string)
                    k = MarkupModes.skipSpaces(line, end)
                }
                return
            }
            lexer.code(line, from: j, state: &state, into: &out)
        } else {
            lexer.code(line, from: i, state: &state, into: &out)
        }
    }

    static let dockerInstructions = WordSet(
        [
            "from", "run", "cmd", "label", "maintainer", "expose", "env", "add", "copy", "entrypoint", "volume",
            "user", "workdir", "arg", "onbuild", "stopsignal", "healthcheck", "shell", "as",
        ], ignoresCase: true)

    static let dockerStringArguments = WordSet(
        ["from", "maintainer", "expose", "workdir", "user", "stopsignal", "volume"], ignoresCase: true)

    static func makefile(_ line: Line, state: inout CodeLexerState, into out: inout TokenList, lexer: CodeLexer) {
        let n = line.count
        if n > 0, line[0] == 9 {
            // A recipe: shell.
            lexer.code(line, from: 0, state: &state, into: &out)
            return
        }
        let i = skipSpaces(line, 0)
        guard i < n else { return }
        if line[i] == 35 {
            out.add(i, n, .comment)
            return
        }
        var j = i
        while j < n, CodeLexer.isNameByte(line[j]) || [45, 46, 47, 37, 36, 40, 41, 123, 125].contains(line[j]) {
            j += 1
        }
        if j > i, makeDirectives.contains(line, i, j) {
            out.add(i, j, .keyword)
            lexer.code(line, from: j, state: &state, into: &out)
            return
        }
        let k = skipSpaces(line, j)
        if k < n, line[k] == 61 || (k + 1 < n && [58, 63, 43, 33].contains(line[k]) && line[k + 1] == 61) {
            out.add(i, j, .variable)
            out.add(k, line[k] == 61 ? k + 1 : k + 2, .operator)
            lexer.code(line, from: line[k] == 61 ? k + 1 : k + 2, state: &state, into: &out)
            return
        }
        if k < n, line[k] == 58 {
            out.add(i, j, .declaration)
            out.add(k, k + 1, .operator)
            lexer.code(line, from: k + 1, state: &state, into: &out)
            return
        }
        lexer.code(line, from: i, state: &state, into: &out)
    }

    static let makeDirectives = WordSet([
        "include", "-include", "sinclude", "ifeq", "ifneq", "ifdef", "ifndef", "else", "endif", "define", "endef",
        "export", "unexport", "override", "vpath", ".PHONY", ".SUFFIXES", ".DEFAULT",
    ])
}
