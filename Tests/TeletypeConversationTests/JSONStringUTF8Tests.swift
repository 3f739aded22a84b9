import Teletype
import TeletypeTestSupport
import Testing

/// A JSON string's characters are checked as UTF-8 while the parser walks them, and the string is
/// then copied without the standard library's own check: on random bytes of every kind (well-formed
/// characters of one to four bytes, stray continuation bytes, overlong forms, surrogates, cut
/// characters, bytes past U+10FFFF), each string is what `String(decoding:)` makes of its bytes.
@Suite struct JSONStringUTF8Tests {
    /// Pieces that a string's bytes are made of.
    static let pieces: [[UInt8]] = [
        Array("a".utf8), Array("plain words ".utf8), Array("é".utf8), Array("日本".utf8), Array("🙂".utf8),
        Array("\u{10FFFF}".utf8), Array("\u{FFFD}".utf8), Array("\u{D7FF}".utf8), Array("\u{E000}".utf8),
        [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF], [0xE0, 0xA0],
        [0xED, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80],
        [0xF8], [0xFF], [0xF0, 0x9F], [0xF0, 0x9F, 0x99], [0xE2, 0x82],
    ]

    @Test(arguments: [1, 2, 3])
    func everyStringIsWhatDecodingItsBytesMakes(_ seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<3_000 {
            let count = Int.random(in: 0..<12, using: &random)
            var body: [UInt8] = []
            for _ in 0..<count { body += Self.pieces.randomElement(using: &random)! }
            let expected = String(decoding: body, as: UTF8.self)
            let json = [UInt8(ascii: "\"")] + body + [UInt8(ascii: "\"")]
            let value = try json.withUnsafeBytes { try JSONParser.parse($0) }
            #expect(value == .string(expected), "\(body)")
            // The same with an escape after it (the string is built in a buffer).
            let escaped = [UInt8(ascii: "\"")] + body + Array("\\n".utf8) + [UInt8(ascii: "\"")]
            let built = try escaped.withUnsafeBytes { try JSONParser.parse($0) }
            #expect(built == .string(expected + "\n"), "\(body)")
        }
    }

    @Test func aCharacterIsWellFormedExactlyWhenDecodingKeepsIt() {
        // Every lead byte with continuation bytes around each boundary of table 3-7.
        let seconds: [UInt8] = [0x00, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xFF]
        for lead in UInt8(0x80)...UInt8(0xFF) {
            for second in seconds {
                for rest: [UInt8] in [[], [0x80], [0x80, 0x80], [0xBF, 0xBF], [0x41, 0x80]] {
                    let bytes = [lead, second] + rest
                    let length = bytes.withUnsafeBytes { UTF8Sequence.length($0, at: 0) }
                    // The reference: the first character decoded without a repair, and its length.
                    var decoder = UTF8()
                    var iterator = bytes.makeIterator()
                    var expected = 0
                    if case .scalarValue(let scalar) = decoder.decode(&iterator) {
                        expected = UTF8.width(scalar)
                    }
                    #expect(length == expected, "\(bytes)")
                }
            }
        }
    }

    @Test func aStringCutAtItsLimitEndsOnACharacter() throws {
        let json = Array("\"ab日本語\"".utf8)
        let value = try JSONParser.withStringsCut(to: 4) {
            try json.withUnsafeBytes { try JSONParser.parse($0) }
        }
        #expect(value == .string("ab"))
    }
}
