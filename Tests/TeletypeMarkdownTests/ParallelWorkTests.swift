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
