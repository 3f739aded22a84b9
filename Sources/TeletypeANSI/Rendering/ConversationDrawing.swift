import Teletype
import TeletypeLayout
import TeletypeMarkdown

/// How each conversation block is drawn in a terminal.
struct ConversationDrawing {
    let context: BlockContext
    let appearance: AIAppearance
    let width: Int

    var styles: ConversationStyles { appearance.styles }
    var glyphs: Glyphs { context.glyphs }

    /// Two spaces that are neither collapsed nor a place to break a line.
    static let gap = "\u{A0}\u{A0}"

    /// Blocks that sit on one or two lines and follow each other without blank lines.
    static func isCompact(_ block: ConversationBlock) -> Bool {
        switch block {
        case .reasoning(let view): !view.isOpen
        case .toolCall, .attachment, .unsupported, .actions, .thinking: true
        default: false
        }
    }

    func lines(_ block: ConversationBlock) -> [StyledLine] {
        switch block {
        case .userBubble(let text, let isPending, let time, let fold):
            bubble(text, isPending: isPending, time: time, fold: fold)
        case .markdown(let document):
            context.blocks(
                MarkdownLayout.layout(document), width: width, indent: 0, base: context.theme.text, tight: false)
        case .reasoning(let view): reasoning(view)
        case .toolCall(let view): toolCall(view)
        case .approval(let view): approval(view)
        case .attachment(let view): attachment(view)
        case .unsupported(let text):
            wrap([Span(text: appearance.icons.unsupported + " " + text)], base: styles.notice)
        case .generatedUI(let view):
            context.blocks(view.blocks, width: width, indent: 0, base: context.theme.text, tight: false)
        case .thinking(let title):
            wrap([Span(text: appearance.icons.reasoning + " " + title)], base: styles.thinking)
        case .actions(let actions): self.actions(actions)
        case .notice(let text, let kind): notice(text, kind: kind)
        case .suggestions(let suggestions): self.suggestions(suggestions)
        case .custom(let view):
            context.blocks(view.blocks, width: width, indent: 0, base: context.theme.text, tight: false)
        case .divider(let view): divider(view)
        case .branch(let view): wrap(plain((capabilities.unicode ? "↺ " : "<- ") + view.label), base: styles.notice)
        }
    }

    /// A compaction: a line across the width with its title in it; the summary under it when open.
    func divider(_ view: DividerView) -> [StyledLine] {
        let rule = glyphs.horizontal
        let title = " " + TerminalSafeText.sanitize(view.title) + " "
        let side = max(2, (width - CellWidth.of(title)) / 2)
        var lines: [StyledLine]
        if CellWidth.of(title) + 4 <= width {
            var line = StyledLine(String(repeating: rule, count: side), style: styles.notice)
            line.append(StyledLine(title, style: styles.notice))
            line.append(
                StyledLine(
                    String(repeating: rule, count: max(0, width - side - CellWidth.of(title))), style: styles.notice))
            lines = [line]
        } else {
            lines = wrap(plain(view.title), base: styles.notice)
        }
        if view.isOpen, let summary = view.summary {
            lines += context.blocks(
                MarkdownLayout.layout(summary), width: width, indent: 0, base: styles.reasoningText, tight: false)
        }
        return lines
    }

    // MARK: Text

    func wrap(_ spans: [Span], base: TextStyle, width: Int? = nil) -> [StyledLine] {
        context.wrap(spans, width: max(width ?? self.width, 1), base: base)
    }

    func plain(_ text: String) -> [Span] { MarkdownLayout.plainSpans(text) }

    func rightAligned(_ lines: [StyledLine]) -> [StyledLine] {
        lines.map { line in
            var aligned = StyledLine()
            aligned.pad(width - line.width)
            aligned.append(line)
            return aligned
        }
    }

    func centered(_ lines: [StyledLine]) -> [StyledLine] {
        lines.map { line in
            var aligned = StyledLine()
            aligned.pad((width - line.width) / 2)
            aligned.append(line)
            return aligned
        }
    }

    func indented(_ lines: [StyledLine], by count: Int) -> [StyledLine] {
        context.prefixed(
            lines, first: StyledLine(Repetition.spaces(count)),
            rest: StyledLine(Repetition.spaces(count)))
    }

    // MARK: Boxes

    /// `content` (lines no wider than `inner`) in a frame of `style`.
    func box(_ content: [StyledLine], inner: Int, style: TextStyle, title: StyledLine? = nil) -> [StyledLine] {
        let h = glyphs.horizontal
        var top = StyledLine(glyphs.codeTop, style: style)
        if let title, title.width + 2 <= inner {
            top.append(h + " ", style: style, width: 2)
            top.append(title)
            top.append(" ", style: style, width: 1)
        }
        let topFill = inner + 2 - (top.width - 1)
        if topFill > 0 { top.append(Repetition.of(h, count: topFill), style: style, width: topFill) }
        top.append(capabilities.unicode ? "╮" : "+", style: style, width: 1)
        var out = [top]
        for line in content {
            var row = StyledLine(glyphs.vertical + " ", style: style)
            row.append(line)
            row.pad(inner - line.width)
            row.append(" " + glyphs.vertical, style: style, width: 2)
            out.append(row)
        }
        var bottom = StyledLine(glyphs.codeBottom, style: style)
        bottom.append(Repetition.of(h, count: inner + 2), style: style, width: inner + 2)
        bottom.append(capabilities.unicode ? "╯" : "+", style: style, width: 1)
        out.append(bottom)
        return out
    }

    var capabilities: TerminalCapabilities { context.capabilities }

    // MARK: Blocks

    func bubble(_ text: String, isPending: Bool, time: Double? = nil, fold: PromptFold? = nil) -> [StyledLine] {
        var lines = bubble(fold.map { String($0.shown(of: text)) } ?? text, isPending: isPending)
        if let fold {
            let more = (capabilities.unicode ? "⋯ " : "... ") + fold.label + " folded"
            lines += rightAligned(wrap([Span(text: more)], base: styles.notice))
        }
        if let time { lines += rightAligned(wrap([Span(text: CalendarTime(time).dateAndClock)], base: styles.notice)) }
        return lines
    }

    private func bubble(_ text: String, isPending: Bool) -> [StyledLine] {
        let style = isPending ? styles.userText.merged(with: TextStyle(dim: true)) : styles.userText
        let typedLines = Self.typedLines(text)
        guard width >= 12 else { return rightAligned(typed(typedLines, base: style, width: width)) }
        let limit = max(min(width * 3 / 4, width) - 4, 8)
        var widest = 0
        for line in typedLines {
            var measure = TextWrapper.measuring()
            context.feed(plain(String(line.text)), into: &measure, base: style)
            _ = measure.finish()
            widest = max(widest, line.indent + measure.widestLine)
        }
        let inner = max(1, min(widest, limit))
        var lines = rightAligned(
            box(typed(typedLines, base: style, width: inner), inner: inner, style: styles.userBubble))
        if isPending {
            lines += rightAligned(wrap([Span(text: appearance.string("conversation.pending"))], base: styles.notice))
        }
        return lines
    }

    /// The lines of what a person typed, each with its leading spaces counted (a tab to the next
    /// multiple of four) and taken off.
    static func typedLines(_ text: String) -> [(indent: Int, text: Substring)] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map { line in
            var content = line
            var indent = 0
            while let first = content.first, first == " " || first == "\t" {
                indent = first == "\t" ? (indent / 4 + 1) * 4 : indent + 1
                content = content.dropFirst()
            }
            if content.last == "\r" { content = content.dropLast() }
            return (indent, content)
        }
    }

    /// What a person typed, wrapped to `width`: its line breaks kept, each line indented as it was
    /// typed (up to half the width), a long line's continuations hanging under its text.
    func typed(_ typedLines: [(indent: Int, text: Substring)], base: TextStyle, width: Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        for line in typedLines {
            let indent = min(line.indent, width / 2)
            let wrapped = wrap(plain(String(line.text)), base: base, width: max(1, width - indent))
            lines += indent == 0 ? wrapped : indented(wrapped, by: indent)
        }
        return lines
    }

    func reasoning(_ view: ReasoningView) -> [StyledLine] {
        var spans = [Span(text: appearance.icons.reasoning + " " + view.title)]
        var lines: [StyledLine]
        if let summary = view.summary {
            spans.append(Span(text: " " + appearance.icons.separator + " "))
            var title = wrap([spans[0]], base: styles.reasoningTitle)
            // The summary follows the title on its line when it fits, in the quieter style.
            let rest = wrap([Span(text: appearance.icons.separator + " ")] + plain(summary), base: styles.reasoningText)
            if title.count == 1, let first = rest.first, rest.count == 1, title[0].width + 1 + first.width <= width {
                title[0].pad(1)
                title[0].append(first)
                lines = title
            } else {
                lines = title + indented(wrap(plain(summary), base: styles.reasoningText, width: width - 2), by: 2)
            }
        } else {
            lines = wrap([spans[0]], base: styles.reasoningTitle)
        }
        if view.isOpen, let text = view.text, !text.isEmpty {
            let bar = StyledLine(glyphs.quoteBar + " ", style: styles.reasoningText)
            let body = wrap(plain(text), base: styles.reasoningText, width: width - 4)
            lines += indented(context.prefixed(body, first: bar, rest: bar), by: 2)
        }
        return lines
    }

    func statusStyle(_ state: ToolCallView.State) -> TextStyle {
        switch state {
        case .running: styles.toolRunning
        case .completed: styles.toolCompleted
        case .failed: styles.toolFailed
        case .cancelled, .declined, .noResult: styles.toolCancelled
        case .awaitingApproval, .awaitingClient: styles.toolWaiting
        }
    }

    func toolCall(_ view: ToolCallView) -> [StyledLine] {
        let status = statusStyle(view.state)
        let separator = " " + appearance.icons.separator + " "
        let spans = [
            Span(text: view.icon + " "), Span(text: view.title), Span(text: separator + view.statusLabel),
        ]
        // Continuation lines hang under the title.
        var wrapper = TextWrapper(width: max(width - 2, 1))
        context.feed([spans[0]], into: &wrapper, base: status)
        context.feed(plain(view.title), into: &wrapper, base: styles.toolTitle)
        if let note = view.note { context.feed(plain(separator + note), into: &wrapper, base: styles.toolDetails) }
        if !view.statusLabel.isEmpty { context.feed([spans[2]], into: &wrapper, base: status) }
        if let duration = view.duration {
            context.feed([Span(text: separator + duration)], into: &wrapper, base: styles.toolDetails)
        }
        var lines = context.prefixed(wrapper.finish(), first: StyledLine(), rest: StyledLine("  "))
        if let summary = view.summary {
            lines += indented(wrap(plain(summary), base: styles.toolDetails, width: width - 2), by: 2)
        }
        if let body = view.body { lines += toolCallBody(body, isOpen: view.isOpen) }
        if let subagent = view.subagent { lines += self.subagent(subagent, isOpen: view.isOpen) }
        if view.isOpen {
            for detail in view.details {
                lines += indented(
                    wrap([Span(text: detail.label + ":")], base: styles.toolDetails, width: width - 2), by: 2)
                if detail.isCode {
                    // Code an argument held: a code block, as in an answer.
                    let code = detail.text.split(separator: "\n", omittingEmptySubsequences: false).map {
                        TerminalSafeText.sanitize(String($0))
                    }
                    lines += indented(
                        context.code(
                            language: detail.language.map(TerminalSafeText.sanitize), code, width: max(width - 4, 1),
                            indent: 0, base: styles.toolDetails), by: 4)
                    continue
                }
                let detailLines = detail.text.split(separator: "\n", omittingEmptySubsequences: false).map {
                    TerminalSafeText.sanitize(String($0))
                }
                // Output that is a unified diff: its added and removed lines in colour.
                var tokens: [[CodeToken]]?
                if context.highlighter(for: "diff") != nil, SyntaxHighlighter.looksLikeDiff(detailLines) {
                    tokens = SyntaxHighlighter.diff.tokens(of: detailLines)
                }
                let body = context.verbatim(
                    detailLines, style: styles.toolDetails, tokens: tokens, gutter: StyledLine("    "),
                    continuation: StyledLine("   " + glyphs.continuation, style: styles.toolDetails), width: width,
                    indent: 0)
                lines += body
            }
        }
        return lines
    }

    func approval(_ view: ApprovalView) -> [StyledLine] {
        let inner = max(8, min(width - 4, 60))
        var content = wrap(plain(view.title), base: styles.approvalButton, width: inner)
        if let reason = view.reason { content += wrap(plain(reason), base: context.theme.text, width: inner) }
        if let message = view.message { content += wrap(plain(message), base: styles.notice, width: inner) }
        var buttons = TextWrapper(width: inner)
        context.feed(plain("[ " + view.allowTitle + " ]"), into: &buttons, base: styles.approvalButton)
        buttons.add(Self.gap, style: .plain)
        context.feed(plain("[ " + view.declineTitle + " ]"), into: &buttons, base: styles.approvalButton)
        content += buttons.finish()
        let used = min(inner, max(content.map(\.width).max() ?? 0, 8))
        return box(content, inner: used, style: styles.approvalFrame)
    }

    /// How many lines of an attachment's text show.
    static let attachmentTextLines = 3

    func attachment(_ view: AttachmentView) -> [StyledLine] {
        let cardWidth = view.isTrailing ? max(width * 3 / 4, min(width, 16)) : width
        var wrapper = TextWrapper(width: cardWidth)
        wrapper.add(view.icon + " ", style: styles.attachmentDetails)
        // A link on the web is a hyperlink on the name, or written on the next line; a data URL is
        // content, not an address, and is left out.
        let url = view.url.flatMap { $0.lowercased().hasPrefix("data:") ? nil : TerminalSafeText.sanitize($0) }
        let target = url.flatMap { capabilities.hyperlinks ? HyperlinkPolicy.target(for: $0) : nil }
        var nameWrapper = wrapper
        nameWrapper.add(
            TerminalSafeText.sanitize(view.name),
            style: styles.attachmentName.merged(with: target == nil ? .plain : appearance.theme.link), hyperlink: target
        )
        wrapper = nameWrapper
        if !view.details.isEmpty {
            context.feed(
                plain(" " + appearance.icons.separator + " " + view.details), into: &wrapper,
                base: styles.attachmentDetails)
        }
        var lines = wrapper.finish()
        if let url, target == nil {
            lines += indented(wrap([Span(text: url)], base: styles.attachmentDetails, width: cardWidth - 2), by: 2)
        }
        if let text = view.text {
            // The text read of the file, folded: its first lines, each cut to the card, and how many more.
            let all = TextLines.lines(text)
            let shown = all.prefix(Self.attachmentTextLines)
            for line in shown {
                let cut = wrap(
                    plain(TerminalSafeText.sanitize(String(line))), base: styles.attachmentDetails, width: cardWidth - 2
                )
                lines += indented(Array(cut.prefix(1)), by: 2)
            }
            if all.count > shown.count {
                lines += indented(
                    wrap(plain("… \(all.count - shown.count) more lines"), base: styles.attachmentDetails), by: 2)
            }
        }
        lines += drawnImage(view, cardWidth: cardWidth)
        return view.isTrailing ? rightAlignedBlock(lines) : lines
    }

    /// The rows of an attachment's image, where the terminal draws images of its format: blank
    /// rows, the last drawing the image over them all.
    func drawnImage(_ view: AttachmentView, cardWidth: Int) -> [StyledLine] {
        guard let kind = capabilities.images, capabilities.usesEscapes, let image = view.image,
            kind.draws(image.format)
        else { return [] }
        let cells = TerminalImage.cells(width: image.width, height: image.height, maxColumns: max(cardWidth - 2, 1))
        let base64: String
        let byteCount: Int
        switch image.bytes {
        case .raw(let bytes):
            base64 = TerminalImage.base64(bytes)
            byteCount = bytes.count
        case .base64(let text):
            base64 = String(text)
            byteCount = text.utf8.count * 3 / 4 - text.utf8.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        }
        guard
            let drawn = TerminalImage.drawn(
                base64: base64, byteCount: byteCount, columns: cells.columns, rows: cells.rows, protocol: kind,
                cell: capabilities.cellSize)
        else { return [] }
        var last = StyledLine(Repetition.spaces(2))
        last.width += drawn.columns
        last.image = drawn
        return Array(repeating: StyledLine(), count: drawn.rows - 1) + [last]
    }

    /// Lines moved right together, so the widest ends at the trailing edge.
    func rightAlignedBlock(_ lines: [StyledLine]) -> [StyledLine] {
        let shift = width - (lines.map(\.width).max() ?? 0)
        return lines.map { line in
            var aligned = StyledLine()
            aligned.pad(shift)
            aligned.append(line)
            return aligned
        }
    }

    func actions(_ actions: [ActionView]) -> [StyledLine] {
        var wrapper = TextWrapper(width: width)
        for (index, action) in actions.enumerated() {
            if index > 0 { wrapper.add(Self.gap, style: .plain) }
            let style = action.isSelected ? styles.messageActionSelected : styles.messageAction
            let isRating = action.key.hasPrefix("rate-")
            let text: String
            if isRating && !action.isSelected {
                text = action.icon
            } else if action.icon.isEmpty {
                text = action.label
            } else {
                text = action.icon + " " + action.label
            }
            context.feed([Span(text: text)], into: &wrapper, base: style)
        }
        return wrapper.finish()
    }

    func notice(_ text: String, kind: NoticeKind) -> [StyledLine] {
        switch kind {
        case .olderMessages:
            return centered(wrap([Span(text: appearance.icons.olderMessages + " " + text)], base: styles.notice))
        case .empty:
            return centered(wrap(plain(text), base: styles.notice))
        case .error:
            return wrap(plain(text), base: styles.error)
        case .footer, .system, .refusal, .session:
            return wrap(plain(text), base: styles.notice)
        case .title:
            return wrap(plain(text), base: styles.toolTitle)
        }
    }

    func suggestions(_ suggestions: [String]) -> [StyledLine] {
        var wrapper = TextWrapper(width: width)
        for (index, suggestion) in suggestions.enumerated() {
            if index > 0 { wrapper.add(Self.gap + "\u{A0}", style: .plain) }
            context.feed([Span(text: "[\(index + 1)] ")], into: &wrapper, base: styles.notice)
            context.feed(plain(suggestion), into: &wrapper, base: styles.suggestion)
        }
        return centered(wrapper.finish())
    }
}
