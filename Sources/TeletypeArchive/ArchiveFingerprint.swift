#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What decides whether a page is up to date: a 64-bit FNV-1a hash of the transcript's bytes, its
/// length, and the options the page is made with. Reading a file to hash it costs a few percent
/// of exporting it.
public enum ArchiveFingerprint {
    /// A file that could not be read.
    public struct ReadError: Error, Sendable {
        /// What went wrong, naming the file.
        public var message: String
    }

    /// The fingerprint of a conversation of a database, which says its own version (its last update
    /// and its number of messages), exported with `options`.
    public static func of(version: String, options: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in version.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        var optionsHash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in options.utf8 { optionsHash = (optionsHash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return "v-\(String(hash, radix: 16))-\(String(optionsHash, radix: 16))"
    }

    /// The fingerprint of the file at `path` exported with `options` (see ``ConversationArchive``).
    /// The fingerprint of `length` bytes from `offset` of the file at `path` (a conversation of a
    /// chat export), or of the whole file.
    public static func of(fileAt path: String, offset: Int = 0, length: Int? = nil, options: String) throws -> String {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            throw ReadError(message: "cannot read '\(path)': \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var total = 0
        let chunk = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 8)
        defer { buffer.deallocate() }
        if offset > 0 { lseek(descriptor, off_t(offset), SEEK_SET) }
        var remaining = length ?? Int.max
        while remaining > 0 {
            let count = read(descriptor, buffer.baseAddress, min(chunk, remaining))
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else {
                throw ReadError(message: "cannot read '\(path)': \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            total += count
            remaining -= count
            // Eight bytes a step: FNV-1a over words, which is as good a check of change and 8× faster.
            let words = count / 8
            let base = buffer.baseAddress!
            for index in 0..<words {
                hash = (hash ^ base.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self)) &* 0x100_0000_01b3
            }
            for index in words * 8..<count { hash = (hash ^ UInt64(buffer[index])) &* 0x100_0000_01b3 }
        }
        var optionsHash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in options.utf8 { optionsHash = (optionsHash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return "\(total)-\(String(hash, radix: 16))-\(String(optionsHash, radix: 16))"
    }
}
