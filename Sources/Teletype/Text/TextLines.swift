#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A text's lines found by their bytes, at memory speed: a tool's output or a file read by an agent
/// can be megabytes, and splitting a `String` by Characters (or through the generic
/// `split` of its UTF-8 view) costs many times more. A line ends at each line feed; a carriage
/// return before it stays on the line.
package enum TextLines {
    /// How many lines `text` has: its line feeds, and one more for a last line without one; 0 for an
    /// empty text.
    package static func count(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return 0 }
            var count = 0
            var start = 0
            while let found = memchr(base + start, 0x0A, bytes.count - start) {
                count += 1
                start = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found)) + 1
            }
            return bytes[bytes.count - 1] == 0x0A ? count : count + 1
        }
    }

    /// The lines of `text`, the first `limit` of them: an empty text is one empty line, and a text
    /// that ends with a line feed ends with an empty line (as `split(omittingEmptySubsequences: false)`).
    package static func lines(_ text: String, limit: Int = .max) -> [Substring] {
        var copy = text
        let ends: [Int] = copy.withUTF8 { bytes in
            var ends: [Int] = []
            guard let base = bytes.baseAddress else { return ends }
            var start = 0
            while ends.count < limit, start < bytes.count,
                let found = memchr(base + start, 0x0A, bytes.count - start)
            {
                let end = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                ends.append(end)
                start = end + 1
            }
            return ends
        }
        let utf8 = copy.utf8
        var lines: [Substring] = []
        lines.reserveCapacity(min(ends.count + 1, limit))
        var start = utf8.startIndex
        for end in ends {
            let stop = utf8.index(utf8.startIndex, offsetBy: end)
            lines.append(copy[start..<stop])
            start = utf8.index(after: stop)
        }
        if lines.count < limit { lines.append(copy[start...]) }
        return lines
    }
}
