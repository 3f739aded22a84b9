import TeletypeTestSupport
import Testing

@testable import TeletypeMarkdown

/// Finding a long line by windows gives what reading every line gives.
@Suite struct ByteScanTests {
    static func hasLineReadingEveryLine(_ length: Int, _ bytes: [UInt8]) -> Bool {
        var current = 0
        for byte in bytes {
            if byte == 0x0A {
                if current >= length { return true }
                current = 0
            } else {
                current += 1
            }
        }
        return current >= length
    }

    @Test(arguments: [1, 2, 3, 7, 16, 33])
    func longLinesAreFoundAsLineByLine(_ length: Int) {
        var random = SeededGenerator(seed: UInt64(length))
        for _ in 0..<2000 {
            // Lines around the length, at every alignment.
            var bytes: [UInt8] = []
            let lines = Int(random.next() % 6)
            for _ in 0..<lines {
                let size = Int(random.next() % UInt64(2 * length + 2))
                bytes += Array(repeating: 0x61, count: size) + [0x0A]
            }
            bytes += Array(repeating: 0x62, count: Int(random.next() % UInt64(2 * length + 2)))
            let found = bytes.withUnsafeBytes { ByteScan.hasLine(atLeast: length, in: $0) }
            #expect(found == Self.hasLineReadingEveryLine(length, bytes), "\(bytes)")
        }
    }
}
