import Foundation
import TeletypeTestSupport
import Testing

@testable import TeletypeTranscripts

/// Telling binary data from text eight bytes at a time says what a byte-by-byte look says: on
/// random samples of printable runs, controls, NUL, valid and broken UTF-8 (cut at the sample's end
/// too), and on the start of every file of the corpus.
@Suite struct BinaryFileTests {
    /// The byte-by-byte look: a NUL anywhere, or over a third of odd bytes in 64 or more.
    static func reference(_ bytes: [UInt8]) -> Bool {
        let sample = Array(bytes.prefix(8192))
        guard !sample.isEmpty else { return false }
        if sample.contains(0) { return true }
        var odd = 0
        var index = 0
        while index < sample.count {
            let byte = sample[index]
            if byte < 0x20 {
                if ![0x09, 0x0A, 0x0C, 0x0D, 0x1B].contains(byte) { odd += 1 }
                index += 1
            } else if byte < 0x80 {
                index += 1
            } else {
                let length = byte >= 0xF0 && byte < 0xF5 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 && byte < 0xE0 ? 2 : 0
                if length == 0 {
                    odd += 1
                    index += 1
                } else if index + length > sample.count {
                    break
                } else if (1..<length).allSatisfy({ sample[index + $0] & 0xC0 == 0x80 }) {
                    index += length
                } else {
                    odd += 1
                    index += 1
                }
            }
        }
        return sample.count >= 64 && odd * 3 > sample.count
    }

    @Test func eachWordIsPrintableASCIIExactly() {
        var random = SeededGenerator(seed: 11)
        for _ in 0..<20_000 {
            var bytes = (0..<8).map { _ in UInt8.random(in: 0x20...0x7F, using: &random) }
            let spoiled = Bool.random(using: &random)
            if spoiled {
                bytes[Int.random(in: 0..<8, using: &random)] = [0x00, 0x0A, 0x1F, 0x80, 0xFF, 0xC3].randomElement(
                    using: &random)!
            }
            let word = bytes.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
            #expect(FileShape.isPrintableASCII(word) == !spoiled, "\(bytes)")
        }
    }

    @Test(arguments: [1, 2, 3, 4])
    func randomSamplesAreToldAsByteByByte(_ seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let pieces: [[UInt8]] = [
            [0x00], [0x0A], [0x09], [0x0D], [0x0C], [0x1B], [0x01], [0x1F], [0x7F], [0x80], [0xFF], [0xC3],
            Array("é".utf8), Array("→".utf8), Array("😀".utf8), [0xE2, 0x86], [0xF0, 0x9F], [0xC3, 0x41],
        ]
        var told = [false: 0, true: 0]
        for round in 0..<2_000 {
            var bytes: [UInt8] = []
            let length = [10, 63, 64, 200, 8_190, 8_192, 9_000].randomElement(using: &random)!
            let oddness = Int.random(in: 0..<4, using: &random)
            while bytes.count < length {
                if Int.random(in: 0..<(4 + oddness * 8), using: &random) < oddness * 3 {
                    bytes += pieces.randomElement(using: &random)!.filter { $0 != 0 || oddness == 3 }
                } else {
                    bytes += (0..<Int.random(in: 1..<40, using: &random)).map { _ in
                        UInt8.random(in: 0x20...0x7E, using: &random)
                    }
                }
            }
            let expected = Self.reference(bytes)
            told[expected, default: 0] += 1
            #expect(bytes.withUnsafeBytes { FileShape.isBinary($0) } == expected, "seed \(seed), round \(round)")
        }
        // Both answers are put to the test.
        #expect(told[true]! > 100 && told[false]! > 100, "\(told)")
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func everyCorpusFileIsToldAsByteByByte() throws {
        let root = try #require(Corpus.root)
        var files = 0
        for case let url as URL in FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)! {
            guard let handle = FileHandle(forReadingAtPath: url.path) else { continue }
            let start = Array((try? handle.read(upToCount: 9_000)) ?? Data())
            try? handle.close()
            files += 1
            #expect(start.withUnsafeBytes { FileShape.isBinary($0) } == Self.reference(start), "\(url.path)")
        }
        #expect(files > 100)
    }
}
