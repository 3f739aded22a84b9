import Teletype
import TeletypeLayout

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a tool call's body is written in HTML: a command and its output (its SGR colours as classes,
/// nothing of the escapes passed on), an edit as a diff highlighted in its file's language, a plan
/// as a checklist, a subagent's conversation as rows of its own inside a `<details>`. Every text is
/// escaped as any text of the conversation.
extension ConversationHTMLRenderer {
    func toolCallBody(_ body: ToolCallBody, into out: inout HTMLBuffer) {
        switch body {
        case .shell(let command, let output, let exitCode):
            out.markup("<pre class=\"tt-shell\"><code><span class=\"tt-prompt\">$ </span>")
            if options.highlightsCode {
                HighlightedHTML.write(command, highlighter: .shell, into: &out)
            } else {
                out.text(command)
            }
            out.markup("</code>")
            if let output, !output.isEmpty {
                out.markup("\n<samp>")
                Self.commandOutput(output, into: &out)
                out.markup("</samp>")
            }
            out.markup("</pre>")
            if let exitCode, exitCode != 0 {
                out.text("exit \(exitCode)", between: "<p class=\"tt-exit\">", and: "</p>")
            }
        case .fileEdit(let changes):
            for change in changes {
                out.markup("<figure class=\"tt-diff\">")
                if changes.count > 1 { out.text(change.path, between: "<figcaption>", and: "</figcaption>") }
                out.markup("<pre><code>")
                let highlighter = options.highlightsCode ? change.language.flatMap(SyntaxHighlighter.init) : nil
                // Each line is a block of its own (its background across the box), so no line
                // feed goes between them; a long line wraps at its spaces.
                for line in change.lines {
                    switch line.kind {
                    case .added: out.markup("<span class=\"tt-line-added\"><span class=\"tt-mark\">+ </span>")
                    case .removed: out.markup("<span class=\"tt-line-removed\"><span class=\"tt-mark\">- </span>")
                    case .context: out.markup("<span class=\"tt-line-context\">  ")
                    case .hunk: out.markup("<span class=\"tt-line-hunk\">")
                    }
                    if line.kind == .hunk {
                        out.text(line.text.isEmpty ? "⋯" : line.text)
                    } else if let highlighter {
                        HighlightedHTML.write(line.text, highlighter: highlighter, into: &out)
                    } else {
                        out.text(line.text)
                    }
                    out.markup("</span>")
                }
                out.markup("</code></pre></figure>")
            }
        case .checklist(let items):
            out.markup("<ul class=\"tt-checklist\">")
            for item in items {
                out.raw("<li class=\"tt-\(item.state.rawValue)\"><span class=\"tt-mark\" aria-hidden=\"true\">")
                out.text(item.state == .done ? "☑" : item.state == .active ? "◐" : "☐")
                out.markup("</span> ")
                out.text(item.text)
                if item.state != .pending {
                    out.raw(
                        " <span class=\"tt-visually-hidden\">(\(item.state == .done ? "done" : "in progress"))</span>")
                }
                out.markup("</li>")
            }
            out.markup("</ul>")
        case .web(_, let result):
            if let result, !result.isEmpty {
                out.markup("<pre class=\"tt-web-result\">")
                out.text(result)
                out.markup("</pre>")
            }
        }
    }

    /// A subagent's conversation: its rows, their ids under the call's, inside a `<details>`.
    func subagent(_ view: SubagentView, into out: inout HTMLBuffer) {
        out.markup("<details class=\"tt-subagent\"><summary>")
        let count = "\(view.messageCount) " + (view.messageCount == 1 ? "message" : "messages")
        out.text("↳ " + (view.title.map { $0 + " · " } ?? "") + count)
        out.markup("</summary><div class=\"tt-subagent-rows\">\n")
        var nested = self
        nested.idPrefix += "s-"
        for row in view.rows { out.raw(nested.render(row)) }
        out.markup("</div></details>")
    }

    /// Command output with its SGR styles as classes (`sgr-b`, `sgr-f1`, …) and, for 256 and
    /// 24-bit colours, a colour the page computes: the output's bytes never reach the page.
    static func commandOutput(_ output: String, into out: inout HTMLBuffer) {
        // Output with no escape and no carriage return (most of it) is its text, lines and all:
        // looked at once, not made again line by line.
        var bytes = output
        let plain = bytes.withUTF8 {
            guard let base = $0.baseAddress else { return true }
            return memchr(base, 0x1B, $0.count) == nil && memchr(base, 0x0D, $0.count) == nil
        }
        guard !plain else {
            out.text(output)
            return
        }
        // Lines by their bytes: a `\r\n` is one Character, and walking Characters is slow on long output.
        for (index, line) in TextLines.lines(output).enumerated() {
            if index > 0 { out.markup("\n") }
            let text = String(line)
            guard line.utf8.contains(where: { $0 == 0x1B || $0 == 0x0D }) else {
                // The buffer shows every other control character as its picture.
                out.text(text)
                continue
            }
            for span in SGRText.spans(text) {
                let classes = sgrClasses(span.style)
                let color = [
                    span.style.foreground.flatMap(\.cssColor).map { "color: " + $0 },
                    span.style.background.flatMap(\.cssColor).map { "background-color: " + $0 },
                ].compactMap { $0 }
                if classes.isEmpty && color.isEmpty {
                    out.text(span.text)
                    continue
                }
                out.markup("<span")
                if !classes.isEmpty { out.raw(" class=\"" + classes.joined(separator: " ") + "\"") }
                if !color.isEmpty { out.raw(" style=\"" + color.joined(separator: "; ") + "\"") }
                out.markup(">")
                out.text(span.text)
                out.markup("</span>")
            }
        }
    }

    /// The classes of an SGR style: attributes and the 16 basic colours.
    static func sgrClasses(_ style: TextStyle) -> [String] {
        var classes: [String] = []
        if style.bold { classes.append("sgr-b") }
        if style.dim { classes.append("sgr-d") }
        if style.italic { classes.append("sgr-i") }
        if style.underline { classes.append("sgr-u") }
        if style.strikethrough { classes.append("sgr-s") }
        switch style.foreground {
        case .basic(let index)?: classes.append("sgr-f\(index)")
        case .palette(let index)? where index < 16: classes.append("sgr-f\(index)")
        default: break
        }
        switch style.background {
        case .basic(let index)?: classes.append("sgr-g\(index)")
        case .palette(let index)? where index < 16: classes.append("sgr-g\(index)")
        default: break
        }
        return classes
    }
}

extension Color {
    /// A 256-colour or 24-bit colour as CSS; the 16 basic ones are the page's classes.
    var cssColor: String? {
        switch self {
        case .basic: return nil
        case .rgb: return cssHex
        case .palette(let index):
            let value = Int(index)
            if value < 16 { return nil }
            if value >= 232 {
                let level = 8 + (value - 232) * 10
                return Color.rgb(UInt8(level), UInt8(level), UInt8(level)).cssHex
            }
            let cube = value - 16
            func level(_ step: Int) -> UInt8 { UInt8(step == 0 ? 0 : 55 + step * 40) }
            return Color.rgb(level(cube / 36), level(cube / 6 % 6), level(cube % 6)).cssHex
        }
    }
}
