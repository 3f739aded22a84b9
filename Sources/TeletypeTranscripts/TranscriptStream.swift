import Teletype
import TeletypeMarkdown

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads a provider's transcript file message by message, so that memory stays flat however long
/// it is. JSONL in the formats whose messages stand alone (Teletype, Stream Chat, Vercel) is read a
/// line at a time; anything else is read whole.
public struct TranscriptStream: Sendable {
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

    /// Calls `body` with each message of the provider transcript at `path`, in order, and returns
    /// the format read. `name` is how errors name the file. (Agents' session logs and chat
    /// exports are read by `ConversationStream` in TeletypeSessions, which hands other files here.)
    @discardableResult
    public func forEachMessage(inFileAt path: String, name: String, _ body: (Message) throws -> Void) throws
        -> TranscriptFormat
    {
        guard let handle = FileReader(path: path) else {
            throw CocoaFileError(path: path)
        }
        handle.onRead = bytesRead
        if let format, !format.isProviderFormat {
            throw TranscriptError(
                file: name, line: 1, column: 1,
                message: "\(format.displayName) is read by ConversationStream (TeletypeSessions)")
        }
        var buffer = Data()
        // Read enough to see whether this is JSONL: a first line that is a whole JSON object, then more.
        // What the session check read is searched first; then only the new bytes of each read, so a
        // one-line file of 100 MB is read in linear time.
        var firstLineEnd = buffer.firstIndex(of: 0x0A)
        while firstLineEnd == nil {
            let chunk = try handle.read(upToCount: chunkSize)
            if chunk.isEmpty { break }
            let searched = buffer.count
            buffer.append(chunk)
            firstLineEnd = buffer[(buffer.startIndex + searched)...].firstIndex(of: 0x0A)
        }
        let isJSONL: Bool = {
            guard let end = firstLineEnd else { return false }
            let first = buffer[buffer.startIndex..<end]
            guard let value = first.withUnsafeBytes({ try? JSONParser.parse($0) }), let object = value.object else {
                return false
            }
            return object["messages"] == nil
        }()
        guard isJSONL else {
            while case let chunk = try handle.read(upToCount: chunkSize), !chunk.isEmpty { buffer.append(chunk) }
            return try readWhole(buffer, name: name, body)
        }
        do {
            return try readLines(handle, buffer: buffer, name: name, body)
        } catch is NotAConversation {
            throw buffer.withUnsafeBytes { bytes in
                TranscriptError(file: name, line: 1, column: 1, message: FileShape.notAConversation(bytes))
            }
        } catch is NeedsWholeRead {
            // Formats whose tool results fold back into earlier messages are read whole.
            return try readWhole(try Data(contentsOf: URL(fileURLWithPath: path)), name: name, body)
        }
    }

    private func readWhole(_ data: Data, name: String, _ body: (Message) throws -> Void) throws -> TranscriptFormat {
        let transcript = try TranscriptReader(format: format).read(data, file: name)
        for message in transcript.messages { try body(message) }
        return transcript.format
    }

    private func readLines(_ handle: FileReader, buffer start: Data, name: String, _ body: (Message) throws -> Void)
        throws -> TranscriptFormat
    {
        if let format, format.isReadWhole { throw NeedsWholeRead(format: format) }
        var buffer = start
        // Detect the format from the first lines, then decode line by line.
        var line = 1
        var pending: [(JSONValue, Int)] = []
        var detected = format
        var position = 0
        func emit(_ value: JSONValue, _ lineNumber: Int, _ format: TranscriptFormat) throws {
            let messages: [Message]
            do throws(TranscriptProblem) {
                messages = try format.decode(value, at: [], position: position)
            } catch {
                throw TranscriptError(file: name, line: lineNumber, column: 1, message: error.message)
            }
            for message in messages { try body(message) }
            position += 1
        }
        var finished = false
        // Bytes of the buffer's unfinished line already searched for its end: a long line is
        // searched once, not once per chunk.
        var searched = 0
        // The values of a run of whole lines, parsed on every core when the run is long, then
        // decoded and handed on in order (those before a line that is not JSON, before its error).
        func take(_ run: Data, firstLine: Int) throws {
            var values: [(JSONValue, Int)] = []
            var failure: TranscriptError?
            run.withUnsafeBytes { bytes in
                do throws(TranscriptError) {
                    try JSONLines.forEach(in: bytes, file: name, firstLine: firstLine) { value, number, _ in
                        values.append((value, number))
                    }
                } catch {
                    failure = error
                }
            }
            for (value, number) in values {
                if let detected {
                    try emit(value, number, detected)
                } else {
                    pending.append((value, number))
                    if pending.count >= 20 { detected = try settle(&pending, emit: emit) }
                }
            }
            if let failure { throw failure }
        }
        while !finished {
            if let newline = buffer[(buffer.startIndex + searched)...].lastIndex(of: 0x0A) {
                let run = buffer[buffer.startIndex..<newline]
                try take(run, firstLine: line)
                line += Self.lineFeeds(in: run) + 1
                buffer.removeSubrange(buffer.startIndex...newline)
            }
            searched = buffer.count
            let chunk = try handle.read(upToCount: chunkSize)
            if chunk.isEmpty {
                finished = true
                if !buffer.isEmpty { try take(buffer, firstLine: line) }
            } else {
                buffer.append(chunk)
            }
        }
        if detected == nil { detected = try settle(&pending, emit: emit) }
        return detected ?? .teletype
    }

    /// Chooses the format from the lines read so far and sends them on. Formats whose messages
    /// depend on each other are refused here: the caller reads them whole.
    private func settle(
        _ pending: inout [(JSONValue, Int)], emit: (JSONValue, Int, TranscriptFormat) throws -> Void
    ) throws -> TranscriptFormat {
        guard let format = pending.isEmpty ? .teletype : TranscriptFormat.detect(pending.map(\.0)) else {
            throw NotAConversation()
        }
        guard !format.isReadWhole else { throw NeedsWholeRead(format: format) }
        for (value, line) in pending { try emit(value, line, format) }
        pending.removeAll()
        return format
    }

    /// How many line feeds `bytes` holds.
    private static func lineFeeds(in bytes: Data) -> Int {
        bytes.withUnsafeBytes { raw in
            var count = 0
            var start = 0
            while let found = ByteScan.firstIndex(of: 0x0A, in: raw, from: start) {
                count += 1
                start = found + 1
            }
            return count
        }
    }

    /// The file turned out to need a whole read (OpenAI and Anthropic fold tool results back).
    public struct NeedsWholeRead: Error {
        /// The format that needs it.
        public var format: TranscriptFormat
    }

    /// The file's lines hold no message of any format.
    struct NotAConversation: Error {}

    /// The file could not be opened.
    public struct CocoaFileError: Error {
        /// The file that could not be opened.
        public var path: String

        /// The error for the file at `path`.
        public init(path: String) { self.path = path }
    }
}
