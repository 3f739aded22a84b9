import CCmarkSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A POSIX thread running one piece of work, to be joined.
struct WorkerThread: @unchecked Sendable {
    private let thread: pthread_t

    /// Starts `work` on a new thread, on the `spread`-th processor other than the caller's (see
    /// `teletype_thread_start`); nil when no thread can be made (the caller then does the work itself).
    static func start(spread: Int = 0, _ work: @escaping @Sendable () -> Void) -> WorkerThread? {
        let context = Unmanaged.passRetained(WorkBox(work)).toOpaque()
        #if canImport(Glibc)
            var thread = pthread_t()
        #else
            var thread: pthread_t?
        #endif
        let created = teletype_thread_start(
            &thread,
            { context in
                #if canImport(Glibc)
                    let box = Unmanaged<WorkBox>.fromOpaque(context!).takeRetainedValue()
                #else
                    let box = Unmanaged<WorkBox>.fromOpaque(context).takeRetainedValue()
                #endif
                box.work()
                return nil
            }, context, Int32(truncatingIfNeeded: spread))
        guard created == 0 else {
            Unmanaged<WorkBox>.fromOpaque(context).release()
            return nil
        }
        #if canImport(Glibc)
            return WorkerThread(thread: thread)
        #else
            return thread.map(WorkerThread.init(thread:))
        #endif
    }

    /// Waits for the work to end.
    func join() {
        pthread_join(thread, nil)
    }
}

/// The work a thread runs, handed to it through a raw pointer.
private final class WorkBox: Sendable {
    let work: @Sendable () -> Void

    init(_ work: @escaping @Sendable () -> Void) {
        self.work = work
    }
}
