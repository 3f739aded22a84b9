import CCmarkGFM

/// Parses GitHub Flavored Markdown with cmark-gfm and converts the result into an immutable
/// ``MarkdownDocument``. The files of this folder are the only place in Teletype that touches
/// cmark-gfm; no cmark pointer outlives a call to ``parse(_:)``.
///
/// A large document is cut into pieces before lines that start a block after a blank line (see
/// `ChunkPlanner`) and the pieces are parsed on every core; the result equals that of parsing the
/// whole at once.
public struct MarkdownParser: Sendable {
    /// The options every parse uses.
    public var options: MarkdownParseOptions

    /// How many pieces a large document may be parsed in at once; 1 parses serially. By default
    /// 16 per core, the cores counted only when a document is large enough to cut (counting them
    /// reads the process's cgroup: a small document's run need not), and more for a document whose
    /// pieces would then outgrow ``ChunkPlanner/largestPieceBytes``.
    package var maximumPieces: Int {
        get { chosenPieces ?? 16 * ParallelWork.cores }
        set { chosenPieces = newValue }
    }

    /// How many pieces `bytes` may be parsed in: ``maximumPieces``, or, unless it was chosen, as many
    /// as keep each piece within ``ChunkPlanner/largestPieceBytes``.
    func maximumPieces(for bytes: Int) -> Int {
        if let chosenPieces { return chosenPieces }
        return max(16 * ParallelWork.cores, bytes / ChunkPlanner.largestPieceBytes)
    }

    /// The pieces set by ``maximumPieces``, if any.
    private var chosenPieces: Int?

    /// Whether very long paragraph lines are parsed in pieces (see ``LongLineGuard``); tests and
    /// benchmarks turn it off to compare.
    package var guardsLongLines = true

    /// Creates a parser.
    public init(options: MarkdownParseOptions = .init()) {
        self.options = options
    }

    /// Parses `text` into a document.
    public func parse(_ text: String) -> MarkdownDocument {
        document(from: parse(text, processingPieces: { $0 }))
    }

    /// Parses UTF-8 bytes into a document. Invalid UTF-8 is replaced by U+FFFD.
    public func parse(utf8 bytes: UnsafeRawBufferPointer) -> MarkdownDocument {
        document(from: parse(utf8: bytes, processingPieces: { $0 }))
    }

    private func document(from pieces: ProcessedPieces<[Block]>) -> MarkdownDocument {
        if pieces.parts.count == 1 && pieces.footnotes.isEmpty { return MarkdownDocument(blocks: pieces.parts[0]) }
        var blocks: [Block] = []
        blocks.reserveCapacity(pieces.parts.reduce(pieces.footnotes.count) { $0 + $1.count })
        for part in pieces.parts { blocks.append(contentsOf: part) }
        blocks.append(contentsOf: pieces.footnotes)
        return MarkdownDocument(blocks: blocks)
    }

    /// Parses `text` and hands the blocks of each piece (footnote definitions aside) to `process`
    /// on the piece's own thread, as soon as the piece is converted: renderers use it to work on
    /// a large document while the rest of it is still being parsed.
    package func parse<Part: Sendable>(
        _ text: String, processingPieces process: @Sendable ([Block]) -> Part
    ) -> ProcessedPieces<Part> {
        var source = text
        // A Swift string is valid UTF-8 already: cmark need not check it again.
        return source.withUTF8 { bytes in
            parse(utf8: UnsafeRawBufferPointer(bytes), validated: true, processingPieces: process)
        }
    }

    /// ``parse(_:processingPieces:)`` for UTF-8 bytes; invalid UTF-8 is replaced by U+FFFD.
    package func parse<Part: Sendable>(
        utf8 bytes: UnsafeRawBufferPointer, processingPieces process: @Sendable ([Block]) -> Part
    ) -> ProcessedPieces<Part> {
        parse(utf8: bytes, validated: false, processingPieces: process)
    }

    private func parse<Part: Sendable>(
        utf8 bytes: UnsafeRawBufferPointer, validated: Bool, processingPieces process: @Sendable ([Block]) -> Part
    ) -> ProcessedPieces<Part> {
        var plain = self
        plain.options.recognizesMath = false
        // Math is written as marked code spans first (see MathSpans); the blocks in which a marker
        // lands outside math are parsed again as written (see StrayMath), the rest keep their math.
        if options.recognizesMath, var rewritten = MathSpans.rewrite(bytes) {
            var kept: [ClosedRange<Int>] = []
            while true {
                let strays = StrayMath()
                let parsed = rewritten.withUnsafeBytes { rewrittenBytes in
                    plain.parse(utf8: rewrittenBytes, validated: validated, strays: strays, processingPieces: process)
                }
                if let parsed { return parsed }
                // Each round keeps more lines as written; a marker the text itself holds ends it.
                let more = strays.merged(with: kept)
                guard more != kept,
                    let next = MathSpans.rewrite(bytes, keeping: StrayMath.byteRanges(of: more, in: bytes))
                else { break }
                kept = more
                rewritten = next
            }
        }
        return plain.parse(utf8: bytes, validated: validated, strays: nil, processingPieces: process)!
    }

    /// The parse of `bytes`; with `strays`, nil when a math marker turned up outside math, with the
    /// blocks where it did noted in `strays`.
    private func parse<Part: Sendable>(
        utf8 bytes: UnsafeRawBufferPointer, validated: Bool, strays: StrayMath?,
        processingPieces process: @Sendable ([Block]) -> Part
    ) -> ProcessedPieces<Part>? {
        let session = CmarkSession(options: options, validated: validated)
        @Sendable func checked(_ blocks: [Block], through lastLine: Int) -> [Block]? {
            guard let strays else { return blocks }
            return strays.record(blocks, through: lastLine) ? nil : blocks
        }
        // Very long paragraph lines are parsed apart (see LongLineGuard), unless their placeholders
        // land where they cannot be rebuilt: then the text is parsed as it is.
        if guardsLongLines, let longLines = LongLineGuard(bytes) {
            nonisolated(unsafe) let original = bytes
            let guarded = longLines.substituted(bytes).withUnsafeBytes { substituted in
                parse(substituted, session: session, strays: strays, process: process) { blocks, lastLine in
                    longLines.restore(blocks, original: original, session: session).flatMap { restored in
                        checked(restored.blocks, through: lastLine).map { ($0, restored.restored) }
                    }
                }
            }
            if let guarded, guarded.restored == longLines.lines.count { return guarded.pieces }
            if strays?.found == true { return nil }
        }
        return parse(bytes, session: session, strays: strays, process: process) { blocks, lastLine in
            checked(blocks, through: lastLine).map { ($0, 0) }
        }?.pieces
    }

    /// Parses `bytes` in pieces when it is large, else whole; `restore` rewrites each piece's blocks
    /// (given with the piece's last line) before they are processed and says how many long lines it
    /// rebuilt, or fails the parse (`nil`).
    private func parse<Part: Sendable>(
        _ bytes: UnsafeRawBufferPointer, session: CmarkSession, strays: StrayMath?,
        process: @Sendable ([Block]) -> Part, restore: @Sendable ([Block], Int) -> (blocks: [Block], restored: Int)?
    ) -> (pieces: ProcessedPieces<Part>, restored: Int)? {
        // The size first: counting the cores (``maximumPieces(for:)``) reads the process's cgroup.
        if bytes.count >= 2 * ChunkPlanner.minimumPieceBytes, case let wanted = maximumPieces(for: bytes.count),
            wanted > 1
        {
            let plan = ChunkPlanner.plan(
                bytes, pieces: wanted, carryingFootnotes: options.extensions.contains(.footnotes))
            if !plan.cuts.isEmpty, let definitions = sharedDefinitions(bytes, plan: plan) {
                var cutBadly = false
                if let pieces = parsePieces(
                    bytes, cuts: plan.cuts, definitions: definitions, session: session, process: process,
                    restore: restore, cutBadly: &cutBadly)
                {
                    return pieces
                }
                // With every cut good, every piece was checked for math markers, and the whole would
                // find the same; a bad cut makes the blocks after it wrong, so the whole is checked.
                if !cutBadly, strays?.found == true { return nil }
                strays?.forget()
            }
        }
        let converted = CmarkArena.scope {
            let root = session.parse(bytes)
            defer { root.free() }
            var converter = TreeConverter(kinds: session.kinds)
            return converter.convert(root.pointer).blocks
        }
        guard let (blocks, restored) = restore(converted, Int.max) else { return nil }
        let (body, footnotes) = Self.separatingFootnotes(blocks)
        return (ProcessedPieces(parts: [process(body)], footnotes: footnotes), restored)
    }

    /// The parse of `text` in pieces, without math or the long-line guard; nil when it is not cut or
    /// its pieces do not parse as the whole does. Tests use it to see that a document they expect to
    /// be parsed in pieces is, rather than in a whole parse after a failed one.
    package func parseInPiecesOnly(_ text: String) -> MarkdownDocument? {
        var plain = self
        plain.options.recognizesMath = false
        var source = text
        return source.withUTF8 { buffer -> MarkdownDocument? in
            let bytes = UnsafeRawBufferPointer(buffer)
            let session = CmarkSession(options: plain.options, validated: true)
            let plan = ChunkPlanner.plan(
                bytes, pieces: maximumPieces(for: bytes.count),
                carryingFootnotes: options.extensions.contains(.footnotes))
            guard !plan.cuts.isEmpty, let definitions = plain.sharedDefinitions(bytes, plan: plan) else { return nil }
            var cutBadly = false
            let pieces = plain.parsePieces(
                bytes, cuts: plan.cuts, definitions: definitions, session: session, process: { $0 },
                restore: { blocks, _ in (blocks, 0) }, cutBadly: &cutBadly)
            return pieces.map { document(from: $0.pieces) }
        }
    }

    /// The link reference definitions the pieces of a plan share, read from its definition regions
    /// as cmark-gfm reads them, first definition of a label first; nil when the regions cannot be
    /// read (the document is then parsed whole).
    ///
    /// Each region is a run of whole top-level blocks, so none reaches into the next: a region of
    /// plain definition lines is read as it is (``PlainDefinitions``), and the others in one parse,
    /// one after another with a blank line between. A label's first definition in the document counts.
    private func sharedDefinitions(_ bytes: UnsafeRawBufferPointer, plan: ChunkPlanner.Plan) -> ReferenceDefinitions? {
        var definitions = ReferenceDefinitions()
        guard !plan.definitionRegions.isEmpty else { return definitions }
        var made: [ReferenceDefinitions.Definition] = []
        var unread: [UInt8] = []
        var parsed = 0
        // The regions gathered for a parse, read before the plain region that follows them.
        func readUnread() -> Bool {
            guard !unread.isEmpty else { return true }
            guard let read = ReferenceDefinitions.probeByParsing(unread[...], options: options, bytesParsed: &parsed)
            else { return false }
            made += read
            unread.removeAll(keepingCapacity: true)
            return true
        }
        for region in plan.definitionRegions {
            let text = UnsafeRawBufferPointer(rebasing: bytes[region])
            if let plain = PlainDefinitions.read(text) {
                guard readUnread() else { return nil }
                made += plain
            } else {
                unread.append(contentsOf: text)
                if unread.last != 0x0A { unread.append(0x0A) }
                unread.append(0x0A)
            }
        }
        guard readUnread() else { return nil }
        _ = definitions.add(made.filter { !plan.keptLabels.contains(LabelSpans.key(of: $0.label)) })
        return definitions
    }

    /// A document's blocks and its footnote definitions, which cmark-gfm puts last.
    private static func separatingFootnotes(_ blocks: [Block]) -> (blocks: [Block], footnotes: [Block]) {
        var body = blocks.count
        while body > 0, case .footnoteDefinition = blocks[body - 1] { body -= 1 }
        if body == blocks.count { return (blocks, []) }
        return (Array(blocks[..<body]), Array(blocks[body...]))
    }

    /// Parses each piece on its own, converts it with its line and footnote numbers shifted and
    /// processes it; `nil` when a cut turned out to fall inside a block, or a piece's footnotes do not
    /// add up to the whole's, so the caller parses the whole.
    ///
    /// Pieces are parsed, converted and processed on every core; a piece waits only to learn where its
    /// line and footnote numbers start, and only for earlier pieces that may hold footnotes. A footnote
    /// may be referenced and defined in different pieces (see ``FootnoteMarks``).
    private func parsePieces<Part: Sendable>(
        _ bytes: UnsafeRawBufferPointer, cuts: [Int], definitions: ReferenceDefinitions, session: CmarkSession,
        process: @Sendable ([Block]) -> Part, restore: @Sendable ([Block], Int) -> (blocks: [Block], restored: Int)?,
        cutBadly: inout Bool
    ) -> (pieces: ProcessedPieces<Part>, restored: Int)? {
        let bounds = zip([0] + cuts, cuts + [bytes.count]).map { $0..<$1 }
        nonisolated(unsafe) let source = bytes
        let turns = PieceTurns(count: bounds.count)
        defer { cutBadly = turns.failed }
        let marks =
            session.extensions.contains(.footnotes) && LabelScanner.containsFootnoteMark(bytes)
            ? FootnoteMarks(bytes, cuts: cuts) : nil
        let results = ParallelWork.map(bounds.count) { index -> PieceResult<Part>? in
            let piece = UnsafeRawBufferPointer(rebasing: source[bounds[index]])
            let lines = ByteScan.lineEndings(in: piece)
            let isLast = index == bounds.count - 1
            let mayHoldFootnotes = marks != nil && LabelScanner.containsFootnoteMark(piece)
            turns.announce(index, lines: lines, mayHoldFootnotes: mayHoldFootnotes)
            // The definitions of other pieces that this one may use are written before it, and the
            // stand-ins of its footnotes after it: at once after the blank line that ends it, or, after
            // the document's last line, a blank line on.
            var carrier: (bytes: [UInt8], lines: Int) = ([], 0)
            if definitions.count > 0 {
                carrier = definitions.carrier(for: definitions.labelsUsed(in: piece))
            }
            var standIns: (bytes: [UInt8], referenceLine: Int) = ([], 0)
            if mayHoldFootnotes, let marks { standIns = marks.standIns(for: index) }
            if isLast, !standIns.bytes.isEmpty { standIns.bytes.insert(contentsOf: [0x0A, 0x0A], at: 0) }
            let converted = CmarkArena.scope { () -> (MarkdownDocument, PieceFootnotes?, Int, [ReferenceLabel], Int)? in
                var fed: [UInt8] = []
                if !carrier.bytes.isEmpty || !standIns.bytes.isEmpty {
                    fed.reserveCapacity(carrier.bytes.count + piece.count + standIns.bytes.count)
                    fed += carrier.bytes
                    fed.append(contentsOf: piece)
                    fed += standIns.bytes
                }
                let parser = fed.isEmpty ? session.feed(piece) : fed.withUnsafeBytes { session.feed($0) }
                let root = session.finish(parser)
                defer { root.free() }
                // Where the stand-ins start, and how the piece ends, in the lines cmark-gfm counts.
                let ending =
                    standIns.bytes.isEmpty
                    ? nil : fed.withUnsafeBytes { PieceEnding($0, upTo: fed.count - standIns.bytes.count) }
                let standInLine = ending.map { $0.nextLine + (isLast ? 2 : 0) } ?? Int.max
                var valid =
                    (isLast && standIns.bytes.isEmpty)
                    || !root.endsInsideOpenBlock(lastLine: carrier.lines + lines, before: standInLine)
                var footnotes: PieceFootnotes?
                if valid, mayHoldFootnotes {
                    let sentinel = marks?.sentinel ?? []
                    footnotes =
                        fed.isEmpty
                        ? PieceFootnotes(root, source: piece, standInLine: standInLine, sentinel: sentinel)
                        : fed.withUnsafeBytes {
                            PieceFootnotes(root, source: $0, standInLine: standInLine, sentinel: sentinel)
                        }
                    valid = footnotes != nil
                }
                let offsets = turns.take(
                    index,
                    own: valid
                        ? PieceTurns.Own(
                            lines: lines, footnotes: footnotes ?? PieceFootnotes(standInLine: standInLine)) : nil)
                guard let offsets, !turns.failed else { return nil }
                // The blocks the stand-ins closed after the last line end where the document ends.
                var closed: (from: SourcePosition, to: SourcePosition)?
                if isLast, let ending { closed = (SourcePosition(line: standInLine - 1, column: 0), ending.end) }
                // A fence in a list item left open at the piece's end ends, as in the whole, at the
                // end of the next piece's first line.
                var closedByNext: (fence: OpaquePointer, end: SourcePosition)?
                if !isLast,
                    let fence = root.fenceClosedByNextPiece(lastLine: carrier.lines + lines, before: standInLine)
                {
                    let next = UnsafeRawBufferPointer(rebasing: source[bounds[index + 1]])
                    let length = next.firstIndex { $0 == 0x0A || $0 == 0x0D } ?? next.count
                    closedByNext = (fence, SourcePosition(line: carrier.lines + lines + 1, column: length))
                }
                var converter = TreeConverter(
                    kinds: session.kinds, lineOffset: offsets.lines - carrier.lines,
                    footnoteNumbering: offsets.footnotes,
                    closedByStandIns: closed, closedByNextPiece: closedByNext)
                let document = converter.convert(root.pointer)
                return (
                    document, footnotes, offsets.lines - carrier.lines, converter.unresolvedFootnotes, standInLine
                )
            }
            guard let (document, footnotes, lineOffset, unresolved, standInLine) = converted else { return nil }
            // What is written before the piece leaves no block, nor what is written after it but the
            // paragraph of the stand-ins' references: if it does, parse the whole.
            var blocks = document.blocks
            let written = blocks.indices.filter { index in
                if case .footnoteDefinition = blocks[index] { return false }
                let line = blocks[index].sourceRange.start.line - lineOffset
                return line <= carrier.lines || line >= standInLine
            }
            let onlyReferences = written.allSatisfy { index in
                guard case .paragraph = blocks[index], standIns.referenceLine > 0 else { return false }
                return blocks[index].sourceRange.start.line - lineOffset >= standInLine
            }
            guard onlyReferences else {
                turns.fail()
                return nil
            }
            for index in written.reversed() { blocks.remove(at: index) }
            let lastLine = lineOffset + carrier.lines + lines
            guard let (restoredBlocks, restored) = restore(blocks, lastLine) else { return nil }
            let (body, notes) = Self.separatingFootnotes(restoredBlocks)
            return PieceResult(
                part: process(body),
                footnotes: PieceFootnoteAssembly.Piece(
                    definitions: notes, labels: footnotes?.labels ?? [], isStandIn: footnotes?.isStandIn ?? [],
                    unresolved: unresolved),
                restored: restored)
        }
        var parts: [Part] = []
        var restored = 0
        for result in results {
            guard let result else { return nil }
            parts.append(result.part)
            restored += result.restored
        }
        guard
            let footnotes = PieceFootnoteAssembly.definitions(
                results.map { $0!.footnotes }, tally: turns.finalTally())
        else {
            turns.fail()
            return nil
        }
        return (ProcessedPieces(parts: parts, footnotes: footnotes), restored)
    }

    /// What one piece gave.
    private struct PieceResult<Part: Sendable>: Sendable {
        var part: Part
        var footnotes: PieceFootnoteAssembly.Piece
        var restored: Int
    }
}

/// What ``MarkdownParser/parse(_:processingPieces:)`` made of a document: one part per piece, in
/// order, and the document's footnote definitions in number order.
package struct ProcessedPieces<Part> {
    /// What processing made of each piece's blocks.
    package var parts: [Part]
    /// Every footnote definition, in number order.
    package var footnotes: [Block]
}

/// Tells each piece how many lines came before it, and what of the document's footnotes. A piece's
/// lines are known as soon as it starts, and so are its footnotes when it holds no `[^` (which every
/// footnote reference and definition starts with): a piece waits only for the earlier pieces that may
/// hold footnotes to be parsed. Once a piece is found to be cut badly, later pieces are not converted.
final class PieceTurns: @unchecked Sendable {
    /// What precedes a piece: its lines, and how its footnote numbers become the document's.
    struct Offsets {
        var lines: Int
        var footnotes: FootnoteNumbering
    }

    /// What a piece holds.
    struct Own {
        var lines: Int
        var footnotes: PieceFootnotes
    }

    private let condition = ThreadLock()
    /// Each piece's lines and footnotes, as they become known.
    private var lines: [Int?]
    private var footnotes: [PieceFootnotes?]
    /// The footnotes of the pieces added up so far, in order, and how many they are.
    private var tally = FootnoteTally()
    private var added = 0
    /// Each added piece's numbering, made from the tally before it.
    private var numberings: [FootnoteNumbering?]
    private var isFailed = false

    init(count: Int) {
        lines = Array(repeating: nil, count: count)
        footnotes = Array(repeating: nil, count: count)
        numberings = Array(repeating: nil, count: count)
    }

    /// Marks the parse as failed (a piece turned out not to parse as it does in the whole).
    func fail() {
        condition.withLock { isFailed = true }
        condition.broadcast()
    }

    /// Whether some piece was found cut badly: the others need not be converted.
    var failed: Bool {
        condition.withLock { isFailed }
    }

    /// Tells what piece `index` holds before it is parsed: its lines, and whether it may hold
    /// footnotes (when it does not, it holds none).
    func announce(_ index: Int, lines: Int, mayHoldFootnotes: Bool) {
        condition.withLock {
            self.lines[index] = lines
            if !mayHoldFootnotes { footnotes[index] = PieceFootnotes(standInLine: .max) }
            addKnownPieces()
        }
        condition.broadcast()
    }

    /// Adds what piece `index` holds (`nil` when it is cut badly), waits until what every earlier
    /// piece holds is known, and returns what precedes it (`nil` once any piece has been found cut
    /// badly).
    func take(_ index: Int, own: Own?) -> Offsets? {
        condition.lock()
        defer { condition.unlock() }
        guard let own else {
            isFailed = true
            condition.broadcast()
            return nil
        }
        lines[index] = own.lines
        footnotes[index] = own.footnotes
        addKnownPieces()
        condition.broadcast()
        while !isFailed, added <= index || !(0..<index).allSatisfy({ lines[$0] != nil }) { condition.wait() }
        guard !isFailed, let numbering = numberings[index] else { return nil }
        return Offsets(lines: lines[..<index].reduce(0) { $0 + $1! }, footnotes: numbering)
    }

    /// The footnotes of every piece, once each has been taken.
    func finalTally() -> FootnoteTally {
        condition.withLock { tally }
    }

    /// Adds up, in order, the pieces whose footnotes are known; called with the lock held.
    private func addKnownPieces() {
        while added < footnotes.count, let next = footnotes[added] {
            numberings[added] = next.numbering(after: tally)
            tally.add(next.summary, piece: added)
            added += 1
        }
    }
}
