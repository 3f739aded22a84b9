import TeletypeLayout

/// How a tool call's body is drawn in a terminal: a command and its output in the output's own
/// colours, an edit as a diff highlighted in its file's language, a plan as a checklist, a
/// subagent's conversation behind a bar. A folded card shows the first lines and says how many
/// more there are.
extension ConversationDrawing {
    /// Lines of a body a folded card shows, when the body is longer than
    /// ``ToolCallBody/linesShownWhole``.
    static let foldedBodyLines = ToolCallBody.linesShownWhole - 2

    func toolCallBody(_ body: ToolCallBody, isOpen: Bool) -> [StyledLine] {
        let inner = max(width - 4, 1)
        let gutter = StyledLine("  ")
        let continuation = StyledLine("  " + glyphs.continuation, style: styles.toolDetails)
        switch body {
        case .shell(let command, let output, let exitCode):
            var lines = context.verbatim(
                command.split(separator: "\n", omittingEmptySubsequences: false).map {
                    TerminalSafeText.sanitize(String($0))
                }, style: context.theme.codeBlock,
                tokens: context.highlighter(for: "bash").map {
                    $0.tokens(of: command.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
                }, gutter: StyledLine("  $ ", style: styles.toolDetails), continuation: continuation, width: width,
                indent: 0)
            if let output, !output.isEmpty {
                var outputLines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                if outputLines.last?.isEmpty == true { outputLines.removeLast() }
                lines += folded(outputLines, isOpen: isOpen) { shown in
                    commandOutput(shown, gutter: StyledLine("  "), continuation: continuation)
                }
            }
            if let exitCode, exitCode != 0 {
                lines += wrap([Span(text: "exit \(exitCode)")], base: styles.toolFailed, width: inner).map {
                    indented([$0], by: 2)[0]
                }
            }
            return lines
        case .fileEdit(let changes):
            var lines: [StyledLine] = []
            for change in changes {
                if changes.count > 1 {
                    lines += indented(wrap(plain(change.path), base: styles.toolTitle, width: inner), by: 2)
                }
                lines += folded(change.lines, isOpen: isOpen) { shown in
                    diff(shown, language: change.language, gutter: gutter, continuation: continuation)
                }
            }
            return lines
        case .checklist(let items):
            var lines: [StyledLine] = []
            for item in items {
                let (mark, style): (String, TextStyle) =
                    switch item.state {
                    case .done: (glyphs.checked, context.theme.taskChecked)
                    case .active:
                        (capabilities.unicode ? "◐" : ">", styles.toolRunning.merged(with: TextStyle(bold: true)))
                    case .pending: (glyphs.unchecked, context.theme.taskUnchecked)
                    }
                let text = wrap(
                    plain(item.text), base: item.state == .done ? styles.toolDetails : context.theme.text,
                    width: max(inner - 2, 1))
                for (index, line) in text.enumerated() {
                    var out = StyledLine("  ")
                    if index == 0 {
                        out.append(StyledLine(mark + " ", style: style))
                    } else {
                        out.pad(CellWidth.of(mark) + 1)
                    }
                    out.append(line)
                    lines.append(out)
                }
            }
            return lines
        case .web:
            return []
        }
    }

    /// `lines` as they show: all of them when open, else the first and the last few with how many
    /// are left out between.
    func folded<Line>(_ lines: [Line], isOpen: Bool, _ draw: ([Line]) -> [StyledLine]) -> [StyledLine] {
        let limit = Self.foldedBodyLines
        guard !isOpen, lines.count > limit + 2 else { return draw(lines) }
        let head = limit / 2
        let tail = limit - head
        let hidden = lines.count - head - tail
        let gap = StyledLine(
            "  " + (capabilities.unicode ? "…" : "...") + " \(hidden) more lines", style: styles.toolDetails)
        return draw(Array(lines[..<head])) + [gap] + draw(Array(lines[(lines.count - tail)...]))
    }

    /// Lines a command printed, in the colours its SGR sequences give them (laid on the details'
    /// style), everything else neutralised.
    func commandOutput(_ lines: [String], gutter: StyledLine, continuation: StyledLine) -> [StyledLine] {
        var texts: [String] = []
        var runs: [[(range: Range<Int>, style: TextStyle)]] = []
        let keepsColour = capabilities.usesEscapes
        for line in lines {
            var text = ""
            var lineRuns: [(range: Range<Int>, style: TextStyle)] = []
            for span in SGRText.spans(line) {
                let start = text.utf8.count
                text += span.text
                let style = keepsColour ? styles.toolDetails.merged(with: span.style) : styles.toolDetails
                lineRuns.append((start..<text.utf8.count, style))
            }
            texts.append(text)
            runs.append(lineRuns)
        }
        return context.verbatim(
            texts, style: styles.toolDetails, styledRuns: runs, gutter: gutter, continuation: continuation,
            width: width, indent: 0)
    }

    /// Diff lines: `+` and `-` in the added and removed colours, the code after them highlighted
    /// in `language`, an added or removed line's background across the width; a line longer than
    /// the width breaks after a space where it has one, mid-word only where it has none.
    func diff(_ lines: [DiffLine], language: String?, gutter: StyledLine, continuation: StyledLine) -> [StyledLine] {
        let syntax = context.theme.syntax
        let added = syntax[.inserted] ?? styles.toolCompleted
        let removed = syntax[.deleted] ?? styles.toolFailed
        let highlighter = context.highlighter(for: language)
        var state = CodeLexerState()
        var out: [StyledLine] = []
        for line in lines {
            let mark: String
            let markStyle: TextStyle
            var background: TextStyle?
            switch line.kind {
            case .added: (mark, markStyle, background) = ("+ ", added, styles.diffAdded)
            case .removed: (mark, markStyle, background) = ("- ", removed, styles.diffRemoved)
            case .context: (mark, markStyle) = ("  ", styles.toolDetails)
            case .hunk: (mark, markStyle) = ("", styles.toolDetails)
            }
            // A tinted background needs 256 colours at least: 16 have no tint that keeps code readable.
            if background?.isPlain == true || capabilities.colorDepth.rawValue < 256 { background = nil }
            let code = TerminalSafeText.sanitize(line.kind == .hunk ? (line.text.isEmpty ? "⋯" : line.text) : line.text)
            var lineRuns: [(range: Range<Int>, style: TextStyle)] = [(0..<mark.utf8.count, markStyle)]
            let base = line.kind == .context ? styles.toolDetails : context.theme.codeBlock
            if let highlighter, line.kind != .hunk, capabilities.usesEscapes {
                var position = 0
                for token in highlighter.tokens(of: code, state: &state) {
                    if token.start > position {
                        lineRuns.append((mark.utf8.count + position..<mark.utf8.count + token.start, base))
                    }
                    lineRuns.append(
                        (
                            mark.utf8.count + token.start..<mark.utf8.count + token.end,
                            base.merged(with: syntax[token.kind] ?? .plain)
                        ))
                    position = token.end
                }
                if position < code.utf8.count {
                    lineRuns.append((mark.utf8.count + position..<mark.utf8.count + code.utf8.count, base))
                }
            } else {
                lineRuns.append(
                    (
                        mark.utf8.count..<mark.utf8.count + code.utf8.count,
                        line.kind == .hunk ? styles.toolDetails : base
                    ))
            }
            if let background { lineRuns = lineRuns.map { ($0.range, $0.style.merged(with: background)) } }
            let text = mark + code
            let pieces = Self.wordPieces(
                text, firstWidth: width - gutter.width, restWidth: width - continuation.width)
            let bytes = Array(text.utf8)
            for (index, piece) in pieces.enumerated() {
                let runs = lineRuns.compactMap { run -> (range: Range<Int>, style: TextStyle)? in
                    let range = run.range.clamped(to: piece)
                    guard !range.isEmpty else { return nil }
                    return (range.lowerBound - piece.lowerBound..<range.upperBound - piece.lowerBound, run.style)
                }
                let pieceText = String(decoding: bytes[piece], as: UTF8.self)
                var drawn = context.verbatim(
                    [pieceText], style: styles.toolDetails, styledRuns: [runs],
                    gutter: index == 0 ? gutter : continuation, continuation: continuation, width: width, indent: 0)
                if let background {
                    for offset in drawn.indices where drawn[offset].width < width {
                        let room = width - drawn[offset].width
                        drawn[offset].append(String(repeating: " ", count: room), style: background, width: room)
                    }
                }
                out += drawn
            }
        }
        return out
    }

    /// The byte ranges of `text` cut into lines of at most `firstWidth` cells (then `restWidth`):
    /// after the last space that fits, or, in a word longer than the line, where the line is full.
    static func wordPieces(_ text: String, firstWidth: Int, restWidth: Int) -> [Range<Int>] {
        var pieces: [Range<Int>] = []
        var start = 0
        var offset = 0
        var cells = 0
        var lastBreak: (offset: Int, cells: Int)?
        var limit = max(firstWidth, 1)
        for character in text {
            let size = character.utf8.count
            let width = character == "\t" ? 4 : CellWidth.of(character)
            if cells + width > limit, offset > start {
                // Break after the last space when there is one past the line's start.
                let end = lastBreak.map(\.offset) ?? offset
                pieces.append(start..<end)
                cells -= lastBreak?.cells ?? cells
                start = end
                lastBreak = nil
                limit = max(restWidth, 1)
            }
            cells += width
            offset += size
            if character == " " || character == "\t" { lastBreak = (offset, cells) }
        }
        pieces.append(start..<offset)
        return pieces
    }

    /// A subagent's conversation: one line when folded; open, its rows behind a bar.
    func subagent(_ view: SubagentView, isOpen: Bool) -> [StyledLine] {
        let arrow = capabilities.unicode ? "↳ " : "-> "
        let count = "\(view.messageCount) " + (view.messageCount == 1 ? "message" : "messages")
        let heading = (view.title.map { $0 + " " + appearance.icons.separator + " " } ?? "") + count
        var lines = indented(wrap(plain(arrow + heading), base: styles.toolDetails, width: max(width - 2, 1)), by: 2)
        guard isOpen else { return lines }
        let renderer = ConversationTerminalRenderer(
            width: max(width - 4, 8), capabilities: capabilities, appearance: appearance)
        let bar = StyledLine("  " + glyphs.quoteBar + " ", style: styles.toolDetails)
        for line in renderer.lines(view.rows) {
            var out = bar
            out.append(line)
            lines.append(out)
        }
        return lines
    }
}
