import Teletype
import TeletypeLayout
import TeletypeMarkdown

/// Writes conversation rows as HTML: an `<article>` per row, reasoning and tool calls as
/// `<details>`, Markdown answers through ``MarkdownHTMLRenderer`` with the same policy, every text
/// escaped and every URL checked.
public struct ConversationHTMLRenderer: Sendable {
    /// What the HTML may hold: links, images, raw HTML (none for untrusted text).
    public var options: HTMLRenderOptions
    /// The styles, icons and words.
    public var appearance: AIAppearance {
        didSet { alertTitles = appearance.alertTitles }
    }
    /// The appearance's titles of alerts, looked up once (asked for each Markdown block, they were
    /// made anew each time: 1% of a page's instructions).
    private var alertTitles: [MarkdownAlert: String]
    /// What each row's element id starts with (a subagent's rows add to it, so no id repeats).
    var idPrefix = "m-"

    /// Makes a renderer; untrusted text's policy by default.
    public init(options: HTMLRenderOptions = .untrusted, appearance: AIAppearance = .dark) {
        self.options = options
        self.appearance = appearance
        alertTitles = appearance.alertTitles
    }

    /// The rows as one fragment.
    public func render(_ rows: [ConversationRow]) -> String {
        let renderer = self
        return ParallelWork.map(rows.count) { renderer.render(rows[$0]) }.joined()
    }

    /// One row as an `<article>`.
    public func render(_ row: ConversationRow) -> String {
        String(decoding: renderedBytes(row), as: UTF8.self)
    }

    /// One row as an `<article>`, in UTF-8: what a page writes to its file as it is, without a
    /// String made (and checked) of it on the way (a tenth of an exported page's work).
    package func renderedBytes(_ row: ConversationRow) -> [UInt8] {
        var out = HTMLBuffer(capacity: 2048)
        out.markup("<article class=\"tt-row tt-")
        out.raw(row.kind.rawValue)
        if let role = row.role { out.markup(" tt-role-"); out.text(Self.className(role)) }
        if row.startsTurn { out.markup(" tt-turn") }
        out.markup("\" id=\"")
        if !idPrefix.isEmpty { out.text(idPrefix) }
        out.text(Self.className(row.id))
        out.markup("\">\n")
        for (index, block) in row.blocks.enumerated() {
            if case .toolCall(let view) = block, view.subagent != nil {
                // A subagent's rows take ids under this block's, so that no id repeats on the page.
                var nested = self
                nested.idPrefix += Self.className(row.id) + "-\(index)-"
                nested.block(block, into: &out)
            } else {
                self.block(block, into: &out)
            }
        }
        out.markup("</article>\n")
        return out.take()
    }

    /// Letters, digits, `-` and `_` of `text`; anything else becomes `-`.
    static func className(_ text: String) -> String {
        func allowed(_ byte: UInt8) -> Bool {
            (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
        var bytes = text
        if bytes.withUTF8({ $0.allSatisfy(allowed) }) { return text }
        return String(
            text.unicodeScalars.map { scalar -> Character in
                let value = scalar.value
                let ok =
                    (0x30...0x39).contains(value) || (0x41...0x5A).contains(value) || (0x61...0x7A).contains(value)
                    || scalar == "-" || scalar == "_"
                return ok ? Character(scalar) : "-"
            })
    }

    private func block(_ block: ConversationBlock, into out: inout HTMLBuffer) {
        switch block {
        case .userBubble(let text, let isPending, let time, let fold):
            out.raw(isPending ? "<div class=\"tt-bubble tt-pending\">" : "<div class=\"tt-bubble\">")
            if let fold {
                // The first lines, then the rest folded: whole on the page, open on a click.
                multiline(String(fold.shown(of: text)), into: &out)
                out.text(fold.label, between: "<details class=\"tt-more\"><summary>", and: "</summary>")
                multiline(String(fold.folded(of: text)), into: &out)
                out.markup("</details>")
            } else {
                multiline(text, into: &out)
            }
            if let time {
                let local = CalendarTime(time)
                let utc = CalendarTime(time, utc: true)
                out.markup("<time class=\"tt-time\" datetime=\"")
                out.raw(utc.date)
                out.markup("T")
                out.raw(utc.clockWithSeconds)
                out.markup("Z\">")
                out.text(local.dateAndClock)
                out.markup("</time>")
            }
            if isPending {
                out.text(
                    appearance.string("conversation.pending"), between: "<div class=\"tt-pending-label\">",
                    and: "</div>")
            }
            out.markup("</div>\n")
        case .markdown(let document):
            out.markup("<div class=\"tt-answer\">\n")
            var markdownOptions = options
            markdownOptions.alertTitles = alertTitles
            out.raw(MarkdownHTMLRenderer(options: markdownOptions).renderedBytes(document))
            out.markup("</div>\n")
        case .reasoning(let view):
            out.raw(
                view.isStreaming
                    ? "<details class=\"tt-reasoning tt-streaming\" open>" : "<details class=\"tt-reasoning\">")
            out.markup("<summary><span class=\"tt-icon\">")
            out.text(appearance.icons.reasoning)
            out.text(view.title, between: "</span> <span class=\"tt-title\">", and: "</span>")
            if let summary = view.summary {
                out.text(summary, between: " <span class=\"tt-summary\">", and: "</span>")
            }
            out.markup("</summary>")
            if let text = view.text, !text.isEmpty {
                out.markup("<div class=\"tt-thoughts\">")
                multiline(text, into: &out)
                out.markup("</div>")
            }
            out.markup("</details>\n")
        case .toolCall(let view):
            toolCall(view, into: &out)
        case .approval(let view):
            out.text(
                view.title, between: "<div class=\"tt-approval\" role=\"group\"><p class=\"tt-approval-title\">",
                and: "</p>")
            if let reason = view.reason {
                out.text(reason, between: "<p class=\"tt-approval-reason\">", and: "</p>")
            }
            if let message = view.message {
                out.text(message, between: "<p class=\"tt-approval-message\">", and: "</p>")
            }
            out.markup("<p class=\"tt-buttons\"><span class=\"tt-button tt-allow\">")
            out.text(view.allowTitle)
            out.markup("</span> <span class=\"tt-button tt-decline\">")
            out.text(view.declineTitle)
            out.markup("</span></p></div>\n")
        case .attachment(let view):
            attachment(view, into: &out)
        case .unsupported(let text):
            out.markup("<p class=\"tt-unsupported\">")
            out.text(appearance.icons.unsupported + " " + text)
            out.markup("</p>\n")
        case .generatedUI(let view):
            out.markup("<div class=\"tt-ui tt-ui-")
            out.text(Self.className(view.format))
            out.markup("\">\n")
            out.raw(view.html)
            out.markup("\n</div>\n")
        case .thinking(let title):
            out.markup("<p class=\"tt-thinking\"><span class=\"tt-icon\">")
            out.text(appearance.icons.reasoning)
            out.markup("</span> ")
            out.text(title)
            out.markup("</p>\n")
        case .actions(let actions):
            out.markup("<div class=\"tt-actions\">")
            for action in actions {
                out.raw(action.isSelected ? "<span class=\"tt-action tt-selected tt-" : "<span class=\"tt-action tt-")
                out.text(Self.className(action.key))
                out.markup("\" title=\"")
                out.text(action.label)
                out.text(
                    action.icon.isEmpty ? action.label : action.icon + " " + action.label, between: "\">",
                    and: "</span>")
            }
            out.markup("</div>\n")
        case .notice(let text, let kind):
            out.raw("<p class=\"tt-notice tt-\(kind.rawValue)\">")
            out.text(text)
            out.markup("</p>\n")
        case .suggestions(let suggestions):
            out.markup("<ul class=\"tt-suggestions\">")
            for suggestion in suggestions {
                out.text(suggestion, between: "<li>", and: "</li>")
            }
            out.markup("</ul>\n")
        case .custom(let view):
            out.raw(view.html)
            out.markup("\n")
        case .divider(let view):
            if let summary = view.summary {
                out.markup("<details class=\"tt-divider\"><summary>")
                out.text(view.title)
                out.markup("</summary><div class=\"tt-answer\">\n")
                var markdownOptions = options
                markdownOptions.alertTitles = alertTitles
                out.raw(MarkdownHTMLRenderer(options: markdownOptions).renderedBytes(summary))
                out.markup("</div></details>\n")
            } else {
                out.text(view.title, between: "<p class=\"tt-divider\">", and: "</p>\n")
            }
        case .branch(let view):
            out.markup("<div class=\"tt-branch\">")
            out.text("↺ " + view.label, between: "<p class=\"tt-branch-label\">", and: "</p>")
            for (index, alternative) in view.alternatives.enumerated() {
                out.markup("<details class=\"tt-version\"><summary>")
                out.text(alternative.label)
                out.markup("</summary>\n")
                // The other version's rows, their ids under this branch point's.
                var nested = self
                nested.idPrefix += "v\(index)-"
                for row in alternative.rows { out.raw(nested.render(row)) }
                out.markup("</details>")
            }
            out.markup("</div>\n")
        }
    }

    private func multiline(_ text: String, into out: inout HTMLBuffer) {
        for (offset, line) in TextLines.lines(text).enumerated() {
            if offset > 0 { out.markup("<br>") }
            out.text(String(line))
        }
    }

    private func toolCall(_ view: ToolCallView, into out: inout HTMLBuffer) {
        let hasBody = view.summary != nil || !view.details.isEmpty || view.body != nil || view.subagent != nil
        // What the terminal shows whole under a card shows open on the page; a longer body folds.
        let isOpen = view.body?.isShownWhole == true
        out.raw(hasBody ? "<details class=\"tt-tool tt-" : "<div class=\"tt-tool tt-")
        out.raw(view.state.rawValue)
        out.raw(hasBody && isOpen ? "\" open>" : "\">")
        out.raw(hasBody ? "<summary>" : "<p class=\"tt-tool-line\">")
        out.markup("<span class=\"tt-icon\">")
        out.text(view.icon)
        out.markup("</span> <span class=\"tt-title\">")
        out.text(view.title)
        out.markup("</span>")
        if let note = view.note { out.text(note, between: " <span class=\"tt-note\">", and: "</span>") }
        if !view.statusLabel.isEmpty {
            out.text(view.statusLabel, between: " <span class=\"tt-status\">", and: "</span>")
        }
        if let duration = view.duration {
            out.text(duration, between: " <span class=\"tt-duration\">", and: "</span>")
        }
        if case .shell(let command, _, _)? = view.body, let first = TextLines.lines(command, limit: 1).first {
            // A folded command still says what it ran (an open one shows it in its body; the page's
            // style hides this one there, and shows it again where the work is folded).
            out.text(String(first), between: " <code class=\"tt-command\">$ ", and: "</code>")
        }
        out.raw(hasBody ? "</summary>" : "</p>")
        if let summary = view.summary {
            out.text(summary, between: "<p class=\"tt-tool-summary\">", and: "</p>")
        }
        if let body = view.body { toolCallBody(body, into: &out) }
        if let subagent = view.subagent { self.subagent(subagent, into: &out) }
        if !view.details.isEmpty {
            out.markup("<dl>")
            for detail in view.details {
                out.markup("<dt>")
                out.text(detail.label)
                if detail.isCode {
                    out.markup("</dt><dd><pre><code")
                    if let language = detail.language, !language.isEmpty {
                        out.markup(" class=\"language-")
                        out.text(language)
                        out.markup("\"")
                    }
                    out.markup(">")
                    if options.highlightsCode, let highlighter = detail.language.flatMap(SyntaxHighlighter.init) {
                        HighlightedHTML.write(detail.text, highlighter: highlighter, into: &out)
                    } else {
                        out.text(detail.text)
                    }
                    out.markup("</code></pre></dd>")
                } else {
                    // Prose and output wrap on a narrow page rather than scroll sideways.
                    out.markup("</dt><dd><pre class=\"tt-text\">")
                    if options.highlightsCode,
                        SyntaxHighlighter.looksLikeDiff(TextLines.lines(detail.text, limit: 200).map(String.init))
                    {
                        // Output that is a unified diff: its added and removed lines in colour.
                        HighlightedHTML.write(detail.text, highlighter: .diff, into: &out)
                    } else {
                        out.text(detail.text)
                    }
                    out.markup("</pre></dd>")
                }
            }
            out.markup("</dl>")
        }
        out.raw(hasBody ? "</details>\n" : "</div>\n")
    }

    private func attachment(_ view: AttachmentView, into out: inout HTMLBuffer) {
        let classes =
            "tt-attachment" + (view.isImage ? " tt-image" : " tt-file") + (view.isTrailing ? " tt-trailing" : "")
        out.raw("<div class=\"\(classes)\">")
        if view.isImage, let url = view.url, URLPolicy.allowsImageLoad(url, options: options) {
            out.markup("<img src=\"")
            out.href(url)
            out.markup("\" alt=\"")
            out.text(view.name)
            out.markup("\" loading=\"lazy\">")
        }
        out.markup("<span class=\"tt-icon\">")
        out.text(view.icon)
        out.markup("</span> ")
        if let url = view.url, URLPolicy.allowsLink(url, options: options), !url.lowercased().hasPrefix("data:") {
            out.markup("<a class=\"tt-name\" href=\"")
            out.href(url)
            out.markup("\"")
            if options.addsLinkRelations { out.markup(" rel=\"noopener noreferrer nofollow\"") }
            out.text(view.name, between: ">", and: "</a>")
        } else {
            out.text(view.name, between: "<span class=\"tt-name\">", and: "</span>")
        }
        if !view.details.isEmpty {
            out.text(view.details, between: " <span class=\"tt-details\">", and: "</span>")
        }
        if let text = view.text {
            // The text read of the file, folded.
            out.markup("<details class=\"tt-attachment-text\"><summary>")
            out.text(appearance.string("attachment.text"))
            out.markup("</summary><pre>")
            out.text(text)
            out.markup("</pre></details>")
        }
        out.markup("</div>\n")
    }
}
