import Testing

@testable import TeletypeANSI

@Suite struct CellWidthTests {
    @Test(arguments: [
        ("a", 1), ("é", 1), ("e\u{301}", 1), ("中", 2), ("ｱ", 1), ("Ａ", 2), ("😀", 2), ("👍🏽", 2),
        ("👨‍👩‍👧", 2), ("🇫🇷", 2), ("❤️", 2), ("❤", 1), ("\u{200B}", 0), ("\u{301}", 0), ("한", 2), ("␛", 1),
    ])
    func graphemeWidth(_ text: String, _ expected: Int) {
        #expect(CellWidth.of(text) == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    /// The table of alphabets and symbols answers as the properties it was made from, for every
    /// scalar in it.
    @Test func scriptTableMatchesProperties() {
        for value in UInt32(0x300)..<ScriptCellTable.end {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(CellWidth.of(scalar) == CellWidth.lookedUpWidth(scalar), "U+\(String(value, radix: 16))")
            #expect(CellWidth.joinsCluster(value) == CellWidth.looksUpJoining(value), "U+\(String(value, radix: 16))")
        }
    }

    @Test func mixedText() {
        #expect(CellWidth.of("abc 中文 😀!") == 12)
    }
}

/// Measuring a string at once (by scalars where no cluster joins) equals summing its graphemes.
@Suite struct StringWidthTests {
    @Test(arguments: [
        "café naïve", "e\u{301}\u{302}x", "中文 text 日本語", "╭──╮ │ ╰──╯", "→ ← ↪ ✓", "한국어 텍스트", "😀 👍🏽 👨‍👩‍👧 🇫🇷",
        "❤️ ❤ ☺️", "1\u{FE0F}\u{20E3}", "a\u{200B}b\u{200D}c",
        "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}",
        "ｱｲｳ ＡＢＣ", "␛[2J ␇",
    ])
    func stringEqualsSumOfGraphemes(_ text: String) {
        #expect(CellWidth.of(text) == text.reduce(0) { $0 + CellWidth.of($1) })
    }
}
