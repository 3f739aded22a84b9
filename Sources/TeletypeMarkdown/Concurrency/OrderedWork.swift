import CCmarkSupport

/// Work made on every core and taken in order by the caller as soon as each piece and those before
/// it are made: a search index writes one file's text (on the caller's thread, the database's)
/// while the files after it are read, with no core waiting at the end of a batch for the
/// slowest file of it.
///
/// The pieces are claimed in order, never more than `ahead` of them, nor more than `bytesAhead` of
/// their `size`, made and not yet taken: memory stays bounded whatever is read.
///
/// The caller makes pieces too while the one it is to take next is not made: where taking is the
/// quicker side (a search index's first making on two cores, where one thread read while the
/// other wrote and then waited a third of the time) every core makes pieces. A home's first index
/// 18.3-22.2 s without, 17.2-19.7 s with (three runs each, alternated, on a noisy machine).
package enum OrderedWork {
    /// Calls `consume(index, produce(index))` for every index of `0..<count`, in order, on the
    /// calling thread; `produce` runs on threads of their own, one for each core but the caller's
    /// (whose consuming, when it is the slower, is then never slowed by them), and on the
    /// caller's while it waits; only on the caller's when no thread can be made or when the
    /// caller runs spread work already. When `consume` throws, no more is
    /// made, and the error is rethrown once the threads have stopped.
    package static func run<Result: Sendable>(
        _ count: Int, ahead: Int, bytesAhead: Int, size: @Sendable (Int) -> Int,
        produce: @Sendable (Int) -> Result, consume: (Int, Result) throws -> Void
    ) throws {
        guard count > 0 else { return }
        if count == 1 || ParallelWork.isNested {
            for index in 0..<count { try consume(index, produce(index)) }
            return
        }
        let claims = OrderedClaims<Result>(count: count, ahead: max(ahead, 1), bytesAhead: bytesAhead)
        try withoutActuallyEscaping(size) { size in
            try withoutActuallyEscaping(produce) { produce in
                let work: @Sendable () -> Void = {
                    teletype_parallel_enter()
                    defer { teletype_parallel_leave() }
                    while let index = claims.claim(size: size) { claims.put(index, produce(index)) }
                }
                let threads = (0..<max(ParallelWork.cores - 1, 1)).compactMap {
                    WorkerThread.start(spread: $0, work)
                }
                defer {
                    claims.stop()
                    for thread in threads { thread.join() }
                }
                if threads.isEmpty {
                    for index in 0..<count { try consume(index, produce(index)) }
                    return
                }
                let help: () -> Void = {
                    teletype_parallel_enter()
                    defer { teletype_parallel_leave() }
                    while let index = claims.claimWhileWaiting(size: size) { claims.put(index, produce(index)) }
                }
                for index in 0..<count { try consume(index, claims.take(index, helping: help)) }
            }
        }
    }
}

/// The pieces of an ``OrderedWork/run(_:ahead:bytesAhead:size:produce:consume:)`` call: which are
/// claimed, which made, which taken.
private final class OrderedClaims<Result>: @unchecked Sendable {
    private let lock = ThreadLock()
    private var made: [Result?]
    private var sizes: [Int]
    private let count: Int
    private let ahead: Int
    private let bytesAhead: Int
    private var claimed = 0
    private var taken = 0
    private var bytesClaimed = 0
    private var stopped = false

    init(count: Int, ahead: Int, bytesAhead: Int) {
        self.count = count
        self.ahead = ahead
        self.bytesAhead = bytesAhead
        made = Array(repeating: nil, count: count)
        sizes = Array(repeating: 0, count: count)
    }

    /// The next index to make, once it is within bounds; nil when none is left or the work stopped.
    func claim(size: (Int) -> Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        while true {
            if stopped || claimed >= count { return nil }
            if let index = claimWithinBounds(size: size) { return index }
            lock.wait()
        }
    }

    /// The next index to make, when it is within bounds and the next to be taken is not made yet:
    /// what the caller makes while it would wait. Nil otherwise, without waiting.
    func claimWhileWaiting(size: (Int) -> Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped, claimed < count, taken < count, made[taken] == nil else { return nil }
        return claimWithinBounds(size: size)
    }

    /// Claims the next index if the bounds allow it (the lock held).
    private func claimWithinBounds(size: (Int) -> Int) -> Int? {
        // The next to be taken is always claimable: what is ahead of it waits for it.
        guard claimed == taken || (claimed - taken < ahead && bytesClaimed < bytesAhead) else { return nil }
        let index = claimed
        claimed += 1
        sizes[index] = max(size(index), 0)
        bytesClaimed += sizes[index]
        return index
    }

    /// `result`, made for `index`.
    func put(_ index: Int, _ result: Result) {
        lock.withLock { made[index] = result }
        lock.broadcast()
    }

    /// The result for `index` (the next in order), once it is made; while it is not, `help`
    /// makes what it can claim.
    func take(_ index: Int, helping help: () -> Void) -> Result {
        lock.lock()
        defer { lock.unlock() }
        while made[index] == nil {
            lock.unlock()
            help()
            lock.lock()
            if made[index] == nil { lock.wait() }
        }
        let result = made[index]!
        made[index] = nil
        taken = index + 1
        bytesClaimed -= sizes[index]
        lock.broadcast()
        return result
    }

    /// No more is claimed.
    func stop() {
        lock.withLock { stopped = true }
        lock.broadcast()
    }
}
