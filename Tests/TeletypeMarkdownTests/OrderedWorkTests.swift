import TeletypeMarkdown
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Work made on every core and taken in order: every result once, in order, never more made
/// ahead than allowed; an error while taking stops the making.
@Suite struct OrderedWorkTests {
    /// What the making saw of the taking, kept under a lock.
    final class Watch: @unchecked Sendable {
        let lock = ThreadLock()
        var taken = 0
        var made = 0
        var mostAhead = 0
        var mostMade = 0
    }

    @Test(arguments: [(1, 1 << 30), (3, 1 << 30), (32, 25), (8, 1)])
    func resultsAreTakenInOrderAndBounded(ahead: Int, bytesAhead: Int) throws {
        let watch = Watch()
        var order: [Int] = []
        try OrderedWork.run(
            300, ahead: ahead, bytesAhead: bytesAhead, size: { _ in 10 },
            produce: { index -> Int in
                watch.lock.withLock {
                    watch.made += 1
                    watch.mostAhead = max(watch.mostAhead, index - watch.taken)
                    watch.mostMade = max(watch.mostMade, watch.made - watch.taken)
                }
                // Uneven work, so that later pieces are made before earlier ones.
                if index % 7 == 0 { usleep(200) }
                return index * 2
            }
        ) { index, result in
            #expect(result == index * 2)
            order.append(index)
            watch.lock.withLock { watch.taken = index + 1 }
        }
        #expect(order == Array(0..<300))
        // Never more than `ahead` pieces (nor more than `bytesAhead` of them, the next always
        // allowed) made and not yet taken: one more as this sees it, which hears of a piece taken
        // after the work does.
        let bound = min(ahead, max(1, (bytesAhead + 9) / 10))
        #expect(watch.mostAhead <= bound, "\(watch.mostAhead) ahead, bound \(bound)")
        #expect(watch.mostMade <= bound + 1)
    }

    struct Stop: Error {}

    @Test func anErrorWhileTakingStopsTheMaking() {
        let watch = Watch()
        #expect(throws: Stop.self) {
            try OrderedWork.run(
                10_000, ahead: 4, bytesAhead: 1 << 30, size: { _ in 1 },
                produce: { index -> Int in
                    watch.lock.withLock { watch.made += 1 }
                    return index
                }
            ) { index, _ in
                if index == 50 { throw Stop() }
            }
        }
        #expect(watch.made < 60, "\(watch.made) made")
    }

    /// Where taking is quicker than making, the caller makes pieces too while it would wait (a
    /// search index's reading on two cores: the writing thread waited a third of the time), and
    /// every result is still taken once, in order.
    @Test func theCallerMakesPiecesWhileItWaits() throws {
        let caller = pthread_self()
        let watch = Watch()
        var order: [Int] = []
        try OrderedWork.run(
            200, ahead: 8, bytesAhead: 1 << 30, size: { _ in 1 },
            produce: { index -> Int in
                usleep(300)
                if pthread_equal(pthread_self(), caller) != 0 { watch.lock.withLock { watch.made += 1 } }
                return index + 1
            }
        ) { index, result in
            #expect(result == index + 1)
            order.append(index)
        }
        #expect(order == Array(0..<200))
        #expect(watch.made > 0 && watch.made < 200, "\(watch.made) made by the caller")
    }
}
