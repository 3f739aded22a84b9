/// Where a stream's open tail may be cut: before a line at the left margin that follows a blank
/// line and cannot continue what came before (not a list item, not inside a fence or raw HTML
/// block), where a block starts or where no block is (link reference definitions). The text before
/// such a cut parses, on its own, into the same blocks as in the whole document, but for the link
/// reference definitions it may use (see ``ReferenceDefinitions``).
enum CommitPoints {
    /// A place to cut: how many of the tail's blocks come before it, the byte offset of its line in
    /// the text, and that line's number.
    struct Cut: Equatable {
        var blocks: Int
        var offset: Int
        var line: Int
    }

    /// Every cut in `text[start...]`, whose first line is line `firstLine`, parsed as `blocks`.
    /// The last line, still open, is never a cut.
    static func cuts(in text: [UInt8], from start: Int, firstLine: Int, blocks: [Block]) -> [Cut] {
        var cuts: [Cut] = []
        var index = start
        var line = firstLine
        var previousBlank = false
        var fence: (character: UInt8, length: Int)?
        var blockIndex = 0
        var hasLoneReturn = false
        let end = text.count
        while index < end {
            var lineEnd = index
            while lineEnd < end && text[lineEnd] != 0x0A { lineEnd += 1 }
            guard lineEnd < end else { break }
            let bytes = text[index..<lineEnd]
            let isBlank = bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            // A carriage return alone ends a line for the parser, not here: the blocks' line numbers
            // no longer match these, so no line can be shown to be outside every block.
            if !hasLoneReturn, bytes.dropLast().contains(0x0D) { hasLoneReturn = true }
            if let open = fence {
                if closes(bytes, open) { fence = nil }
            } else if previousBlank && !isBlank && startsAtMargin(bytes) {
                // Blocks that end before this line are candidates; footnote definitions come last.
                while blockIndex < blocks.count, blocks[blockIndex].sourceRange.end.line < line,
                    !blocks[blockIndex].isFootnoteDefinition
                {
                    blockIndex += 1
                }
                if blockIndex > 0, blockIndex < blocks.count, blocks[blockIndex].sourceRange.start.line == line {
                    cuts.append(Cut(blocks: blockIndex, offset: index, line: line))
                } else if !hasLoneReturn, bytes.first == UInt8(ascii: "["),
                    isBetweenBlocks(line, next: blockIndex, of: blocks)
                {
                    // Link reference definitions, which make no block: a run of them at the end of
                    // a document (common in READMEs) would otherwise stay open, parsed again each time.
                    cuts.append(Cut(blocks: blockIndex, offset: index, line: line))
                }
                fence = opensFence(bytes)
            } else {
                fence = opensFence(bytes)
            }
            previousBlank = isBlank
            index = lineEnd + 1
            line += 1
        }
        return cuts
    }

    /// Whether no block holds `line`: the next body block (from index `next` on) starts after it, or
    /// none comes, and no footnote definition holds it. A raw HTML block's range may end a line
    /// early (a comment runs over blank lines, and an open one runs to the end of the text): the
    /// lines of its text say where it ends.
    static func isBetweenBlocks(_ line: Int, next: Int, of blocks: [Block]) -> Bool {
        if next < blocks.count, !blocks[next].isFootnoteDefinition, blocks[next].sourceRange.start.line <= line {
            return false
        }
        if next > 0, case .htmlBlock(let html) = blocks[next - 1] {
            let newlines = html.html.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            let lastLine = html.sourceRange.start.line + newlines - (html.html.utf8.last == 0x0A ? 1 : 0)
            if lastLine >= line { return false }
        }
        return !blocks.contains {
            $0.isFootnoteDefinition && $0.sourceRange.start.line <= line && line <= $0.sourceRange.end.line
        }
    }

    /// A line at the left margin that cannot continue a list: not a list marker, not indented.
    static func startsAtMargin(_ line: ArraySlice<UInt8>) -> Bool {
        guard let first = line.first, first != 0x20, first != 0x09 else { return false }
        let rest = line.dropFirst()
        switch first {
        case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"):
            return !(rest.isEmpty || rest.first == 0x20 || rest.first == 0x09 || rest.first == 0x0D)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            let digits = line.prefix { (0x30...0x39).contains($0) }.count
            if digits > 9 { return true }
            let after = line.dropFirst(digits)
            guard let delimiter = after.first, delimiter == UInt8(ascii: ".") || delimiter == UInt8(ascii: ")") else {
                return true
            }
            let next = after.dropFirst().first
            return !(next == nil || next == 0x20 || next == 0x09 || next == 0x0D)
        case UInt8(ascii: "<"), UInt8(ascii: "|"):
            // Raw HTML may span blank lines; a pipe may belong to a table: leave both open.
            return false
        default:
            return true
        }
    }

    /// The fence a line opens (up to three spaces in), or nil.
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

    /// Whether a line closes `fence`.
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
