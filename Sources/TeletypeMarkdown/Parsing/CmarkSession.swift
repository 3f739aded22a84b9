import CCmarkGFM

/// One configuration of cmark-gfm: parses bytes into a cmark node tree.
struct CmarkSession: Sendable {
    let kinds: ExtensionRegistry
    let flags: Int32
    let extensions: Set<MarkdownExtension>
    /// The syntax extensions each parser is given, found once for the session.
    private let attached: [SyntaxExtension]
    /// Whether the inline pass runs alongside others' (see ``InlinePassGate``).
    let passesSteady: Bool

    init(options: MarkdownParseOptions, validated: Bool) {
        kinds = ExtensionRegistry.shared
        var flags = CMARK_OPT_SOURCEPOS
        if !validated { flags |= CMARK_OPT_VALIDATE_UTF8 }
        if options.extensions.contains(.footnotes) { flags |= CMARK_OPT_FOOTNOTES }
        if options.hardBreaks { flags |= CMARK_OPT_HARDBREAKS }
        if options.smartPunctuation { flags |= CMARK_OPT_SMART }
        self.flags = flags
        self.extensions = options.extensions
        // Every extension (the default) is the one set whose syntaxes are found once for all sessions.
        if options.extensions.count == MarkdownExtension.allCases.count {
            attached = Self.everySyntax
            passesSteady = InlinePassGate.shared.steadyPassesWork
        } else {
            attached = kinds.syntaxes.filter { options.extensions.contains($0.0) }.map {
                SyntaxExtension(pointer: $0.1)
            }
            passesSteady = InlinePassGate.shared.passesSteady(options.extensions)
        }
    }

    /// The syntaxes of every extension, for the default options.
    private static let everySyntax = ExtensionRegistry.shared.syntaxes.map { SyntaxExtension(pointer: $0.1) }

    /// Parses `bytes`.
    func parse(_ bytes: UnsafeRawBufferPointer) -> CmarkRoot {
        let parser = feed(bytes)
        return finish(parser)
    }

    /// The block pass: safe to run on many threads at once.
    func feed(_ bytes: UnsafeRawBufferPointer) -> CmarkParser {
        var flags = self.flags
        // Well-formed text is passed as it is by cmark-gfm's check, which costs more than this one.
        if flags & CMARK_OPT_VALIDATE_UTF8 != 0, UTF8Validity.isValid(bytes) { flags &= ~CMARK_OPT_VALIDATE_UTF8 }
        guard let parser = CmarkArena.parser(options: flags) else { return CmarkParser(pointer: nil) }
        for syntax in attached { cmark_parser_attach_syntax_extension(parser, syntax.pointer) }
        if let base = bytes.baseAddress, bytes.count > 0 {
            cmark_parser_feed(parser, base.assumingMemoryBound(to: CChar.self), bytes.count)
        }
        return CmarkParser(pointer: parser)
    }

    /// The inline pass, alongside other sessions' when the gate allows; frees the parser.
    func finish(_ parser: CmarkParser) -> CmarkRoot {
        guard let pointer = parser.pointer else { return CmarkRoot(pointer: nil) }
        let gate = InlinePassGate.shared
        let pass = { cmark_parser_finish(pointer) }
        let root = passesSteady ? gate.steadyPass(pass) : gate.lonePass(pass)
        cmark_parser_free(pointer)
        return CmarkRoot(pointer: root)
    }
}

/// One of cmark-gfm's syntax extensions, registered once for the process and never freed.
private struct SyntaxExtension: @unchecked Sendable {
    let pointer: OpaquePointer
}

/// A cmark-gfm parser between its block pass and its inline pass.
struct CmarkParser: @unchecked Sendable {
    let pointer: OpaquePointer?
}

/// A parsed cmark-gfm tree, handed between threads; it is read by one thread at a time and freed once.
struct CmarkRoot: @unchecked Sendable {
    let pointer: OpaquePointer?

    /// Frees the tree, unless it lives in the thread's arena (which frees it at its end).
    func free() {
        if let pointer, !CmarkArena.isActive { cmark_node_free(pointer) }
    }

    /// How many footnote definitions cmark-gfm kept (they are the last children of the document).
    var footnoteDefinitionCount: Int {
        var count = 0
        var node = pointer.flatMap { cmark_node_last_child($0) }
        while let current = node, cmark_node_get_type(current) == CMARK_NODE_FOOTNOTE_DEFINITION {
            count += 1
            node = cmark_node_previous(current)
        }
        return count
    }

    /// The last block before the footnotes: blocks from line `standIns` on were written after the
    /// input (see `FootnoteMarks`) and are passed over, unless an open block took them in.
    func lastBlock(before standIns: Int) -> OpaquePointer? {
        var node = pointer.flatMap { cmark_node_last_child($0) }
        while let current = node,
            cmark_node_get_type(current) == CMARK_NODE_FOOTNOTE_DEFINITION
                || Int(cmark_node_get_start_line(current)) >= standIns
        {
            node = cmark_node_previous(current)
        }
        return node
    }

    /// Whether the last block before the footnotes is a fenced code block or raw HTML block at the
    /// top level that runs to the end of the input, that is, one that was never closed.
    ///
    /// One inside a list item or a quote is closed where the next piece starts: a piece starts at a
    /// line at the left margin after a blank line that is no list item (see `ChunkPlanner`), which
    /// continues no list item and no quote, so it closes whatever they hold, in the whole parse as
    /// here (where a fence in a list item ends is then set by ``fenceClosedByNextPiece(lastLine:before:)``).
    func endsInsideOpenBlock(lastLine: Int, before standIns: Int = .max) -> Bool {
        guard let current = lastBlock(before: standIns) else { return false }
        switch cmark_node_get_type(current) {
        case CMARK_NODE_CODE_BLOCK:
            // An indented code block is closed by the line at the margin that starts the next
            // piece; it runs to the piece's end only through the blank lines it ends with, which
            // it holds in the whole parse too.
            var length: Int32 = 0
            var offset: Int32 = 0
            var character: CChar = 0
            guard cmark_node_get_fenced(current, &length, &offset, &character) != 0 else { return false }
            return Int(cmark_node_get_end_line(current)) >= lastLine
        case CMARK_NODE_HTML_BLOCK:
            return Int(cmark_node_get_end_line(current)) >= lastLine
        default:
            return false
        }
    }

    /// A fenced code block in the last list item (at any depth of lists) still open at the piece's
    /// last line, `lastLine`: the line that starts the next piece closes it in the whole parse, and
    /// cmark-gfm ends a fence closed by a line at the end of that line (where a quote or raw HTML
    /// closed by a line ends on the line before, as in the piece).
    func fenceClosedByNextPiece(lastLine: Int, before standIns: Int = .max) -> OpaquePointer? {
        var node = lastBlock(before: standIns)
        while let current = node {
            switch cmark_node_get_type(current) {
            case CMARK_NODE_LIST, CMARK_NODE_ITEM:
                node = cmark_node_last_child(current)
            case CMARK_NODE_CODE_BLOCK:
                var length: Int32 = 0
                var offset: Int32 = 0
                var character: CChar = 0
                let fenced = cmark_node_get_fenced(current, &length, &offset, &character) != 0
                let isNested = cmark_node_parent(current) != pointer
                return fenced && isNested && Int(cmark_node_get_end_line(current)) >= lastLine ? current : nil
            default:
                return nil
            }
        }
        return nil
    }
}
