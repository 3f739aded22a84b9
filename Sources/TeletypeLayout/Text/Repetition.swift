/// Runs of one glyph — padding, indentation, the rules and borders of boxes — that every laid-out
/// line is made of: short runs of spaces are made once, and other runs are written in one go
/// instead of a glyph at a time.
package enum Repetition {
    /// Runs of 0 to 127 spaces, each written in one go: made at every start, so made cheaply
    /// (`String(repeating:count:)` appends a space at a time, a measurable share of a short run).
    private static let madeSpaces: [String] = (0..<128).map { count in
        String(unsafeUninitializedCapacity: count) { buffer in
            buffer.initialize(repeating: 0x20)
            return count
        }
    }

    /// `count` spaces (none for a count below one).
    package static func spaces(_ count: Int) -> String {
        guard count > 0 else { return "" }
        return count < madeSpaces.count ? madeSpaces[count] : String(repeating: " ", count: count)
    }

    /// `glyph` written `count` times (nothing for a count below one).
    package static func of(_ glyph: String, count: Int) -> String {
        guard count > 0 else { return "" }
        if glyph == " " { return spaces(count) }
        var glyph = glyph
        return glyph.withUTF8 { bytes in
            String(unsafeUninitializedCapacity: bytes.count * count) { buffer in
                var offset = 0
                for _ in 0..<count {
                    for byte in bytes {
                        buffer[offset] = byte
                        offset += 1
                    }
                }
                return offset
            }
        }
    }
}
