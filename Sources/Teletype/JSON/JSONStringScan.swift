/// The run of a JSON string's bytes that need no attention: neither its closing quote, an escape's
/// backslash, nor a control character (which JSON refuses in a string). Found eight bytes at a time:
/// a session log's strings are a tool's whole output, and most of a parse is spent walking them.
package enum JSONStringScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Where the first byte at or after `start` is a quote, a backslash or a control character;
    /// `bytes.count` when none is.
    @inline(__always)
    package static func plainEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var position = start
        let count = bytes.count
        while position + 8 <= count {
            let word = bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self)
            if hasSpecial(word) { break }
            position += 8
        }
        while position < count {
            let byte = bytes[position]
            if byte == 0x22 || byte == 0x5C || byte < 0x20 { return position }
            position += 1
        }
        return count
    }

    /// Whether any byte of `word` is `"`, `\` or below 0x20 (the classic zero-byte tests: exact as to
    /// whether there is one, not as to where).
    @inline(__always)
    package static func hasSpecial(_ word: UInt64) -> Bool {
        let quote = word ^ (0x22 &* ones)
        let backslash = word ^ (0x5C &* ones)
        let found =
            ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- 0x20 &* ones) & ~word)
        return found & highs != 0
    }
}
