import Teletype
import TeletypeMarkdown

/// Lays a Markdown document out as ``LayoutBlock``s: inline content flattened into spans with
/// roles, control characters made visible, lists numbered, footnotes gathered at the end.
public enum MarkdownLayout {
    /// Lays out a parsed document.
    public static func layout(_ document: MarkdownDocument) -> [LayoutBlock] {
        // Top-level blocks lay out independently: a large document is shared among the cores.
        let source = document.blocks
        let ranges = ParallelWork.ranges(source.count, minimum: 256)
        let parts = ParallelWork.map(ranges.count) { index -> (blocks: [LayoutBlock], footnotes: [LayoutFootnote]) in
            var blocks: [LayoutBlock] = []
            var footnotes: [LayoutFootnote] = []
            blocks.reserveCapacity(ranges[index].count)
            for block in source[ranges[index]] {
                if case .footnoteDefinition(let definition) = block {
                    footnotes.append(
                        LayoutFootnote(number: definition.index, children: layout(definition.children, depth: 0)))
                } else {
                    blocks.append(layout(block, depth: 0))
                }
            }
            return (blocks, footnotes)
        }
        var blocks = parts.count == 1 ? parts[0].blocks : parts.flatMap(\.blocks)
        let footnotes = parts.flatMap(\.footnotes)
        if !footnotes.isEmpty { blocks.append(.footnotes(footnotes)) }
        return blocks
    }

    /// Parses and lays out Markdown text.
    public static func layout(markdown: String) -> [LayoutBlock] {
        layout(MarkdownDocument(parsing: markdown))
    }

    /// Lays out a run of top-level blocks that holds no footnote definitions (a piece of a document).
    public static func layout(blocks: [Block]) -> [LayoutBlock] {
        blocks.map { layout($0, depth: 0) }
    }

    /// The footnotes block for a document's footnote definitions, or `nil` when it has none.
    public static func footnotes(_ definitions: [Block]) -> LayoutBlock? {
        let notes = definitions.compactMap { block -> LayoutFootnote? in
            guard case .footnoteDefinition(let definition) = block else { return nil }
            return LayoutFootnote(number: definition.index, children: layout(definition.children, depth: 0))
        }
        return notes.isEmpty ? nil : .footnotes(notes)
    }

    /// The source of display math that is a paragraph's only content.
    static func displayMath(_ inlines: [Inline]) -> String? {
        var found: String?
        for inline in inlines {
            switch inline {
            case .math(let source, true) where found == nil: found = source
            case .softBreak, .lineBreak: continue
            case .text(let text) where text.allSatisfy(\.isWhitespace): continue
            default: return nil
            }
        }
        return found
    }

    static func layout(_ blocks: [Block], depth: Int) -> [LayoutBlock] {
        blocks.map { layout($0, depth: depth) }
    }

    /// Lays out one block, nested `depth` lists deep.
    package static func layout(_ block: Block, depth: Int) -> LayoutBlock {
        switch block {
        case .paragraph(let paragraph):
            if let display = displayMath(paragraph.inlines) {
                return .math(lines: MathUnicode.lines(display, display: true).map(TerminalSafeText.sanitize))
            }
            return .paragraph(spans(paragraph.inlines))
        case .heading(let heading):
            return .heading(level: heading.level, spans(heading.inlines))
        case .blockQuote(let quote):
            if let (alert, children) = MarkdownAlert.detect(quote) {
                return .alert(alert, layout(children, depth: depth))
            }
            return .quote(layout(quote.children, depth: depth))
        case .list(let list):
            var items: [LayoutListItem] = []
            items.reserveCapacity(list.items.count)
            for (offset, item) in list.items.enumerated() {
                let marker: LayoutListItem.Marker =
                    list.kind == .ordered
                    ? .number(list.start + offset, delimiter: list.delimiter == .parenthesis ? ")" : ".")
                    : .bullet(depth: depth)
                let checkbox = item.checkbox.map { $0 == .checked }
                items.append(
                    LayoutListItem(
                        marker: marker, checkbox: checkbox, children: layout(item.children, depth: depth + 1)))
            }
            return .list(LayoutList(isTight: list.isTight, items: items))
        case .codeBlock(let code):
            return .code(
                language: code.language.map(TerminalSafeText.sanitize), lines: lines(of: code.code))
        case .htmlBlock(let html):
            return .html(lines: lines(of: html.html))
        case .thematicBreak:
            return .rule
        case .table(let table):
            return .table(
                LayoutTable(
                    alignments: table.alignments.map {
                        switch $0 {
                        case .center: .center
                        case .right: .right
                        case .left, .none: .left
                        }
                    },
                    header: table.header.cells.map { spans($0.inlines) },
                    rows: table.rows.map { $0.cells.map { spans($0.inlines) } }))
        case .footnoteDefinition(let definition):
            // Definitions are gathered by the document; one found elsewhere shows where it is.
            return .footnotes([
                LayoutFootnote(number: definition.index, children: layout(definition.children, depth: 0))
            ])
        }
    }

    /// The lines of a code or HTML block, without the final newline, made safe.
    static func lines(of text: String) -> [String] {
        // One scan says whether any line needs sanitizing; the lines are cut at newline bytes.
        let needsSanitizing = TerminalSafeText.needsSanitizing(text)
        var copy = text
        return copy.withUTF8 { utf8 in
            let bytes = UnsafeRawBufferPointer(utf8)
            var end = bytes.count
            if end > 0, bytes[end - 1] == 0x0A { end -= 1 }
            let body = UnsafeRawBufferPointer(rebasing: bytes[..<end])
            var lines: [String] = []
            var start = 0
            while let newline = ByteScan.firstIndex(of: 0x0A, in: body, from: start) {
                lines.append(String(decoding: body[start..<newline], as: UTF8.self))
                start = newline + 1
            }
            lines.append(String(decoding: body[start...], as: UTF8.self))
            return needsSanitizing ? lines.map(TerminalSafeText.sanitize) : lines
        }
    }

    // MARK: Inlines

    static func spans(_ inlines: [Inline]) -> [Span] {
        var builder = SpanBuilder()
        // Neighbours that look alike merge: there are seldom more spans than inlines.
        builder.spans.reserveCapacity(inlines.count)
        builder.add(inlines, roles: [], link: nil, autolink: false)
        return builder.spans
    }
}

/// Flattens inline nodes into spans, merging neighbours that look alike.
struct SpanBuilder {
    var spans: [Span] = []

    /// Appends untrusted text: tabs become spaces, and each control character becomes its picture
    /// in a span of its own, so the theme can make it stand out.
    mutating func append(_ text: String, roles: InlineRole, link: String?, autolink: Bool) {
        guard !text.isEmpty else { return }
        let scan = TerminalSafeText.scan(text)
        var clean = text
        if scan.hasTab { clean = String(clean.map { $0 == "\t" ? " " : $0 }) }
        guard scan.needsSanitizing else {
            appendSafe(clean, roles: roles, link: link, autolink: autolink)
            return
        }
        var run = String.UnicodeScalarView()
        for scalar in clean.unicodeScalars {
            if let picture = TerminalSafeText.picture(for: scalar) {
                appendSafe(String(run), roles: roles, link: link, autolink: autolink)
                run = String.UnicodeScalarView()
                appendSafe(picture, roles: roles.union(.controlPicture), link: link, autolink: autolink)
            } else {
                run.append(scalar)
            }
        }
        appendSafe(String(run), roles: roles, link: link, autolink: autolink)
    }

    /// Appends text already safe for a terminal, merging it into the last span when they look alike.
    private mutating func appendSafe(_ safe: String, roles: InlineRole, link: String?, autolink: Bool) {
        guard !safe.isEmpty else { return }
        if let last = spans.last, last.roles == roles, last.link == link, !last.isLineBreak {
            spans[spans.count - 1].text += safe
        } else {
            spans.append(Span(text: safe, roles: roles, link: link, linkIsAutolink: autolink))
        }
    }

    mutating func add(_ inlines: [Inline], roles: InlineRole, link: String?, autolink: Bool) {
        for inline in inlines {
            switch inline {
            case .text(let text):
                append(text, roles: roles, link: link, autolink: autolink)
            case .softBreak:
                append(" ", roles: roles, link: link, autolink: autolink)
            case .lineBreak:
                spans.append(.lineBreak)
            case .code(let code):
                append(code, roles: roles.union(.code), link: link, autolink: autolink)
            case .html(let html):
                let lines = html.split(separator: "\n", omittingEmptySubsequences: false)
                for (offset, line) in lines.enumerated() {
                    if offset > 0 { spans.append(.lineBreak) }
                    append(String(line), roles: roles.union(.rawHTML), link: link, autolink: autolink)
                }
            case .emphasis(let children):
                add(children, roles: roles.union(.emphasis), link: link, autolink: autolink)
            case .strong(let children):
                add(children, roles: roles.union(.strong), link: link, autolink: autolink)
            case .strikethrough(let children):
                add(children, roles: roles.union(.strikethrough), link: link, autolink: autolink)
            case .link(let target):
                add(
                    target.children, roles: roles.union(.link), link: TerminalSafeText.sanitize(target.destination),
                    autolink: target.isAutolink)
            case .image(let image):
                var alt = ""
                Inline.appendPlainText(of: image.children, to: &alt)
                let label = alt.isEmpty ? "[image]" : "[image: \(alt)]"
                // An image inside a link (a badge) stands for the link: it keeps the link's target.
                append(
                    label, roles: roles.union(.image), link: link ?? TerminalSafeText.sanitize(image.source),
                    autolink: link != nil && autolink)
            case .footnoteReference(let reference):
                append("[\(reference.index)]", roles: roles.union(.footnote), link: link, autolink: autolink)
            case .math(let source, _):
                append(
                    Joined.strings(MathUnicode.lines(source, display: false), separator: " "),
                    roles: roles.union(.math),
                    link: link, autolink: autolink)
            }
        }
    }
}

extension MarkdownLayout {
    /// Plain, untrusted text as spans: control characters made visible, tabs as spaces, line
    /// endings as hard breaks. For texts that are not Markdown, such as the user's or a tool's.
    public static func plainSpans(_ text: String, roles: InlineRole = []) -> [Span] {
        var builder = SpanBuilder()
        // Lines are cut at "\n" bytes: cutting at Characters would read every grapheme, and would
        // not cut "\r\n", which is one Character.
        var start = text.utf8.startIndex
        var first = true
        func line(to end: String.Index) {
            if !first { builder.spans.append(.lineBreak) }
            first = false
            var content = text[start..<end]
            if content.utf8.last == UInt8(ascii: "\r") { content = content.dropLast() }
            builder.append(String(content), roles: roles, link: nil, autolink: false)
        }
        var index = start
        while let newline = text.utf8[index...].firstIndex(of: UInt8(ascii: "\n")) {
            line(to: newline)
            start = text.utf8.index(after: newline)
            index = start
        }
        line(to: text.endIndex)
        return builder.spans
    }
}
