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

    /// Runs of the rules tables and frames are drawn with, 256 glyphs long: a shorter run is
    /// copied from one as it is, where one written glyph by glyph is checked as UTF-8 again (a
    /// run of box-drawing characters is not ASCII), a measurable share of a table's lines.
    /// Each is made by doubling (eight appends of a string to itself, none checked again), made at
    /// every start: `String(repeating:count:)` appended glyph by glyph, 330K instructions for the
    /// four, a twentieth of drawing a small document.
    private static let madeRules: [(glyph: String, run: String)] = ["─", "-", "━", "═"].map { glyph in
        var run = glyph
        for _ in 0..<8 { run += run }
        return (glyph, run)
    }

    /// `glyph` written `count` times (nothing for a count below one).
    package static func of(_ glyph: String, count: Int) -> String {
        guard count > 0 else { return "" }
        if glyph == " " { return spaces(count) }
        if count <= 256, let made = madeRules.first(where: { $0.glyph == glyph }) {
            let utf8 = made.run.utf8
            let end = utf8.index(utf8.startIndex, offsetBy: count * glyph.utf8.count)
            return String(made.run[..<end])
        }
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
