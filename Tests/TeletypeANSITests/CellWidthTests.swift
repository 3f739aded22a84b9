import TeletypeANSI
import Testing

@Suite struct CellWidthTests {
    @Test(arguments: [
        ("a", 1), ("é", 1), ("e\u{301}", 1), ("中", 2), ("ｱ", 1), ("Ａ", 2), ("😀", 2), ("👍🏽", 2),
        ("👨‍👩‍👧", 2), ("🇫🇷", 2), ("❤️", 2), ("❤", 1), ("\u{200B}", 0), ("\u{301}", 0), ("한", 2), ("␛", 1),
    ])
    func graphemeWidth(_ text: String, _ expected: Int) {
        #expect(CellWidth.of(text) == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    @Test func mixedText() {
        #expect(CellWidth.of("abc 中文 😀!") == 12)
    }
}
