/// Finds where a large document may be cut into pieces that cmark-gfm parses, one by one, into the
/// same blocks as the whole.
///
/// A cut goes before an ATX heading at the left margin that follows a blank line: such a line ends
/// every open block except a fenced code block or a raw HTML block that spans blank lines. Those
/// are tracked here (and a cut that lands in one anyway is caught after parsing). A cut is never put
/// between a link reference or footnote definition and any use of its label.
enum ChunkPlanner {
    /// Pieces smaller than this are not worth a thread.
    static let minimumPieceBytes = 64 * 1024

    /// The byte offsets where pieces 1… start, for about `pieces` pieces; empty for one piece.
    static func cuts(in bytes: UnsafeRawBufferPointer, pieces wanted: Int) -> [Int] {
        let count = bytes.count
        let pieces = min(wanted, count / minimumPieceBytes)
        guard pieces > 1, let labels = LabelSpans(bytes) else { return [] }
        let candidates = headingStarts(in: bytes)
        guard !candidates.isEmpty else { return [] }
        var cuts: [Int] = []
        var searchFrom = 0
        for piece in 1..<pieces {
            let target = count * piece / pieces
            // The first allowed candidate at or after the target, keeping pieces apart.
            var index = lowerBound(candidates, target, from: searchFrom)
            while index < candidates.count, !labels.allowsCut(at: candidates[index]) { index += 1 }
            guard index < candidates.count else { break }
            let cut = candidates[index]
            if cut - (cuts.last ?? 0) >= minimumPieceBytes / 2 && count - cut >= minimumPieceBytes / 2 {
                cuts.append(cut)
            }
            searchFrom = index + 1
        }
        return cuts
    }

    private static func lowerBound(_ values: [Int], _ target: Int, from start: Int) -> Int {
        var low = start
        var high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < target { low = middle + 1 } else { high = middle }
        }
        return low
    }

    // MARK: Lines

    /// Offsets of lines that start with `#`…`######` and a space (or end), after a blank line,
    /// outside fenced code and multi-line raw HTML at the left margin.
    static func headingStarts(in bytes: UnsafeRawBufferPointer) -> [Int] {
        var starts: [Int] = []
        var previousBlank = true
        var fence: (character: UInt8, length: Int)?
        var htmlEnd: [UInt8]?
        forEachLine(in: bytes) { range in
            let line = UnsafeRawBufferPointer(rebasing: bytes[range])
            let isBlank = line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
            if let open = fence {
                if closesFence(line, open) { fence = nil }
            } else if let marker = htmlEnd {
                if contains(line, marker) { htmlEnd = nil }
            } else if previousBlank && isATXHeading(line) {
                starts.append(range.lowerBound)
            } else if let opened = opensFence(line) {
                fence = opened
            } else if let marker = htmlBlockEnd(line), !contains(line, marker, skippingOpening: true) {
                htmlEnd = marker
            }
            previousBlank = isBlank
        }
        return starts
    }

    /// Calls `body` with the bytes of each line, in order, without its line ending (LF or CRLF).
    static func forEachLine(in bytes: UnsafeRawBufferPointer, _ body: (Range<Int>) -> Void) {
        var offset = 0
        let count = bytes.count
        while offset < count {
            var end = offset
            while end < count && bytes[end] != 0x0A { end += 1 }
            var lineEnd = end
            if lineEnd > offset && bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            body(offset..<lineEnd)
            offset = end + 1
        }
    }

    /// Leading spaces, with a tab counting as reaching the next multiple of 4.
    private static func indentation(_ line: UnsafeRawBufferPointer) -> (columns: Int, bytes: Int) {
        var columns = 0
        var index = 0
        while index < line.count {
            if line[index] == 0x20 {
                columns += 1
            } else if line[index] == 0x09 {
                columns += 4 - columns % 4
            } else {
                break
            }
            index += 1
        }
        return (columns, index)
    }

    static func isATXHeading(_ line: UnsafeRawBufferPointer) -> Bool {
        var hashes = 0
        while hashes < line.count && line[hashes] == UInt8(ascii: "#") { hashes += 1 }
        guard (1...6).contains(hashes) else { return false }
        return hashes == line.count || line[hashes] == 0x20 || line[hashes] == 0x09
    }

    /// A fence opened at the left margin: one indented further may belong to a list item, and one
    /// indented by 1–3 spaces at the top level is rare enough to leave to the check after parsing.
    private static func opensFence(_ line: UnsafeRawBufferPointer) -> (character: UInt8, length: Int)? {
        let start = 0
        guard start < line.count else { return nil }
        let character = line[start]
        guard character == UInt8(ascii: "`") || character == UInt8(ascii: "~") else { return nil }
        var end = start
        while end < line.count && line[end] == character { end += 1 }
        guard end - start >= 3 else { return nil }
        if character == UInt8(ascii: "`") && line[end...].contains(UInt8(ascii: "`")) { return nil }
        return (character, end - start)
    }

    private static func closesFence(_ line: UnsafeRawBufferPointer, _ fence: (character: UInt8, length: Int)) -> Bool {
        let (columns, start) = indentation(line)
        guard columns <= 3 else { return false }
        var end = start
        while end < line.count && line[end] == fence.character { end += 1 }
        return end - start >= fence.length && line[end...].allSatisfy { $0 == 0x20 || $0 == 0x09 }
    }

    /// For a line starting a raw HTML block that may span blank lines (kinds 1–5), the text that ends it.
    private static func htmlBlockEnd(_ line: UnsafeRawBufferPointer) -> [UInt8]? {
        let start = 0
        guard start + 1 < line.count, line[start] == UInt8(ascii: "<") else { return nil }
        let rest = Array(line[(start + 1)...].prefix(12)).map { $0 | ($0 >= 0x41 && $0 <= 0x5A ? 0x20 : 0) }
        for tag in ["script", "pre", "style", "textarea"] where rest.starts(with: Array(tag.utf8)) {
            return Array("</\(tag)>".utf8)
        }
        if rest.starts(with: Array("!--".utf8)) { return Array("-->".utf8) }
        if rest.starts(with: Array("?".utf8)) { return Array("?>".utf8) }
        if rest.starts(with: Array("![cdata[".utf8)) { return Array("]]>".utf8) }
        if rest.count > 1, rest[0] == UInt8(ascii: "!"), (0x61...0x7A).contains(rest[1]) { return Array(">".utf8) }
        return nil
    }

    /// Whether `line` contains `marker`, ASCII case-insensitively (after the opening `<` when asked).
    private static func contains(_ line: UnsafeRawBufferPointer, _ marker: [UInt8], skippingOpening: Bool = false)
        -> Bool
    {
        let first = skippingOpening ? 2 : 0
        guard line.count >= marker.count + first else { return false }
        var start = first
        while start + marker.count <= line.count {
            var matches = true
            for offset in 0..<marker.count {
                let byte = line[start + offset]
                let lowered = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                if lowered != marker[offset] {
                    matches = false
                    break
                }
            }
            if matches { return true }
            start += 1
        }
        return false
    }
}

/// Where each definition label (link reference or footnote) is used: a cut must not separate a
/// definition from a use. Labels are matched as CommonMark matches them (``ReferenceLabel``: case
/// folded, whitespace collapsed, escapes kept as written).
struct LabelSpans {
    /// For each defined label, its first and last appearance.
    private var spans: [(first: Int, last: Int)] = []

    init?(_ bytes: UnsafeRawBufferPointer) {
        var appearances: [ReferenceLabel: (first: Int, last: Int)] = [:]
        var defined = Set<ReferenceLabel>()
        let count = bytes.count
        var index = 0
        while index < count {
            guard bytes[index] == UInt8(ascii: "[") else {
                index += 1
                continue
            }
            var end = index + 1
            while end < count && end - index <= 1000 && bytes[end] != UInt8(ascii: "]")
                && bytes[end] != UInt8(ascii: "[")
            {
                // An escaped bracket belongs to the label.
                end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard end < count, bytes[end] == UInt8(ascii: "]") else {
                index = end
                continue
            }
            let isDefinition = end + 1 < count && bytes[end + 1] == UInt8(ascii: ":")
            let label = ReferenceLabel(Array(UnsafeRawBufferPointer(rebasing: bytes[(index + 1)..<end]))[...])
            if let seen = appearances[label] {
                appearances[label] = (seen.first, index)
            } else {
                appearances[label] = (index, index)
            }
            if isDefinition { defined.insert(label) }
            index = end + 1
        }
        spans = defined.compactMap { appearances[$0] }.filter { $0.first < $0.last }
    }

    /// Whether a piece may start at `offset`.
    func allowsCut(at offset: Int) -> Bool {
        !spans.contains { $0.first < offset && offset <= $0.last }
    }
}
