import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file written beside its destination and moved into place only when complete, so a failure never
/// leaves a partial file behind.
final class AtomicFile {
    let destination: String
    let temporary: String
    private let handle: FileHandle
    private var buffer: [UInt8] = []

    init(path: String) throws {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandError.failure("cannot write '\(path)': the folder '\(folder)' does not exist")
        }
        destination = path
        temporary =
            url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).partial").path
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
            let handle = FileHandle(forWritingAtPath: temporary)
        else {
            throw CommandError.failure("cannot write '\(path)': permission denied")
        }
        self.handle = handle
    }

    func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { try flush() }
    }

    private func flush() throws {
        do {
            try handle.write(contentsOf: buffer)
        } catch {
            throw CommandError.failure("cannot write '\(destination)': \(error.localizedDescription)")
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Moves the finished file into place.
    func commit() throws {
        try flush()
        try? handle.synchronize()
        try handle.close()
        guard rename(temporary, destination) == 0 else {
            discard()
            throw CommandError.failure("cannot write '\(destination)': \(String(cString: strerror(errno)))")
        }
    }

    /// Removes the unfinished file.
    func discard() {
        try? handle.close()
        try? FileManager.default.removeItem(atPath: temporary)
    }
}
