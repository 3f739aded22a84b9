import Testing

@testable import TeletypeArchive

/// The files asked of the system ahead of an archive's workers: each input once, the next few
/// after the one taken, no more bytes ahead than the limit (but always the next one), and none past
/// the end, however the workers take them.
@Suite struct ArchiveReadAheadTests {
    static func inputs(_ sizes: [Int]) -> [ArchiveInput] {
        sizes.enumerated().map { ArchiveInput(path: "/s/\($0.offset).jsonl", page: "p\($0.offset)", size: $0.element) }
    }

    @Test func eachInputIsAskedForOnceAndBeforeItIsTaken() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let count = Int.random(in: 0..<60, using: &generator)
            let sizes = (0..<count).map { _ in
                Bool.random(using: &generator) ? Int.random(in: 0..<4096) : Int.random(in: 0..<(48 << 20))
            }
            let inputs = Self.inputs(sizes)
            var readAhead = ArchiveReadAhead()
            var asked: [Int] = []
            for taken in 0..<count {
                let range = readAhead.next(after: taken, in: inputs)
                #expect(range.lowerBound >= taken + 1 || range.isEmpty)
                #expect(range.upperBound <= min(count, taken + 1 + ArchiveReadAhead.inputs))
                let ahead = inputs[(taken + 1)..<max(taken + 1, range.upperBound)].map(\.size)
                #expect(ahead.dropFirst().isEmpty || ahead.reduce(0, +) <= ArchiveReadAhead.bytes)
                asked += range
                // The next input is asked for before it is taken.
                if taken + 1 < count { #expect(asked.contains(taken + 1)) }
            }
            #expect(asked == Array(asked.sorted()) && Set(asked).count == asked.count)
        }
    }

    @Test func smallInputsAreAskedForSeveralAhead() {
        var readAhead = ArchiveReadAhead()
        let inputs = Self.inputs(Array(repeating: 1000, count: 20))
        #expect(readAhead.next(after: 0, in: inputs) == 1..<9)
        #expect(readAhead.next(after: 1, in: inputs) == 9..<10)
        #expect(readAhead.next(after: 2, in: inputs) == 10..<11)
        let large = Self.inputs([10, 200 << 20, 10, 10])
        var another = ArchiveReadAhead()
        #expect(another.next(after: 0, in: large) == 1..<2)
        #expect(another.next(after: 1, in: large) == 2..<4)
        #expect(another.next(after: 3, in: large).isEmpty)
    }
}
