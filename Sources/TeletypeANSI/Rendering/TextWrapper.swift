import TeletypeLayout

/// Fills lines of a given width with styled words: breaks at spaces, between CJK characters, and
/// inside words longer than a line; runs of spaces collapse to one; a hard break starts a new line.
struct TextWrapper {
    let width: Int
    private(set) var lines: [StyledLine] = []
    /// Where finished lines are written instead of being kept in ``lines``, if anywhere.
    var writer: LineWriter?
    /// The lines finished so far.
    private var finishedLines = 0
    private var line = LineBuilder()
    /// The word being gathered: fragments with their own styles, not yet placed.
    private var word: [Fragment] = []
    private var wordWidth = 0
    /// The style of the space before the word being gathered, if there is one.
    private var pendingSpace: (style: TextStyle, hyperlink: String?)?
    /// The widest word seen while measuring, in cells.
    private(set) var longestWord = 0

    /// When measuring, words are counted but no line is built: only ``widestLine`` and
    /// ``longestWord`` are kept, as table layout needs.
    private let measuring: Bool
    private var measuredLine = 0
    private var measuredWordHasText = false
    /// The widest line seen while measuring, in cells.
    private(set) var widestLine = 0

    init(width: Int) {
        self.width = max(width, 1)
        self.measuring = false
        // Room for a line of ASCII words, so that the line's storage grows once at most.
        line.reserveCapacity(bytes: min(self.width, 1024) + 16, runs: 4)
    }

    /// A wrapper that only measures unwrapped text: its widest line and longest word.
    static func measuring() -> TextWrapper { TextWrapper(measuringWithWidth: Int.max / 4) }

    private init(measuringWithWidth width: Int) {
        self.width = width
        self.measuring = true
    }

    /// Adds text in one style; spaces in it are break opportunities.
    mutating func add(_ text: String, style: TextStyle, hyperlink: String? = nil) {
        // A hard break, told by its one byte (a comparison of strings would normalize long text).
        if text.utf8.count == 1, text.utf8.first == 0x0A {
            breakLine()
            return
        }
        // Words are found and measured on the bytes: a word of ASCII or of Latin letters (below
        // U+0300, where no character combines or takes two cells) is one cell per character; only
        // other words are walked grapheme by grapheme.
        var source = text
        source.withUTF8 { bytes in
            var start = 0
            var index = 0
            var characters = 0
            var simple = true
            while index < bytes.count {
                if index == start, word.isEmpty, !measuring,
                    let next = placeWords(bytes, from: start, style: style, hyperlink: hyperlink)
                {
                    // Words that fit the line went on in one piece; go on after the space that ended them.
                    space(style: style, hyperlink: hyperlink)
                    index = next
                    start = next
                    continue
                }
                let byte = bytes[index]
                if byte == 0x20 {
                    if index > start {
                        // A whole word in one style, the common case, goes straight onto the line.
                        let placed =
                            simple && word.isEmpty && !measuring
                            && placeWord(
                                UnsafeBufferPointer(rebasing: bytes[start..<index]), width: characters, style: style,
                                hyperlink: hyperlink)
                        if !placed {
                            addWord(
                                text, bytes, start..<index, simple: simple, width: characters, style: style,
                                hyperlink: hyperlink)
                        }
                    }
                    space(style: style, hyperlink: hyperlink)
                    start = index + 1
                    characters = 0
                    simple = true
                } else if byte < 0x80 {
                    characters += 1
                } else if byte & 0xC0 != 0x80 {
                    characters += 1
                    // Lead bytes 0xC2–0xCB start U+0080–U+02FF.
                    if byte > 0xCB { simple = false }
                }
                index += 1
            }
            if start < bytes.count {
                addWord(
                    text, bytes, start..<bytes.count, simple: simple, width: characters, style: style,
                    hyperlink: hyperlink)
            }
        }
    }

    /// Places the words from `start` that fit on the current line, in one piece: words of ASCII or
    /// Latin letters, each ended by a single space. Returns the offset after the space that ends the
    /// last word placed, or nil when not even the first word fits this way. (Only for a wrapper that
    /// builds lines: it leaves ``longestWord`` as it was.)
    private mutating func placeWords(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, style: TextStyle, hyperlink: String?
    ) -> Int? {
        let spaceWidth = pendingSpace != nil && line.width > 0 ? 1 : 0
        let room = width - line.width - spaceWidth
        let count = bytes.count
        var index = start
        // Bytes that take no cell of their own (the continuation bytes of Latin letters).
        var continuation = 0
        var placed: (end: Int, cells: Int)?
        // A space at `position` ends a word: the words before it are placed if they fit. False when
        // the scan must stop there.
        func wordEnds(at position: Int) -> Bool {
            let cells = position - start - continuation
            guard position > start, cells <= room else { return false }
            placed = (position, cells)
            return position + 1 >= count || bytes[position + 1] != 0x20
        }
        scan: while index < count {
            // Eight ASCII bytes at a time: one cell each, their spaces found all at once.
            if index + 8 <= count {
                // Little-endian, so that the lowest set bit marks the first byte.
                let word = UInt64(
                    littleEndian: UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self))
                if word & 0x8080_8080_8080_8080 == 0 {
                    let x = word ^ 0x2020_2020_2020_2020
                    var spaces = ~(((x & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | x) & 0x8080_8080_8080_8080
                    while spaces != 0 {
                        guard wordEnds(at: index + spaces.trailingZeroBitCount >> 3) else { break scan }
                        spaces &= spaces - 1
                    }
                    index += 8
                    if index - start - continuation > room { break }
                    continue
                }
            }
            let byte = bytes[index]
            if byte == 0x20 {
                guard wordEnds(at: index) else { break }
            } else if byte >= 0x80 {
                // Lead bytes 0xC2–0xCB start U+0080–U+02FF, one cell each; others need measuring.
                if byte & 0xC0 == 0x80 {
                    continuation += 1
                } else if byte > 0xCB {
                    break
                }
            }
            index += 1
            if index - start - continuation > room { break }
        }
        guard let placed else { return nil }
        if spaceWidth == 1, let space = pendingSpace {
            line.appendSpace(style: space.style, hyperlink: space.hyperlink)
        }
        line.append(
            UnsafeBufferPointer(rebasing: bytes[start..<placed.end]), style: style, hyperlink: hyperlink,
            width: placed.cells)
        pendingSpace = nil
        return placed.end + 1
    }

    /// Places a complete one-style word that fits a line; `false` when it must be broken instead.
    private mutating func placeWord(
        _ bytes: UnsafeBufferPointer<UInt8>, width wordWidth: Int, style: TextStyle, hyperlink: String?
    ) -> Bool {
        guard wordWidth <= width else { return false }
        longestWord = max(longestWord, wordWidth)
        let spaceWidth = pendingSpace != nil && line.width > 0 ? 1 : 0
        if line.width + spaceWidth + wordWidth <= width {
            if spaceWidth == 1, let space = pendingSpace {
                line.appendSpace(style: space.style, hyperlink: space.hyperlink)
            }
        } else {
            newLine()
        }
        line.append(bytes, style: style, hyperlink: hyperlink, width: wordWidth)
        pendingSpace = nil
        return true
    }

    private mutating func addWord(
        _ text: String, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, simple: Bool, width: Int,
        style: TextStyle, hyperlink: String?
    ) {
        if simple {
            appendFragment(Fragment(text: text, range: range, style: style, hyperlink: hyperlink, width: width))
        } else if Self.scalarsStandAlone(bytes, range) {
            addScalars(text, bytes, range, style: style, hyperlink: hyperlink)
        } else {
            // The word as a string of its own, whose characters start at its start: a substring
            // cut at byte offsets had each step's index checked and rounded to a character by
            // walking back (two fifths of the time of a page of Tamil).
            addClusters(
                String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self), style: style,
                hyperlink: hyperlink)
        }
    }

    /// Whether every scalar of the word is a cluster of its own (no combining mark, joiner or
    /// selector), so that the word can be walked by scalars.
    private static func scalarsStandAlone(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        while index < range.upperBound {
            // Lead bytes below 0xCC start scalars below U+0300, which never join.
            if bytes[index] < 0xCC {
                index += 1
                continue
            }
            let (scalar, length) = UTF8Scalar.decode(bytes, at: index)
            if CellWidth.mayJoin(scalar) { return false }
            index += length
        }
        return true
    }

    /// Adds a word whose scalars are clusters of their own: runs of narrow scalars go on as one
    /// fragment each, and a line may break before and after each wide (CJK) character.
    private mutating func addScalars(
        _ text: String, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, style: TextStyle, hyperlink: String?
    ) {
        var runStart = range.lowerBound
        var runWidth = 0
        var index = range.lowerBound
        while index < range.upperBound {
            let (scalar, length) = UTF8Scalar.decode(bytes, at: index)
            let cells = CellWidth.of(scalar)
            if cells == 2 {
                if index > runStart {
                    appendFragment(
                        Fragment(
                            text: text, range: runStart..<index, style: style, hyperlink: hyperlink, width: runWidth))
                }
                flushWord()
                appendFragment(
                    Fragment(text: text, range: index..<index + length, style: style, hyperlink: hyperlink, width: 2))
                flushWord()
                runStart = index + length
                runWidth = 0
            } else {
                runWidth += cells
            }
            index += length
        }
        if range.upperBound > runStart {
            appendFragment(
                Fragment(
                    text: text, range: runStart..<range.upperBound, style: style, hyperlink: hyperlink, width: runWidth)
            )
        }
    }

    /// Adds a word walked by grapheme clusters; a line may break before and after each wide (CJK)
    /// character.
    private mutating func addClusters(_ text: String, style: TextStyle, hyperlink: String?) {
        // Runs are byte ranges of the word, as in `addScalars`: not strings built a character at a time.
        var runStart = 0
        var runWidth = 0
        var offset = 0
        for character in text {
            let length = character.utf8.count
            let cells = CellWidth.of(character)
            if cells == 2 {
                if offset > runStart {
                    appendFragment(
                        Fragment(
                            text: text, range: runStart..<offset, style: style, hyperlink: hyperlink, width: runWidth))
                }
                runWidth = 0
                flushWord()
                appendFragment(
                    Fragment(
                        text: text, range: offset..<(offset + length), style: style, hyperlink: hyperlink, width: 2))
                flushWord()
                runStart = offset + length
            } else {
                runWidth += cells
            }
            offset += length
        }
        if offset > runStart {
            appendFragment(
                Fragment(text: text, range: runStart..<offset, style: style, hyperlink: hyperlink, width: runWidth))
        }
    }

    private mutating func appendFragment(_ fragment: Fragment) {
        wordWidth += fragment.width
        if measuring {
            measuredWordHasText = true
            return
        }
        word.append(fragment)
    }

    private mutating func space(style: TextStyle, hyperlink: String?) {
        flushWord()
        if line.width > 0 || finishedLines > 0 || measuredLine > 0 { pendingSpace = (style, hyperlink) }
    }

    /// Ends the current line here (a hard line break).
    mutating func breakLine() {
        flushWord()
        measuredLine = 0
        newLine()
        pendingSpace = nil
    }

    /// Places the gathered word on the current line, on a new line, or across lines.
    private mutating func flushWord() {
        guard !word.isEmpty || measuredWordHasText else { return }
        longestWord = max(longestWord, wordWidth)
        if measuring {
            measuredWordHasText = false
            measuredLine += (pendingSpace != nil && measuredLine > 0 ? 1 : 0) + wordWidth
            widestLine = max(widestLine, measuredLine)
            word.removeAll(keepingCapacity: true)
            wordWidth = 0
            pendingSpace = nil
            return
        }
        let spaceWidth = pendingSpace != nil && line.width > 0 ? 1 : 0
        if line.width + spaceWidth + wordWidth <= width {
            if spaceWidth == 1, let space = pendingSpace {
                line.appendSpace(style: space.style, hyperlink: space.hyperlink)
            }
            for fragment in word { line.append(fragment) }
        } else if wordWidth <= width {
            newLine()
            for fragment in word { line.append(fragment) }
        } else {
            // Longer than a line: start it here if a fair part fits, then break it anywhere.
            if line.width > 0 {
                if width - line.width - spaceWidth >= min(8, width / 2), let space = pendingSpace {
                    line.appendSpace(style: space.style, hyperlink: space.hyperlink)
                } else {
                    newLine()
                }
            }
            for fragment in word {
                if breakASCII(fragment) { continue }
                var chunk = ""
                var chunkWidth = 0
                for character in fragment.characters {
                    let cells = CellWidth.of(character)
                    if line.width + chunkWidth + cells > width, line.width + chunkWidth > 0 {
                        line.append(
                            Fragment(chunk, style: fragment.style, hyperlink: fragment.hyperlink, width: chunkWidth))
                        newLine()
                        chunk = ""
                        chunkWidth = 0
                    }
                    chunk.append(character)
                    chunkWidth += cells
                }
                line.append(Fragment(chunk, style: fragment.style, hyperlink: fragment.hyperlink, width: chunkWidth))
            }
        }
        word.removeAll(keepingCapacity: true)
        wordWidth = 0
        pendingSpace = nil
    }

    /// Breaks a fragment of printable ASCII (a long URL, an identifier) across lines by its bytes,
    /// one cell each, as the breaking by characters would; `false`, doing nothing, for other text.
    private mutating func breakASCII(_ fragment: Fragment) -> Bool {
        var text = fragment.text
        let printable = text.withUTF8 { bytes in
            UnsafeBufferPointer(rebasing: bytes[fragment.range]).allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        }
        guard printable else { return false }
        var start = fragment.range.lowerBound
        while start < fragment.range.upperBound {
            if line.width >= width { newLine() }
            let end = min(start + width - line.width, fragment.range.upperBound)
            line.append(
                Fragment(
                    text: fragment.text, range: start..<end, style: fragment.style, hyperlink: fragment.hyperlink,
                    width: end - start))
            start = end
        }
        return true
    }

    private mutating func newLine(last: Bool = false) {
        if writer != nil {
            line.write(into: &writer!)
        } else {
            // The last line takes the builder's storage, which is not needed any more.
            lines.append(last ? line.takeStorage() : line.take())
        }
        finishedLines += 1
    }

    /// Finishes the last line and returns every line.
    mutating func finish() -> [StyledLine] {
        flushWord()
        if line.width > 0 || finishedLines == 0 { newLine(last: true) }
        return lines
    }
}

/// A piece of a word: a range of bytes of a string, in one style, with its width.
struct Fragment {
    var text: String
    var range: Range<Int>
    var style: TextStyle
    var hyperlink: String?
    var width: Int

    init(text: String, range: Range<Int>, style: TextStyle, hyperlink: String?, width: Int) {
        self.text = text
        self.range = range
        self.style = style
        self.hyperlink = hyperlink
        self.width = width
    }

    /// A fragment of all of `text`.
    init(_ text: String, style: TextStyle, hyperlink: String?, width: Int) {
        self.init(text: text, range: 0..<text.utf8.count, style: style, hyperlink: hyperlink, width: width)
    }

    /// The fragment's characters, for breaking it inside.
    var characters: Substring {
        let utf8 = text.utf8
        return text[
            utf8.index(
                utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)]
    }
}

/// The line a ``TextWrapper`` is filling; its storage is kept from line to line.
struct LineBuilder {
    private var line = StyledLine()
    /// The cells taken so far.
    var width: Int { line.width }

    /// Appends a fragment.
    mutating func append(_ fragment: Fragment) {
        guard !fragment.range.isEmpty else { return }
        var text = fragment.text
        text.withUTF8 { bytes in
            line.append(
                utf8: UnsafeBufferPointer(rebasing: bytes[fragment.range]), style: fragment.style,
                hyperlink: fragment.hyperlink, width: fragment.width)
        }
    }

    /// Appends UTF-8 bytes whose width is known.
    mutating func append(_ text: UnsafeBufferPointer<UInt8>, style: TextStyle, hyperlink: String?, width: Int) {
        line.append(utf8: text, style: style, hyperlink: hyperlink, width: width)
    }

    /// Appends one space.
    mutating func appendSpace(style: TextStyle, hyperlink: String?) {
        line.appendSpace(style: style, hyperlink: hyperlink)
    }

    /// Makes room for `bytes` bytes of text in `runs` runs.
    mutating func reserveCapacity(bytes: Int, runs: Int) {
        line.reserveCapacity(bytes: bytes, runs: runs)
    }

    /// Appends `count` unstyled spaces.
    mutating func pad(_ count: Int) {
        line.pad(count)
    }

    /// Appends text whose width is known.
    mutating func append(_ text: String, style: TextStyle, width: Int) {
        line.append(text, style: style, width: width)
    }

    /// Appends a finished line.
    mutating func append(_ other: StyledLine) {
        line.append(other)
    }

    /// The finished line in the builder's own storage; the builder starts over with none.
    mutating func takeStorage() -> StyledLine {
        defer { line = StyledLine() }
        return line
    }

    /// Writes the finished line out; the builder starts over, keeping its storage.
    mutating func write(into writer: inout LineWriter) {
        writer.write(line)
        line.removeAll()
    }

    /// The finished line, in storage of its own size; the builder starts over, keeping its storage.
    mutating func take() -> StyledLine {
        // With room for the prefix of a container or two, put in front in place.
        let taken = line.copy(reserving: 16, runs: 2)
        line.removeAll()
        return taken
    }
}
