import TeletypeTranscripts

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

/// A session log's bytes: read in order a line at a time, with memory flat however long the file
/// is, and read again at a line's offset (a reader that must know the whole tree before it writes
/// reads the lines it shows a second time). Backed by a file, or by bytes already in memory (a pipe).
final class SessionSource {
    private enum Backing {
        case file(path: String)
        case bytes([UInt8])
    }

    private let backing: Backing
    /// How many bytes are read at a time from a file.
    var chunkSize = 1 << 20
    /// Called with how many bytes have been read in order so far (for progress).
    var onRead: ((Int) -> Void)?

    /// The file at `path`.
    init(path: String) { backing = .file(path: path) }

    /// Bytes already read.
    init(bytes: [UInt8]) { backing = .bytes(bytes) }

    /// One line of the source, without its line ending.
    struct Line {
        /// Where the line starts in the source.
        var offset: Int
        /// Its bytes, valid during the call.
        var bytes: UnsafeRawBufferPointer
        /// Its 1-based number.
        var number: Int
        /// Whether a line ending follows it (the last line of a file being written has none).
        var isTerminated: Bool
    }

    /// Calls `body` with each line, in order.
    func forEachLine(_ body: (Line) throws -> Void) throws {
        try forEachBuffer { line in if let line { try body(line) } }
    }

    /// How many bytes the source holds (as its file is now); nil when the file cannot be looked at.
    var byteCount: Int? {
        switch backing {
        case .bytes(let bytes): return bytes.count
        case .file(let path):
            var status = stat()
            return stat(path, &status) == 0 ? Int(status.st_size) : nil
        }
    }

    /// Whether a reader that reads twice keeps what its first pass parsed (see
    /// ``SessionReadingLimits/keptParsedBytes``).
    var keepsParsed: Bool { (byteCount ?? Int.max) <= SessionReadingLimits.keptParsedBytes }

    /// Calls `body` with the source's bytes a chunk at a time, in order, with each chunk's offset
    /// (the bytes are valid during the call): for a document that is not made of lines.
    func forEachChunk(_ body: (UnsafeRawBufferPointer, Int) throws -> Void) throws {
        switch backing {
        case .bytes(let bytes):
            try bytes.withUnsafeBytes { try body($0, 0) }
        case .file(let path):
            guard let reader = FileReader(path: path) else { throw SessionSourceError.cannotOpen(path) }
            reader.onRead = onRead
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 16)
            defer { buffer.deallocate() }
            var offset = 0
            while true {
                let read = try reader.read(into: buffer)
                if read == 0 { break }
                try body(UnsafeRawBufferPointer(rebasing: buffer[0..<read]), offset)
                offset += read
            }
        }
    }

    /// Calls `body` with each line, then with nil before the bytes of the lines handed over so far
    /// are let go.
    func forEachBuffer(_ body: (Line?) throws -> Void) throws {
        switch backing {
        case .bytes(let bytes):
            _ = try bytes.withUnsafeBytes { raw in
                let consumed = try Self.lines(in: raw, from: 0, firstLine: 1, final: true, body)
                try body(nil)
                return consumed
            }
        case .file(let path):
            guard let reader = FileReader(path: path) else { throw SessionSourceError.cannotOpen(path) }
            reader.onRead = onRead
            // One buffer, read into and reused: the bytes of lines not yet whole move to its start.
            var buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 2 * chunkSize, alignment: 16)
            defer { buffer.deallocate() }
            var filled = 0
            var bufferOffset = 0
            var line = 1
            while true {
                if buffer.count - filled < chunkSize {
                    // A line longer than the buffer: it grows.
                    let larger = UnsafeMutableRawBufferPointer.allocate(
                        byteCount: max(2 * buffer.count, filled + chunkSize), alignment: 16)
                    larger.copyMemory(from: UnsafeRawBufferPointer(rebasing: buffer[0..<filled]))
                    buffer.deallocate()
                    buffer = larger
                }
                let read = try reader.read(
                    into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<(filled + chunkSize)]))
                filled += read
                let final = read == 0
                let bytes = UnsafeRawBufferPointer(rebasing: buffer[0..<filled])
                let consumed = try Self.lines(in: bytes, from: bufferOffset, firstLine: line, final: final) { record in
                    line = record.number + 1
                    try body(record)
                }
                try body(nil)
                if consumed > 0, let base = buffer.baseAddress {
                    memmove(base, base + consumed, filled - consumed)
                }
                filled -= consumed
                bufferOffset += consumed
                if final { break }
            }
        }
    }

    /// Hands over the whole lines of `bytes` (and, when `final`, a last line without an ending);
    /// returns how many bytes were handed over.
    private static func lines(
        in bytes: UnsafeRawBufferPointer, from offset: Int, firstLine: Int, final: Bool, _ body: (Line) throws -> Void
    ) throws -> Int {
        var start = 0
        var number = firstLine
        while start < bytes.count {
            guard let base = bytes.baseAddress,
                let found = memchr(base + start, 0x0A, bytes.count - start)
            else {
                if final {
                    var end = bytes.count
                    if end > start, bytes[end - 1] == 0x0D { end -= 1 }
                    try body(
                        Line(
                            offset: offset + start, bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<end]),
                            number: number, isTerminated: false))
                    return bytes.count
                }
                return start
            }
            let newline = base.distance(to: UnsafeRawPointer(found))
            var end = newline
            if end > start, bytes[end - 1] == 0x0D { end -= 1 }
            try body(
                Line(
                    offset: offset + start, bytes: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), number: number,
                    isTerminated: true))
            number += 1
            start = newline + 1
        }
        return start
    }

    /// The first `count` lines of the file at `path` (of its first 256 KB), for a quick look.
    static func firstLines(path: String, count: Int) -> [String]? {
        guard let reader = FileReader(path: path), let data = try? reader.read(upToCount: 256 * 1024) else {
            return nil
        }
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
            .prefix(count).map(String.init)
        // A line cut by the read is not a line.
        if data.count == 256 * 1024, lines.count < count, !lines.isEmpty { lines.removeLast() }
        return lines
    }

    /// The descriptor lines are read again from.
    private var descriptor: Int32 = -1

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// The bytes of the line at `offset`, `length` long.
    func read(offset: Int, length: Int) throws -> [UInt8] {
        switch backing {
        case .bytes(let bytes):
            return Array(bytes[min(offset, bytes.count)..<min(offset + length, bytes.count)])
        case .file(let path):
            if descriptor < 0 { descriptor = open(path, O_RDONLY) }
            guard descriptor >= 0 else { throw SessionSourceError.cannotOpen(path) }
            var result = [UInt8](repeating: 0, count: length)
            var done = 0
            while done < length {
                let count = result.withUnsafeMutableBytes { buffer in
                    pread(descriptor, buffer.baseAddress! + done, length - done, off_t(offset + done))
                }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                done += count
            }
            return done == length ? result : Array(result[..<done])
        }
    }
}

/// How much the session readers keep in memory.
package enum SessionReadingLimits {
    /// Sources up to this size are kept parsed from a first pass by the readers that read twice
    /// (a tree, a message written again): reading the records shown a second time costs more than
    /// keeping them, and a session's usual size is far below it. Above it, memory stays flat.
    /// Tests set it (for a task) to try the second pass on small files.
    @TaskLocal package static var keptParsedBytes = 8 << 20
}

/// Why a session's bytes could not be read.
enum SessionSourceError: Error {
    case cannotOpen(String)
}
