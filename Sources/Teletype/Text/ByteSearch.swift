#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finding a piece of text in another by its UTF-8 bytes.
///
/// The standard library's `firstRange(of:)`, `ranges(of:)` and `contains(_:)` on strings compare
/// characters, one grapheme at a time: on a session's long tool outputs that costs a quarter of
/// reading it. The readers look for markers (`</user_query>`, `Output: `, a code fence), where a
/// byte comparison finds the same places.
extension StringProtocol {
    /// The first place `needle` stands, by bytes; `nil` when it does not (or is empty).
    package func byteRange(of needle: String) -> Range<String.Index>? {
        search(needle, last: false)
    }

    /// The last place `needle` stands, by bytes; `nil` when it does not (or is empty).
    package func lastByteRange(of needle: String) -> Range<String.Index>? {
        search(needle, last: true)
    }

    /// Whether `needle` stands in the text, by bytes (an empty needle always does).
    package func containsBytes(_ needle: String) -> Bool {
        needle.isEmpty || search(needle, last: false) != nil
    }

    private func search(_ needle: String, last: Bool) -> Range<String.Index>? {
        var needle = needle
        let found: Range<Int>?? = utf8.withContiguousStorageIfAvailable { haystack in
            needle.withUTF8 { pattern in
                ByteSearch.find(UnsafeRawBufferPointer(pattern), in: UnsafeRawBufferPointer(haystack), last: last)
            }
        }
        guard let found else {
            // Text not stored as UTF-8 (bridged): search a native copy.
            let copy = String(self)
            guard let range = copy.search(needle, last: last) else { return nil }
            let start = copy.utf8.distance(from: copy.startIndex, to: range.lowerBound)
            let lower = utf8.index(startIndex, offsetBy: start)
            return lower..<utf8.index(lower, offsetBy: needle.utf8.count)
        }
        guard let offsets = found else { return nil }
        let lower = utf8.index(startIndex, offsetBy: offsets.lowerBound)
        return lower..<utf8.index(lower, offsetBy: offsets.count)
    }
}

/// Byte search over raw buffers: `memchr` to the needle's first byte, then a comparison.
package enum ByteSearch {
    /// The offsets of the first (or last) place `pattern` stands in `haystack`.
    package static func find(_ pattern: UnsafeRawBufferPointer, in haystack: UnsafeRawBufferPointer, last: Bool)
        -> Range<Int>?
    {
        let count = pattern.count
        guard count > 0, count <= haystack.count, let base = haystack.baseAddress, let needle = pattern.baseAddress
        else { return nil }
        let first = Int32(pattern[0])
        if last {
            var at = haystack.count - count
            while at >= 0 {
                if haystack[at] == pattern[0], memcmp(base + at, needle, count) == 0 { return at..<(at + count) }
                at -= 1
            }
            return nil
        }
        var at = 0
        let end = haystack.count - count
        while at <= end {
            guard let hit = memchr(base + at, first, end - at + 1) else { return nil }
            let offset = base.distance(to: UnsafeRawPointer(hit))
            if memcmp(base + offset, needle, count) == 0 { return offset..<(offset + count) }
            at = offset + 1
        }
        return nil
    }
}
