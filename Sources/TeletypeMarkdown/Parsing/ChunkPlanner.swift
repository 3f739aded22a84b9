#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds where a large document may be cut into pieces that cmark-gfm parses, one by one, into the
/// same blocks as the whole.
///
/// A cut goes before a line at the left margin that follows a blank line and is not a list item (a
/// paragraph, a heading of either kind, a quote, a table, raw HTML, a definition, a fence): such a
/// line ends every open block except a fenced code block or a raw HTML block that spans blank
/// lines. Those are tracked here (and a cut that lands in one anyway is caught after parsing). So
/// every document with paragraphs has cuts, whatever its headings: release notes with setext
/// headings, API references whose headings follow an anchor line.
///
/// Link reference definitions at the left margin (where real documents keep them, often all at
/// the end) are handed to every piece that may use them (see ``Plan/definitionRegions``), so a cut
/// may fall between such a definition and a use, and so may a cut between a footnote's definition
/// and its references (the pieces are parsed with stand-ins of the footnotes of others, see
/// `FootnoteMarks`). A cut is never put between any other definition — a link's inside a quote or
/// list — and a use of its label.
enum ChunkPlanner {
    /// Pieces smaller than this are not worth a thread. (64 KB left documents of 100–300 KB in two
    /// or three pieces, one core idle for a third of the parse: fs.md 0.55× cmark-gfm, 0.67× at
    /// 16 KB; CHANGELOG_V17.md 0.77×, 0.91×.)
    static let minimumPieceBytes = 16 * 1024

    /// Pieces larger than this are not made while more may be: a piece's cmark-gfm tree, some
    /// twenty times its text, then no longer stays in a core's cache, and walking it (the inline
    /// pass, cmark-gfm's own walks after it, the conversion) waits on memory at every node. (At
    /// 32 pieces whatever the size, the corpus concatenated ten times was cut in pieces of 500 KB
    /// and spent a quarter of its time in `cmark_iter_next`.)
    static let largestPieceBytes = 64 * 1024

    /// Where a document is cut, and where the link reference definitions the pieces share are.
    struct Plan {
        /// The byte offsets where pieces 1… start; empty for one piece.
        var cuts: [Int]
        /// The runs of lines (from after a blank line to the next one) holding definitions at the left
        /// margin that a piece other than their own may use, in order: what every piece is to be
        /// parsed with. (A piece reads the definitions only it uses itself.)
        var definitionRegions: [Range<Int>]
        /// Hashes (``LabelSpans/hash(_:)``) of labels also defined elsewhere: their definitions
        /// are not handed around, their uses stay in the piece that defines them.
        var keptLabels: Set<UInt64>
    }

    /// The byte offsets where pieces 1… start, for about `pieces` pieces; empty for one piece.
    static func cuts(in bytes: UnsafeRawBufferPointer, pieces wanted: Int) -> [Int] {
        plan(bytes, pieces: wanted).cuts
    }

    /// How to cut `bytes` into about `pieces` pieces; `carryingFootnotes` when footnotes are parsed
    /// (a `[^label]` is then a footnote's, not a link's, and footnotes do not keep pieces together).
    static func plan(_ bytes: UnsafeRawBufferPointer, pieces wanted: Int, carryingFootnotes: Bool = true) -> Plan {
        let count = bytes.count
        let pieces = min(wanted, count / minimumPieceBytes)
        var plan = Plan(cuts: [], definitionRegions: [], keptLabels: [])
        guard pieces > 1 else { return plan }
        let scan = scanLines(in: bytes)
        let labels = LabelSpans(bytes, marginDefinitions: scan.definitionLines, carryingFootnotes: carryingFootnotes)
        plan.keptLabels = labels.keptLabels
        let candidates = scan.blockStarts
        guard !candidates.isEmpty else { return plan }
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
        plan.cuts = cuts
        plan.definitionRegions = sharedRegions(scan.definitionRegions, of: bytes, cuts: cuts, labels: labels)
        return plan
    }

    /// What of the definition regions some piece other than the region's own may use: a region that
    /// defines such a label (one that appears, ``LabelSpans/appearances(of:)``, outside that piece),
    /// or, when every line of the region is a definition on its own (``SimpleDefinitionLine``), only
    /// the lines that define one. Release notes keep a section's definitions after it, where only its
    /// own piece uses most of them: handing around just the few others keeps the shared part small.
    private static func sharedRegions(
        _ regions: [Range<Int>], of bytes: UnsafeRawBufferPointer, cuts: [Int], labels: LabelSpans
    ) -> [Range<Int>] {
        guard !cuts.isEmpty else { return regions }
        var shared: [Range<Int>] = []
        for region in regions {
            // The piece a region is in: a region ends at a blank line, so no cut falls inside it.
            let index = lowerBound(cuts, region.lowerBound + 1, from: 0)
            let piece = (index == 0 ? 0 : cuts[index - 1])..<(index < cuts.count ? cuts[index] : bytes.count)
            func usedElsewhere(_ key: UInt64) -> Bool {
                guard let span = labels.appearances(of: key) else { return true }
                return span.first < piece.lowerBound || span.last >= piece.upperBound
            }
            // The region's lines, each a definition standing alone, or nil.
            var lines: [(range: Range<Int>, needed: Bool)]? = []
            forEachLine(in: UnsafeRawBufferPointer(rebasing: bytes[region])) { range in
                guard lines != nil else { return }
                let line = UnsafeRawBufferPointer(
                    rebasing: bytes[(region.lowerBound + range.lowerBound)..<(region.lowerBound + range.upperBound)])
                guard SimpleDefinitionLine.labelEnd(line) != nil else {
                    lines = nil
                    return
                }
                var needed = false
                LabelSpans.forEachLabel(in: line) { open, close, key in
                    if open == 0 { needed = usedElsewhere(key) }
                }
                // The line with its ending (LF or CRLF).
                var end = region.lowerBound + range.upperBound
                if end < region.upperBound, bytes[end] == 0x0D { end += 1 }
                if end < region.upperBound, bytes[end] == 0x0A { end += 1 }
                lines?.append(((region.lowerBound + range.lowerBound)..<end, needed))
            }
            if let lines {
                shared += lines.filter(\.needed).map(\.range)
                continue
            }
            // The region's `[…]:` spans, keyed as the appearances are.
            var isShared = false
            let text = UnsafeRawBufferPointer(rebasing: bytes[region])
            LabelSpans.forEachLabel(in: text) { _, close, key in
                guard !isShared, close + 1 < text.count, text[close + 1] == UInt8(ascii: ":") else { return }
                isShared = usedElsewhere(key)
            }
            if isShared { shared.append(region) }
        }
        return shared
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

    /// Offsets of the lines a cut may go before (``startsBlockAfterBlank(_:)``, after a blank line),
    /// outside fenced code and multi-line raw HTML at the left margin.
    static func blockStarts(in bytes: UnsafeRawBufferPointer) -> [Int] {
        scanLines(in: bytes).blockStarts
    }

    /// What a pass over the lines finds outside fenced code and multi-line raw HTML: the lines a
    /// cut may go before (``blockStarts(in:)``), lines at the left margin that may start a link
    /// reference definition (`[…]:`), and the runs of lines between blank lines holding them.
    static func scanLines(in bytes: UnsafeRawBufferPointer) -> (
        blockStarts: [Int], definitionLines: Set<Int>, definitionRegions: [Range<Int>]
    ) {
        var starts: [Int] = []
        var definitionLines = Set<Int>()
        var regions: [Range<Int>] = []
        var regionStart = 0
        var regionHasDefinition = false
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
            } else if isBlank {
                if regionHasDefinition { regions.append(regionStart..<range.lowerBound) }
                regionHasDefinition = false
            } else {
                if previousBlank { regionStart = range.lowerBound }
                if previousBlank && startsBlockAfterBlank(line) { starts.append(range.lowerBound) }
                if isATXHeading(line) {
                    // A heading holds neither a fence, raw HTML nor a definition.
                } else if let opened = opensFence(line) {
                    fence = opened
                } else if let marker = htmlBlockEnd(line), !contains(line, marker, skippingOpening: true) {
                    htmlEnd = marker
                } else if line.first == UInt8(ascii: "["), LabelScanner.containsDefinitionMark(line) {
                    definitionLines.insert(range.lowerBound)
                    regionHasDefinition = true
                }
            }
            previousBlank = isBlank
        }
        // A region still open at the end runs to it, unless a fence or raw HTML block is open.
        if regionHasDefinition && fence == nil && htmlEnd == nil { regions.append(regionStart..<bytes.count) }
        return (starts, definitionLines, regions)
    }

    /// Calls `body` with the bytes of each line, in order, without its line ending (LF or CRLF).
    static func forEachLine(in bytes: UnsafeRawBufferPointer, _ body: (Range<Int>) -> Void) {
        var offset = 0
        let count = bytes.count
        while offset < count {
            let end = ByteScan.firstIndex(of: 0x0A, in: bytes, from: offset) ?? count
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

    /// Whether a line after a blank line ends every block open before it (fenced code and raw HTML
    /// spanning blank lines aside, which are tracked): it is at the left margin and cannot be a list
    /// item, which would continue a list (`-`, `+`, `*` and `1.`/`1)` lines are left out whole,
    /// thematic breaks with them).
    static func startsBlockAfterBlank(_ line: UnsafeRawBufferPointer) -> Bool {
        guard let first = line.first, first != 0x20, first != 0x09 else { return false }
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "*") { return false }
        var digits = 0
        while digits < line.count, digits < 10, line[digits] >= 0x30 && line[digits] <= 0x39 { digits += 1 }
        if digits > 0, digits <= 9, digits < line.count,
            line[digits] == UInt8(ascii: ".") || line[digits] == UInt8(ascii: ")")
        {
            let after = digits + 1
            if after == line.count || line[after] == 0x20 || line[after] == 0x09 { return false }
        }
        return true
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
        guard line.count > 1, line[0] == UInt8(ascii: "<") else { return nil }
        /// Whether the bytes after `<` start with `prefix` (lowercase), ASCII case-insensitively.
        func startsWith(_ prefix: [UInt8]) -> Bool {
            guard line.count - 1 >= prefix.count else { return false }
            for (offset, expected) in prefix.enumerated() {
                let byte = line[1 + offset]
                if (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) != expected { return false }
            }
            return true
        }
        for (opening, closing) in htmlBlockEnds where startsWith(opening) { return closing }
        if line.count > 2, line[1] == UInt8(ascii: "!"), (0x61...0x7A).contains(line[2] | 0x20) { return [0x3E] }
        return nil
    }

    /// The starts of the raw HTML blocks that run to an end marker (after the `<`), and their ends.
    private static let htmlBlockEnds: [(opening: [UInt8], closing: [UInt8])] = [
        (Array("script".utf8), Array("</script>".utf8)), (Array("pre".utf8), Array("</pre>".utf8)),
        (Array("style".utf8), Array("</style>".utf8)), (Array("textarea".utf8), Array("</textarea>".utf8)),
        (Array("!--".utf8), Array("-->".utf8)), (Array("?".utf8), Array("?>".utf8)),
        (Array("![cdata[".utf8), Array("]]>".utf8)),
    ]

    /// Whether `line` contains `marker`, ASCII case-insensitively (after the opening `<` when asked).
    /// The markers start with a byte that is no letter (`<`, `-`, `?`, `]`, `>`): the C library's
    /// scan finds each place it may start (every line of a long HTML comment is looked through).
    private static func contains(_ line: UnsafeRawBufferPointer, _ marker: [UInt8], skippingOpening: Bool = false)
        -> Bool
    {
        let first = skippingOpening ? 2 : 0
        guard let lead = marker.first, line.count >= marker.count + first else { return false }
        let isLetter = (0x61...0x7A).contains(lead | 0x20)
        var start = first
        while start + marker.count <= line.count {
            if !isLetter {
                guard let found = ByteScan.firstIndex(of: lead, in: line, from: start),
                    found + marker.count <= line.count
                else { return false }
                start = found
            }
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
/// definition from a use, unless the definition is handed to every piece (a link reference
/// definition on a line of its own at the left margin, ``ChunkPlanner/Plan``). Labels are matched
/// as CommonMark matches them: case folded, whitespace collapsed, escapes kept as written.
struct LabelSpans {
    /// For each label whose definition is not handed around, its first and last appearance.
    private var spans: [(first: Int, last: Int)] = []
    /// Hashes of labels with a definition that is not handed around.
    private(set) var keptLabels = Set<UInt64>()
    /// The first and last appearance of every label.
    private var appearances = LabelAppearances()

    /// The spans of `bytes`, whose margin definitions start at the offsets `marginDefinitions`; with
    /// `carryingFootnotes`, footnote labels keep nothing together.
    init(_ bytes: UnsafeRawBufferPointer, marginDefinitions: Set<Int> = [], carryingFootnotes: Bool = false) {
        // Labels are keyed by a hash of their normalized text: two labels that share a hash only
        // keep more text together, never less.
        var appearances = LabelAppearances()
        defer { self.appearances = appearances }
        Self.forEachLabel(in: bytes) { open, close, key in
            appearances.record(key, at: open)
            let isDefinition =
                close + 1 < bytes.count && bytes[close + 1] == UInt8(ascii: ":")
                && Self.mayStartBlock(at: open, in: bytes)
            let isFootnote = close > open + 1 && bytes[open + 1] == UInt8(ascii: "^")
            if isDefinition && (isFootnote ? !carryingFootnotes : !marginDefinitions.contains(open)) {
                keptLabels.insert(key)
            }
        }
        spans = keptLabels.compactMap { appearances.span(of: $0) }.filter { $0.first < $0.last }
    }

    /// Whether a definition could start at `offset`: only spaces and the markers of quotes and
    /// list items (`>`, `-`, `+`, `*`, `1.`, `1)`) are before it on its line. A `[T]::map` in a
    /// sentence or a code span is no definition, and must not keep the uses of `T` together.
    static func mayStartBlock(at offset: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
        var index = offset
        while index > 0 {
            switch bytes[index - 1] {
            case 0x0A, 0x0D: return true
            case 0x20, 0x09, UInt8(ascii: ">"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"),
                UInt8(ascii: "."), UInt8(ascii: ")"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                index -= 1
            default: return false
            }
        }
        return true
    }

    /// Calls `body` with the offsets of the brackets around each `[…]` span of `bytes` that a link
    /// label could be (an escaped bracket belongs to the label; at most
    /// ``LabelScanner/maximumLabelBytes`` between them) and the key of the label (``key(of:)``),
    /// found without building the label when it is ASCII.
    static func forEachLabel(
        in bytes: UnsafeRawBufferPointer, _ body: (_ open: Int, _ close: Int, _ key: UInt64) -> Void
    ) {
        let count = bytes.count
        var index = 0
        while let open = ByteScan.firstIndex(of: UInt8(ascii: "["), in: bytes, from: index) {
            var end = open + 1
            var ascii = true
            // The label's hash (``hash(_:)``) is made as it is read.
            var hash = LabelHash()
            while end < count && end - open <= LabelScanner.maximumLabelBytes && bytes[end] != UInt8(ascii: "]")
                && bytes[end] != UInt8(ascii: "[")
            {
                let byte = bytes[end]
                if byte >= 0x80 { ascii = false }
                hash.add(byte)
                // An escaped bracket belongs to the label.
                if byte == UInt8(ascii: "\\") {
                    if end + 1 < count { hash.add(bytes[end + 1]) }
                    end += 2
                } else {
                    end += 1
                }
            }
            guard end < count, bytes[end] == UInt8(ascii: "]") else {
                index = end
                continue
            }
            if ascii {
                body(open, end, hash.value)
            } else {
                let label = UnsafeRawBufferPointer(rebasing: bytes[(open + 1)..<end])
                body(open, end, Self.hash(ReferenceLabel(Array(label)[...]).key))
            }
            index = end + 1
        }
    }

    /// The key a label's raw text is known by (see ``hash(_:)``).
    static func key(of label: [UInt8]) -> UInt64 {
        key(of: label[...])
    }

    /// The key a label's raw text is known by (see ``hash(_:)``).
    static func key(of label: ArraySlice<UInt8>) -> UInt64 {
        label.allSatisfy { $0 < 0x80 } ? hash(label) : hash(ReferenceLabel(label).key)
    }

    /// FNV-1a of an ASCII label as CommonMark matches it: lowercased, whitespace runs as one space,
    /// trimmed.
    static func hash<Bytes: Collection<UInt8>>(_ label: Bytes) -> UInt64 {
        var hash = LabelHash()
        for byte in label { hash.add(byte) }
        return hash.value
    }

    /// The offsets of the first and the last `[…]` span of the label with `key`, if it appears.
    func appearances(of key: UInt64) -> (first: Int, last: Int)? {
        appearances.span(of: key)
    }

    /// Whether a piece may start at `offset`.
    func allowsCut(at offset: Int) -> Bool {
        !spans.contains { $0.first < offset && offset <= $0.last }
    }
}

/// FNV-1a of an ASCII label as CommonMark matches it, made a byte at a time (``LabelSpans/hash(_:)``).
struct LabelHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325
    private var pendingSpace = false
    private var started = false

    @inline(__always)
    mutating func add(_ byte: UInt8) {
        if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
            pendingSpace = started
            return
        }
        if pendingSpace {
            value = (value ^ 0x20) &* 0x100_0000_01b3
            pendingSpace = false
        }
        started = true
        value = (value ^ UInt64(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)) &* 0x100_0000_01b3
    }
}

/// The first and last appearance of each label key of a document, in a table addressed by the key
/// itself (a hash already): a document has tens of thousands of labels, and a dictionary would
/// hash each key again.
struct LabelAppearances {
    private var keys = [UInt64](repeating: 0, count: 256)
    private var spans = [(first: Int, last: Int)](repeating: (0, 0), count: 256)
    private var count = 0

    /// Notes that the label with `key` appears at `offset` (offsets come in increasing order).
    mutating func record(_ key: UInt64, at offset: Int) {
        if 2 * (count + 1) > keys.count { grow() }
        let key = Self.stored(key)
        var slot = slot(of: key)
        while true {
            if keys[slot] == key {
                spans[slot].last = offset
                return
            }
            if keys[slot] == 0 {
                keys[slot] = key
                spans[slot] = (offset, offset)
                count += 1
                return
            }
            slot = (slot + 1) & (keys.count - 1)
        }
    }

    /// The first and last appearance of the label with `key`, if it appeared.
    func span(of key: UInt64) -> (first: Int, last: Int)? {
        let key = Self.stored(key)
        var slot = slot(of: key)
        while keys[slot] != 0 {
            if keys[slot] == key { return spans[slot] }
            slot = (slot + 1) & (keys.count - 1)
        }
        return nil
    }

    /// Zero marks an empty slot, so a key of zero is kept as one.
    private static func stored(_ key: UInt64) -> UInt64 { key == 0 ? 1 : key }

    private func slot(of key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - keys.count.trailingZeroBitCount))
    }

    private mutating func grow() {
        let old = (keys, spans)
        keys = [UInt64](repeating: 0, count: old.0.count * 2)
        spans = [(first: Int, last: Int)](repeating: (0, 0), count: old.0.count * 2)
        for (index, key) in old.0.enumerated() where key != 0 {
            var slot = slot(of: key)
            while keys[slot] != 0 { slot = (slot + 1) & (keys.count - 1) }
            keys[slot] = key
            spans[slot] = old.1[index]
        }
    }
}
