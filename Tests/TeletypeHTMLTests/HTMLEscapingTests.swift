import TeletypeLayout
import TeletypeTestSupport
import Testing

@testable import TeletypeHTML

/// Text and URLs written into a page, many bytes at a time where nothing needs escaping, come out
/// as a byte-by-byte escaping writes them: on random text of every kind of byte a page meets
/// (markup characters, controls, DEL, C1 controls, characters past ASCII), at every length.
@Suite struct HTMLEscapingTests {
    /// The escaping one byte at a time: what the page must hold.
    static func escaped(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            switch scalar {
            case "&": out += Array("&amp;".utf8)
            case "<": out += Array("&lt;".utf8)
            case ">": out += Array("&gt;".utf8)
            case "\"": out += Array("&quot;".utf8)
            case "\t", "\n", "\r": out.append(UInt8(scalar.value))
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}":
                out += Array((TerminalSafeText.picture(for: scalar) ?? "\u{FFFD}").utf8)
            default: out += Array(String(scalar).utf8)
            }
        }
        return out
    }

    static func randomText(_ random: inout SeededGenerator, length: Int) -> String {
        let pieces: [String] = [
            "a", "Z", "0", " ", "&", "<", ">", "\"", "'", "\t", "\n", "\r", "\u{0}", "\u{1B}", "\u{7F}", "\u{85}",
            "\u{9F}", "é", "日", "😀", "\u{A0}", "=", "%", "/", "#",
        ]
        var text = ""
        for _ in 0..<length {
            // Mostly plain runs, so that whole words of eight bytes are skipped too.
            text +=
                Int.random(in: 0..<3, using: &random) == 0
                ? pieces.randomElement(using: &random)!
                : String(repeating: "plain", count: Int.random(in: 0...3, using: &random))
        }
        return text
    }

    @Test(arguments: [1, 2, 3])
    func textIsEscapedAsByteByByte(_ seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for length in 0..<400 {
            let text = Self.randomText(&random, length: length % 40)
            var buffer = HTMLBuffer(capacity: 0)
            buffer.text(text)
            #expect(buffer.bytes == Self.escaped(text), "\(text.debugDescription)")
        }
    }

    /// A buffer whose bytes were handed over writes on from empty, its room growing again.
    @Test func aBufferTakenFromWritesOnFromEmpty() {
        var buffer = HTMLBuffer(capacity: 0)
        buffer.raw("<p>")
        #expect(buffer.take() == Array("<p>".utf8))
        for _ in 0..<1000 { buffer.raw("ab") }
        buffer.raw(UInt8(ascii: "!"))
        #expect(buffer.bytes == Array((String(repeating: "ab", count: 1000) + "!").utf8))
    }

    @Test(arguments: [1, 2, 3])
    func aURLIsEncodedAsByteByByte(_ seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let safe = Set("-_.+!*(),%#@?=;:/$~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        for length in 0..<400 {
            let url = Self.randomText(&random, length: length % 30)
            var buffer = HTMLBuffer(capacity: 0)
            buffer.href(url)
            var expected: [UInt8] = []
            for byte in url.utf8 {
                if safe.contains(byte) {
                    expected.append(byte)
                } else if byte == UInt8(ascii: "&") {
                    expected += Array("&amp;".utf8)
                } else if byte == UInt8(ascii: "'") {
                    expected += Array("&#x27;".utf8)
                } else {
                    expected += Array(String(format: "%%%02X", byte).utf8)
                }
            }
            #expect(buffer.bytes == expected, "\(url.debugDescription)")
        }
    }

    /// A command's output with no escape and no carriage return is written whole, as its text
    /// escaped (its lines and line feeds as they are); with them, line by line with their styles.
    @Test(arguments: [1, 2, 3])
    func commandOutputWithoutEscapesIsItsTextEscaped(_ seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for length in 0..<300 {
            let text = Self.randomText(&random, length: length % 40)
            var buffer = HTMLBuffer(capacity: 0)
            ConversationHTMLRenderer.commandOutput(text, into: &buffer)
            if text.utf8.contains(where: { $0 == 0x1B || $0 == 0x0D }) {
                // Styled or overwritten: no escape byte reaches the page.
                #expect(!buffer.bytes.contains(0x1B), "\(text.debugDescription)")
            } else {
                #expect(buffer.bytes == Self.escaped(text), "\(text.debugDescription)")
            }
        }
        var styled = HTMLBuffer(capacity: 0)
        ConversationHTMLRenderer.commandOutput("ok\n\u{1B}[1mbold\u{1B}[0m & <done>", into: &styled)
        #expect(
            String(decoding: styled.bytes, as: UTF8.self) == "ok\n<span class=\"sgr-b\">bold</span> &amp; &lt;done&gt;")
    }
}
