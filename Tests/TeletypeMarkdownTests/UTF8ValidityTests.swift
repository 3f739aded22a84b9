import TeletypeTestSupport
import Testing

@testable import TeletypeMarkdown

/// Text is taken as well-formed UTF-8 exactly when the standard library takes it so: then cmark-gfm
/// is spared its own check.
@Suite struct UTF8ValidityTests {
    static func agrees(_ bytes: [UInt8]) -> Bool {
        let ours = bytes.withUnsafeBytes { UTF8Validity.isValid($0) }
        return ours == (String(validating: bytes, as: UTF8.self) != nil)
    }

    @Test(
        arguments: [
            [0x41], [0xC2, 0xA9], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0xA0, 0x80],
            [0xED, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF],
            [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
            [0xE2, 0x82], [0xE2, 0x28, 0xA1], [0x80], [0xFF],
            [0x61, 0x62, 0x63, 0x64, 0x65, 0x66, 0x67, 0xE2, 0x82, 0xAC],
        ] as [[UInt8]])
    func edgeCases(_ bytes: [UInt8]) {
        #expect(Self.agrees(bytes))
        // After an ASCII run of every length, so that each lands past the eight-byte steps.
        for prefix in 1...9 { #expect(Self.agrees(Array(repeating: 0x61, count: prefix) + bytes)) }
    }

    /// Every corpus document, and each with one byte changed at seeded places.
    @Test(arguments: Corpus.markdownNames)
    func corpusDocuments(_ name: String) {
        var bytes = Corpus.markdown(named: name).bytes
        #expect(Self.agrees(bytes))
        var random = SeededGenerator(seed: UInt64(bytes.count))
        for _ in 0..<50 where !bytes.isEmpty {
            let index = Int(random.next() % UInt64(bytes.count))
            let old = bytes[index]
            bytes[index] = UInt8(truncatingIfNeeded: random.next())
            #expect(Self.agrees(bytes), "\(name): byte \(index) set to \(bytes[index])")
            bytes[index] = old
        }
    }
}
