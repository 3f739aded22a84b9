/// Parses Markdown that arrives a few bytes at a time: each block is parsed once, when its text
/// is complete, and written once, when nothing still to come can change it. After ``finish()``,
/// ``document`` equals the one-shot parse of the whole text.
///
/// Two kinds of commit:
/// - **For parsing.** The open tail, from the first byte not yet committed, is parsed on each
///   update. Once a block ends before a line at the left margin that follows a blank line and
///   cannot continue it (see `CommitPoints`), its text is committed as a ``StreamedSegment`` and
///   never parsed with the tail again. The link reference definitions of committed text are kept
///   (`ReferenceDefinitions`) and given to every later parse that may use them.
/// - **For output.** A segment whose bracketed text a definition still to come could turn into a
///   link, or that holds a footnote, is *held*: it reads as it does now and is parsed again, alone,
///   when a definition for one of its labels arrives. ``committed`` holds the settled segments
///   before the first held one; they never change.
///
/// The cost of an update is the text that arrived plus the open tail, however much is held.
public struct StreamingMarkdownParser: Sendable {
    /// The options every parse uses.
    public let options: MarkdownParseOptions
    /// Whether the open tail is parsed and healed at every update, to be shown. A consumer that only
    /// writes what is committed (into a pipe) turns it off: the tail is then parsed only when a
    /// block may have ended, and never healed.
    public let tracksOpenTail: Bool
    /// The blocks committed for output: they never change.
    public private(set) var committed: [Block] = []
    /// Every segment committed for parsing, in order: the first ``committedSegmentCount`` are
    /// committed for output (their blocks are ``committed``), the rest are held.
    public private(set) var segments: [StreamedSegment] = []
    /// How many leading segments are committed for output.
    public private(set) var committedSegmentCount = 0
    /// The blocks of the open tail, as of the last ``update()``.
    public private(set) var tail: [Block] = []
    /// The tail healed for display while the text streams: an unclosed `**`, `*`, `_`, a backtick or `~~`
    /// shows as the formatting it opens, a partial link as its text. Equal to ``tail`` once finished;
    /// never used for committed blocks.
    public private(set) var healedTail: [Block] = []
    /// Whether ``finish()`` was called.
    public private(set) var isFinished = false
    /// How many times the tail was parsed, for tests and benchmarks.
    public private(set) var tailParses = 0
    /// How many bytes were handed to the Markdown parser in all, for tests and benchmarks: what
    /// streaming costs, which must grow in proportion to the text.
    public private(set) var bytesParsed = 0
    /// The ids of the segments whose blocks changed after they were committed for parsing (a
    /// definition they use arrived), in the order they changed: a renderer follows it to lay out
    /// again only those.
    public private(set) var revisedSegmentIDs: [Int] = []

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
    /// What the parser keeps of each segment, by index.
    private var sources: [SegmentSource] = []
    /// The definitions of the committed text.
    private var definitions = ReferenceDefinitions()
    /// Set when something the segments cannot reproduce was seen (footnotes, whose numbers belong
    /// to the whole document): the final document is then parsed whole, once.
    private var needsWholeParse = false
    /// Where the search for a possible end of block goes on, when the tail is not tracked.
    private var boundaryWatch = BoundaryWatch()

    /// A parser with nothing received yet, parsing with `options`.
    public init(options: MarkdownParseOptions = .init(), tracksOpenTail: Bool = true) {
        self.options = options
        self.tracksOpenTail = tracksOpenTail
    }

    /// When the open tail is a fenced code block still open, how many UTF-8 bytes at the start of its
    /// code can no longer change (its complete lines); nil otherwise. Lets a renderer keep the lines
    /// it drew for them.
    public var settledOpenCodeCount: Int? { openFence?.code.utf8.count }

    /// The segments committed for parsing but held for output, as they read now.
    public var heldSegments: ArraySlice<StreamedSegment> { segments[committedSegmentCount...] }

    /// The blocks of the held segments, as they read now.
    public var held: [Block] { heldSegments.flatMap(\.blocks) }

    /// The document so far: committed blocks, held blocks, then the tail's.
    public var document: MarkdownDocument { MarkdownDocument(blocks: committed + held + tail) }

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
    }

    /// Parses the tail if text arrived, commits the blocks that ended, and commits for output the
    /// segments that can no longer change. Returns how many blocks were committed for output.
    @discardableResult
    public mutating func update() -> Int {
        guard isDirty else { return 0 }
        if !tracksOpenTail && !boundaryWatch.scan(text, from: tailStart) { return 0 }
        isDirty = false
        if var fence = openFence {
            if let block = fence.extend(text, options: options, bytesParsed: &bytesParsed) {
                openFence = fence
                tail = [block]
                healedTail = tail
                return 0
            }
            openFence = nil
        }
        let before = committed.count
        let tailLabels = LabelScanner.labels(in: text[tailStart...])
        let carrier = definitions.carrier(for: tailLabels)
        let parsed = parse(text[tailStart...], linesBefore: linesBeforeTail, carrier: carrier)
        tailParses += 1
        let cuts = CommitPoints.cuts(in: text, from: tailStart, firstLine: linesBeforeTail + 1, blocks: parsed)
        if let last = cuts.last {
            commitSegments(parsed, cuts: cuts)
            tail = parsed.filter { $0.isFootnoteDefinition || $0.sourceRange.start.line >= last.line }
        } else {
            tail = parsed
        }
        settle()
        if tracksOpenTail {
            healedTail = TailHealing.heal(
                tail, text: text, tailStart: tailStart, firstLine: linesBeforeTail + 1, definitions: definitions,
                options: options, bytesParsed: &bytesParsed)
        } else {
            healedTail = tail
        }
        if tail.count == 1, var fence = OpenFence(tail: text, from: tailStart, block: tail[0]),
            let block = fence.extend(text, options: options, bytesParsed: &bytesParsed)
        {
            openFence = fence
            tail = [block]
            healedTail = tail
        }
        return committed.count - before
    }

    /// Ends the stream: the tail is parsed once more, without healing, definitions it makes reach
    /// the held segments, and every segment is committed for output.
    public mutating func finish() {
        if !partial.isEmpty {
            text.append(contentsOf: partial)
            partial.removeAll()
        }
        isFinished = true
        isDirty = false
        openFence = nil
        let tailText = text[tailStart...]
        let parsed = parse(
            tailText, linesBefore: linesBeforeTail,
            carrier: definitions.carrier(for: LabelScanner.labels(in: tailText)))
        tailParses += 1
        if options.extensions.contains(.footnotes), LabelScanner.containsFootnoteMark(tailText) {
            needsWholeParse = true
        }
        if LabelScanner.containsDefinitionMark(tailText) {
            if let made = ReferenceDefinitions.probe(tailText, options: options, bytesParsed: &bytesParsed) {
                reparseHeld(using: definitions.add(made))
            } else {
                needsWholeParse = true
            }
        }
        if needsWholeParse {
            tail = wholeParse()
        } else {
            for index in committedSegmentCount..<segments.count where sources[index].isStale {
                reparseSegment(index)
            }
            tail = parsed
        }
        healedTail = tail
        for index in committedSegmentCount..<segments.count {
            committed += segments[index].blocks
        }
        committedSegmentCount = segments.count
    }

    /// Parses the whole text, once, for what the segments cannot reproduce (footnote numbers belong
    /// to the whole document), and gives each held segment its blocks from it; returns the blocks
    /// after them, the tail's. Held segments that do not line up with the whole parse are dropped.
    private mutating func wholeParse() -> [Block] {
        bytesParsed += text.count
        let whole = text.withUnsafeBytes { MarkdownParser(options: options).parse(utf8: $0) }
        let rest = whole.blocks.dropFirst(committed.count)
        var cursor = rest.startIndex
        var updates: [(index: Int, blocks: [Block])] = []
        for index in committedSegmentCount..<segments.count {
            let old = segments[index].blocks
            guard cursor + old.count <= rest.endIndex,
                zip(old, rest[cursor..<(cursor + old.count)]).allSatisfy({
                    $0.sourceRange.start.line == $1.sourceRange.start.line && !$1.isFootnoteDefinition
                })
            else {
                segments.removeSubrange(committedSegmentCount...)
                sources.removeSubrange(committedSegmentCount...)
                return Array(rest)
            }
            let new = Array(rest[cursor..<(cursor + old.count)])
            if new != old { updates.append((index, new)) }
            cursor += old.count
        }
        for (index, blocks) in updates {
            segments[index].blocks = blocks
            segments[index].revision += 1
            revisedSegmentIDs.append(segments[index].id)
        }
        return Array(rest[cursor...])
    }

    // MARK: Committing

    /// Makes segments of the tail's blocks before the last cut.
    private mutating func commitSegments(_ parsed: [Block], cuts: [CommitPoints.Cut]) {
        guard let last = cuts.last else { return }
        var blocks = parsed
        // A definition in the text still open may not be finished (`[a]: https://en`): what is
        // committed must not have used it, so it is parsed again without that text.
        if LabelScanner.containsDefinitionMark(text[last.offset...]) {
            let committedText = text[tailStart..<last.offset]
            blocks = parse(
                committedText, linesBefore: linesBeforeTail,
                carrier: definitions.carrier(for: LabelScanner.labels(in: committedText)))
        }
        let body = blocks.filter { !$0.isFootnoteDefinition }
        var starts = [(offset: tailStart, line: linesBeforeTail + 1)]
        starts += cuts.map { ($0.offset, $0.line) }
        var blockIndex = 0
        var added: [ReferenceLabel] = []
        let firstNew = segments.count
        for index in 0..<(starts.count - 1) {
            let range = starts[index].offset..<starts[index + 1].offset
            var segmentBlocks: [Block] = []
            while blockIndex < body.count, body[blockIndex].sourceRange.start.line < starts[index + 1].line {
                segmentBlocks.append(body[blockIndex])
                blockIndex += 1
            }
            let source = text[range]
            let hasFootnotes =
                options.extensions.contains(.footnotes) && LabelScanner.containsFootnoteMark(source)
                && (segmentBlocks.contains(where: \.hasFootnoteReference)
                    || LabelScanner.containsFootnoteDefinition(source))
            if hasFootnotes { needsWholeParse = true }
            if LabelScanner.containsDefinitionMark(source) {
                if let made = ReferenceDefinitions.probe(source, options: options, bytesParsed: &bytesParsed) {
                    added += definitions.add(made)
                } else {
                    needsWholeParse = true
                }
            }
            segments.append(StreamedSegment(id: segments.count, blocks: segmentBlocks, revision: 0, isSettled: false))
            sources.append(
                SegmentSource(
                    range: range, linesBefore: starts[index].line - 1, labels: [], pending: [],
                    hasFootnotes: hasFootnotes))
        }
        linesBeforeTail = last.line - 1
        tailStart = last.offset
        // Segments held before these may use what they define.
        reparseHeld(using: added, before: firstNew)
        for index in firstNew..<segments.count { refreshPending(index) }
    }

    /// Parses again, alone, each held segment (before index `end`) that waits on one of `labels`.
    /// When the tail is not tracked, nothing shows a held segment: one that still waits on other
    /// labels, or holds footnotes, is only marked, and parsed once when it can be committed (else
    /// each group of definitions at the end of a README would parse it again).
    private mutating func reparseHeld(using labels: [ReferenceLabel], before end: Int? = nil) {
        guard !labels.isEmpty else { return }
        let end = end ?? segments.count
        guard committedSegmentCount < end else { return }
        let arrived = Set(labels)
        for index in committedSegmentCount..<end where !sources[index].pending.isDisjoint(with: arrived) {
            if !tracksOpenTail {
                sources[index].pending.subtract(arrived)
                sources[index].isStale = true
                if !sources[index].pending.isEmpty || sources[index].hasFootnotes { continue }
            }
            reparseSegment(index)
        }
    }

    /// Parses segment `index` again, alone, with the definitions known now.
    private mutating func reparseSegment(_ index: Int) {
        let source = sources[index]
        let bytes = text[source.range]
        let blocks = parse(bytes, linesBefore: source.linesBefore, carrier: definitions.carrier(for: source.labels))
        segments[index].blocks = blocks.filter { !$0.isFootnoteDefinition }
        segments[index].revision += 1
        revisedSegmentIDs.append(segments[index].id)
        sources[index].isStale = false
        refreshPending(index)
    }

    /// Works out what segment `index` still waits on, and whether it is settled.
    private mutating func refreshPending(_ index: Int) {
        var source = sources[index]
        if segments[index].blocks.contains(where: \.hasBracketText) {
            if source.labels.isEmpty { source.labels = LabelScanner.labels(in: text[source.range]) }
            source.pending = source.labels.filter { !$0.isFootnote && !definitions.defines($0) }
        } else {
            source.pending = []
        }
        sources[index] = source
        segments[index].isSettled = source.pending.isEmpty && !source.hasFootnotes
    }

    /// Commits for output the settled segments before the first held one.
    private mutating func settle() {
        while committedSegmentCount < segments.count, segments[committedSegmentCount].isSettled {
            committed += segments[committedSegmentCount].blocks
            committedSegmentCount += 1
        }
    }

    // MARK: Parsing

    /// Parses `bytes`, which start after `linesBefore` lines of the text, behind `carrier` (the
    /// definitions it may use); the blocks' lines are those of the whole text.
    private mutating func parse(
        _ bytes: ArraySlice<UInt8>, linesBefore: Int, carrier: (bytes: [UInt8], lines: Int)
    ) -> [Block] {
        var parser = MarkdownParser(options: options)
        parser.maximumPieces = 1
        bytesParsed += carrier.bytes.count + bytes.count
        let document: MarkdownDocument
        if carrier.bytes.isEmpty {
            document = bytes.withUnsafeBytes { parser.parse(utf8: $0) }
        } else {
            document = (carrier.bytes + bytes).withUnsafeBytes { parser.parse(utf8: $0) }
        }
        let shift = linesBefore - carrier.lines
        var blocks: [Block] = []
        blocks.reserveCapacity(document.blocks.count)
        for block in document.blocks {
            if !block.isFootnoteDefinition, block.sourceRange.start.line <= carrier.lines {
                // The definitions written before the text should leave no block: if one does, the
                // segments cannot be trusted, and the final document is parsed whole.
                needsWholeParse = true
                continue
            }
            blocks.append(block.shifted(byLines: shift))
        }
        return blocks
    }
}

/// Looks, in text not yet parsed, for a line where a block may have ended: a line at the left
/// margin after a blank line. Until one comes, parsing the tail again could commit nothing.
struct BoundaryWatch: Sendable {
    /// Where the line being read starts, how far it was searched for its end, and whether the line
    /// before it was blank.
    private var lineStart = 0
    private var searched = 0
    private var previousBlank = false

    /// Reads what arrived in `text` since the last call (from `start` at least); true when a line
    /// completed since may start a block after a blank line.
    mutating func scan(_ text: [UInt8], from start: Int) -> Bool {
        if lineStart < start {
            lineStart = start
            searched = start
            previousBlank = false
        }
        var found = false
        while searched < text.count {
            guard let newline = text[searched...].firstIndex(of: 0x0A) else {
                searched = text.count
                break
            }
            let line = text[lineStart..<newline]
            let isBlank = line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
            if previousBlank && !isBlank && CommitPoints.startsAtMargin(line) { found = true }
            previousBlank = isBlank
            lineStart = newline + 1
            searched = lineStart
        }
        return found
    }
}
