import CCmarkSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files of an archive, finished and on their way to the disk, until newer ones are written:
/// then each is waited for and dropped from the system's cache (see `teletype_write_behind`).
///
/// An archive writes hundreds of megabytes once and reads none of them back. Left in the cache,
/// its pages push out the files the rest of the machine was using, and each new page of cache is
/// memory the system must find: in a virtual machine that has handed its free memory back to its
/// host, every one of them is faulted in again (writing the pages cost twice the time it does
/// when the memory is reused). Dropped a few files behind, the memory the archive writes through
/// stays the same few megabytes. The last files written stay in the cache: the ones opened next.
package final class WriteBehind: Sendable {
    /// How many finished files are kept before the oldest is waited for and dropped: enough that
    /// its writing to the disk, started when it was finished, is over by then.
    package let depth: Int
    /// The descriptors of the finished files, oldest first.
    private let finished = Mutex<[Int32]>([])

    /// Files kept `depth` deep.
    package init(depth: Int = 16) {
        self.depth = max(1, depth)
    }

    /// Takes the open descriptor of a finished file whose writing to the disk has started; the
    /// oldest file past `depth` is waited for, dropped from the cache and closed, on the caller's
    /// thread and outside the lock.
    package func take(_ descriptor: Int32) {
        let oldest = finished.withLock { files -> Int32? in
            files.append(descriptor)
            return files.count > depth ? files.removeFirst() : nil
        }
        if let oldest {
            _ = teletype_write_behind(oldest)
            _ = close(oldest)
        }
    }

    /// Closes the files still kept, leaving them in the cache.
    package func closeAll() {
        let kept = finished.withLock { files in
            defer { files.removeAll() }
            return files
        }
        for descriptor in kept { _ = close(descriptor) }
    }

    deinit {
        closeAll()
    }
}
