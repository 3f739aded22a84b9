import CCmarkGFM

/// Parses GitHub Flavored Markdown with cmark-gfm and converts the result into an immutable
/// ``MarkdownDocument``. This file is the only place in Teletype that touches cmark-gfm; no cmark
/// pointer outlives a call to ``parse(_:)``.
public struct MarkdownParser: Sendable {
    /// The options every parse uses.
    public var options: MarkdownParseOptions

    /// Creates a parser.
    public init(options: MarkdownParseOptions = .init()) {
        self.options = options
    }

    /// Parses `text` into a document.
    public func parse(_ text: String) -> MarkdownDocument {
        var source = text
        // A Swift string is valid UTF-8 already: cmark need not check it again.
        return source.withUTF8 { bytes in parse(utf8: UnsafeRawBufferPointer(bytes), validated: true) }
    }

    /// Parses UTF-8 bytes into a document. Invalid UTF-8 is replaced by U+FFFD.
    public func parse(utf8 bytes: UnsafeRawBufferPointer) -> MarkdownDocument {
        parse(utf8: bytes, validated: false)
    }

    private func parse(utf8 bytes: UnsafeRawBufferPointer, validated: Bool) -> MarkdownDocument {
        let extensions = ExtensionRegistry.shared
        var flags = CMARK_OPT_SOURCEPOS
        if !validated { flags |= CMARK_OPT_VALIDATE_UTF8 }
        if options.extensions.contains(.footnotes) { flags |= CMARK_OPT_FOOTNOTES }
        if options.hardBreaks { flags |= CMARK_OPT_HARDBREAKS }
        if options.smartPunctuation { flags |= CMARK_OPT_SMART }
        guard let parser = cmark_parser_new(flags) else { return MarkdownDocument(blocks: []) }
        defer { cmark_parser_free(parser) }
        for (name, syntax) in extensions.syntaxes where options.extensions.contains(name) {
            cmark_parser_attach_syntax_extension(parser, syntax)
        }
        if let base = bytes.baseAddress, bytes.count > 0 {
            cmark_parser_feed(parser, base.assumingMemoryBound(to: CChar.self), bytes.count)
        }
        guard let root = cmark_parser_finish(parser) else { return MarkdownDocument(blocks: []) }
        defer { cmark_node_free(root) }
        var converter = TreeConverter(kinds: extensions)
        return converter.convert(root)
    }
}
