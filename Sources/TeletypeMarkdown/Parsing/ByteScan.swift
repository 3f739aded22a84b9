#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finding bytes in source text with the C library's vectorised scan: the pre-passes over a whole
/// document (lines, math markers, labels) look at most bytes only to pass them by.
package enum ByteScan {
    /// The offset of the first `byte` in `bytes` at or after `start`, or nil.
    @inline(__always)
    package static func firstIndex(of byte: UInt8, in bytes: UnsafeRawBufferPointer, from start: Int = 0) -> Int? {
        guard start < bytes.count, let base = bytes.baseAddress,
            let found = memchr(base + start, Int32(byte), bytes.count - start)
        else { return nil }
        return base.distance(to: UnsafeRawPointer(found))
    }

    /// Whether `bytes` holds `byte`.
    package static func contains(_ byte: UInt8, in bytes: UnsafeRawBufferPointer) -> Bool {
        firstIndex(of: byte, in: bytes) != nil
    }

    /// Whether `bytes` holds `first` followed at once by `second`.
    package static func containsPair(_ first: UInt8, _ second: UInt8, in bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        while let found = firstIndex(of: first, in: bytes, from: index) {
            if found + 1 < bytes.count && bytes[found + 1] == second { return true }
            index = found + 1
        }
        return false
    }

    /// How many times `byte` occurs in `bytes`.
    package static func count(_ byte: UInt8, in bytes: UnsafeRawBufferPointer) -> Int {
        var count = 0
        var index = 0
        while let found = firstIndex(of: byte, in: bytes, from: index) {
            count += 1
            index = found + 1
        }
        return count
    }

    /// How many lines `bytes` ends, as cmark-gfm counts them: at a line feed, a carriage return and
    /// line feed, or a carriage return alone.
    package static func lineEndings(in bytes: UnsafeRawBufferPointer) -> Int {
        let feeds = count(0x0A, in: bytes)
        var alone = 0
        var index = 0
        while let found = firstIndex(of: 0x0D, in: bytes, from: index) {
            if found + 1 == bytes.count || bytes[found + 1] != 0x0A { alone += 1 }
            index = found + 1
        }
        return feeds + alone
    }

    /// Whether some line of `bytes` (between line feeds) is at least `length` bytes long.
    package static func hasLine(atLeast length: Int, in bytes: UnsafeRawBufferPointer) -> Bool {
        // Such a line holds a whole aligned window of half its length: when every window holds a
        // line feed, found by one search each, there is none (the usual answer, known at once).
        let window = length / 2
        if window > 0 {
            var windowStart = 0
            var everyWindowBreaks = true
            while windowStart + window <= bytes.count {
                let slice = UnsafeRawBufferPointer(rebasing: bytes[windowStart..<windowStart + window])
                guard firstIndex(of: 0x0A, in: slice) != nil else {
                    everyWindowBreaks = false
                    break
                }
                windowStart += window
            }
            if everyWindowBreaks { return false }
        }
        var start = 0
        while let found = firstIndex(of: 0x0A, in: bytes, from: start) {
            if found - start >= length { return true }
            start = found + 1
        }
        return bytes.count - start >= length
    }
}
