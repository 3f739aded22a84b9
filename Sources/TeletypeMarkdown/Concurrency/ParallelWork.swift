import CCmarkSupport

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Runs independent pieces of work on every core and gathers their results in order. Used for large
/// documents only; small inputs run inline.
///
/// The work runs on threads of its own, started for the call on processors other than the caller's
/// (see ``WorkerThread``): such a thread runs within a fraction of a millisecond, where a dispatch
/// queue's new thread, started on its parent's processor, could wait milliseconds for the
/// scheduler to move it to an idle one, with that processor idle meanwhile.
///
/// Work spread from within spread work (a session read while every core reads sessions) runs on
/// the calling thread: the cores are busy already.
package enum ParallelWork {
    /// The results of `body(0..<count)`, computed concurrently.
    package static func map<Result: Sendable>(_ count: Int, _ body: @Sendable (Int) -> Result) -> [Result] {
        if count <= 1 || isNested { return (0..<count).map(body) }
        let slots = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        slots.initialize(repeating: nil)
        defer {
            _ = slots.deinitialize()
            slots.deallocate()
        }
        nonisolated(unsafe) let shared = slots
        let claims = WorkClaims(count)
        withoutActuallyEscaping(body) { body in
            // Each thread takes the next index until none is left.
            let work: @Sendable () -> Void = {
                teletype_parallel_enter()
                defer { teletype_parallel_leave() }
                while let index = claims.next() { shared[index] = body(index) }
            }
            let threads = (1..<min(cores, count)).compactMap { WorkerThread.start(spread: $0 - 1, work) }
            work()
            for thread in threads { thread.join() }
        }
        return slots.map { $0! }
    }
}

/// The indices of a ``ParallelWork/map(_:_:)`` call not yet taken by a thread.
private final class WorkClaims: @unchecked Sendable {
    private let lock = ThreadLock()
    private var taken = 0
    private let count: Int

    init(_ count: Int) { self.count = count }

    /// The next index to work on, nil once every one is taken.
    func next() -> Int? {
        lock.withLock {
            guard taken < count else { return nil }
            taken += 1
            return taken - 1
        }
    }
}

extension ParallelWork {
    /// Whether the calling thread runs a piece of work already spread over every core: work it
    /// spreads in turn runs on it, one piece after another.
    package static var isNested: Bool { teletype_parallel_nesting() > 0 }

    /// Runs `body` as one share of work spread over every core by other means (a dispatch
    /// queue's workers, each taking the next conversation): what it spreads in turn — a session's
    /// lines read ahead, a long document's pieces — runs on this thread, instead of starting
    /// threads for cores that are busy already.
    package static func asShare<Result>(_ body: () throws -> Result) rethrows -> Result {
        teletype_parallel_enter()
        defer { teletype_parallel_leave() }
        return try body()
    }

    /// The number of cores work is spread over, read once.
    package static let cores: Int = ActiveProcessors.count()

    /// `0..<count` cut into about `pieces` consecutive ranges of at least `minimum` elements each
    /// (one range when there is too little to share).
    package static func ranges(_ count: Int, pieces: Int = 2 * cores, minimum: Int) -> [Range<Int>] {
        let pieces = max(1, min(pieces, count / max(minimum, 1)))
        return (0..<pieces).map { count * $0 / pieces..<count * ($0 + 1) / pieces }
    }
}
