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
        end(bytes, from: start, stoppingPastASCII: false)
    }

    /// Where the first byte at or after `start` is a quote, a backslash, a control character or
    /// not ASCII (the start of a character that must be checked as UTF-8); `bytes.count` when none is.
    @inline(__always)
    package static func asciiEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        end(bytes, from: start, stoppingPastASCII: true)
    }

    /// ``plainEnd(_:from:)``, and past ASCII too when `stoppingPastASCII` (a constant where it is
    /// called: each caller gets a loop of its own).
    @inline(__always)
    private static func end(_ bytes: UnsafeRawBufferPointer, from start: Int, stoppingPastASCII: Bool) -> Int {
        var position = start
        let count = bytes.count
        while position + 8 <= count {
            // Byte 0 in the lowest bits, on any platform.
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
            let found = special(word) | (stoppingPastASCII ? word & highs : 0)
            // The lowest flag is the first such byte (only bytes after it can be flagged falsely).
            if found != 0 { return position + found.trailingZeroBitCount / 8 }
            position += 8
        }
        while position < count {
            let byte = bytes[position]
            if byte == 0x22 || byte == 0x5C || byte < 0x20 || (stoppingPastASCII && byte >= 0x80) { return position }
            position += 1
        }
        return count
    }

    /// The high bit of each byte of `word` that is `"`, `\` or below 0x20, by the classic zero-byte
    /// tests; a byte after a flagged one may be flagged falsely (a borrow), never one before it.
    @inline(__always)
    private static func special(_ word: UInt64) -> UInt64 {
        let quote = word ^ (0x22 &* ones)
        let backslash = word ^ (0x5C &* ones)
        let found =
            ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- 0x20 &* ones) & ~word)
        return found & highs
    }
}
