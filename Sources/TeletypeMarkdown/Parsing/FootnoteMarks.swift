/// The footnote labels of a document cut into pieces, as its text shows them (`[^label]`, and
/// `[^label]:` where a block may start), and what each piece is parsed with so that its references
/// resolve as they do in the whole: a stand-in definition of each label it uses that another piece
/// defines, and a stand-in reference to each label it defines (cmark-gfm drops a definition that its
/// own text does not reference, and another piece may). The stand-ins come after the piece, so that
/// cmark-gfm numbers the piece's own references first, in their order; the first stand-in reference
/// is to a label of their own (the sentinel), whose number tells where the stand-ins' begin.
/// ``PieceFootnotes`` leaves them out of what the piece gives.
///
/// The text is read without parsing it, so it may see a label where cmark-gfm sees none (in code);
/// what cmark-gfm finds in each piece is checked against the whole afterwards (``FootnoteTally``),
/// and the document is parsed whole when they disagree.
struct FootnoteMarks {
    /// What one piece's text holds: the labels it uses and defines, each with its text as first
    /// written, keyed by the hash of the label (``LabelSpans/key(of:)``): two labels that share a
    /// hash at most give a piece a stand-in it does not need, or leave one out, which the check of
    /// the pieces against the whole finds.
    private struct PieceLabels {
        var used: [UInt64: ArraySlice<UInt8>] = [:]
        var defined: [UInt64: ArraySlice<UInt8>] = [:]
    }

    private var pieces: [PieceLabels]
    /// How many pieces define each label.
    private var definingPieces: [UInt64: Int] = [:]
    /// A label the document does not use, which the stand-ins' references start with.
    private(set) var sentinel: [UInt8] = Array("teletype-stand-in".utf8)

    /// The marks of `bytes`, cut into pieces before the offsets `cuts`.
    init(_ bytes: UnsafeRawBufferPointer, cuts: [Int]) {
        pieces = Array(repeating: PieceLabels(), count: cuts.count + 1)
        var piece = 0
        var index = 0
        while let open = ByteScan.firstIndex(of: UInt8(ascii: "["), in: bytes, from: index) {
            index = open + 1
            guard open + 2 < bytes.count, bytes[open + 1] == UInt8(ascii: "^"),
                let close = Self.labelEnd(bytes, from: open + 2)
            else { continue }
            while piece < cuts.count, open >= cuts[piece] { piece += 1 }
            let raw = ArraySlice(UnsafeRawBufferPointer(rebasing: bytes[(open + 2)..<close]))
            let label = LabelSpans.key(of: raw)
            let defines =
                close + 1 < bytes.count && bytes[close + 1] == UInt8(ascii: ":")
                && LabelSpans.mayStartBlock(at: open, in: bytes)
            if defines {
                if pieces[piece].defined[label] == nil {
                    pieces[piece].defined[label] = raw
                    definingPieces[label, default: 0] += 1
                }
            } else if pieces[piece].used[label] == nil {
                pieces[piece].used[label] = raw
            }
            index = close + 1
        }
        let labels = pieces.reduce(into: Set<UInt64>()) {
            $0.formUnion($1.used.keys)
            $0.formUnion($1.defined.keys)
        }
        while labels.contains(LabelSpans.key(of: sentinel[...])) { sentinel.append(UInt8(ascii: "x")) }
    }

    /// Where the label that starts at `start` (after `[^`) ends, at its `]`; nil when no footnote
    /// can have it (a space, a line's end or a bracket comes first, or it is too long).
    private static func labelEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        var end = start
        while end < bytes.count, end - start <= LabelScanner.maximumLabelBytes {
            switch bytes[end] {
            case UInt8(ascii: "]"): return end > start ? end : nil
            case UInt8(ascii: "["), 0x20, 0x09, 0x0A, 0x0D, 0x00: return nil
            default: end += 1
            }
        }
        return nil
    }

    /// The stand-ins piece `index` is parsed with, written after it (Markdown of lines at the margin,
    /// each block after a blank line), and the line of their references within them (0 when there is
    /// none). Empty when the piece needs none.
    func standIns(for index: Int) -> (bytes: [UInt8], referenceLine: Int) {
        let labels = pieces[index]
        var out: [UInt8] = []
        var lines = 0
        // A definition of each label the piece uses that another piece defines (after the piece's
        // own, which comes first and is kept if there is one); in a fixed order, so that the same
        // text always parses from the same bytes.
        let borrowed = labels.used.filter { (definingPieces[$0.key] ?? 0) > (labels.defined[$0.key] == nil ? 0 : 1) }
        for (_, raw) in borrowed.sorted(by: { $0.key < $1.key }) {
            out += Array("[^".utf8) + raw + Array("]: x\n\n".utf8)
            lines += 2
        }
        // A reference to each label it defines, so that cmark-gfm keeps every definition; the
        // sentinel's first.
        guard !labels.defined.isEmpty else { return (out, 0) }
        out += Array("[^".utf8) + sentinel + Array("]: x\n\n".utf8)
        out += Array("[^".utf8) + sentinel + Array("] ".utf8)
        for (_, raw) in labels.defined.sorted(by: { $0.key < $1.key }) {
            out += Array("[^".utf8) + raw + Array("] ".utf8)
        }
        out.append(0x0A)
        return (out, lines + 3)
    }
}
