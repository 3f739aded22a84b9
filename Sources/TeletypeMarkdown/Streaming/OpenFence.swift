/// A fenced code block at the margin that is still open at the end of the received text and is the
/// whole open tail. Until a closing fence comes, every line is code, so lines already read never
/// change: an update reads only the lines that arrived since, and a long listing costs no more to
/// stream than a short one.
struct OpenFence: Sendable {
    /// The fence character (`` ` `` or `~`) and how many of them opened the block.
    var character: UInt8
    var length: Int
    /// The opening line with its line ending: each new piece of code is parsed behind it, so its
    /// lines get exactly the treatment they get in the whole text (indentation, tabs, NUL bytes).
    var opening: [UInt8]
    /// The info string and where the block starts.
    var info: String
    var start: SourcePosition
    /// The code of the complete lines read so far.
    var code: String = ""
    /// Where the next unread line starts in the received text, and how many lines of the block end before it.
    var readOffset: Int
    var linesRead: Int

    /// The open fence the tail `text[tailStart...]` is, parsed as `block`; nil when the tail is
    /// anything else (or the fence is closed).
    init?(tail text: [UInt8], from tailStart: Int, block: Block) {
        guard case .codeBlock(let code) = block, code.isFenced else { return nil }
        var end = tailStart
        while end < text.count, text[end] != 0x0A { end += 1 }
        guard end < text.count, let fence = CommitPoints.opensFence(text[tailStart..<end]) else {
            return nil
        }
        character = fence.character
        length = fence.length
        opening = Array(text[tailStart...end])
        info = code.info
        start = code.sourceRange.start
        readOffset = end + 1
        linesRead = 1
    }

    /// Reads what arrived since the last call and returns the block as it now stands; nil when the
    /// fence closed or the new text does not parse as more code, so the caller parses the tail anew.
    mutating func extend(_ text: [UInt8], options: MarkdownParseOptions, bytesParsed: inout Int) -> Block? {
        var lastComplete = text.count
        while lastComplete > readOffset, text[lastComplete - 1] != 0x0A { lastComplete -= 1 }
        // A closing fence, on a complete line or on the last one so far, ends the fast path.
        var index = readOffset
        while index < text.count {
            var end = index
            while end < text.count, text[end] != 0x0A { end += 1 }
            if CommitPoints.closes(text[index..<end], (character, length)) { return nil }
            index = end + 1
        }
        if lastComplete > readOffset {
            guard let piece = code(of: text[readOffset..<lastComplete], options: options, bytesParsed: &bytesParsed)
            else { return nil }
            code += piece
            linesRead += text[readOffset..<lastComplete].reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            readOffset = lastComplete
        }
        var shown = code
        var endLine = start.line + linesRead - 1
        var endColumn = max(0, opening.count - 1)
        if lastComplete < text.count {
            guard let piece = code(of: text[lastComplete...], options: options, bytesParsed: &bytesParsed) else {
                return nil
            }
            shown += piece
            endLine += 1
            endColumn = text.count - lastComplete
        }
        let range = SourceRange(start: start, end: SourcePosition(line: endLine, column: endColumn))
        return .codeBlock(CodeBlock(isFenced: true, info: info, code: shown, sourceRange: range))
    }

    /// The code `lines` hold behind the opening line, or nil when they parse as anything but code.
    private func code(of lines: ArraySlice<UInt8>, options: MarkdownParseOptions, bytesParsed: inout Int) -> String? {
        var parser = MarkdownParser(options: options)
        parser.maximumPieces = 1
        bytesParsed += opening.count + lines.count
        let document = (opening + lines).withUnsafeBytes { parser.parse(utf8: $0) }
        guard document.blocks.count == 1, case .codeBlock(let block) = document.blocks[0], block.isFenced else {
            return nil
        }
        return block.code
    }
}
