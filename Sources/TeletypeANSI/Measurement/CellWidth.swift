/// How many terminal cells text takes: East Asian Wide and Fullwidth characters and emoji shown
/// as emoji take 2, combining marks and zero-width characters 0, everything else 1. Measured by
/// grapheme cluster, as terminals draw them.
public enum CellWidth {
    /// The cells one grapheme cluster takes.
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.value < 0x7F { return first.value >= 0x20 ? 1 : 0 }
        if scalars.count > 1, scalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        return of(first)
    }

    /// The cells a single scalar takes when it starts a grapheme cluster.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x7F { return value >= 0x20 ? 1 : 0 }
        if value < 0xA0 { return 0 }
        if value < 0x300 { return value == 0xAD ? 0 : 1 }
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
        for scalar in text.unicodeScalars {
            if joinsCluster(scalar.value) {
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
        joinsCluster(scalar.value) || of(scalar) == 0
    }

    /// Scalars that make a cluster wider or narrower than the sum of its parts: the zero-width
    /// joiner, the emoji variation selector, skin-tone modifiers, regional indicators and tags.
    static func joinsCluster(_ value: UInt32) -> Bool {
        value == 0x200D || value == 0xFE0F || (0x1F3FB...0x1F3FF).contains(value) || (0x1F1E6...0x1F1FF).contains(value)
            || (0xE0020...0xE007F).contains(value)
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
