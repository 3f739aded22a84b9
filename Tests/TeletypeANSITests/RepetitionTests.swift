import Testing

@testable import TeletypeLayout

/// Runs of a glyph, copied from a made run or written glyph by glyph, are the glyph that many times.
@Suite struct RepetitionTests {
    @Test(arguments: ["─", "-", "━", "═", "#", " ", "╌", "ab", "👩‍💻"])
    func aRunIsTheGlyphThatManyTimes(_ glyph: String) {
        for count in [-1, 0, 1, 2, 7, 100, 255, 256, 257, 600] {
            let run = Repetition.of(glyph, count: count)
            #expect(run == String(repeating: glyph, count: max(count, 0)), "\(glyph) × \(count)")
            #expect(run.utf8.count == glyph.utf8.count * max(count, 0))
        }
    }
}
