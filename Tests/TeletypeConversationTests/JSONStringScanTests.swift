import Teletype
import TeletypeTestSupport
import Testing

/// Where a JSON string's plain run ends, found eight bytes at a time, is where a byte-by-byte look
/// finds the first quote, backslash or control character: on random runs of every byte, borrows
/// across bytes (0x00, 0x01, 0x21, 0x23, 0x5B, 0x5D, 0x80, 0xFF beside the special ones) included,
/// from every start; and where the ASCII run ends, which stops at a byte of 0x80 or more too.
@Suite struct JSONStringScanTests {
    @Test(arguments: [1, 2, 3, 4])
    func thePlainRunEndsAtTheFirstByteThatNeedsAttention(_ seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let tricky: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x7F, 0x80, 0xA0, 0xFF]
        for _ in 0..<2_000 {
            let length = Int.random(in: 0..<40, using: &random)
            let bytes: [UInt8] = (0..<length).map { _ in
                Int.random(in: 0..<4, using: &random) == 0
                    ? tricky.randomElement(using: &random)! : UInt8.random(in: 0x20...0x7E, using: &random)
            }
            bytes.withUnsafeBytes { buffer in
                for start in 0...length {
                    let expected =
                        bytes[start...].firstIndex { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 } ?? length
                    #expect(JSONStringScan.plainEnd(buffer, from: start) == expected, "\(bytes) from \(start)")
                    let wide = bytes[start...].firstIndex { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 || $0 >= 0x80 }
                    #expect(JSONStringScan.asciiEnd(buffer, from: start) == wide ?? length, "\(bytes) from \(start)")
                }
            }
        }
    }
}
