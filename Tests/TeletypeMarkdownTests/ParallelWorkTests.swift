import Testing

@testable import TeletypeMarkdown

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Work shared among threads gives each index's result once, in order, and uses every core.
@Suite struct ParallelWorkTests {
    @Test(arguments: [0, 1, 2, 3, 50])
    func resultsComeInOrder(_ count: Int) {
        let results = ParallelWork.map(count) { index in index * index }
        #expect(results == (0..<count).map { $0 * $0 })
    }

    @Test func everyCoreTakesPart() {
        guard ParallelWork.cores > 1 else { return }
        // Each index takes a moment, so that no thread can take them all before another starts.
        let threads = ParallelWork.map(40) { _ -> UInt in
            usleep(2000)
            return UInt(bitPattern: Int(bitPattern: pthread_self()))
        }
        #expect(Set(threads).count == min(ParallelWork.cores, 40))
    }
}

/// Work spread from within spread work runs on the thread that spreads it: the cores are busy
/// already, and a thread started for each piece costs more than the piece.
@Suite struct NestedParallelWorkTests {
    @Test func innerWorkRunsOnTheCallingThread() {
        #expect(!ParallelWork.isNested)
        let outer = ParallelWork.map(8) { index -> (Bool, Set<UInt>, [Int], UInt) in
            let here = UInt(bitPattern: Int(bitPattern: pthread_self()))
            let inner = ParallelWork.map(6) { _ in UInt(bitPattern: Int(bitPattern: pthread_self())) }
            let squares = ParallelWork.map(6) { $0 * index }
            let background = BackgroundWork { UInt(bitPattern: Int(bitPattern: pthread_self())) }.wait()
            return (ParallelWork.isNested, Set(inner), squares, background == here ? 1 : 0)
        }
        for (index, result) in outer.enumerated() {
            #expect(result.0)
            #expect(result.1.count == 1)
            #expect(result.2 == (0..<6).map { $0 * index })
            #expect(result.3 == 1)
        }
        // Once the spread work is over, the caller spreads again.
        #expect(!ParallelWork.isNested)
    }
}
