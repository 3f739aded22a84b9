import TeletypeMarkdown

extension SessionSource {
    /// Calls `body` with each line, in order, and what `prepare` made of it. `prepare` runs ahead
    /// on other threads (on every core), a group of lines at a time (up to a megabyte of them),
    /// while `body` takes an earlier group: each line is independent, and reading a line's JSON is
    /// most of the work of reading a log. Up to `depth` groups are prepared ahead, so the cores
    /// stay busy while this thread reads and hands over; memory holds that many groups and one.
    /// Where the cores are busy already (every session of a home read at once), each line is
    /// prepared and taken in turn on this thread.
    func forEachLine<Prepared: Sendable>(
        preparing prepare: @escaping @Sendable (Line) -> Prepared, depth: Int = 2,
        _ body: (Line, Prepared) throws -> Void
    ) throws {
        if ParallelWork.isNested {
            return try forEachLine { line in try body(line, prepare(line)) }
        }
        var groupBytes = 64 << 10
        var filling = LineGroup(capacity: groupBytes + 4096)
        var ahead: [(group: LineGroup, prepared: BackgroundWork<[Prepared]>)] = []
        // A failed body leaves no thread behind.
        defer { for group in ahead { _ = group.prepared.wait() } }
        func handOver() throws {
            let (group, work) = ahead.removeFirst()
            let prepared = work.wait()
            for (index, line) in group.lines.enumerated() { try body(line, prepared[index]) }
        }
        func send() throws {
            guard filling.lineCount > 0 else { return }
            let group = filling.sealed()
            filling = LineGroup(capacity: groupBytes + 4096)
            let work = BackgroundWork { () -> [Prepared] in
                let pieces = ParallelWork.ranges(group.lines.count, minimum: 8)
                return ParallelWork.map(pieces.count) { piece in pieces[piece].map { prepare(group.lines[$0]) } }
                    .flatMap { $0 }
            }
            ahead.append((group, work))
            if ahead.count > max(depth, 1) { try handOver() }
        }
        try forEachBuffer { line in
            guard let line else { return }
            filling.append(line)
            // Groups start small, so that a short log is read on every core too.
            if filling.byteCount >= groupBytes || filling.lineCount >= 4096 {
                groupBytes = min(groupBytes * 2, 1 << 20)
                try send()
            }
        }
        try send()
        while !ahead.isEmpty { try handOver() }
    }
}

/// Lines copied out of a source's buffer into storage of their own, so they can be read on
/// another thread while the source reads on.
final class LineGroup: @unchecked Sendable {
    private var storage: UnsafeMutableRawBufferPointer
    private var spans: [(start: Int, line: SessionSource.Line)] = []
    /// The lines, their bytes in the group's storage, once sealed.
    private(set) var lines: [SessionSource.Line] = []

    /// How many bytes are copied in.
    private(set) var byteCount = 0
    var lineCount: Int { spans.count }

    /// A group with room for `capacity` bytes (it grows past them).
    init(capacity: Int) {
        storage = UnsafeMutableRawBufferPointer.allocate(byteCount: max(capacity, 1), alignment: 16)
    }

    /// Copies `line` in.
    func append(_ line: SessionSource.Line) {
        if byteCount + line.bytes.count > storage.count {
            let larger = UnsafeMutableRawBufferPointer.allocate(
                byteCount: max(2 * storage.count, byteCount + line.bytes.count), alignment: 16)
            larger.copyMemory(from: UnsafeRawBufferPointer(rebasing: storage[0..<byteCount]))
            storage.deallocate()
            storage = larger
        }
        UnsafeMutableRawBufferPointer(rebasing: storage[byteCount..<(byteCount + line.bytes.count)])
            .copyMemory(from: line.bytes)
        spans.append((byteCount, line))
        byteCount += line.bytes.count
    }

    /// The group, its lines pointing into storage that lives as long as it does (nothing is
    /// appended after).
    func sealed() -> LineGroup {
        lines = spans.map { span in
            var line = span.line
            line.bytes = UnsafeRawBufferPointer(rebasing: storage[span.start..<(span.start + span.line.bytes.count)])
            return line
        }
        spans = []
        return self
    }

    deinit { storage.deallocate() }
}
