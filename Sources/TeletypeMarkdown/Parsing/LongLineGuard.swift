/// Keeps very long paragraph lines from hanging the parser.
///
/// cmark-gfm 0.29 takes time quadratic in a paragraph's length when the paragraph mixes links with
/// emphasis (each link walks back over every emphasis delimiter still open before it): a 2 MB line
/// takes about a minute. A line of at least ``minimumLineBytes`` that stands alone between blank
/// lines at the left margin, and cannot start any block but a paragraph, is replaced by a short
/// placeholder before parsing. Afterwards the placeholder's paragraph is rebuilt from the line
/// parsed in pieces of about ``pieceBytes``, cut between words, whose inlines are joined into one
/// paragraph; a placeholder that ended up in a code or HTML block gets the line back exactly.
///
/// What the cut costs: emphasis, a link or a code span that crosses a cut shows as text, and
/// footnote references in such a line show as text. Link reference definitions still apply.
struct LongLineGuard {
    /// Lines shorter than this are parsed as they are.
    static let minimumLineBytes = 64 * 1024
    /// About how long each piece of a long line is.
    static let pieceBytes = 16 * 1024
    /// Definitions longer than this in total are not repeated for each piece.
    static let maximumDefinitionBytes = 64 * 1024

    /// A guarded line: its number (from 1) and its bytes, without the line ending.
    struct Line {
        var number: Int
        var range: Range<Int>
    }

    let lines: [Line]
    /// The document's link reference definitions, one a line, so that pieces resolve references.
    let definitions: [UInt8]

    /// The guard for `bytes`, or `nil` when no line needs it.
    init?(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= Self.minimumLineBytes, ByteScan.hasLine(atLeast: Self.minimumLineBytes, in: bytes) else {
            return nil
        }
        var found: [Line] = []
        var definitions: [UInt8] = []
        var number = 1
        var previousBlank = true
        var pending: Line?
        ChunkPlanner.forEachLine(in: bytes) { range in
            let isBlank = bytes[range].allSatisfy { $0 == 0x20 || $0 == 0x09 }
            // A candidate counts once the line after it is known to be blank (or the end).
            if let candidate = pending, isBlank { found.append(candidate) }
            pending = nil
            if previousBlank && range.count >= Self.minimumLineBytes
                && Self.startsParagraphOnly(bytes[range.lowerBound])
            {
                pending = Line(number: number, range: range)
            }
            if range.count < 4096 && Self.isDefinition(bytes[range]) {
                definitions.append(contentsOf: bytes[range])
                definitions.append(0x0A)
            }
            previousBlank = isBlank
            number += 1
        }
        if let candidate = pending { found.append(candidate) }
        guard !found.isEmpty else { return nil }
        lines = found
        self.definitions = definitions.count <= Self.maximumDefinitionBytes ? definitions : []
    }

    /// Whether a line starting with `byte` (at the margin) can only start a paragraph.
    static func startsParagraphOnly(_ byte: UInt8) -> Bool {
        if (0x30...0x39).contains(byte) { return false }
        return !Array("#>-+*=_|[<`~ \t\r".utf8).contains(byte)
    }

    /// Whether a line looks like a link reference definition (not a footnote's).
    static func isDefinition(_ line: UnsafeRawBufferPointer.SubSequence) -> Bool {
        var index = line.startIndex
        while index < line.endIndex, index - line.startIndex < 3, line[index] == 0x20 { index += 1 }
        guard index + 1 < line.endIndex, line[index] == UInt8(ascii: "["), line[index + 1] != UInt8(ascii: "^")
        else { return false }
        var previous: UInt8 = 0
        for byte in line[index...] {
            if previous == UInt8(ascii: "]") && byte == UInt8(ascii: ":") { return true }
            previous = byte
        }
        return false
    }

    /// The placeholder that stands for guarded line `index`.
    static func placeholder(_ index: Int) -> String { "\u{E000}teletype-long-line-\(index)\u{E000}" }

    /// `bytes` with each guarded line replaced by its placeholder.
    func substituted(_ bytes: UnsafeRawBufferPointer) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count - lines.reduce(0) { $0 + $1.range.count } + lines.count * 32)
        var offset = 0
        for (index, line) in lines.enumerated() {
            out.append(contentsOf: bytes[offset..<line.range.lowerBound])
            out.append(contentsOf: Self.placeholder(index).utf8)
            offset = line.range.upperBound
        }
        out.append(contentsOf: bytes[offset...])
        return out
    }

    /// `blocks` (top-level blocks of the substituted text, with document line numbers) with each
    /// placeholder they hold replaced by its line; `nil` when a placeholder is somewhere this guard
    /// cannot rebuild, and the caller must parse the original text instead. Also returns how many
    /// placeholders were replaced.
    func restore(_ blocks: [Block], original: UnsafeRawBufferPointer, session: CmarkSession) -> (
        blocks: [Block], restored: Int
    )? {
        var result = blocks
        var restored = 0
        for (index, line) in lines.enumerated() {
            guard
                let position = blocks.firstIndex(where: {
                    $0.sourceRange.start.line <= line.number && line.number <= $0.sourceRange.end.line
                })
            else { continue }
            let placeholder = Self.placeholder(index)
            let text = UnsafeRawBufferPointer(rebasing: original[line.range])
            switch result[position] {
            case .paragraph(let paragraph):
                guard paragraph.inlines == [.text(placeholder)],
                    let inlines = paragraphInPieces(text, session: session)
                else { return nil }
                var range = paragraph.sourceRange
                range.end = SourcePosition(line: line.number, column: max(1, text.count))
                result[position] = .paragraph(Paragraph(inlines: inlines, sourceRange: range))
            case .codeBlock(var code):
                guard let replaced = Self.replacingOnce(placeholder, in: code.code, with: literal(text, session))
                else { return nil }
                code.code = replaced
                result[position] = .codeBlock(code)
            case .htmlBlock(var html):
                guard let replaced = Self.replacingOnce(placeholder, in: html.html, with: literal(text, session))
                else { return nil }
                html.html = replaced
                result[position] = .htmlBlock(html)
            default:
                return nil
            }
            restored += 1
        }
        return (result, restored)
    }

    /// `text` with its one `placeholder` replaced, or `nil` when it holds none or several.
    static func replacingOnce(_ placeholder: String, in text: String, with replacement: String) -> String? {
        let parts = text.components(separatedBy: placeholder)
        guard parts.count == 2 else { return nil }
        return parts[0] + replacement + parts[1]
    }

    /// The line as cmark-gfm would keep it in a code block (invalid UTF-8 and NUL replaced).
    func literal(_ line: UnsafeRawBufferPointer, _ session: CmarkSession) -> String {
        var fenced = Array("````\n".utf8)
        fenced.append(contentsOf: line)
        fenced.append(contentsOf: "\n````\n".utf8)
        let blocks = fenced.withUnsafeBytes { Self.blocks(of: $0, session) }
        guard case .codeBlock(let code)? = blocks.first else { return String(decoding: line, as: UTF8.self) }
        return code.code.hasSuffix("\n") ? String(code.code.dropLast()) : code.code
    }

    /// The inlines of a long paragraph line, parsed piece by piece; `nil` if a piece is not a
    /// paragraph.
    func paragraphInPieces(_ line: UnsafeRawBufferPointer, session: CmarkSession) -> [Inline]? {
        var inlines: [Inline] = []
        var start = 0
        while start < line.count {
            let end = Self.pieceEnd(line, from: start)
            var piece = Array(line[start..<end])
            if !definitions.isEmpty {
                piece.append(contentsOf: "\n\n".utf8)
                piece.append(contentsOf: definitions)
            }
            let blocks = piece.withUnsafeBytes { Self.blocks(of: $0, session) }
            guard blocks.count == 1, case .paragraph(let paragraph) = blocks[0] else { return nil }
            if !inlines.isEmpty { inlines.append(.text(" ")) }
            inlines.append(contentsOf: paragraph.inlines)
            start = end == line.count ? end : end + 1
        }
        return inlines
    }

    /// Where the piece starting at `start` ends: at a space followed by an ASCII letter (which cannot
    /// start a block) near ``pieceBytes`` on, or at the end of the line.
    static func pieceEnd(_ line: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start + pieceBytes
        while index + 1 < line.count {
            let next = line[index + 1] | 0x20
            if line[index] == 0x20 && next >= UInt8(ascii: "a") && next <= UInt8(ascii: "z") { return index }
            index += 1
        }
        return line.count
    }

    /// The top-level blocks of a small text.
    static func blocks(of bytes: UnsafeRawBufferPointer, _ session: CmarkSession) -> [Block] {
        let root = session.parse(bytes)
        defer { root.free() }
        var converter = TreeConverter(kinds: session.kinds)
        return converter.convert(root.pointer).blocks
    }
}
