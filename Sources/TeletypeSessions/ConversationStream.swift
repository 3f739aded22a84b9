import Teletype
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

/// Reads any conversation file message by message, so that memory stays flat however long it is:
/// an agent's session log by its reader, a record at a time; a chat app's export of one
/// conversation; a provider's transcript by `TranscriptStream`.
public struct ConversationStream: Sendable {
    /// The format to read, or nil to detect it.
    public var format: TranscriptFormat?
    /// How many bytes are read at a time.
    public var chunkSize = 1 << 20
    /// Called with how many bytes of the file have been read so far, after each piece (for progress).
    public var bytesRead: (@Sendable (Int) -> Void)?

    /// A stream reading `format` (nil: detected).
    public init(format: TranscriptFormat? = nil) {
        self.format = format
    }

    /// Calls `body` with each message of the file at `path`, in order, and returns the format read.
    /// `name` is how errors name the file. An agent's session log is read by its reader, a record
    /// at a time: `session` hears what the log says of the session before its first message and,
    /// complete, after the last; `notice` hears what is worth a word (a last line cut short).
    @discardableResult
    public func forEachMessage(
        inFileAt path: String, name: String, session: (SessionInfo) -> Void = { _ in },
        notice: (String) -> Void = { _ in }, _ body: (Message) throws -> Void
    ) throws -> TranscriptFormat {
        // A chat export, an agent's database or store: its one conversation (one of many is an
        // error that says what to do).
        if let collection = try ConversationCollections.open(path, name: name, format: format) {
            let transcript = try ConversationCollections.onlyConversation(of: collection)
            for text in transcript.notices { notice(text) }
            for message in transcript.messages { try body(message) }
            return transcript.format
        }
        guard FileReader(path: path) != nil else { throw TranscriptStream.CocoaFileError(path: path) }
        if format == nil, let store = ConversationCollections.store(containing: path) {
            throw ConversationCollections.storeFileError(name, store: store)
        }
        if let agent = Self.sessionAgent(ofFileAt: path, format: format) {
            let source = SessionSource(path: path)
            source.chunkSize = chunkSize
            let onRead = bytesRead
            source.onRead = { onRead?($0) }
            let info = try SessionFormats.read(
                source, path: path, agent: agent, name: name, notice: notice, start: session, emit: body)
            session(info)
            return TranscriptFormat(rawValue: agent.rawValue) ?? .teletype
        }
        var stream = TranscriptStream(format: format)
        stream.chunkSize = chunkSize
        stream.bytesRead = bytesRead
        return try stream.forEachMessage(inFileAt: path, name: name, body)
    }

    /// The agent whose session log the file at `path` is (by its first lines, unless `format`
    /// says), or nil for a transcript or a file that cannot be read.
    public static func sessionAgent(ofFileAt path: String, format: TranscriptFormat?) -> SessionAgent? {
        if let format { return format.sessionAgent }
        guard let handle = FileReader(path: path) else { return nil }
        // Enough to hold the first lines whole: a first record can be long. Read straight into
        // one buffer, doubled as it fills (chunks read as Data and appended were copied twice).
        var buffer = [UInt8].room(64 * 1024, keeping: UnsafeRawBufferPointer(start: nil, count: 0))
        var count = 0
        var lines = 0
        while count < 16 << 20 {
            if count == buffer.count {
                buffer = buffer.withUnsafeBytes { [UInt8].room(2 * $0.count, keeping: $0) }
            }
            let start = count
            guard
                let read = try? buffer.withUnsafeMutableBytes({
                    try handle.read(into: UnsafeMutableRawBufferPointer(rebasing: $0[start...]))
                })
            else { return nil }
            count += read
            lines += buffer.withUnsafeBytes {
                Self.lineEnds(UnsafeRawBufferPointer(rebasing: $0[start..<start + read]), upTo: 8 - lines)
            }
            if read == 0 || lines >= 8 { break }
        }
        return buffer.withUnsafeBytes {
            SessionFormats.detect(UnsafeRawBufferPointer(rebasing: $0[..<count]), name: path)
        }
    }

    /// How many line ends `bytes` hold, counted up to `most`: found with `memchr`, not byte by byte
    /// (counting every byte of 64 KB was most of the instructions of telling a session's agent).
    static func lineEnds(_ bytes: UnsafeRawBufferPointer, upTo most: Int) -> Int {
        guard var at = bytes.baseAddress else { return 0 }
        let end = at + bytes.count
        var count = 0
        while count < most, at < end, let found = memchr(at, 0x0A, end - at) {
            count += 1
            at = UnsafeRawPointer(found) + 1
        }
        return count
    }
}
