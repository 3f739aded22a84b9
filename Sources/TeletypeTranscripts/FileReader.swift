#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file read in pieces, on POSIX calls: a long transcript is read a piece at a time, so memory
/// stays flat however large it is.
package final class FileReader {
    private let descriptor: Int32

    /// Opens `path` for reading, or nil when it cannot be.
    package init?(path: String) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    /// Called with the bytes read so far after each read.
    package var onRead: ((Int) -> Void)?
    private var total = 0

    deinit { close(descriptor) }

    /// Reads the next bytes into `buffer` (as many as it holds, or fewer); returns how many, 0 at
    /// the end of the file.
    package func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            let result = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            if result < 0 && errno == EINTR { continue }
            guard result >= 0 else { throw ReadError(code: errno) }
            total += result
            onRead?(total)
            return result
        }
    }

    /// The next bytes, at most `count`; empty at the end of the file.
    package func read(upToCount count: Int) throws -> Data {
        var data = Data(count: count)
        let read = data.withUnsafeMutableBytes { buffer -> Int in
            while true {
                let result = Glibc.read(descriptor, buffer.baseAddress, count)
                if result < 0 && errno == EINTR { continue }
                return result
            }
        }
        guard read >= 0 else { throw ReadError(code: errno) }
        data.count = read
        total += read
        onRead?(total)
        return data
    }

    /// Why a read failed: the system's error number.
    package struct ReadError: Error {
        package var code: Int32
    }
}
