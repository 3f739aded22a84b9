import CCmarkSupport
import TeletypeTestSupport
import Testing

@testable import TeletypeTranscripts

/// The redactor's scan for the pairs of bytes its rules start with finds, sixteen bytes at a time
/// through its buckets, the place a byte-by-byte scan finds: for the rules' own pairs and for
/// random sets of pairs (one-byte literals among them), on random text made of the pairs' bytes
/// and others, from every start.
@Suite struct PairScanTests {
    /// A set of marked pairs: `count` random pairs, and `wide` first bytes with any second.
    static func randomPairs(_ random: inout SeededGenerator, count: Int, wide: Int) -> [Bool] {
        var pairs = [Bool](repeating: false, count: 1 << 16)
        for _ in 0..<count { pairs[Int.random(in: 0..<(1 << 16), using: &random)] = true }
        for _ in 0..<wide {
            let first = Int.random(in: 0..<256, using: &random)
            for second in 0..<256 { pairs[first << 8 | second] = true }
        }
        return pairs
    }

    static func check(_ pairs: [Bool], _ random: inout SeededGenerator) {
        var filter = PairFilter.make(pairs)
        let marked = (0..<(1 << 16)).filter { pairs[$0] }
        for _ in 0..<200 {
            let length = Int.random(in: 0..<80, using: &random)
            let bytes: [UInt8] = (0..<length).map { _ in
                // Bytes of marked pairs often, so that pairs and near misses occur.
                if let pair = marked.randomElement(using: &random), Bool.random(using: &random) {
                    return UInt8(Bool.random(using: &random) ? pair >> 8 : pair & 0xFF)
                }
                return UInt8.random(in: 0...255, using: &random)
            }
            pairs.withUnsafeBytes { table in
                let flags = table.baseAddress!.assumingMemoryBound(to: UInt8.self)
                bytes.withUnsafeBufferPointer { text in
                    for start in 0...length {
                        let fast = teletype_next_marked_pair(text.baseAddress, length, start, flags, &filter)
                        let plain = teletype_next_marked_pair(text.baseAddress, length, start, flags, nil)
                        #expect(fast == plain, "\(bytes) from \(start)")
                    }
                }
            }
        }
    }

    @Test func theRulesPairsAreFoundAsByteByByte() {
        let redactor = SecretRedactor()
        var pairs = [Bool](repeating: false, count: 1 << 16)
        for rule in redactor.rules {
            for anchor in rule.anchors {
                let bytes = Array(anchor.utf8)
                if bytes.count == 1 {
                    for second in 0..<256 { pairs[Int(bytes[0]) << 8 | second] = true }
                } else {
                    pairs[Int(bytes[0]) << 8 | Int(bytes[1])] = true
                }
            }
        }
        var random = SeededGenerator(seed: 7)
        Self.check(pairs, &random)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6])
    func randomPairsAreFoundAsByteByByte(_ seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let pairs = Self.randomPairs(
            &random, count: Int.random(in: 1..<60, using: &random), wide: Int.random(in: 0..<3, using: &random))
        Self.check(pairs, &random)
    }
}
