/// How many terminal cells text takes: East Asian Wide and Fullwidth characters and emoji shown
/// as emoji take 2, combining marks and zero-width characters 0, everything else 1. Measured by
/// grapheme cluster, as terminals that cluster graphemes draw them (Python `wcwidth`'s `wcswidth`
/// measures the same way): an emoji presentation sequence (`©️`, `#️⃣`), a ZWJ sequence or an
/// emoji with a skin tone is one cluster of 2 cells, and an Indic cluster with a spacing mark
/// (`हि`) or a conjunct (`क्ष`) takes 2.
public enum CellWidth {
    /// How a terminal puts characters in cells.
    public enum Clustering: String, Sendable, CaseIterable {
        /// A grapheme cluster takes the cells of its first character, made wider by an emoji
        /// presentation selector, a spacing mark or a conjunct: terminals that cluster graphemes
        /// (DEC mode 2027, and most terminals made since 2023).
        case graphemes
        /// Every code point takes its own cells, as `wcwidth(3)` counts them: older terminals.
        case codePoints
    }

    /// How text is measured in this process. Set it once, before anything is measured (the command
    /// line does, from `--graphemes`, `TELETYPE_GRAPHEMES` or the terminal's answer); the default,
    /// ``Clustering/graphemes``, is how modern terminals draw. Read without the run-time check of
    /// exclusive access (set once, read for every scalar measured: the check cost 3.7% of an Arabic
    /// page's drawing).
    @exclusivity(unchecked) nonisolated(unsafe) public static var clustering: Clustering = .graphemes

    /// The cells one grapheme cluster takes.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        // One pass of an iterator: counting the scalars and dropping the first cost an index's
        // check and a walk each.
        var rest = scalars.makeIterator()
        guard let first = rest.next() else { return 0 }
        let second = rest.next()
        if first.value < 0x7F, second == nil { return first.value >= 0x20 ? 1 : 0 }
        let base = of(first)
        guard second != nil else { return base }
        if clustering == .codePoints { return scalars.reduce(0) { $0 + of($1) } }
        if base == 0 { return scalars.reduce(0) { max($0, of($1)) } }
        if base == 2 { return 2 }
        var afterVirama = false
        var next = second
        while let scalar = next {
            next = rest.next()
            let value = scalar.value
            // The emoji variation selector asks for emoji presentation: two cells.
            if value == 0xFE0F { return 2 }
            if value < 0x300 { continue }
            let properties = scalar.properties
            // A spacing mark takes a cell of its own, and so does a consonant joined by a virama.
            if properties.generalCategory == .spacingMark { return 2 }
            if afterVirama && of(scalar) > 0 { return 2 }
            afterVirama = properties.canonicalCombiningClass == .virama
        }
        return base
    }

    /// The cells a single scalar takes when it starts a grapheme cluster.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        if value < 0xA0 { return 0 }
        if value < 0x300 { return 1 }
        if value < ScriptCellTable.end { return Int(ScriptCellTable.entry(value) & ScriptCellTable.widthMask) }
        return lookedUpWidth(scalar)
    }

    /// ``of(_:)-(Unicode.Scalar)`` from the scalar's properties, for scalars at or above U+0300.
    static func lookedUpWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        // The common ranges first, without looking up properties: CJK ideographs, kana and Hangul
        // syllables take 2; Cyrillic letters, dashes and quotes, box drawing take 1.
        if (0x4E00...0x9FFF).contains(value) || (0xAC00...0xD7A3).contains(value) || (0x3040...0x30FF).contains(value) {
            return 2
        }
        if (0x0400...0x0482).contains(value) || (0x2010...0x2027).contains(value) || (0x2500...0x259F).contains(value) {
            return 1
        }
        if isWide(value) { return 2 }
        if scalar.properties.isEmojiPresentation { return 2 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(value) { return 0 }  // Hangul medial vowels and final consonants
        return 1
    }

    /// The cells `text` takes.
    public static func of<S: StringProtocol>(_ text: S) -> Int {
        var ascii = true
        var count = 0
        for byte in text.utf8 {
            if byte >= 0x80 {
                ascii = false
                break
            }
            if byte >= 0x20 && byte != 0x7F { count += 1 }
        }
        if ascii { return count }
        // When no scalar joins its neighbours into a wider cluster, the cluster widths are the sums of
        // their scalars' (a combining mark adds nothing): no grapheme breaking is needed.
        var width = 0
        let clusters = clustering == .graphemes
        for scalar in text.unicodeScalars {
            if clusters && joinsCluster(scalar.value) {
                width = 0
                for character in text { width += of(character) }
                return width
            }
            width += scalar.value < 0x300 && scalar.value >= 0x20 && scalar.value != 0x7F ? 1 : of(scalar)
        }
        return width
    }

    /// Whether a scalar may belong to the cluster before it: a zero-width scalar (combining marks,
    /// joiners, selectors, Hangul vowels and finals) or one of ``joinsCluster(_:)``.
    static func mayJoin(_ scalar: Unicode.Scalar) -> Bool {
        (clustering == .graphemes && joinsCluster(scalar.value)) || of(scalar) == 0
    }

    /// Scalars that make a cluster wider or narrower than the sum of its parts: the zero-width
    /// joiner, the emoji variation selector, skin-tone modifiers, regional indicators, tags, spacing
    /// marks and viramas (whose next consonant joins their cluster).
    static func joinsCluster(_ value: UInt32) -> Bool {
        if value < 0x300 { return false }
        if value < ScriptCellTable.end { return ScriptCellTable.entry(value) & ScriptCellTable.joinsBit != 0 }
        return looksUpJoining(value)
    }

    /// ``joinsCluster(_:)`` from the scalar's properties.
    static func looksUpJoining(_ value: UInt32) -> Bool {
        if value == 0x200D || value == 0xFE0F || (0x1F3FB...0x1F3FF).contains(value)
            || (0x1F1E6...0x1F1FF).contains(value) || (0xE0020...0xE007F).contains(value)
        {
            return true
        }
        // Spacing marks and viramas belong to the scripts of South and Southeast Asia, and a few others.
        guard
            (0x0900...0x0DFF).contains(value) || (0x0F00...0x109F).contains(value)
                || (0x1700...0x1CFF).contains(value) || (0xA800...0xABFF).contains(value)
                || (0x1_1000...0x1_1FFF).contains(value) || (0x1_6F00...0x1_6FFF).contains(value)
                || (0x1_D165...0x1_D172).contains(value),
            let scalar = Unicode.Scalar(value)
        else { return false }
        let properties = scalar.properties
        return properties.generalCategory == .spacingMark || properties.canonicalCombiningClass == .virama
    }

    /// Whether `value` is East Asian Wide or Fullwidth.
    static func isWide(_ value: UInt32) -> Bool {
        if value < 0x1100 { return false }
        let ranges = EastAsianWideRanges.ranges
        var low = 0
        var high = ranges.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = ranges[middle]
            if value < range.0 {
                high = middle - 1
            } else if value > range.1 {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
