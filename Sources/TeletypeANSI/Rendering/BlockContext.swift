import TeletypeLayout

/// Lays blocks out into styled lines. Containers render their children narrower and put their
/// own prefix (quote bar, list marker, gutter) in front of every line.
struct BlockContext {
    let theme: Theme
    let capabilities: TerminalCapabilities
    let glyphs: Glyphs
    /// The file relative links resolve against, as `file://` hyperlinks; nil to leave them text.
    var documentPath: String? = nil
    /// The titles of GitHub alerts, localized; missing ones are English.
    var alertTitles: [MarkdownAlert: String] = [:]

    /// Below this many cells, nested content keeps its parent's width and loses its indentation,
    /// so that every line still fits.
    static let minimumContentWidth = 8

    func blocks(_ blocks: [LayoutBlock], width: Int, indent: Int, base: TextStyle, tight: Bool) -> [StyledLine] {
        var out: [StyledLine] = []
        for (offset, block) in blocks.enumerated() {
            if offset > 0 && !tight { out.append(StyledLine()) }
            out.append(contentsOf: self.block(block, width: width, indent: indent, base: base))
        }
        return out
    }

    func block(_ block: LayoutBlock, width: Int, indent: Int, base: TextStyle) -> [StyledLine] {
        switch block {
        case .paragraph(let spans):
            return wrap(spans, width: width, base: base)
        case .heading(let level, let spans):
            return heading(level: level, spans, width: width, base: base)
        case .quote(let children):
            return quote(children, width: width, indent: indent, base: base)
        case .alert(let alert, let children):
            return self.alert(alert, children, width: width, indent: indent, base: base)
        case .math(let lines):
            // Display math: set in from the text, a line a row, as drawn (a long row goes on below).
            let inset = width >= 12 ? "  " : ""
            return verbatim(
                lines, style: base.merged(with: theme.math), gutter: StyledLine(inset),
                continuation: StyledLine(inset), width: width, indent: indent)
        case .list(let list):
            return self.list(list, width: width, indent: indent, base: base)
        case .code(let language, let lines):
            return code(language: language, lines, width: width, indent: indent, base: base)
        case .html(let lines):
            return verbatim(
                lines, style: base.merged(with: theme.rawHTML), gutter: StyledLine(),
                continuation: StyledLine(glyphs.continuation + " ", style: theme.codeFrame), width: width,
                indent: indent)
        case .rule:
            return [StyledLine(rule: glyphs.horizontal, count: width, style: theme.rule)]
        case .table(let table):
            return TableLayout(context: self, table: table, base: base).lines(width: width)
        case .footnotes(let notes):
            return footnotes(notes, width: width, indent: indent, base: base)
        case .columns(let columns):
            return self.columns(columns, width: width, indent: indent, base: base)
        case .box(let children):
            return box(children, width: width, indent: indent, base: base)
        case .stack(let children):
            return blocks(children, width: width, indent: indent, base: base, tight: true)
        }
    }

    /// Blocks in a rounded frame, or bare when the width leaves no room for one.
    func box(_ children: [LayoutBlock], width: Int, indent: Int, base: TextStyle) -> [StyledLine] {
        guard width >= Self.minimumContentWidth + 4 else {
            return blocks(children, width: width, indent: indent, base: base, tight: false)
        }
        let inner = blocks(children, width: width - 4, indent: indent + 2, base: base, tight: false)
        let span = min(width - 4, max(inner.map(\.width).max() ?? 0, 1))
        let frame = base.merged(with: theme.tableBorder)
        var out = [
            StyledLine(
                glyphs.codeTop + Repetition.of(glyphs.horizontal, count: span + 2) + glyphs.boxTopRight,
                style: frame)
        ]
        for line in inner.isEmpty ? [StyledLine()] : inner {
            var framed = StyledLine(glyphs.vertical + " ", style: frame)
            framed.append(line)
            if framed.width < span + 2 {
                framed.append(
                    Repetition.spaces(span + 2 - framed.width), style: base, width: span + 2 - framed.width)
            }
            framed.append(" " + glyphs.vertical, style: frame)
            out.append(framed)
        }
        out.append(
            StyledLine(
                glyphs.codeBottom + Repetition.of(glyphs.horizontal, count: span + 2) + glyphs.boxBottomRight,
                style: frame))
        return out
    }

    /// Columns side by side when each gets the width it needs (or a fair share of at least
    /// `minimumContentWidth` cells), else one under another.
    func columns(_ columns: [LayoutColumn], width: Int, indent: Int, base: TextStyle) -> [StyledLine] {
        let gap = 2
        let stacked = { () -> [StyledLine] in
            self.blocks(columns.flatMap(\.blocks), width: width, indent: indent, base: base, tight: false)
        }
        guard columns.count > 1 else { return stacked() }
        // What each column takes at its widest.
        let natural = columns.map { column in
            blocks(column.blocks, width: max(width, 1), indent: indent, base: base, tight: false).map(\.width).max()
                ?? 0
        }
        let available = width - gap * (columns.count - 1)
        var widths: [Int]
        if natural.reduce(0, +) <= available {
            widths = natural.map { max($0, 1) }
        } else {
            let share = available / columns.count
            guard share >= Self.minimumContentWidth + 4 else { return stacked() }
            // Narrow columns keep their width; the rest share what is left.
            widths = natural.map { min($0, share) }
            var left = available - widths.reduce(0, +)
            var index = 0
            while left > 0, natural.indices.contains(where: { widths[$0] < natural[$0] }) {
                if widths[index] < natural[index] {
                    widths[index] += 1
                    left -= 1
                }
                index = (index + 1) % widths.count
            }
        }
        let rendered = columns.enumerated().map { offset, column in
            blocks(column.blocks, width: widths[offset], indent: indent, base: base, tight: false)
        }
        let height = rendered.map(\.count).max() ?? 0
        var out: [StyledLine] = []
        for row in 0..<height {
            var line = StyledLine()
            for (offset, lines) in rendered.enumerated() {
                if offset > 0 { line.append(Repetition.spaces(gap), style: base, width: gap) }
                let part = row < lines.count ? lines[row] : StyledLine()
                let column = line.width
                line.append(part)
                let target = column + widths[offset]
                if offset < rendered.count - 1, line.width < target {
                    line.append(
                        Repetition.spaces(target - line.width), style: base, width: target - line.width)
                }
            }
            out.append(line.trimmingTrailingSpaces())
        }
        return out
    }

    // MARK: Inline text

    /// The look of a span on top of `base`.
    func style(of span: Span, base: TextStyle) -> TextStyle {
        let roles = span.roles
        if roles.isEmpty { return base }
        var style = base
        if roles.contains(.emphasis) { style = style.merged(with: theme.emphasis) }
        if roles.contains(.strong) { style = style.merged(with: theme.strong) }
        if roles.contains(.strikethrough) { style = style.merged(with: theme.strikethrough) }
        if roles.contains(.link) { style = style.merged(with: theme.link) }
        if roles.contains(.code) { style = style.merged(with: theme.inlineCode) }
        if roles.contains(.image) { style = style.merged(with: theme.image) }
        if roles.contains(.footnote) { style = style.merged(with: theme.footnote) }
        if roles.contains(.rawHTML) { style = style.merged(with: theme.rawHTML) }
        if roles.contains(.controlPicture) { style = style.merged(with: theme.controlPicture) }
        if roles.contains(.math) { style = style.merged(with: theme.math) }
        return style
    }

    /// Feeds spans to a wrapper: links become hyperlinks or get their URL written after them;
    /// without escape sequences, code spans keep their backticks and strikethrough its tildes.
    func feed(_ spans: [Span], into wrapper: inout TextWrapper, base: TextStyle) {
        let styled = capabilities.usesEscapes
        var index = 0
        while index < spans.count {
            let span = spans[index]
            let style = self.style(of: span, base: base)
            var hyperlink: String?
            // An image's own address is written out, never followed; a linked image is its link.
            let isImageSource = span.roles.contains(.image) && !span.roles.contains(.link)
            if let link = span.link, capabilities.hyperlinks, !isImageSource {
                hyperlink = HyperlinkPolicy.target(for: link, document: documentPath)
            }
            var text = span.text
            let previous = index > 0 ? spans[index - 1] : nil
            let next = index + 1 < spans.count ? spans[index + 1] : nil
            if !styled && !span.isLineBreak {
                // A code span or strikethrough cut into several spans (by a control picture) keeps
                // one pair of marks around the whole.
                for (role, mark) in [(InlineRole.code, "`"), (.strikethrough, "~~")] where span.roles.contains(role) {
                    if !Self.continues(span, into: previous, role) { text = mark + text }
                    if !Self.continues(span, into: next, role) { text += mark }
                }
            }
            wrapper.add(text, style: style, hyperlink: hyperlink)
            // After the last span of a link, write the URL out when it is not already visible.
            if let link = span.link, next?.link != link, !link.isEmpty {
                let shown = hyperlink != nil || span.linkIsAutolink
                if isImageSource || !shown {
                    wrapper.add(" ", style: base)
                    wrapper.add("(" + link + ")", style: base.merged(with: theme.linkURL))
                }
            }
            index += 1
        }
    }

    /// Whether a neighbouring span is the same code span or strikethrough, cut by a control picture.
    static func continues(_ span: Span, into neighbour: Span?, _ role: InlineRole) -> Bool {
        guard let neighbour, !neighbour.isLineBreak, neighbour.roles.contains(role) else { return false }
        return neighbour.roles.contains(.controlPicture) || span.roles.contains(.controlPicture)
    }

    func wrap(_ spans: [Span], width: Int, base: TextStyle) -> [StyledLine] {
        var wrapper = TextWrapper(width: width)
        feed(spans, into: &wrapper, base: base)
        return wrapper.finish()
    }

    /// ``wrap(_:width:base:)``, each line written to `writer` as it is finished.
    func wrap(_ spans: [Span], width: Int, base: TextStyle, writingTo writer: inout LineWriter) {
        var wrapper = TextWrapper(width: width)
        // The writer's storage moves into the wrapper and back, never copied.
        wrapper.writer = LineWriter(capabilities: writer.capabilities)
        swap(&wrapper.writer!, &writer)
        feed(spans, into: &wrapper, base: base)
        _ = wrapper.finish()
        swap(&wrapper.writer!, &writer)
    }

    // MARK: Prefixes

    /// Puts `first` in front of the first line and `rest` in front of the others. A blank line gets
    /// the prefix without its trailing spaces.
    func prefixed(_ lines: consuming [StyledLine], first: StyledLine, rest: StyledLine) -> [StyledLine] {
        var lines = lines
        // The prefixes without their trailing spaces, made when a blank line needs them.
        var bareRest: StyledLine?
        for offset in lines.indices {
            if lines[offset].width == 0 {
                if offset == 0 {
                    lines[offset] = first.trimmingTrailingSpaces()
                } else {
                    if bareRest == nil { bareRest = rest.trimmingTrailingSpaces() }
                    lines[offset] = bareRest!
                }
                continue
            }
            // The line's own bytes stay where they are; the prefix goes in front.
            lines[offset].insert(prefix: offset == 0 ? first : rest)
        }
        return lines
    }

    // MARK: Blocks

    func heading(level: Int, _ spans: [Span], width: Int, base: TextStyle) -> [StyledLine] {
        let style = base.merged(with: theme.heading(level))
        let marker = Repetition.of("#", count: min(max(level, 1), 6)) + " "
        let markerWidth = marker.count
        var lines: [StyledLine]
        if width - markerWidth >= Self.minimumContentWidth {
            lines = prefixed(
                wrap(spans, width: width - markerWidth, base: style),
                first: StyledLine(marker, style: base.merged(with: theme.headingMarker)),
                rest: StyledLine(Repetition.spaces(markerWidth)))
        } else {
            lines = wrap(spans, width: width, base: style)
        }
        if level <= 2 {
            let length = min(width, lines.map(\.width).max() ?? 0)
            let glyph = level == 1 ? glyphs.heavyHorizontal : glyphs.horizontal
            lines.append(StyledLine(rule: glyph, count: length, style: theme.headingMarker))
        }
        return lines
    }

    func quote(_ children: [LayoutBlock], width: Int, indent: Int, base: TextStyle) -> [StyledLine] {
        let bar = StyledLine(glyphs.quoteBar + " ", style: theme.quoteBar)
        let inner = base.merged(with: theme.quoteText)
        guard width - 2 >= Self.minimumContentWidth else {
            return blocks(children, width: width, indent: indent, base: inner, tight: false)
        }
        let lines = blocks(children, width: width - 2, indent: indent + 2, base: inner, tight: false)
        return prefixed(lines.isEmpty ? [StyledLine()] : lines, first: bar, rest: bar)
    }

    /// A GitHub alert: its icon and title, then its blocks, behind a bar in the alert's colour.
    func alert(_ alert: MarkdownAlert, _ children: [LayoutBlock], width: Int, indent: Int, base: TextStyle)
        -> [StyledLine]
    {
        let color = theme.alert(alert) ?? theme.quoteBar
        let bar = StyledLine(glyphs.quoteBar + " ", style: base.merged(with: color))
        let icon = capabilities.unicode ? alert.icon.unicode : alert.icon.ascii
        let title = TerminalSafeText.sanitize(alertTitles[alert] ?? alert.defaultTitle)
        let titleStyle = base.merged(with: color).merged(with: TextStyle(bold: true))
        guard width - 2 >= Self.minimumContentWidth else {
            return wrap([Span(text: icon + " " + title)], width: width, base: titleStyle)
                + blocks(children, width: width, indent: indent, base: base, tight: false)
        }
        let heading = wrap([Span(text: icon + " " + title)], width: width - 2, base: titleStyle)
        let lines = blocks(children, width: width - 2, indent: indent + 2, base: base, tight: false)
        return prefixed(heading + lines, first: bar, rest: bar)
    }

    func list(_ list: LayoutList, width: Int, indent: Int, base: TextStyle) -> [StyledLine] {
        var none: ListItemLines?
        return self.list(list, width: width, indent: indent, base: base, reusing: &none)
    }

    /// A list's lines; with a cache, an item laid out the same way before keeps its lines.
    func list(_ list: LayoutList, width: Int, indent: Int, base: TextStyle, reusing cache: inout ListItemLines?)
        -> [StyledLine]
    {
        let markers: [StyledLine] = list.items.map { marker(for: $0, base: base) }
        let markerWidth = markers.map(\.width).max() ?? 1
        let contentIndent = markerWidth + 1
        var out: [StyledLine] = []
        for (offset, item) in list.items.enumerated() {
            if offset > 0 && !list.isTight { out.append(StyledLine()) }
            var marker = StyledLine()
            if case .number = item.marker { marker.pad(markerWidth - markers[offset].width) }
            marker.append(markers[offset])
            let key = ListItemLines.Key(
                item: item, marker: marker, labelWidth: contentIndent, width: width, indent: indent,
                tight: list.isTight)
            if let lines = cache?.lines(at: offset, for: key) {
                out.append(contentsOf: lines)
                continue
            }
            let lines = hanging(
                item.children, label: marker, labelWidth: contentIndent, width: width, indent: indent, base: base,
                tight: list.isTight)
            cache?.store(lines, at: offset, for: key)
            out.append(contentsOf: lines)
        }
        cache?.keep(list.items.count)
        return out
    }

    func marker(for item: LayoutListItem, base: TextStyle) -> StyledLine {
        var line = StyledLine()
        let markerStyle = base.merged(with: theme.listMarker)
        switch item.marker {
        case .bullet(let depth):
            if item.checkbox == nil { line.append(glyphs.bullets[depth % glyphs.bullets.count], style: markerStyle) }
        case .number(let number, let delimiter):
            line.append("\(number)\(delimiter)", style: markerStyle)
            if item.checkbox != nil { line.pad(1) }
        }
        switch item.checkbox {
        case .some(true): line.append(glyphs.checked, style: base.merged(with: theme.taskChecked))
        case .some(false): line.append(glyphs.unchecked, style: base.merged(with: theme.taskUnchecked))
        case nil: break
        }
        return line
    }

    func code(language: String?, _ lines: [String], width: Int, indent: Int, base: TextStyle) -> [StyledLine] {
        var state = CodeLexerState()
        let body = codeBody(lines, language: language, state: &state, width: width, indent: indent, base: base)
        return framed(code: body, widest: body.map(\.width).max() ?? 0, language: language, width: width, base: base)
    }

    /// The highlighter for code in `language`, nil when the theme or the terminal shows no colours
    /// or the language is not one Teletype knows.
    func highlighter(for language: String?) -> SyntaxHighlighter? {
        guard capabilities.usesEscapes, !theme.syntax.isEmpty, let language else { return nil }
        return SyntaxHighlighter(language: language)
    }

    /// The lines of code behind their gutter, without the frame around them; highlighted in
    /// `language` from `state`, which is left as the next line starts.
    func codeBody(
        _ lines: [String], language: String? = nil, state: inout CodeLexerState, width: Int, indent: Int,
        base: TextStyle
    ) -> [StyledLine] {
        var out: [StyledLine] = []
        out.reserveCapacity(lines.count)
        codeBody(lines, language: language, state: &state, width: width, indent: indent, base: base) {
            out.append($0.copy())
        }
        return out
    }

    /// ``codeBody(_:language:state:width:indent:base:)``, each line handed to `emit` as it is made
    /// (in storage the next line reuses).
    func codeBody(
        _ lines: [String], language: String? = nil, state: inout CodeLexerState, width: Int, indent: Int,
        base: TextStyle, emit: (StyledLine) -> Void
    ) {
        var tokens: [[CodeToken]]?
        if let highlighter = highlighter(for: language) {
            tokens = lines.map { highlighter.tokens(of: $0, state: &state) }
        }
        guard width >= 4 else {
            verbatim(
                lines, style: theme.codeBlock, tokens: tokens, gutter: StyledLine(), continuation: StyledLine(),
                width: width, indent: indent, emit: emit)
            return
        }
        let frame = base.merged(with: theme.codeFrame)
        verbatim(
            lines, style: theme.codeBlock, tokens: tokens, gutter: StyledLine(glyphs.codeGutter + " ", style: frame),
            continuation: StyledLine(glyphs.codeGutter + glyphs.continuation, style: frame), width: width,
            indent: indent, emit: emit)
    }

    /// ``code(language:_:width:indent:base:)`` of a top-level block, written to `writer`: the lines
    /// are written as they are made, the frame around them once their widest is known.
    func writeCode(language: String?, _ lines: [String], width: Int, base: TextStyle, to writer: inout LineWriter) {
        var state = CodeLexerState()
        var body = LineWriter(capabilities: writer.capabilities)
        // Room for the text, the gutters and a few escape sequences a line, so that it grows once at most.
        body.bytes.reserveCapacity(lines.reduce(0) { $0 + $1.utf8.count } + lines.count * 48)
        // The body borrows the writer's SGR sequences.
        swap(&body.cache, &writer.cache)
        defer { swap(&body.cache, &writer.cache) }
        var widest = 0
        codeBody(lines, language: language, state: &state, width: width, indent: 0, base: base) { line in
            widest = max(widest, line.width)
            body.write(line)
        }
        let frame = framed(code: [], widest: widest, language: language, width: width, base: base)
        if let top = frame.first, frame.count == 2 { writer.write(top) }
        writer.bytes.append(contentsOf: body.bytes)
        if let bottom = frame.last, frame.count == 2 { writer.write(bottom) }
    }

    /// Code lines (from ``codeBody(_:width:indent:base:)``, the widest `widest` cells) in their frame,
    /// which names the language.
    func framed(code body: [StyledLine], widest: Int, language: String?, width: Int, base: TextStyle) -> [StyledLine] {
        guard width >= 4 else { return body }
        let frame = base.merged(with: theme.codeFrame)
        let languageWidth = CellWidth.of(language ?? "")
        let span = min(width, max(widest, 2 + languageWidth + 4, 12))
        // The frame's glyphs take one cell each.
        var top = StyledLine()
        top.append(glyphs.codeTop + glyphs.horizontal, style: frame, width: 2)
        if let language, width >= languageWidth + 4 {
            top.append(" ", style: frame, width: 1)
            top.append(language, style: frame.merged(with: TextStyle(bold: true)), width: languageWidth)
            top.append(" ", style: frame, width: 1)
        }
        if top.width < span {
            top.append(Repetition.of(glyphs.horizontal, count: span - top.width), style: frame, width: span - top.width)
        }
        var bottom = StyledLine()
        bottom.append(glyphs.codeBottom + Repetition.of(glyphs.horizontal, count: span - 1), style: frame, width: span)
        var out: [StyledLine] = []
        out.reserveCapacity(body.count + 2)
        out.append(top)
        out.append(contentsOf: body)
        out.append(bottom)
        return out
    }

    /// Lines shown exactly as written: never reflowed; a line longer than the width continues on
    /// the next line behind a continuation mark. Tabs are kept and measured to the next tab stop of
    /// the terminal (every 8 columns from the screen's left edge). With `tokens` (one list a line),
    /// each token's text takes its kind's style from the theme.
    /// With `styledRuns` (one list a line, byte ranges of the line), each range takes its style
    /// instead: what a command's own colours (``SGRText``) say.
    func verbatim(
        _ lines: [String], style: TextStyle, tokens: [[CodeToken]]? = nil,
        styledRuns: [[(range: Range<Int>, style: TextStyle)]]? = nil, gutter: StyledLine,
        continuation: StyledLine, width: Int, indent: Int
    ) -> [StyledLine] {
        var out: [StyledLine] = []
        out.reserveCapacity(lines.count)
        verbatim(
            lines, style: style, tokens: tokens, styledRuns: styledRuns, gutter: gutter, continuation: continuation,
            width: width, indent: indent
        ) { out.append($0.copy()) }
        return out
    }

    /// ``verbatim(_:style:tokens:gutter:continuation:width:indent:)``, each line handed to `emit` as
    /// it is made (in storage the next line reuses).
    func verbatim(
        _ lines: [String], style: TextStyle, tokens: [[CodeToken]]? = nil,
        styledRuns: [[(range: Range<Int>, style: TextStyle)]]? = nil, gutter: StyledLine,
        continuation: StyledLine, width: Int, indent: Int, emit: (StyledLine) -> Void
    ) {
        var runs: [(range: Range<Int>, style: TextStyle)] = []
        let syntax = theme.syntax
        var line = StyledLine()
        for (index, text) in lines.enumerated() {
            var text = text
            // Whether the line is printable ASCII, a cell a byte.
            let printable = text.withUTF8 { bytes in
                if let styledRuns {
                    runs = styledRuns[index]
                } else {
                    Self.runs(of: bytes, tokens: tokens?[index] ?? [], style: style, syntax: syntax, into: &runs)
                }
                var printable = true
                for byte in bytes where byte < 0x20 || byte >= 0x7F { printable = false }
                return printable
            }
            line.removeAll()
            line.reserveCapacity(bytes: gutter.utf8.count + text.utf8.count, runs: gutter.runs.count + runs.count)
            line.append(gutter)
            if printable, gutter.width + text.utf8.count <= width {
                text.withUTF8 { bytes in
                    for run in runs {
                        line.append(
                            utf8: UnsafeBufferPointer(rebasing: bytes[run.range]), style: run.style,
                            width: run.range.count)
                    }
                }
                emit(line)
                continue
            }
            let utf8 = text.utf8
            for run in runs {
                // The run is cut into chunks that fit, a chunk being a range of its bytes. An ASCII
                // byte followed by another (or by the end) is a character of its own; anything else
                // is measured as a grapheme cluster.
                let text = text[
                    utf8.index(
                        utf8.startIndex, offsetBy: run.range.lowerBound)..<utf8.index(
                            utf8.startIndex, offsetBy: run.range.upperBound)]
                let utf8 = text.utf8
                var chunkStart = utf8.startIndex
                var chunkWidth = 0
                var position = utf8.startIndex
                while position < utf8.endIndex {
                    let byte = utf8[position]
                    let next = utf8.index(after: position)
                    let end: String.Index
                    var cells: Int
                    if byte < 0x80, next == utf8.endIndex || utf8[next] < 0x80 {
                        end = next
                        cells = 1
                    } else {
                        end = text.index(after: position)
                        cells = CellWidth.of(text[position..<end])
                    }
                    let isTab = byte == 0x09
                    if isTab { cells = 8 - (indent + line.width + chunkWidth) % 8 }
                    if line.width + chunkWidth + cells > width, chunkWidth > 0 || line.width > gutter.width {
                        line.append(utf8: utf8[chunkStart..<position], style: run.style, width: chunkWidth)
                        emit(line)
                        line.removeAll()
                        line.append(continuation)
                        chunkStart = position
                        chunkWidth = 0
                        // A tab now starts a fresh line: measure it from there.
                        if isTab { cells = 8 - (indent + line.width) % 8 }
                    }
                    chunkWidth += cells
                    position = end
                }
                line.append(utf8: utf8[chunkStart..<utf8.endIndex], style: run.style, width: chunkWidth)
            }
            emit(line)
        }
    }

    /// The runs of one style a line of code makes, as ranges of its bytes: its tokens in their
    /// kinds' styles, the text between them in `style`. Token offsets that fall inside a
    /// character's bytes are moved back to its start.
    static func runs(
        of bytes: UnsafeBufferPointer<UInt8>, tokens: [CodeToken], style: TextStyle, syntax: SyntaxStyles,
        into runs: inout [(range: Range<Int>, style: TextStyle)]
    ) {
        runs.removeAll(keepingCapacity: true)
        let count = bytes.count
        guard !tokens.isEmpty else {
            runs.append((0..<count, style))
            return
        }
        /// `offset`, at the start of the scalar it falls in.
        func aligned(_ offset: Int) -> Int {
            var offset = offset
            while offset > 0, offset < count, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
            return offset
        }
        var position = 0
        // Tokens are in order and do not overlap.
        for token in tokens {
            let before = position
            let start = min(max(token.start, position), count)
            if start > before { runs.append((aligned(before)..<aligned(start), style)) }
            let end = min(max(token.end, start), count)
            position = end
            guard end > start else { continue }
            runs.append((aligned(start)..<aligned(end), syntax[token.kind].map { style.merged(with: $0) } ?? style))
        }
        if position < count { runs.append((aligned(position)..<count, style)) }
    }

    func footnotes(_ notes: [LayoutFootnote], width: Int, indent: Int, base: TextStyle) -> [StyledLine] {
        var out = [StyledLine(rule: glyphs.horizontal, count: min(width, 24), style: theme.rule)]
        let labels = notes.map { "[\($0.number)]" }
        let labelWidth = (labels.map(\.count).max() ?? 3) + 1
        for (offset, note) in notes.enumerated() {
            let label = StyledLine(labels[offset], style: base.merged(with: theme.footnote))
            out.append(
                contentsOf: hanging(
                    note.children, label: label, labelWidth: labelWidth, width: width, indent: indent, base: base,
                    tight: false))
        }
        return out
    }

    /// Blocks behind a label (a list marker, a footnote number) with a hanging indent of
    /// `labelWidth`; when that leaves too little room, the label stands on its own line instead.
    func hanging(
        _ children: [LayoutBlock], label: StyledLine, labelWidth: Int, width: Int, indent: Int, base: TextStyle,
        tight: Bool
    ) -> [StyledLine] {
        guard width - labelWidth >= Self.minimumContentWidth else {
            return [label] + blocks(children, width: width, indent: indent, base: base, tight: tight)
        }
        var first = label
        first.pad(labelWidth - first.width)
        let lines = blocks(children, width: width - labelWidth, indent: indent + labelWidth, base: base, tight: tight)
        return prefixed(
            lines.isEmpty ? [StyledLine()] : lines, first: first,
            rest: StyledLine(Repetition.spaces(labelWidth)))
    }
}
