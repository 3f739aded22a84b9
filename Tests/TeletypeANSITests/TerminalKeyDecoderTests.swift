import TeletypeANSI
import Testing

/// Keys from the bytes terminals send, whole or split at every byte.
@Suite struct TerminalKeyDecoderTests {
    static let cases: [(bytes: String, keys: [TerminalKey])] = [
        (
            "héllo 漢",
            [
                .character("h"), .character("é"), .character("l"), .character("l"), .character("o"), .character(" "),
                .character("漢"),
            ]
        ),
        ("\r", [.enter]), ("\u{1B}\r", [.newline]), ("\u{1B}[13;2u", [.newline]), ("\u{1B}[27;2;13~", [.newline]),
        ("\u{7F}\u{08}", [.backspace, .backspace]), ("\u{1B}[3~", [.delete]), ("\t", [.tab]),
        ("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D", [.up, .down, .right, .left]),
        ("\u{1B}OA\u{1B}OH\u{1B}OF", [.up, .home, .end]),
        ("\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~", [.home, .end, .home, .end]),
        ("\u{1B}[5~\u{1B}[6~", [.pageUp, .pageDown]),
        ("\u{1B}[1;5D\u{1B}[1;3C\u{1B}b\u{1B}f", [.wordLeft, .wordRight, .wordLeft, .wordRight]),
        (
            "\u{01}\u{05}\u{0B}\u{15}\u{17}\u{03}",
            [.control("a"), .control("e"), .control("k"), .control("u"), .control("w"), .control("c")]
        ),
        ("\u{1B}x", [.alt("x")]),
        ("\u{1B}[200~line one\r\nline \u{1B}two\r\u{1B}[201~", [.paste("line one\nline two\n")]),
        ("a\u{1B}[200~\u{1B}[201~b", [.character("a"), .paste(""), .character("b")]),
        // The wheel (SGR mouse reports); a click pressed and released means nothing here.
        ("\u{1B}[<64;10;5M\u{1B}[<65;10;5M\u{1B}[<0;3;4M\u{1B}[<0;3;4mq", [.scrollUp, .scrollDown, .character("q")]),
    ]

    @Test(arguments: cases.indices)
    func decodesWholeAndSplitAtEveryByte(_ index: Int) {
        let (text, keys) = Self.cases[index]
        let bytes = Array(text.utf8)
        var whole = TerminalKeyDecoder()
        #expect(whole.feed(bytes) == keys)
        var split = TerminalKeyDecoder()
        var collected: [TerminalKey] = []
        for byte in bytes { collected += split.feed([byte]) }
        // A sequence ending in a lone ESC prefix needs a flush; none of these do.
        #expect(collected == keys, "split byte by byte")
    }

    @Test func aLoneEscapeWaitsForAFlush() {
        var decoder = TerminalKeyDecoder()
        #expect(decoder.feed([0x1B]) == [])
        #expect(decoder.isWaiting)
        #expect(decoder.flush() == [.escape])
        #expect(decoder.feed(Array("\u{1B}\u{1B}".utf8)) == [.escape])
        #expect(decoder.flush() == [.escape])
    }

    @Test func invalidBytesAndUnknownSequencesAreDropped() {
        var decoder = TerminalKeyDecoder()
        #expect(decoder.feed([0xFF, 0x41, 0x1B, 0x5B, 0x39, 0x39, 0x7A, 0x42]) == [.character("A"), .character("B")])
    }
}
