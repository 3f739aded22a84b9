import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A file written beside its destination and moved into place only when complete, so a failure never
/// leaves a partial file behind. A symbolic link is followed (the file it points to is replaced, not
/// the link); a destination that is not a regular file (a device such as `/dev/stdout`, a pipe) is
/// written directly, as it cannot be replaced.
final class AtomicFile {
    let destination: String
    /// The file written, until it is moved into place; nil when writing the destination directly.
    let temporary: String?
    private let handle: FileHandle
    private var buffer: [UInt8] = []

    init(path: String) throws {
        var url = URL(fileURLWithPath: path)
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
            url = URL(fileURLWithPath: resolved, relativeTo: url.deletingLastPathComponent()).standardizedFileURL
        }
        destination = url.path
        var status = stat()
        if stat(url.path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            guard status.st_mode & S_IFMT != S_IFDIR else {
                throw CommandError.failure("cannot write '\(path)': it is a directory")
            }
            guard let handle = FileHandle(forWritingAtPath: url.path) else {
                throw CommandError.failure("cannot write '\(path)': permission denied")
            }
            self.handle = handle
            temporary = nil
            return
        }
        let folder = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CommandError.failure("cannot write '\(path)': the folder '\(folder)' does not exist")
        }
        let temporary =
            url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).\(getpid()).partial").path
        guard FileManager.default.createFile(atPath: temporary, contents: nil),
            let handle = FileHandle(forWritingAtPath: temporary)
        else {
            throw CommandError.failure("cannot write '\(path)': permission denied")
        }
        self.temporary = temporary
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
        do {
            try flush()
        } catch {
            discard()
            throw error
        }
        try? handle.synchronize()
        try handle.close()
        guard let temporary else { return }
        guard rename(temporary, destination) == 0 else {
            discard()
            throw CommandError.failure("cannot write '\(destination)': \(String(cString: strerror(errno)))")
        }
    }

    /// Removes the unfinished file.
    func discard() {
        try? handle.close()
        if let temporary { try? FileManager.default.removeItem(atPath: temporary) }
    }
}
