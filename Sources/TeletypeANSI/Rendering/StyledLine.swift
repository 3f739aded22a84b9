import TeletypeLayout

/// A run of text on a line with one style and, optionally, a hyperlink target.
public struct StyledSegment: Sendable, Equatable {
    /// The text; never contains a newline or a control character other than tab.
    public var text: String
    /// How the text looks.
    public var style: TextStyle
    /// The OSC 8 hyperlink target, already checked and encoded.
    public var hyperlink: String?

    /// Creates a segment.
    public init(text: String, style: TextStyle = .plain, hyperlink: String? = nil) {
        self.text = text
        self.style = style
        self.hyperlink = hyperlink
    }
}

/// One output line: styled segments and the cells they take.
///
/// The text of every segment is kept in one byte array, and each segment as the offset where it
/// ends with its style: a line is built, prefixed and written out by copying bytes, without a
/// string per segment.
public struct StyledLine: Sendable, Equatable {
    /// The UTF-8 text of the segments, one after another.
    private(set) var utf8: [UInt8] = []
    /// The segments, as runs of `utf8`.
    private(set) var runs: [StyledRun] = []
    /// The width in terminal cells.
    public var width: Int = 0
    /// An image drawn over the cells of this line and those above it (see ``TerminalImage``),
    /// written after the line's text: the line is its last row, its text what comes before it.
    public var image: TerminalImage?

    /// Creates an empty line.
    public init() {}

    /// Creates a line of one segment of plain text (control characters are the caller's to avoid).
    public init(text: String, style: TextStyle = .plain) {
        self.init(text, style: style)
    }

    /// Creates a line of one segment.
    init(_ text: String, style: TextStyle = .plain) {
        append(text, style: style)
    }

    /// Creates a rule: `count` times a glyph that takes one cell.
    init(rule glyph: String, count: Int, style: TextStyle) {
        append(Repetition.of(glyph, count: count), style: style, width: count)
    }

    /// Creates a line from text and runs whose total width is known.
    init(utf8: [UInt8], runs: [StyledRun], width: Int) {
        self.utf8 = utf8
        self.runs = runs
        self.width = width
    }

    /// The segments, left to right.
    public var segments: [StyledSegment] {
        get {
            var start = 0
            return runs.map { run in
                defer { start = run.end }
                return StyledSegment(
                    text: String(decoding: utf8[start..<run.end], as: UTF8.self), style: run.style,
                    hyperlink: run.hyperlink)
            }
        }
        set {
            utf8.removeAll(keepingCapacity: true)
            runs.removeAll(keepingCapacity: true)
            for segment in newValue {
                utf8.append(contentsOf: segment.text.utf8)
                runs.append(StyledRun(end: utf8.count, style: segment.style, hyperlink: segment.hyperlink))
            }
        }
    }

    /// Starts a run in `style` unless the last one already has that look.
    private mutating func startRun(style: TextStyle, hyperlink: String?) {
        if let last = runs.last, last.style == style, last.hyperlink == hyperlink { return }
        runs.append(StyledRun(end: utf8.count, style: style, hyperlink: hyperlink))
    }

    /// Appends UTF-8 text whose width is known.
    mutating func append<Bytes: Collection<UInt8>>(
        utf8 text: Bytes, style: TextStyle, hyperlink: String? = nil, width: Int
    ) {
        guard !text.isEmpty else { return }
        startRun(style: style, hyperlink: hyperlink)
        if text.withContiguousStorageIfAvailable({ utf8.append(contentsOf: $0) }) == nil {
            utf8.append(contentsOf: text)
        }
        runs[runs.count - 1].end = utf8.count
        self.width += width
    }

    /// Appends text whose width is known.
    mutating func append(_ text: String, style: TextStyle, hyperlink: String? = nil, width: Int) {
        guard !text.isEmpty else { return }
        startRun(style: style, hyperlink: hyperlink)
        var text = text
        text.withUTF8 { utf8.append(contentsOf: $0) }
        runs[runs.count - 1].end = utf8.count
        self.width += width
    }

    /// Appends text, measuring it.
    mutating func append(_ text: String, style: TextStyle, hyperlink: String? = nil) {
        append(text, style: style, hyperlink: hyperlink, width: CellWidth.of(text))
    }

    /// Appends another line's segments.
    mutating func append(_ line: StyledLine) {
        let offset = utf8.count
        utf8.append(contentsOf: line.utf8)
        var runs = line.runs[...]
        if let first = runs.first, let last = self.runs.last, last.style == first.style,
            last.hyperlink == first.hyperlink
        {
            self.runs[self.runs.count - 1].end = offset + first.end
            runs = runs.dropFirst()
        }
        self.runs.reserveCapacity(self.runs.count + runs.count)
        for var run in runs {
            run.end += offset
            self.runs.append(run)
        }
        width += line.width
        if let image = line.image { self.image = image }
    }

    /// Appends one space.
    mutating func appendSpace(style: TextStyle, hyperlink: String?) {
        startRun(style: style, hyperlink: hyperlink)
        utf8.append(0x20)
        runs[runs.count - 1].end = utf8.count
        width += 1
    }

    /// Appends `count` unstyled spaces.
    mutating func pad(_ count: Int) {
        guard count > 0 else { return }
        startRun(style: .plain, hyperlink: nil)
        utf8.append(contentsOf: repeatElement(0x20, count: count))
        runs[runs.count - 1].end = utf8.count
        width += count
    }

    /// Makes room for `bytes` bytes of text in `runs` runs.
    mutating func reserveCapacity(bytes: Int, runs count: Int) {
        utf8.reserveCapacity(bytes)
        runs.reserveCapacity(count)
    }

    /// The line in storage of its own, just large enough.
    func copy() -> StyledLine {
        var copy = StyledLine(
            utf8: utf8.withUnsafeBufferPointer { Array($0) }, runs: runs.withUnsafeBufferPointer { Array($0) },
            width: width)
        copy.image = image
        return copy
    }

    /// The line in storage of its own with room for `bytes` more bytes in `runs` more runs (a prefix
    /// a container may put in front).
    func copy(reserving bytes: Int, runs extra: Int) -> StyledLine {
        var copy = StyledLine()
        copy.reserveCapacity(bytes: utf8.count + bytes, runs: runs.count + extra)
        copy.utf8.append(contentsOf: utf8)
        copy.runs.append(contentsOf: runs)
        copy.width = width
        copy.image = image
        return copy
    }

    /// Puts `prefix` in front of the line, as `prefix` with the line appended would be.
    mutating func insert(prefix: StyledLine) {
        guard !prefix.runs.isEmpty else {
            width += prefix.width
            return
        }
        guard let first = runs.first else {
            let image = image
            self = StyledLine(utf8: prefix.utf8, runs: prefix.runs, width: prefix.width + width)
            self.image = image
            return
        }
        let shift = prefix.utf8.count
        utf8.insert(contentsOf: prefix.utf8, at: 0)
        for index in runs.indices { runs[index].end += shift }
        // The prefix's last run and the line's first one become one when they look alike.
        if let last = prefix.runs.last, last.style == first.style, last.hyperlink == first.hyperlink {
            runs.insert(contentsOf: prefix.runs.dropLast(), at: 0)
        } else {
            runs.insert(contentsOf: prefix.runs, at: 0)
        }
        width += prefix.width
    }

    /// Empties the line, keeping its storage for the next one.
    mutating func removeAll() {
        utf8.removeAll(keepingCapacity: true)
        runs.removeAll(keepingCapacity: true)
        width = 0
        image = nil
    }

    /// The line without the spaces at its end (the prefix of a blank line, say).
    func trimmingTrailingSpaces() -> StyledLine {
        var trimmed = self
        while let last = trimmed.runs.last {
            let start = trimmed.runs.count > 1 ? trimmed.runs[trimmed.runs.count - 2].end : 0
            guard last.end > start, trimmed.utf8[last.end - 1] == 0x20 else { break }
            var end = last.end
            while end > start, trimmed.utf8[end - 1] == 0x20 { end -= 1 }
            trimmed.width -= last.end - end
            trimmed.utf8.removeLast(last.end - end)
            if end == start {
                trimmed.runs.removeLast()
            } else {
                trimmed.runs[trimmed.runs.count - 1].end = end
            }
        }
        return trimmed
    }

    /// The text without styling.
    public var plainText: String { String(decoding: utf8, as: UTF8.self) }
}

/// A segment of a ``StyledLine``: where its text ends in the line's bytes, and how it looks.
struct StyledRun: Sendable, Equatable {
    /// The offset in the line's bytes just past the segment's text.
    var end: Int
    /// How the text looks.
    var style: TextStyle
    /// The OSC 8 hyperlink target, already checked and encoded.
    var hyperlink: String?
}
