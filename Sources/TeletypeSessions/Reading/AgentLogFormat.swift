import Teletype
import TeletypeTranscripts

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One agent's log format: how a log of it is told from the others by its first bytes, and how it
/// is read. Every agent is one of these and a tool table (``ToolTable``); ``SessionFormats`` asks
/// each in turn, most particular first.
protocol AgentLogFormat: Sendable {
    /// The agent that writes it.
    static var agent: SessionAgent { get }
    /// Whether the log that starts as `head` is this agent's.
    static func matches(_ head: LogHead) -> Bool
    /// Reads the log in `source` (the file at `path`, when it is one: a reader finds the files
    /// beside it), handing over its messages in order; returns what it says of the session.
    /// `start` hears the session's description before the first message.
    static func read(
        _ source: SessionSource, path: String?, name: String, notice: (String) -> Void,
        start: (SessionInfo) -> Void, emit: (Message) throws -> Void
    ) throws -> SessionInfo
    /// A quick look at the log in `source` for a listing (see ``SessionSkim``), agreeing with what
    /// `read` finds; nil where the format has no quicker way than reading.
    static func skim(_ source: SessionSource, path: String?, name: String) throws -> SessionSkim?
    /// Where the agent keeps its sessions, on Linux, macOS and Windows.
    static func places(_ home: SessionHome) -> [SessionPlace]
    /// Where the agent keeps stores of many conversations (its databases, OpenCode's `storage/`
    /// folder), each a ``ConversationCollection``: files found by these places, and folders.
    static func stores(_ home: SessionHome) -> (files: [SessionPlace], folders: [String])
}

extension AgentLogFormat {
    static func skim(_ source: SessionSource, path: String?, name: String) throws -> SessionSkim? { nil }

    static func stores(_ home: SessionHome) -> (files: [SessionPlace], folders: [String]) { ([], []) }
}

/// The start of a file, as the formats look at it to tell whose it is: its first bytes, its first
/// JSONL records, the top-level keys of a JSON document.
struct LogHead {
    /// The file's path or name.
    let name: String
    /// Its first bytes.
    let bytes: UnsafeRawBufferPointer
    /// Its first records, when it is JSONL: each whole line that is a JSON object, up to eight.
    let records: [JSONValue]
    /// The top-level keys of the first object of a JSON document (or of its first element, when
    /// it is a list), as far as the first bytes go.
    let documentKeys: [String]
    /// Whether the document is a list (starts with `[`).
    let isList: Bool

    /// The file's own name (its path's last part).
    var fileName: String { name.lastSlashPart }

    init(_ bytes: UnsafeRawBufferPointer, name: String) {
        self.name = name
        self.bytes = bytes
        var start = 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains(bytes[start]) { start += 1 }
        isList = start < bytes.count && bytes[start] == UInt8(ascii: "[")
        var records: [JSONValue] = []
        if start < bytes.count, bytes[start] == UInt8(ascii: "{") {
            var lineStart = start
            while lineStart < bytes.count, records.count < 8 {
                let lineEnd = Self.lineEnd(in: bytes, from: lineStart)
                // A line cut by the end of the bytes read is not looked at.
                guard lineEnd < bytes.count || records.isEmpty else { break }
                let line = UnsafeRawBufferPointer(rebasing: bytes[lineStart..<lineEnd])
                if line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
                    if let value = try? JSONParser.parse(line), value.object != nil {
                        records.append(value)
                    } else if let glued = JSONLLog.gluedObjects(line) {
                        records += glued  // records a writer glued on one line
                    } else {
                        break
                    }
                }
                lineStart = lineEnd + 1
            }
        }
        self.records = records
        var keys = TopLevelKeys()
        documentKeys = start < bytes.count ? keys.scan(UnsafeRawBufferPointer(rebasing: bytes[start...])) : []
    }

    /// Where the line starting at `start` ends: its `\n`, or the end of `bytes` (found with
    /// `memchr`: a first record can be megabytes long).
    static func lineEnd(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        guard let base = bytes.baseAddress, start < bytes.count,
            let found = memchr(base + start, 0x0A, bytes.count - start)
        else { return bytes.count }
        return UnsafeRawPointer(found) - base
    }

    /// Whether the document has every one of `keys` at its top level.
    func hasKeys(_ keys: String...) -> Bool { keys.allSatisfy(documentKeys.contains) }

    /// The first records' values of `type` (or of `key`).
    func types(_ key: String = "type") -> [String] { records.compactMap { $0[key]?.string } }
}
