/// Shows the open tail of a stream as it will read once its open inline constructs close: an
/// unclosed `**`, `*`, `_`, `` ` `` or `~~` as the formatting it opens, a partial link as its text.
/// The last block is parsed again with a closer added; one that turns delimiters the parser left as
/// text into formatting wins, so `5 * 3` and `snake_case` stay text.
enum TailHealing {
    /// What may close an open construct at the end of the text.
    static let closers = ["`", "**", "*", "__", "_", "~~", "***", ")", ")**", ")*", "`**", "`*", "**)"]

    /// `blocks` (the tail, whose text is `text[tailStart...]` starting at line `firstLine`) with its
    /// last block healed; `definitions` are those of the text before the tail.
    static func heal(
        _ blocks: [Block], text: [UInt8], tailStart: Int, firstLine: Int, definitions: ReferenceDefinitions,
        options: MarkdownParseOptions, bytesParsed: inout Int
    ) -> [Block] {
        guard let lastIndex = blocks.lastIndex(where: { !$0.isFootnoteDefinition }) else { return blocks }
        let last = blocks[lastIndex]
        switch last {
        case .paragraph, .heading, .blockQuote, .list, .table: break
        default: return blocks
        }
        let (baseline, present) = openMarks(last)
        guard baseline > 0 else { return blocks }
        // The text of the last block: from its first line to the end.
        var offset = tailStart
        var line = firstLine
        while line < last.sourceRange.start.line, offset < text.count {
            if text[offset] == 0x0A { line += 1 }
            offset += 1
        }
        let carrier = definitions.carrier(for: LabelScanner.labels(in: text[offset...]))
        let segment = carrier.bytes + text[offset...]
        var best: (block: Block, marks: Int, closer: String)?
        // Only closers of marks the block has are worth a parse; `)` closes a link, opened by `[`.
        let closers = closers.filter { closer in
            closer.utf8.allSatisfy { present.contains($0 == UInt8(ascii: ")") ? UInt8(ascii: "[") : $0) }
        }
        for closer in closers {
            var parser = MarkdownParser(options: options)
            parser.maximumPieces = 1
            bytesParsed += segment.count + closer.utf8.count
            let healed = (segment + Array(closer.utf8)).withUnsafeBytes { parser.parse(utf8: $0) }
            let candidates = healed.blocks.filter { !$0.isFootnoteDefinition }
            guard candidates.count == 1 else { continue }
            let marks = openMarks(candidates[0]).count
            if marks < (best?.marks ?? baseline) { best = (candidates[0], marks, closer) }
        }
        guard let best else { return blocks }
        var healed = best.block.shifted(byLines: last.sourceRange.start.line - 1 - carrier.lines)
        if best.closer.hasPrefix(")") { healed = healed.unlinkingLastLink() }
        var result = blocks
        result[lastIndex] = healed
        return result
    }

    /// Delimiters and brackets the parser left as text: signs of an open construct.
    static func openMarks(_ block: Block) -> (count: Int, present: Set<UInt8>) {
        var count = 0
        var present = Set<UInt8>()
        func inlines(_ list: [Inline]) {
            for inline in list {
                switch inline {
                case .text(let text):
                    for byte in text.utf8
                    where byte == 0x2A || byte == 0x5F || byte == 0x60 || byte == 0x7E || byte == 0x5B || byte == 0x5D {
                        count += 1
                        present.insert(byte)
                    }
                case .emphasis(let children), .strong(let children), .strikethrough(let children): inlines(children)
                case .link(let link): inlines(link.children)
                case .image(let image): inlines(image.children)
                default: continue
                }
            }
        }
        func walk(_ block: Block) {
            switch block {
            case .paragraph(let node): inlines(node.inlines)
            case .heading(let node): inlines(node.inlines)
            case .blockQuote(let node): node.children.forEach(walk)
            case .list(let node): node.items.forEach { $0.children.forEach(walk) }
            case .table(let node): ([node.header] + node.rows).forEach { $0.cells.forEach { inlines($0.inlines) } }
            default: break
            }
        }
        walk(block)
        return (count, present)
    }
}
