import Testing

@testable import TeletypeMarkdown

/// The planner's table of label appearances keeps what a dictionary would: the first and the last
/// offset of every key, through collisions and growth.
@Suite struct LabelAppearancesTests {
    @Test(arguments: [10, 300, 5_000, 70_000])
    func theTableAgreesWithADictionary(_ labels: Int) {
        var generator = SystemRandomNumberGenerator()
        var table = LabelAppearances()
        var expected: [UInt64: (first: Int, last: Int)] = [:]
        // Few distinct keys, many repeats, and keys that share their low and high bits.
        let distinct = max(labels / 3, 1)
        let keys = (0..<distinct).map { index -> UInt64 in
            index % 2 == 0 ? UInt64(index + 2) << 40 : UInt64.random(in: 2...UInt64.max, using: &generator)
        }
        for offset in 0..<labels {
            let key = keys[Int.random(in: 0..<distinct, using: &generator)]
            table.record(key, at: offset)
            expected[key] = (expected[key]?.first ?? offset, offset)
        }
        for (key, span) in expected {
            let found = table.span(of: key)
            #expect(found?.first == span.first && found?.last == span.last)
        }
        #expect(table.span(of: 1) == nil)
    }
}
