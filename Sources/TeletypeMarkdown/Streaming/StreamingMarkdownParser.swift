/// Parses Markdown that arrives a few bytes at a time. Top-level blocks that no later text can change
/// are committed and never parsed again; only the open tail, from the first uncommitted byte, is
/// re-parsed. After ``finish()``, ``document`` equals the one-shot parse of the whole text.
///
/// A block is committed only when it ends before a line at the left margin that follows a blank line
/// and cannot continue it (not a list item, not inside a fence or raw HTML block), when nothing in it
/// waits on text still to come (bracketed text that a later link reference or footnote definition
/// could turn into a link, footnote references, whose numbers and definitions belong to the whole),
/// and when its text holds no definition a later block may use.
public struct StreamingMarkdownParser: Sendable {
    /// The options every parse uses.
    public let options: MarkdownParseOptions
    /// The committed top-level blocks: they never change again.
    public private(set) var committed: [Block] = []
    /// The blocks of the open tail, as of the last ``update()``.
    public private(set) var tail: [Block] = []
    /// The tail healed for display while the text streams: an unclosed `**`, `*`, `_`, `` ` `` or `~~`
    /// shows as the formatting it opens, a partial link as its text. Equal to ``tail`` once finished;
    /// never used for committed blocks.
    public private(set) var healedTail: [Block] = []
    /// Whether ``finish()`` was called.
    public private(set) var isFinished = false
    /// How many times the tail was parsed, for tests and benchmarks.
    public private(set) var tailParses = 0

    /// The text received, as complete UTF-8 (an incomplete sequence at the end waits in `partial`).
    private var text: [UInt8] = []
    private var partial: [UInt8] = []
    /// Where the tail starts in `text`, and how many lines come before it.
    private var tailStart = 0
    private var linesBeforeTail = 0
    /// Whether text arrived since the last parse.
    private var isDirty = false
    /// The open tail when it is a fenced code block still open: read a line at a time.
    private var openFence: OpenFence?

    /// When the open tail is a fenced code block still open, how many UTF-8 bytes at the start of its
    /// code can no longer change (its complete lines); nil otherwise. Lets a renderer keep the lines
    /// it drew for them.
    public var settledOpenCodeCount: Int? { openFence?.code.utf8.count }

    /// A parser with nothing received yet, parsing with `options`.
    public init(options: MarkdownParseOptions = .init()) {
        self.options = options
    }

    /// The document so far: committed blocks, then the tail's.
    public var document: MarkdownDocument { MarkdownDocument(blocks: committed + tail) }

    /// The number of bytes received.
    public var receivedCount: Int { text.count + partial.count }

    /// Adds text.
    public mutating func append(_ delta: String) {
        append(utf8: Array(delta.utf8))
    }

    /// Adds bytes; a UTF-8 sequence split across deltas waits for its end.
    public mutating func append(utf8 delta: [UInt8]) {
        guard !delta.isEmpty else { return }
        precondition(!isFinished, "append after finish")
        isDirty = true
        if partial.isEmpty, delta[delta.count - 1] < 0x80 {
            // Ends in ASCII: nothing waits for the rest of a sequence.
            text.append(contentsOf: delta)
            return
        }
        partial.append(contentsOf: delta)
        // Keep back the bytes of a sequence that may not be complete yet.
        var complete = partial.count
        var back = 0
        while back < min(3, partial.count) {
            let byte = partial[partial.count - 1 - back]
            if byte & 0xC0 == 0x80 {
                back += 1
                continue
            }
            if byte >= 0xC0 {
                let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
                if back + 1 < length { complete = partial.count - 1 - back }
            }
            break
        }
        text.append(contentsOf: partial[..<complete])
        partial.removeFirst(complete)
        isDirty = true
    }

    /// Parses the tail if text arrived, and commits the blocks that can no longer change. Returns
    /// how many blocks were committed by this call.
    @discardableResult
    public mutating func update() -> Int {
        guard isDirty else { return 0 }
        isDirty = false
        if !isFinished, var fence = openFence {
            if let block = fence.extend(text, options: options) {
                openFence = fence
                tail = [block]
                healedTail = tail
                return 0
            }
            openFence = nil
        }
        let before = committed.count
        let parsed = parseTail()
        if !isFinished, let cut = commitPoint(parsed) {
            committed.append(contentsOf: parsed.blocks[..<cut.blocks])
            linesBeforeTail += text[tailStart..<cut.offset].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            tailStart = cut.offset
            tail = Array(parsed.blocks[cut.blocks...])
        } else {
            tail = parsed.blocks
        }
        healedTail = isFinished ? tail : heal(tail)
        if !isFinished, tail.count == 1, var fence = OpenFence(tail: text, from: tailStart, block: tail[0]),
            let block = fence.extend(text, options: options)
        {
            openFence = fence
            tail = [block]
            healedTail = tail
        }
        return committed.count - before
    }

    /// Ends the stream: everything is parsed once more as a whole tail, without healing.
    public mutating func finish() {
        if !partial.isEmpty {
            text.append(contentsOf: partial)
            partial.removeAll()
        }
        isFinished = true
        isDirty = true
        openFence = nil
        let parsed = parseTail()
        tail = parsed.blocks
        healedTail = tail
        isDirty = false
    }

    // MARK: Healing

    /// What may close an open construct at the end of the text.
    static let closers = ["`", "**", "*", "__", "_", "~~", "***", ")", ")**", ")*", "`**", "`*", "**)"]

    /// The tail with its last block re-parsed as if its open inline constructs were closed, when a
    /// closer turns delimiters the parser left as text into formatting.
    private func heal(_ blocks: [Block]) -> [Block] {
        guard let lastIndex = blocks.lastIndex(where: { !$0.isFootnoteDefinition }) else { return blocks }
        let last = blocks[lastIndex]
        switch last {
        case .paragraph, .heading, .blockQuote, .list, .table: break
        default: return blocks
        }
        let (baseline, present) = Self.openMarks(last)
        guard baseline > 0 else { return blocks }
        // The text of the last block: from its first line to the end.
        var offset = tailStart
        var line = linesBeforeTail + 1
        while line < last.sourceRange.start.line, offset < text.count {
            if text[offset] == 0x0A { line += 1 }
            offset += 1
        }
        let segment = Array(text[offset...])
        var best: (block: Block, marks: Int, closer: String)?
        // Only closers of marks the block has are worth a parse; `)` closes a link, opened by `[`.
        let closers = Self.closers.filter { closer in
            closer.utf8.allSatisfy { present.contains($0 == UInt8(ascii: ")") ? UInt8(ascii: "[") : $0) }
        }
        for closer in closers {
            var parser = MarkdownParser(options: options)
            parser.maximumPieces = 1
            let healed = (segment + Array(closer.utf8)).withUnsafeBytes { parser.parse(utf8: $0) }
            let candidates = healed.blocks.filter { !$0.isFootnoteDefinition }
            guard candidates.count == 1 else { continue }
            let marks = Self.openMarks(candidates[0]).count
            if marks < (best?.marks ?? baseline) { best = (candidates[0], marks, closer) }
        }
        guard let best else { return blocks }
        var healed = best.block.shifted(byLines: last.sourceRange.start.line - 1)
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

    // MARK: Parsing the tail

    private mutating func parseTail() -> MarkdownDocument {
        tailParses += 1
        var parser = MarkdownParser(options: options)
        parser.maximumPieces = 1
        let document = text[tailStart...].withUnsafeBytes { bytes in
            parser.parse(utf8: bytes)
        }
        guard linesBeforeTail > 0 else { return document }
        return MarkdownDocument(blocks: document.blocks.map { $0.shifted(byLines: linesBeforeTail) })
    }

    /// The last safe place to commit: the number of leading tail blocks and the byte offset after them.
    private func commitPoint(_ document: MarkdownDocument) -> (blocks: Int, offset: Int)? {
        let tailText = text[tailStart...]
        var best: (blocks: Int, offset: Int)?
        var index = tailStart
        var line = linesBeforeTail + 1
        var previousBlank = false
        var fence: (character: UInt8, length: Int)?
        var blockIndex = 0
        let blocks = document.blocks
        while index < tailText.endIndex {
            var end = index
            while end < tailText.endIndex && text[end] != 0x0A { end += 1 }
            // The last line may still grow. A definition on it may not survive the rest of the line,
            // so blocks it settles cannot commit yet.
            guard end < tailText.endIndex else {
                return containsDefinitionMark(text[index..<end]) ? nil : best
            }
            let bytes = text[index..<end]
            let isBlank = bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            // A definition may be used by any block: nothing after it is committed.
            if containsDefinitionMark(bytes) { return best }
            if let open = fence {
                if StreamingMarkdownParser.closes(bytes, open) { fence = nil }
            } else if previousBlank && !isBlank && StreamingMarkdownParser.startsAtMargin(bytes) {
                // Blocks that end before this line are candidates.
                while blockIndex < blocks.count, blocks[blockIndex].sourceRange.end.line < line,
                    !(blocks[blockIndex].isFootnoteDefinition)
                {
                    // Each block is looked at once: the first unsettled one ends the search.
                    if !blocks[blockIndex].isSettled { return best }
                    blockIndex += 1
                }
                if blockIndex > 0, blockIndex < blocks.count, blocks[blockIndex].sourceRange.start.line == line {
                    best = (blockIndex, index)
                }
                fence = StreamingMarkdownParser.opensFence(bytes)
            } else {
                fence = StreamingMarkdownParser.opensFence(bytes)
            }
            previousBlank = isBlank
            index = end + 1
            line += 1
        }
        return best
    }

    private func containsDefinitionMark(_ bytes: ArraySlice<UInt8>) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if previous == UInt8(ascii: "]") && byte == UInt8(ascii: ":") { return true }
            previous = byte
        }
        return false
    }

    /// A line at the left margin that cannot continue a list: not a list marker, not indented.
    static func startsAtMargin(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first, first != 0x20, first != 0x09 else { return false }
        let rest = line.dropFirst()
        switch first {
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"):
            return !(rest.isEmpty || rest.first == 0x20 || rest.first == 0x09 || rest.first == 0x0D)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            var digits = line.prefix { (0x30...0x39).contains($0) }.count
            if digits > 9 { return true }
            let after = line.dropFirst(digits)
            guard let delimiter = after.first, delimiter == UInt8(ascii: ".") || delimiter == UInt8(ascii: ")") else {
                return true
            }
            digits += 1
            let next = after.dropFirst().first
            return !(next == nil || next == 0x20 || next == 0x09 || next == 0x0D)
        case UInt8(ascii: "<"), UInt8(ascii: "|"):
            // Raw HTML may span blank lines; a pipe may belong to a table: leave both open.
            return false
        default:
            return true
        }
    }

    static func opensFence(_ line: ArraySlice<UInt8>) -> (character: UInt8, length: Int)? {
        var start = line.startIndex
        var spaces = 0
        while start < line.endIndex, line[start] == 0x20, spaces < 4 {
            start += 1
            spaces += 1
        }
        guard spaces <= 3, start < line.endIndex else { return nil }
        let character = line[start]
        guard character == UInt8(ascii: "`") || character == UInt8(ascii: "~") else { return nil }
        var end = start
        while end < line.endIndex && line[end] == character { end += 1 }
        guard end - start >= 3 else { return nil }
        if character == UInt8(ascii: "`") && line[end...].contains(UInt8(ascii: "`")) { return nil }
        return (character, end - start)
    }

    static func closes(_ line: ArraySlice<UInt8>, _ fence: (character: UInt8, length: Int)) -> Bool {
        var start = line.startIndex
        var spaces = 0
        while start < line.endIndex, line[start] == 0x20, spaces < 4 {
            start += 1
            spaces += 1
        }
        guard spaces <= 3 else { return false }
        var end = start
        while end < line.endIndex && line[end] == fence.character { end += 1 }
        return end - start >= fence.length && line[end...].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }
}

extension Block {
    var isFootnoteDefinition: Bool {
        if case .footnoteDefinition = self { return true }
        return false
    }

    /// Whether nothing in the block waits on text still to come: no footnote reference, no bracketed
    /// text a later definition could make a link, no raw HTML block or fence left open.
    var isSettled: Bool {
        switch self {
        case .footnoteDefinition: return false
        case .htmlBlock: return true
        case .codeBlock: return true
        case .thematicBreak: return true
        case .paragraph(let node): return Inline.isSettled(node.inlines)
        case .heading(let node): return Inline.isSettled(node.inlines)
        case .blockQuote(let node): return node.children.allSatisfy(\.isSettled)
        case .list(let node): return node.items.allSatisfy { $0.children.allSatisfy(\.isSettled) }
        case .table(let node):
            return ([node.header] + node.rows).allSatisfy { $0.cells.allSatisfy { Inline.isSettled($0.inlines) } }
        }
    }

    /// The block with its source lines moved down by `lines`.
    func shifted(byLines lines: Int) -> Block {
        func move(_ range: SourceRange) -> SourceRange {
            SourceRange(
                start: SourcePosition(line: range.start.line + lines, column: range.start.column),
                end: SourcePosition(line: range.end.line + lines, column: range.end.column))
        }
        switch self {
        case .paragraph(var node):
            node.sourceRange = move(node.sourceRange)
            return .paragraph(node)
        case .heading(var node):
            node.sourceRange = move(node.sourceRange)
            return .heading(node)
        case .blockQuote(var node):
            node.sourceRange = move(node.sourceRange)
            node.children = node.children.map { $0.shifted(byLines: lines) }
            return .blockQuote(node)
        case .list(var node):
            node.sourceRange = move(node.sourceRange)
            node.items = node.items.map { item in
                var item = item
                item.sourceRange = move(item.sourceRange)
                item.children = item.children.map { $0.shifted(byLines: lines) }
                return item
            }
            return .list(node)
        case .codeBlock(var node):
            node.sourceRange = move(node.sourceRange)
            return .codeBlock(node)
        case .htmlBlock(var node):
            node.sourceRange = move(node.sourceRange)
            return .htmlBlock(node)
        case .thematicBreak(var node):
            node.sourceRange = move(node.sourceRange)
            return .thematicBreak(node)
        case .table(var node):
            node.sourceRange = move(node.sourceRange)
            return .table(node)
        case .footnoteDefinition(var node):
            node.sourceRange = move(node.sourceRange)
            node.children = node.children.map { $0.shifted(byLines: lines) }
            return .footnoteDefinition(node)
        }
    }
}

extension Block {
    /// The block with its last link (the one a healed partial link became) shown as its text.
    func unlinkingLastLink() -> Block {
        var done = false
        func unlink(_ list: [Inline]) -> [Inline] {
            var result = list
            for index in result.indices.reversed() where !done {
                switch result[index] {
                case .link(let link):
                    done = true
                    result.replaceSubrange(index...index, with: link.children)
                    result = Inline.mergingTexts(result)
                case .emphasis(let children): result[index] = .emphasis(unlink(children))
                case .strong(let children): result[index] = .strong(unlink(children))
                case .strikethrough(let children): result[index] = .strikethrough(unlink(children))
                default: continue
                }
            }
            return result
        }
        func walk(_ block: Block) -> Block {
            switch block {
            case .paragraph(var node):
                node.inlines = unlink(node.inlines)
                return .paragraph(node)
            case .heading(var node):
                node.inlines = unlink(node.inlines)
                return .heading(node)
            case .blockQuote(var node):
                node.children = node.children.reversed().map(walk).reversed()
                return .blockQuote(node)
            case .list(var node):
                node.items = node.items.reversed().map { item in
                    var item = item
                    item.children = item.children.reversed().map(walk).reversed()
                    return item
                }.reversed()
                return .list(node)
            default: return block
            }
        }
        return walk(self)
    }
}

extension Inline {
    /// Neighbouring texts joined into one, as the parser gives them.
    static func mergingTexts(_ inlines: [Inline]) -> [Inline] {
        var result: [Inline] = []
        for inline in inlines {
            if case .text(let next) = inline, case .text(let previous)? = result.last {
                result[result.count - 1] = .text(previous + next)
            } else {
                result.append(inline)
            }
        }
        return result
    }

    /// Whether inline content holds nothing a later definition could change: no footnote reference and
    /// no `[…]` left as text.
    static func isSettled(_ inlines: [Inline]) -> Bool {
        for inline in inlines {
            switch inline {
            case .text(let text):
                if text.utf8.contains(UInt8(ascii: "[")) || text.utf8.contains(UInt8(ascii: "]")) { return false }
            case .footnoteReference: return false
            case .emphasis(let children), .strong(let children), .strikethrough(let children):
                if !isSettled(children) { return false }
            case .link(let link): if !isSettled(link.children) { return false }
            case .image(let image): if !isSettled(image.children) { return false }
            case .softBreak, .lineBreak, .code, .html: continue
            }
        }
        return true
    }
}
