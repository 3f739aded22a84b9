import CCmarkSupport
import Teletype

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// A file that could not be written: what and why (`cannot write 'PATH': …`).
public struct FileWriteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The whole message, naming the file.
    public var message: String

    /// An error with its message.
    public init(_ message: String) {
        self.message = message
    }

    /// What failed, naming the file.
    public var description: String { message }
}

/// A file written beside its destination and moved into place only when complete, so a failure never
/// leaves a partial file behind. A symbolic link is followed (the file it points to is replaced, not
/// the link); a destination that is not a regular file (a device such as `/dev/stdout`, a pipe) is
/// written directly, as it cannot be replaced.
package final class AtomicFile {
    package let destination: String
    /// The file written, until it is moved into place; nil when writing the destination directly.
    package let temporary: String?
    private let descriptor: Int32
    private var isOpen = true
    private var buffer: [UInt8] = []
    /// Where finishing the file hands it when it does not wait until it is on its disk: nil, and
    /// finishing waits (`fsync`); otherwise its writing to the disk is only started, the queue
    /// drops it from the cache once newer files are written, and whoever wrote it waits for the
    /// whole file system once (``syncFileSystem(of:)``) before anything says the file is there:
    /// an archive of thousands of pages spent a sixth of its time waiting on each page's `fsync`.
    package var writeBehind: WriteBehind?

    /// A file to be written in place of `path`; `tag` tells apart its unfinished file from that of
    /// another file of the same destination being written at the same time.
    package init(path: String, tag: String? = nil) throws {
        let (destination, folder, fileName) = Self.place(of: path)
        self.destination = destination
        var status = stat()
        if stat(destination, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            guard status.st_mode & S_IFMT != S_IFDIR else {
                throw FileWriteError("cannot write '\(path)': it is a directory")
            }
            let descriptor = open(destination, O_WRONLY)
            guard descriptor >= 0 else { throw FileWriteError("cannot write '\(path)': \(Self.reason(errno))") }
            self.descriptor = descriptor
            temporary = nil
            return
        }
        var folderStatus = stat()
        guard stat(folder, &folderStatus) == 0, folderStatus.st_mode & S_IFMT == S_IFDIR else {
            throw FileWriteError("cannot write '\(path)': the folder '\(folder)' does not exist")
        }
        // The unfinished file's name stays within the file system's 255 bytes however long the
        // destination's is.
        let name = ArchiveNames.shortened(fileName, toBytes: 200)
        let tagged = tag.map { "\(name).\($0)" } ?? name
        let temporary = (folder == "/" ? "" : folder) + "/.\(tagged).\(getpid()).partial"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw FileWriteError("cannot write '\(path)': \(Self.reason(errno))") }
        self.temporary = temporary
        self.descriptor = descriptor
    }

    /// Where a file written in place of `path` goes: the absolute path (a symbolic link followed),
    /// its folder and its name. A plain path (no link, no `.` or `..` part) is taken apart as a
    /// string: an archive of thousands of pages spent 100,000 instructions a page in `URL`.
    static func place(of path: String) -> (path: String, folder: String, name: String) {
        var status = stat()
        if let plain = plainPlace(of: path), lstat(path, &status) != 0 || status.st_mode & S_IFMT != S_IFLNK {
            return plain
        }
        var url = URL(fileURLWithPath: path)
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
            url = URL(fileURLWithPath: resolved, relativeTo: url.deletingLastPathComponent()).standardizedFileURL
        }
        return (url.path, url.deletingLastPathComponent().path, url.lastPathComponent)
    }

    /// ``place(of:)`` of a path with no empty, `.` or `..` part and no `/` at its end, taken apart by
    /// its bytes (nil for any other): its folder is all before its last `/`.
    private static func plainPlace(of path: String) -> (path: String, folder: String, name: String)? {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var bytes = absolute
        return bytes.withUTF8 { utf8 -> (String, String, String)? in
            guard utf8.count > 1, utf8[utf8.count - 1] != UInt8(ascii: "/") else { return nil }
            var partStart = 1
            var lastSlash = 0
            for index in 1...utf8.count where index == utf8.count || utf8[index] == UInt8(ascii: "/") {
                let length = index - partStart
                if length == 0 { return nil }
                if utf8[partStart] == UInt8(ascii: "."),
                    length == 1 || (length == 2 && utf8[partStart + 1] == UInt8(ascii: "."))
                {
                    return nil
                }
                if index < utf8.count { lastSlash = index }
                partStart = index + 1
            }
            let folder =
                lastSlash == 0
                ? "/" : String(decoding: UnsafeBufferPointer(rebasing: utf8[..<lastSlash]), as: UTF8.self)
            let name = String(decoding: UnsafeBufferPointer(rebasing: utf8[(lastSlash + 1)...]), as: UTF8.self)
            return (absolute, folder, name)
        }
    }

    /// Why a call failed with `code`, as a person reads it: "permission denied", "file name too long".
    static func reason(_ code: Int32) -> String {
        switch code {
        case EACCES, EPERM: "permission denied"
        case ENAMETOOLONG: "the name is longer than the file system allows (255 bytes a name)"
        case ENOSPC: "no space left on the device"
        case EROFS: "the file system is read-only"
        case ENOENT: "the folder does not exist"
        default: String(cString: strerror(code))
        }
    }

    package func write(_ text: String) throws {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { try flush() }
    }

    /// Writes `bytes` (UTF-8 made elsewhere) as they are; many at once go to the file directly,
    /// not through the buffer.
    package func write(bytes: [UInt8]) throws {
        guard bytes.count >= 1 << 16 else {
            buffer.append(contentsOf: bytes)
            if buffer.count >= 1 << 16 { try flush() }
            return
        }
        try flush()
        try bytes.withUnsafeBytes { try writeAll($0) }
    }

    private func flush() throws {
        try buffer.withUnsafeBytes { try writeAll($0) }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes all of `bytes` to the file.
    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else {
                throw FileWriteError("cannot write '\(destination)': \(Self.reason(errno))")
            }
            offset += written
        }
    }

    private func close() {
        guard isOpen else { return }
        isOpen = false
        _ = Glibc.close(descriptor)
    }

    /// Whether the file is written in place of its destination when committed (not a device or a
    /// pipe written directly).
    package var replacesDestination: Bool { temporary != nil }

    /// Moves the finished file into place.
    package func commit() throws {
        try finish()
        try moveIntoPlace()
    }

    /// Writes what is left and closes the file, to be moved into place later.
    package func finish() throws {
        guard isOpen else { return }
        do {
            try flush()
        } catch {
            discard()
            throw error
        }
        guard let writeBehind else {
            _ = fsync(descriptor)
            close()
            return
        }
        _ = teletype_start_writeback(descriptor)
        isOpen = false
        writeBehind.take(descriptor)
    }

    /// Waits until what was written to the file system holding `folder` is on its disk: after
    /// files finished without waiting (``writeBehind``), before anything records them as done.
    package static func syncFileSystem(of folder: String) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { return }
        _ = teletype_sync_file_system(descriptor)
        _ = Glibc.close(descriptor)
    }

    /// Puts `text` into the finished file (see ``finish()``) just after the first `marker` within
    /// its first 256 kB, moving what follows along in place (a megabyte at a time: memory stays
    /// flat however long the file). False, and nothing changed, when the file is written directly
    /// (a device, a pipe) or the marker is not there.
    package func insert(_ text: String, after marker: String) throws -> Bool {
        guard let temporary, !isOpen, !text.isEmpty else { return false }
        let file = open(temporary, O_RDWR)
        guard file >= 0 else { throw FileWriteError("cannot write '\(destination)': \(Self.reason(errno))") }
        defer { _ = Glibc.close(file) }
        func fail() -> FileWriteError { FileWriteError("cannot write '\(destination)': \(Self.reason(errno))") }
        var head = [UInt8](repeating: 0, count: 256 << 10)
        let read = head.withUnsafeMutableBytes { pread(file, $0.baseAddress, $0.count, 0) }
        guard read > 0 else { return false }
        let pattern = Array(marker.utf8)
        guard
            let found = head[..<read].withUnsafeBytes({ haystack in
                pattern.withUnsafeBytes { ByteSearch.find($0, in: haystack, last: false) }
            })
        else { return false }
        let at = found.upperBound
        var status = stat()
        guard fstat(file, &status) == 0 else { throw fail() }
        let inserted = Array(text.utf8)
        // From the end back, each piece moved along by the text's length.
        var end = Int(status.st_size)
        var piece = [UInt8](repeating: 0, count: 1 << 20)
        while end > at {
            let start = max(at, end - piece.count)
            let count = end - start
            let got = piece.withUnsafeMutableBytes { pread(file, $0.baseAddress, count, off_t(start)) }
            guard got == count else { throw fail() }
            let put = piece.withUnsafeBytes { pwrite(file, $0.baseAddress, count, off_t(start + inserted.count)) }
            guard put == count else { throw fail() }
            end = start
        }
        let put = inserted.withUnsafeBytes { pwrite(file, $0.baseAddress, $0.count, off_t(at)) }
        guard put == inserted.count else { throw fail() }
        _ = fsync(file)
        return true
    }

    /// Moves the finished file (see ``finish()``) to `path` (by default its destination).
    package func moveIntoPlace(as path: String? = nil) throws {
        let destination = path ?? self.destination
        guard let temporary else { return }
        guard rename(temporary, destination) == 0 else {
            discard()
            throw FileWriteError("cannot write '\(destination)': \(Self.reason(errno))")
        }
    }

    /// Removes the unfinished file.
    package func discard() {
        close()
        if let temporary { _ = unlink(temporary) }
    }
}
