/// One piece of work running on a thread of its own while the caller goes on, its result taken
/// with ``wait()``: an exporter renders one batch of messages while it reads the next.
///
/// The thread starts on a processor other than the caller's (see ``WorkerThread``); when no
/// thread can be made, or the caller runs a piece of work already spread over every core (see
/// ``ParallelWork``), the work runs at once on the caller's.
package struct BackgroundWork<Result: Sendable>: Sendable {
    private let box: ResultBox<Result>
    private let thread: WorkerThread?

    /// Starts `body`.
    package init(_ body: @escaping @Sendable () -> Result) {
        let box = ResultBox<Result>()
        self.box = box
        thread = ParallelWork.isNested ? nil : WorkerThread.start { box.value = body() }
        if thread == nil { box.value = body() }
    }

    /// The work's result, once it has ended. Call it once.
    package func wait() -> Result {
        thread?.join()
        return box.value!
    }
}

/// Where a ``BackgroundWork`` thread leaves its result; the join orders the write before the read.
private final class ResultBox<Result>: @unchecked Sendable {
    var value: Result?
}
