import TeletypeLayout

/// A resolved surface as layout blocks for terminals and plain text: text through the Markdown
/// path, rows side by side when they fit, cards framed, controls with their current values, and a
/// line naming each problem.
enum A2UIBlocks {
    /// The blocks of `view`; the control `focus` names is marked (▶), and a picker's option under
    /// the cursor too (›).
    static func blocks(_ view: A2UIView, focus: A2UIFocus? = nil) -> [LayoutBlock] {
        let drawn = unmarked(view, focus: focus)
        guard let focus, let id = controlID(view), id == focus.componentID else { return drawn }
        return marked(drawn)
    }

    /// The id of a control view.
    static func controlID(_ view: A2UIView) -> String? {
        switch view {
        case .button(let id, _, _, _), .checkBox(let id, _, _), .textField(let id, _, _, _, _, _, _),
            .dateTime(let id, _, _, _), .choice(let id, _, _, _), .slider(let id, _, _, _, _):
            return id
        default: return nil
        }
    }

    /// A control's blocks with the focus mark before its first line.
    static func marked(_ blocks: [LayoutBlock]) -> [LayoutBlock] {
        var blocks = blocks
        for index in blocks.indices {
            if case .paragraph(let spans) = blocks[index] {
                blocks[index] = .paragraph([Span(text: "▶ ", roles: .strong)] + spans)
                break
            }
        }
        return blocks
    }

    static func unmarked(_ view: A2UIView, focus: A2UIFocus?) -> [LayoutBlock] {
        let blocks = { (child: A2UIView) in Self.blocks(child, focus: focus) }
        switch view {
        case .text(let text, let variant): return self.text(text, variant: variant)
        case .image(let url, let description):
            let label = description.isEmpty ? "[image]" : "[image: \(description)]"
            return [.paragraph([Span(text: safe(label), roles: .image, link: url.isEmpty ? nil : safe(url))])]
        case .icon(let name): return [.paragraph([Span(text: A2UIIcons.glyph(name))])]
        case .media(let kind, let url, let description, let poster):
            let label = (kind == "video" ? "▶ video" : "♪ audio") + (description.isEmpty ? "" : ": " + description)
            var spans = [Span(text: safe(label), roles: .link, link: url.isEmpty ? nil : safe(url))]
            // A poster is an image: named and linked, never loaded, as every image.
            if !poster.isEmpty {
                spans += [Span(text: " · "), Span(text: "[poster]", roles: .image, link: safe(poster))]
            }
            return [.paragraph(spans)]
        case .row(let children): return row(children.map(blocks))
        case .column(let children):
            let inner = children.flatMap(blocks)
            return inner.count <= 1 ? inner : [.stack(inner)]
        case .card(let child): return [.box(child.map(blocks) ?? [])]
        case .tabs(let tabs):
            var strip: [Span] = []
            for (index, tab) in tabs.enumerated() {
                if index > 0 { strip.append(Span(text: " │ ")) }
                strip.append(Span(text: (index == 0 ? "▸ " : "") + safe(tab.title), roles: index == 0 ? .strong : []))
            }
            return [.paragraph(strip)] + (tabs.first?.content.map(blocks) ?? [])
        case .divider: return [.rule]
        case .modal(let trigger, let content):
            return (trigger.map(blocks) ?? []) + (content.map { [.box(blocks($0))] } ?? [])
        case .button(_, let label, let variant, _):
            let text = variant == "borderless" ? safe(label) : "[ " + safe(label) + " ]"
            return [.paragraph([Span(text: text, roles: variant == "primary" ? .strong : [])])]
        case .checkBox(_, let label, let checked):
            return [.paragraph([Span(text: (checked ? "☑ " : "☐ ") + safe(label))])]
        case .textField(_, let label, let value, let placeholder, let obscured, _, let problems):
            let shown = obscured ? String(repeating: "•", count: value.count) : value
            // A field not filled in yet is not wrong yet; it shows its placeholder.
            return [field(label, shown, placeholder: placeholder)] + (value.isEmpty ? [] : problems.map(problemLine))
        case .dateTime(_, let label, let value, let problems):
            return [field(label, value)] + (value.isEmpty ? [] : problems.map(problemLine))
        case .choice(_, let label, let options, let multiple):
            var spans: [Span] = []
            let cursor = focus.flatMap { focus in controlID(view) == focus.componentID ? focus.option : nil }
            for (index, option) in options.enumerated() {
                if index > 0 { spans.append(Span(text: "   ")) }
                if index == cursor { spans.append(Span(text: "›", roles: .strong)) }
                let mark = multiple ? (option.chosen ? "☑ " : "☐ ") : (option.chosen ? "◉ " : "○ ")
                spans.append(Span(text: mark + safe(option.label), roles: option.chosen ? .strong : []))
            }
            return (label.isEmpty ? [] : [.paragraph([Span(text: safe(label), roles: .emphasis)])]) + [
                .paragraph(spans)
            ]
        case .slider(_, let label, let minimum, let maximum, let value):
            // A range or a distance past what a double holds (1e308 on either side) gives no share.
            let ratio = maximum > minimum ? (value - minimum) / (maximum - minimum) : 0
            let share = ratio.isFinite ? min(max(ratio, 0), 1) : 0
            let filled = Int((share * 20).rounded())
            let bar = String(repeating: "━", count: filled) + "●" + String(repeating: "─", count: 20 - filled)
            var spans: [Span] = []
            if !label.isEmpty { spans.append(Span(text: safe(label) + "  ")) }
            spans.append(
                Span(text: "\(A2UIContext.text(of: .number(minimum))) \(bar) \(A2UIContext.text(of: .number(maximum)))")
            )
            spans.append(Span(text: "  " + A2UIContext.text(of: .number(value)), roles: .strong))
            return [.paragraph(spans)]
        case .problem(let message): return [fallback(message)]
        }
    }

    /// Text from the agent as a span holds it: control characters as their pictures, and a tab or a
    /// line break as a space (a label, a title or a field's value is drawn on its line; a tab's width
    /// would depend on the column it fell at).
    static func safe(_ text: String) -> String {
        let clean = TerminalSafeText.sanitize(text)
        guard clean.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A }) else { return clean }
        return String(clean.map { $0 == "\t" || $0 == "\n" ? " " : $0 })
    }

    /// One line naming a problem.
    static func fallback(_ message: String) -> LayoutBlock {
        .paragraph([Span(text: "⚠ A2UI: " + safe(message), roles: .emphasis)])
    }

    /// A line saying where a surface stands (empty, closed).
    static func notice(_ message: String) -> LayoutBlock {
        .paragraph([Span(text: "◌ " + safe(message), roles: .emphasis)])
    }

    static func problemLine(_ message: String) -> LayoutBlock {
        .paragraph([Span(text: "⚠ " + safe(message), roles: .emphasis)])
    }

    static func field(_ label: String, _ value: String, placeholder: String = "") -> LayoutBlock {
        var spans: [Span] = []
        if !label.isEmpty { spans.append(Span(text: safe(label) + "  ")) }
        if value.isEmpty, !placeholder.isEmpty {
            spans += [
                Span(text: "[ ", roles: .strong), Span(text: safe(placeholder), roles: .emphasis),
                Span(text: " ]", roles: .strong),
            ]
        } else {
            spans.append(Span(text: "[ " + safe(value) + (value.isEmpty ? "        " : "") + " ]", roles: .strong))
        }
        return .paragraph(spans)
    }

    /// Text by its variant: bold for h1–h5, italic for a caption, Markdown for the body. A line of
    /// text is inline Markdown only: `- Qty` or `1. Apples` in a label are not lists.
    static func text(_ text: String, variant: String) -> [LayoutBlock] {
        var source = text
        if variant.hasPrefix("h") { source = String(source.drop { $0 == "#" || $0 == " " }) }
        if !source.contains("\n") { source = inlineOnly(source) }
        let blocks = MarkdownLayout.layout(markdown: source)
        switch variant {
        case "h1", "h2", "h3", "h4", "h5", "caption":
            let role: InlineRole = variant == "caption" ? .emphasis : .strong
            return blocks.map { block in
                switch block {
                case .paragraph(let spans), .heading(_, let spans):
                    return .paragraph(
                        spans.map { span in
                            var span = span
                            span.roles.insert(role)
                            return span
                        })
                default: return block
                }
            }
        default:
            return blocks
        }
    }

    /// One line made to read as a paragraph: a mark that would start a block (a heading, a list item,
    /// a quote, a table) is escaped.
    static func inlineOnly(_ line: String) -> String {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard let first = trimmed.first else { return line }
        if "#-*+>|=".contains(first) { return "\\" + trimmed }
        let digits = trimmed.prefix { $0.isNumber }
        if !digits.isEmpty, let after = trimmed.dropFirst(digits.count).first, after == "." || after == ")" {
            return digits + "\\" + trimmed.dropFirst(digits.count)
        }
        return String(trimmed)
    }

    /// A row: children that are one short line each share a line; others go side by side when they
    /// fit.
    static func row(_ children: [[LayoutBlock]]) -> [LayoutBlock] {
        let present = children.filter { !$0.isEmpty }
        guard !present.isEmpty else { return [] }
        if present.allSatisfy({ $0.count == 1 && isShortLine($0[0]) }) {
            var spans: [Span] = []
            for child in present {
                guard case .paragraph(let inline) = child[0] else { continue }
                if !spans.isEmpty { spans.append(Span(text: "  ")) }
                spans += inline
            }
            return [.paragraph(spans)]
        }
        if present.count == 1 { return present[0] }
        return [.columns(present.map { LayoutColumn(blocks: $0) })]
    }

    static func isShortLine(_ block: LayoutBlock) -> Bool {
        guard case .paragraph(let spans) = block else { return false }
        return spans.reduce(0) { $0 + $1.text.count } <= 40 && !spans.contains(where: \.isLineBreak)
    }
}
