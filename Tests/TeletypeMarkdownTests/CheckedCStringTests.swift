import Testing

@testable import TeletypeMarkdown

/// A node's text is copied from cmark-gfm's C string after one check of its UTF-8: the string is
/// the one `String(cString:)` makes, for well-formed text of every script and for bytes that are
/// not UTF-8 (repaired the same way).
@Suite struct CheckedCStringTests {
    @Test func theStringIsTheOneStringCStringMakes() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [
            Array("plain words ".utf8), Array("café ".utf8), Array("日本語".utf8), Array("😀".utf8), [0xC3], [0xE2, 0x82],
            [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF], [0xFF], [0x80], Array("\u{0301}".utf8),
        ]
        for _ in 0..<2000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0..<12, using: &generator) {
                bytes += pieces[Int.random(in: 0..<pieces.count, using: &generator)]
            }
            bytes.append(0)
            bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) { pointer in
                    let made = String(checkedCString: pointer)
                    let expected = String(cString: pointer)
                    #expect(made == expected && Array(made.utf8) == Array(expected.utf8), "\(bytes)")
                }
            }
        }
    }
}
