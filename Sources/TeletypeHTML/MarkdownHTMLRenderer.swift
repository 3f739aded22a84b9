import TeletypeLayout
import TeletypeMarkdown

/// Renders a Markdown document as an HTML fragment: semantic elements, every text escaped, and
/// links, images and raw HTML let through only as far as ``HTMLRenderOptions`` allows.
///
/// With ``HTMLRenderOptions/trusted`` the output is that of the GFM specification's examples.
public struct MarkdownHTMLRenderer: Sendable {
    /// What the rendering lets through.
    public var options: HTMLRenderOptions

    /// The parser for Markdown this renderer reads itself: math as the options say.
    var parser: MarkdownParser { MarkdownParser(options: MarkdownParseOptions(recognizesMath: options.rendersMath)) }

    /// Creates a renderer; the default options are for untrusted text.
    public init(options: HTMLRenderOptions = .untrusted) {
        self.options = options
    }

    /// Renders `document` as an HTML fragment.
    public func render(_ document: MarkdownDocument) -> String {
        String(decoding: renderedBytes(document), as: UTF8.self)
    }

    /// ``render(_:)`` as UTF-8 bytes, for a page written as bytes: no string is made (and checked)
    /// of each answer of an archive's conversations.
    package func renderedBytes(_ document: MarkdownDocument) -> [UInt8] {
        // Top-level blocks render independently; footnotes, which share one section, stay together
        // at the end of the last range. A large document is shared among the cores.
        let blocks = document.blocks
        var body = blocks.count
        while body > 0, case .footnoteDefinition = blocks[body - 1] { body -= 1 }
        let ranges = ParallelWork.ranges(body, minimum: 256)
        let options = self.options
        let parts = ParallelWork.map(ranges.count) { index -> [UInt8] in
            let isLast = index == ranges.count - 1
            let range = isLast ? ranges[index].lowerBound..<blocks.count : ranges[index]
            var writer = Writer(options: options, capacity: range.count * 128)
            writer.blocks(blocks[range], tight: false)
            writer.finish()
            return writer.buffer.take()
        }
        if parts.count == 1 { return parts[0] }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for part in parts { bytes.append(contentsOf: part) }
        return bytes
    }

    /// Parses and renders Markdown text as an HTML fragment. A large document is rendered piece by
    /// piece while later pieces are still being parsed.
    public func render(markdown: String) -> String {
        let options = self.options
        return joined(parser.parse(markdown) { Self.bytes(of: $0, options: options) })
    }

    /// Parses and renders Markdown given as UTF-8 bytes; invalid UTF-8 becomes U+FFFD.
    public func render(markdownUTF8 bytes: UnsafeRawBufferPointer) -> String {
        let options = self.options
        return joined(parser.parse(utf8: bytes) { Self.bytes(of: $0, options: options) })
    }

    /// Parses and renders Markdown given as UTF-8 bytes, handing the HTML to `write` in order, piece by
    /// piece, without gathering it in one string.
    public func render(markdownUTF8 bytes: UnsafeRawBufferPointer, to write: ([UInt8]) -> Void) {
        let options = self.options
        let pieces = parser.parse(utf8: bytes) { Self.bytes(of: $0, options: options) }
        for part in pieces.parts { write(part) }
        if !pieces.footnotes.isEmpty {
            var writer = Writer(options: options, capacity: pieces.footnotes.count * 256)
            writer.blocks(pieces.footnotes, tight: false)
            writer.finish()
            write(writer.buffer.take())
        }
    }

    private static func bytes(of blocks: [Block], options: HTMLRenderOptions) -> [UInt8] {
        var writer = Writer(options: options, capacity: blocks.count * 128)
        writer.blocks(blocks, tight: false)
        TreeLifetime.done(with: blocks)
        return writer.buffer.take()
    }

    /// The rendered pieces, then the footnotes section.
    private func joined(_ pieces: ProcessedPieces<[UInt8]>) -> String {
        var parts = pieces.parts
        if !pieces.footnotes.isEmpty {
            var writer = Writer(options: options, capacity: pieces.footnotes.count * 256)
            writer.blocks(pieces.footnotes, tight: false)
            writer.finish()
            parts.append(writer.buffer.take())
        }
        if parts.count == 1 { return String(decoding: parts[0], as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(parts.reduce(0) { $0 + $1.count })
        for part in parts { bytes.append(contentsOf: part) }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// One rendering in progress.
private struct Writer {
    let options: HTMLRenderOptions
    var buffer: HTMLBuffer
    /// How many links the inline being written is inside: a link cannot hold another (a linked
    /// image that is not loaded is a label of its link, not a link to its own address).
    var linkDepth = 0
    var inFootnotes = false

    init(options: HTMLRenderOptions, capacity: Int) {
        self.options = options
        self.buffer = HTMLBuffer(capacity: capacity)
    }

    /// Closes what the last blocks left open (the footnotes section).
    mutating func finish() {
        if inFootnotes { buffer.markup("</ol>\n</section>\n") }
    }

    // MARK: Blocks

    mutating func blocks(_ blocks: ArraySlice<Block>, tight: Bool) {
        for block in blocks { self.block(block, tight: tight) }
    }

    mutating func blocks(_ blocks: [Block], tight: Bool) {
        for block in blocks { self.block(block, tight: tight) }
    }

    mutating func block(_ block: Block, tight: Bool, backReference: FootnoteDefinition? = nil) {
        switch block {
        case .paragraph(let paragraph):
            if tight {
                inlines(paragraph.inlines)
                if let backReference { footnoteBackReferences(backReference, leadingSpace: true) }
            } else {
                buffer.newlineIfNeeded()
                buffer.markup("<p>")
                inlines(paragraph.inlines)
                if let backReference { footnoteBackReferences(backReference, leadingSpace: true) }
                buffer.markup("</p>\n")
            }
        case .heading(let heading):
            buffer.newlineIfNeeded()
            let level = String(min(max(heading.level, 1), 6))
            buffer.raw("<h" + level + ">")
            inlines(heading.inlines)
            buffer.raw("</h" + level + ">\n")
        case .blockQuote(let quote):
            buffer.newlineIfNeeded()
            if options.rendersAlerts, let (alert, children) = MarkdownAlert.detect(quote) {
                // As GitHub writes it.
                buffer.raw("<div class=\"markdown-alert markdown-alert-\(alert.rawValue)\">\n")
                buffer.markup("<p class=\"markdown-alert-title\">")
                buffer.text(options.alertTitles[alert] ?? alert.defaultTitle)
                buffer.markup("</p>\n")
                blocks(children, tight: false)
                buffer.newlineIfNeeded()
                buffer.markup("</div>\n")
                return
            }
            buffer.markup("<blockquote>\n")
            blocks(quote.children, tight: false)
            buffer.newlineIfNeeded()
            buffer.markup("</blockquote>\n")
        case .list(let list):
            self.list(list)
        case .codeBlock(let code):
            buffer.newlineIfNeeded()
            buffer.markup("<pre><code")
            let language = code.info.prefix { $0 != " " }
            if !language.isEmpty {
                buffer.markup(" class=\"language-")
                buffer.text(String(language))
                buffer.markup("\"")
            }
            buffer.markup(">")
            if options.highlightsCode, let highlighter = SyntaxHighlighter(language: code.info) {
                HighlightedHTML.write(code.code, highlighter: highlighter, into: &buffer)
            } else {
                buffer.text(code.code)
            }
            buffer.markup("</code></pre>\n")
        case .htmlBlock(let html):
            buffer.newlineIfNeeded()
            if options.allowsRawHTML {
                rawHTML(html.html)
            } else {
                buffer.markup("<pre class=\"raw-html\"><code>")
                buffer.text(html.html)
                buffer.markup("</code></pre>")
            }
            buffer.newlineIfNeeded()
        case .thematicBreak:
            buffer.newlineIfNeeded()
            buffer.markup("<hr />\n")
        case .table(let table):
            self.table(table)
        case .footnoteDefinition(let definition):
            footnoteDefinition(definition)
        }
    }

    mutating func list(_ list: ListBlock) {
        buffer.newlineIfNeeded()
        if list.kind == .ordered, list.start != 1 {
            buffer.raw("<ol start=\"\(list.start)\">\n")
        } else {
            buffer.raw(list.kind == .ordered ? "<ol>\n" : "<ul>\n")
        }
        for item in list.items {
            buffer.newlineIfNeeded()
            buffer.markup("<li>")
            switch item.checkbox {
            case .checked where options.namesTaskCheckboxes:
                buffer.markup("<input type=\"checkbox\" checked=\"\" disabled=\"\" aria-label=\"")
                buffer.text(options.checkedTaskName)
                buffer.markup("\" /> ")
            case .unchecked where options.namesTaskCheckboxes:
                buffer.markup("<input type=\"checkbox\" disabled=\"\" aria-label=\"")
                buffer.text(options.uncheckedTaskName)
                buffer.markup("\" /> ")
            case .checked: buffer.markup("<input type=\"checkbox\" checked=\"\" disabled=\"\" /> ")
            case .unchecked: buffer.markup("<input type=\"checkbox\" disabled=\"\" /> ")
            case nil: break
            }
            blocks(item.children, tight: list.isTight)
            buffer.markup("</li>\n")
        }
        buffer.newlineIfNeeded()
        buffer.raw(list.kind == .ordered ? "</ol>\n" : "</ul>\n")
    }

    mutating func table(_ table: Table) {
        buffer.newlineIfNeeded()
        buffer.markup("<table>\n<thead>\n")
        tableRow(table.header, cellTag: "th", alignments: table.alignments)
        buffer.markup("</thead>\n")
        if !table.rows.isEmpty {
            buffer.markup("<tbody>\n")
            for row in table.rows { tableRow(row, cellTag: "td", alignments: table.alignments) }
            buffer.markup("</tbody>\n")
        }
        buffer.markup("</table>\n")
    }

    mutating func tableRow(_ row: TableRow, cellTag: String, alignments: [Table.Alignment]) {
        buffer.markup("<tr>\n")
        for (column, cell) in row.cells.enumerated() {
            buffer.raw("<" + cellTag)
            switch column < alignments.count ? alignments[column] : .none {
            case .left: buffer.markup(" align=\"left\"")
            case .center: buffer.markup(" align=\"center\"")
            case .right: buffer.markup(" align=\"right\"")
            case .none: break
            }
            buffer.markup(">")
            inlines(cell.inlines)
            buffer.raw("</" + cellTag + ">\n")
        }
        buffer.markup("</tr>\n")
    }

    mutating func footnoteDefinition(_ definition: FootnoteDefinition) {
        if !inFootnotes {
            buffer.newlineIfNeeded()
            buffer.markup("<section class=\"footnotes\">\n<ol>\n")
            inFootnotes = true
        }
        buffer.raw("<li id=\"fn\(definition.index)\">\n")
        for (offset, child) in definition.children.enumerated() {
            let isLast = offset == definition.children.count - 1
            if isLast, case .paragraph = child {
                block(child, tight: false, backReference: definition)
            } else {
                block(child, tight: false)
                if isLast { footnoteBackReferences(definition, leadingSpace: false) }
            }
        }
        if definition.children.isEmpty { footnoteBackReferences(definition, leadingSpace: false) }
        buffer.newlineIfNeeded()
        buffer.markup("</li>\n")
    }

    /// The links from a footnote back to each place that cites it.
    mutating func footnoteBackReferences(_ definition: FootnoteDefinition, leadingSpace: Bool) {
        for occurrence in 1...max(definition.referenceCount, 1) {
            if leadingSpace || occurrence > 1 { buffer.markup(" ") }
            let id = FootnoteIDs.reference(definition.index, occurrence)
            buffer.raw("<a href=\"#\(id)\" class=\"footnote-backref\">↩")
            if occurrence > 1 { buffer.raw("<sup class=\"footnote-ref\">\(occurrence)</sup>") }
            buffer.markup("</a>")
        }
        if !leadingSpace { buffer.markup("\n") }
    }

    // MARK: Inlines

    mutating func inlines(_ inlines: [Inline]) {
        for inline in inlines { self.inline(inline) }
    }

    mutating func inline(_ inline: Inline) {
        switch inline {
        case .text(let text): buffer.text(text)
        case .softBreak: buffer.markup("\n")
        case .lineBreak: buffer.markup("<br />\n")
        case .code(let code):
            buffer.markup("<code>")
            buffer.text(code)
            buffer.markup("</code>")
        case .html(let html):
            if options.allowsRawHTML { rawHTML(html) } else { buffer.text(html) }
        case .emphasis(let children): wrapped("em", children)
        case .strong(let children): wrapped("strong", children)
        case .strikethrough(let children): wrapped("del", children)
        case .link(let link):
            guard URLPolicy.allowsLink(link.destination, options: options) else {
                inlines(link.children)
                return
            }
            buffer.markup("<a href=\"")
            buffer.href(link.destination)
            buffer.markup("\"")
            if !link.title.isEmpty {
                buffer.markup(" title=\"")
                buffer.text(link.title)
                buffer.markup("\"")
            }
            if options.addsLinkRelations { buffer.markup(" rel=\"noopener noreferrer nofollow\"") }
            buffer.markup(">")
            linkDepth += 1
            inlines(link.children)
            linkDepth -= 1
            buffer.markup("</a>")
        case .image(let image):
            self.image(image)
        case .footnoteReference(let reference):
            let id = FootnoteIDs.reference(reference.index, reference.occurrence)
            buffer.raw(
                "<sup class=\"footnote-ref\"><a href=\"#fn\(reference.index)\" id=\"\(id)\">\(reference.index)</a></sup>"
            )
        case .math(let source, let display):
            MathML.write(source, display: display, into: &buffer)
        }
    }

    mutating func rawHTML(_ html: String) {
        if options.filtersTags { TagFilter.append(html, to: &buffer) } else { buffer.raw(html) }
    }

    mutating func wrapped(_ tag: String, _ children: [Inline]) {
        buffer.markup("<")
        buffer.raw(tag)
        buffer.markup(">")
        inlines(children)
        buffer.markup("</")
        buffer.raw(tag)
        buffer.markup(">")
    }

    mutating func image(_ image: Image) {
        var alt = ""
        AltText.append(image.children, to: &alt)
        if URLPolicy.allowsImageLoad(image.source, options: options) {
            buffer.markup("<img src=\"")
            buffer.href(image.source)
            buffer.markup("\" alt=\"")
            buffer.text(alt)
            buffer.markup("\"")
            if !image.title.isEmpty {
                buffer.markup(" title=\"")
                buffer.text(image.title)
                buffer.markup("\"")
            }
            buffer.markup(" />")
        } else if linkDepth == 0, URLPolicy.allowsLink(image.source, options: options) {
            buffer.markup("<a class=\"image\" href=\"")
            buffer.href(image.source)
            buffer.markup("\"")
            if options.addsLinkRelations { buffer.markup(" rel=\"noopener noreferrer nofollow\"") }
            buffer.markup(">🖼 ")
            buffer.text(alt.isEmpty ? image.source : alt)
            buffer.markup("</a>")
        } else {
            buffer.markup("<span class=\"image\">🖼 ")
            buffer.text(alt.isEmpty ? image.source : alt)
            buffer.markup("</span>")
        }
    }
}

/// The `id`s footnote links use.
enum FootnoteIDs {
    /// The id of the `occurrence`-th reference to footnote `index`.
    static func reference(_ index: Int, _ occurrence: Int) -> String {
        occurrence > 1 ? "fnref\(index)-\(occurrence)" : "fnref\(index)"
    }
}

/// The text of an image description as `alt` shows it: text and code only, breaks as spaces.
enum AltText {
    static func append(_ inlines: [Inline], to out: inout String) {
        for inline in inlines {
            switch inline {
            case .text(let text), .code(let text), .html(let text): out += text
            case .softBreak, .lineBreak: out += " "
            case .emphasis(let children), .strong(let children), .strikethrough(let children):
                append(children, to: &out)
            case .link(let link): append(link.children, to: &out)
            case .image(let image): append(image.children, to: &out)
            case .footnoteReference: break
            case .math(let source, _): out += source
            }
        }
    }
}
