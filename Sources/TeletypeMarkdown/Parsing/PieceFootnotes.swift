import CCmarkGFM

/// The footnotes of one piece of a document, as cmark-gfm resolved them in the piece: which label
/// each of its local numbers stands for, and what the piece adds to the document's footnotes.
///
/// A whole parse numbers footnotes in the order cmark-gfm first meets their references, walking
/// the document as written (the references inside definitions where the definitions stand, those of
/// repeated definitions too); keeps the first definition of each label; and counts references in
/// the order ``TreeConverter`` meets them: the document's body first, then the definitions kept, in
/// number order. A piece gives what each of these needs: its labels in the order of their numbers
/// (up to the stand-ins', see ``FootnoteMarks``), the references of its body, and the labels it
/// defines. ``FootnoteTally`` adds the pieces up in order.
struct PieceFootnotes {
    /// What a piece adds to the document's footnotes.
    struct Summary: Sendable {
        /// The labels the piece references, in the order of their first reference.
        var firstReferences: [ReferenceLabel] = []
        /// How many references the piece's body (outside definitions) makes to each label.
        var counts: [ReferenceLabel: Int] = [:]
        /// The labels the piece's own text defines.
        var defined: [ReferenceLabel] = []

        /// A piece without footnotes.
        static let none = Summary()
    }

    var summary = Summary()
    /// The label of each local number (number 1 first).
    var labels: [ReferenceLabel] = []
    /// Whether the definition of each local number is a stand-in (``FootnoteMarks``) rather than the
    /// piece's own.
    var isStandIn: [Bool] = []
    /// The first line of the stand-ins written after the piece.
    let standInLine: Int

    /// The footnotes of a piece without any, or, for tests, of one that `summary` and `labels` describe.
    init(standInLine: Int, summary: Summary = Summary(), labels: [ReferenceLabel] = []) {
        self.standInLine = standInLine
        self.summary = summary
        self.labels = labels
        isStandIn = labels.map { _ in false }
    }

    /// Reads the footnotes of `root`, parsed from `source`, whose stand-ins start at line
    /// `standInLine`, the first of their references to `sentinel`; nil when a definition's label
    /// cannot be read back from the source.
    init?(_ root: CmarkRoot, source: UnsafeRawBufferPointer, standInLine: Int, sentinel: [UInt8]) {
        self.standInLine = standInLine
        guard let pointer = root.pointer else { return }
        // The definitions cmark-gfm kept come last, in the order of their numbers.
        var definitions: [OpaquePointer] = []
        var node = cmark_node_last_child(pointer)
        while let current = node, cmark_node_get_type(current) == CMARK_NODE_FOOTNOTE_DEFINITION {
            definitions.append(current)
            node = cmark_node_previous(current)
        }
        guard !definitions.isEmpty else { return }
        definitions.reverse()
        let lines = LineStarts(source)
        for definition in definitions {
            let line = Int(cmark_node_get_start_line(definition))
            guard let label = lines.definedLabel(line: line, column: Int(cmark_node_get_start_column(definition)))
            else { return nil }
            labels.append(label)
            let standIn = line >= standInLine
            isStandIn.append(standIn)
            if !standIn { summary.defined.append(label) }
        }
        // Numbers from the sentinel's on are those of labels only the stand-ins reference.
        let sentinelLabel = ReferenceLabel(sentinel[...])
        let own = labels.indices.first { isStandIn[$0] && labels[$0] == sentinelLabel } ?? labels.count
        summary.firstReferences = Array(labels[..<own])
        // The references of the body: the blocks before the definitions, but the stand-ins'.
        var block = cmark_node_first_child(pointer)
        while let current = block, cmark_node_get_type(current) != CMARK_NODE_FOOTNOTE_DEFINITION {
            block = cmark_node_next(current)
            guard Int(cmark_node_get_start_line(current)) < standInLine else { continue }
            guard let iterator = cmark_iter_new(current) else { return nil }
            defer { cmark_iter_free(iterator) }
            while true {
                let event = cmark_iter_next(iterator)
                if event == CMARK_EVENT_DONE { break }
                guard event == CMARK_EVENT_ENTER, let reference = cmark_iter_get_node(iterator),
                    cmark_node_get_type(reference) == CMARK_NODE_FOOTNOTE_REFERENCE
                else { continue }
                guard let literal = cmark_node_get_literal(reference), let number = Int(String(cString: literal)),
                    labels.indices.contains(number - 1)
                else { return nil }
                summary.counts[labels[number - 1], default: 0] += 1
            }
        }
    }

    /// The document's number of each local number, given what the pieces before this one hold:
    /// 0 for a label only a stand-in references.
    func numbering(after earlier: FootnoteTally) -> FootnoteNumbering {
        var next = earlier.numbers.count
        var own: [ReferenceLabel: Int] = [:]
        for label in summary.firstReferences where earlier.numbers[label] == nil {
            next += 1
            own[label] = next
        }
        var numbering = FootnoteNumbering(standInLine: standInLine)
        for (local, label) in labels.enumerated() {
            let number = local < summary.firstReferences.count ? earlier.numbers[label] ?? own[label] ?? 0 : 0
            numbering.numbers.append(number)
            if number > 0 { numbering.earlierReferences[number] = earlier.counts[label] ?? 0 }
        }
        return numbering
    }
}

/// The footnotes of the pieces of a document so far, added up in order.
struct FootnoteTally: Sendable {
    /// The number of each label referenced so far.
    private(set) var numbers: [ReferenceLabel: Int] = [:]
    /// How many references the bodies of the pieces so far make to each label.
    private(set) var counts: [ReferenceLabel: Int] = [:]
    /// The first piece that defines each label: the definition the document shows.
    private(set) var definingPiece: [ReferenceLabel: Int] = [:]

    /// Adds piece `index`'s footnotes.
    mutating func add(_ summary: PieceFootnotes.Summary, piece index: Int) {
        for label in summary.firstReferences where numbers[label] == nil { numbers[label] = numbers.count + 1 }
        for (label, count) in summary.counts { counts[label, default: 0] += count }
        for label in summary.defined where definingPiece[label] == nil { definingPiece[label] = index }
    }
}

/// How a piece's footnote numbers become the document's (see ``PieceFootnotes``).
struct FootnoteNumbering: Sendable {
    /// The document's number of each local number (number 1 first); 0 for none yet.
    var numbers: [Int] = []
    /// How many references the bodies of the pieces before make to each of the document's numbers.
    var earlierReferences: [Int: Int] = [:]
    /// The first line of the stand-ins written after the piece (whose references are not its own).
    var standInLine = Int.max

    /// The document's number of local number `local`.
    func number(_ local: Int) -> Int {
        numbers.indices.contains(local - 1) ? numbers[local - 1] : 0
    }
}

/// How the text a piece is parsed from ends, in the lines cmark-gfm counts (a line ends at a line
/// feed, a carriage return, or both): the line that text written after it starts on, and where a
/// whole parse ends the blocks still open at the end (the last line, after its last byte).
struct PieceEnding {
    /// The line that text written after the end starts on (or continues, when the last line has no
    /// ending).
    let nextLine: Int
    /// The position after the last byte of the last line.
    let end: SourcePosition

    /// The ending of `bytes[..<count]`.
    init(_ bytes: UnsafeRawBufferPointer, upTo count: Int) {
        let text = UnsafeRawBufferPointer(rebasing: bytes[..<count])
        var lineEnds = 0
        var lineStart = 0
        var lastLength = 0
        if !ByteScan.contains(0x0D, in: text) {
            // Line feeds only, as most text: counted by the C library's scan.
            lineEnds = ByteScan.count(0x0A, in: text)
            var last = count
            while last > 0, text[last - 1] != 0x0A { last -= 1 }
            lineStart = last
            if last > 0 {
                var previous = last - 1
                while previous > 0, text[previous - 1] != 0x0A { previous -= 1 }
                lastLength = last - 1 - previous
            }
        } else {
            var index = 0
            while index < count {
                let byte = text[index]
                if byte == 0x0A || byte == 0x0D {
                    lastLength = index - lineStart
                    if byte == 0x0D, index + 1 < count, text[index + 1] == 0x0A { index += 1 }
                    lineEnds += 1
                    lineStart = index + 1
                }
                index += 1
            }
        }
        nextLine = lineEnds + 1
        end =
            lineStart < count
            ? SourcePosition(line: lineEnds + 1, column: count - lineStart)
            : SourcePosition(line: max(lineEnds, 1), column: lastLength)
    }
}

/// Where each line of a source starts, and the footnote label a definition on a line has.
private struct LineStarts {
    let source: UnsafeRawBufferPointer
    private var starts: [Int] = [0]

    init(_ source: UnsafeRawBufferPointer) {
        self.source = source
        if !ByteScan.contains(0x0D, in: source) {
            // Line feeds only, as most text: found by the C library's scan.
            var from = 0
            while let found = ByteScan.firstIndex(of: 0x0A, in: source, from: from) {
                starts.append(found + 1)
                from = found + 1
            }
            return
        }
        // Lines end as cmark-gfm ends them: at a line feed, a carriage return, or both.
        var index = 0
        while index < source.count {
            let byte = source[index]
            if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D, index + 1 < source.count, source[index + 1] == 0x0A { index += 1 }
                starts.append(index + 1)
            }
            index += 1
        }
    }

    /// The label of the footnote definition on line `line` whose content starts at `column` (as
    /// cmark-gfm places a definition: after its `[^label]:` and the spaces that follow).
    func definedLabel(line: Int, column: Int) -> ReferenceLabel? {
        guard line >= 1, line <= starts.count else { return nil }
        let start = starts[line - 1]
        let end = line < starts.count ? starts[line] : source.count
        var index = min(start + column - 1, end) - 1
        while index >= start,
            source[index] == 0x20 || source[index] == 0x09 || source[index] == 0x0A
                || source[index] == 0x0D
        {
            index -= 1
        }
        guard index - 1 >= start, source[index] == UInt8(ascii: ":"), source[index - 1] == UInt8(ascii: "]") else {
            return nil
        }
        let close = index - 1
        // The label runs back to the leftmost `[^` before which no label character is.
        var open: Int?
        var at = close - 1
        while at >= start {
            let byte = source[at]
            if byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: "]") { break }
            if byte == UInt8(ascii: "^"), at - 1 >= start, source[at - 1] == UInt8(ascii: "[") { open = at - 1 }
            at -= 1
        }
        guard let open, open + 2 < close else { return nil }
        return ReferenceLabel(ArraySlice(UnsafeRawBufferPointer(rebasing: source[(open + 2)..<close])))
    }
}
