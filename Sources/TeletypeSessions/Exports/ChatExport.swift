import Teletype
import TeletypeMarkdown
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

/// A chat app's data export: ChatGPT's or Claude.ai's `conversations.json`, a list of hundreds or
/// thousands of conversations in one file (or one conversation object). Opening one splits it
/// into its conversations and reads what a listing shows of each (id, title, times) without
/// parsing the rest; ``read(_:branch:)`` reads one conversation whole. A 500 MB export is opened at the
/// speed of reading it, in flat memory, and each conversation can be read on any core.
public struct ChatExport: ConversationCollection {
    /// The app that made an export.
    public typealias App = ChatApp

    /// How errors and warnings name the file.
    public let name: String
    /// What it is: "ChatGPT export".
    public var kindName: String { app.displayName + " export" }
    /// The app that made it.
    public let app: App
    /// Whether the file is a list of conversations (rather than one conversation object).
    public let isList: Bool
    /// Its conversations, in the order of the file.
    public let conversations: [ListedConversation]
    private let source: Source

    private enum Source: Sendable {
        case file(String)
        case bytes([UInt8])
    }

    // MARK: Finding one

    /// The app whose export `bytes` (a file's first bytes) start, if any: a JSON array whose first
    /// element, or a JSON object, has ChatGPT's `mapping` or Claude.ai's `chat_messages`.
    public static func detect(_ bytes: UnsafeRawBufferPointer) -> App? {
        var keys = TopLevelKeys()
        return detect(bytes, keys: &keys)
    }

    /// The app whose export `bytes` start, scanned with `keys` (which then says whether the first
    /// object ended within them).
    static func detect(_ bytes: UnsafeRawBufferPointer, keys: inout TopLevelKeys) -> App? {
        for key in keys.scan(bytes) {
            switch key {
            case "mapping", "current_node": return .chatgpt
            case "chat_messages": return .claudeAI
            default: continue
            }
        }
        return nil
    }

    /// The app whose export the file at `path` is, from its first megabyte: its first 16 KB, and
    /// the rest of the megabyte only when the first object goes on past them. Every file an
    /// archive or a search is named is asked this; a session's first record ends within its
    /// first line, and reading a megabyte of each (most of the file) was most of an archive's
    /// start.
    public static func detect(fileAt path: String) -> App? {
        let descriptor = Glibc.open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        // Read into memory not cleared first (a cleared megabyte for each file was 2% of an
        // archive's instructions): only what was read is looked at.
        let head = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 8)
        defer { head.deallocate() }
        var filled = 0
        var keys = TopLevelKeys()
        for want in [16 << 10, head.count] {
            var endOfFile = false
            while filled < want {
                let count = Glibc.read(descriptor, head.baseAddress! + filled, want - filled)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    endOfFile = true
                    break
                }
                filled += count
            }
            let app = detect(UnsafeRawBufferPointer(rebasing: head[..<filled]), keys: &keys)
            if app != nil || keys.ended || endOfFile { return app }
        }
        return nil
    }

    // MARK: Opening one

    /// Opens the export at `path` (its app detected unless given): its conversations found and
    /// listed. A file that is not one is a `TranscriptError` at its line and column.
    public static func open(_ path: String, name: String? = nil, app: App? = nil) throws(TranscriptError)
        -> ChatExport
    {
        let name = name ?? path
        guard let reader = FileReader(path: path) else {
            throw TranscriptError(file: name, line: 1, column: 1, message: "the file cannot be opened")
        }
        var scanner = ChatExportScanner()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4 << 20, alignment: 8)
        defer { buffer.deallocate() }
        var head: App? = app
        var first = true
        do {
            while true {
                let count = try reader.read(into: buffer)
                if count == 0 { break }
                let bytes = UnsafeRawBufferPointer(rebasing: buffer[..<count])
                if first {
                    head = head ?? detect(bytes)
                    first = false
                }
                try scanner.add(bytes)
            }
            try scanner.finish()
        } catch let failure as ChatExportScanner.Failure {
            throw TranscriptError(file: name, line: failure.line, column: failure.column, message: failure.message)
        } catch {
            throw TranscriptError(file: name, line: 1, column: 1, message: "the file cannot be read")
        }
        guard let found = head else {
            throw TranscriptError(
                file: name, line: 1, column: 1,
                message:
                    "not a chat export: no conversation with ChatGPT's \"mapping\" or Claude.ai's \"chat_messages\"")
        }
        let pieces = scanner.pieces
        let descriptor = Glibc.open(path, O_RDONLY)
        defer { if descriptor >= 0 { close(descriptor) } }
        let listed = ParallelWork.ranges(pieces.count, minimum: 16).map { $0 }
        let parts = ParallelWork.map(listed.count) { part in
            listed[part].map { index in
                let piece = pieces[index]
                let bytes = Self.read(descriptor, piece)
                return bytes.withUnsafeBytes {
                    ListedConversation(listing: $0, piece: piece, position: index, app: found)
                }
            }
        }
        return ChatExport(
            name: name, app: found, isList: scanner.isList, conversations: Array(parts.joined()), source: .file(path))
    }

    /// An export already in memory.
    public init(bytes: UnsafeRawBufferPointer, name: String, app: App? = nil) throws(TranscriptError) {
        var scanner = ChatExportScanner()
        do throws(ChatExportScanner.Failure) {
            try scanner.add(bytes)
            try scanner.finish()
        } catch {
            throw TranscriptError(file: name, line: error.line, column: error.column, message: error.message)
        }
        guard let found = app ?? Self.detect(bytes) else {
            throw TranscriptError(file: name, line: 1, column: 1, message: "not a chat export")
        }
        let conversations = scanner.pieces.enumerated().map { index, piece in
            ListedConversation(
                listing: UnsafeRawBufferPointer(rebasing: bytes[piece.offset..<piece.offset + piece.length]),
                piece: piece, position: index, app: found)
        }
        self.init(
            name: name, app: found, isList: scanner.isList, conversations: conversations, source: .bytes(Array(bytes)))
    }

    private init(name: String, app: App, isList: Bool, conversations: [ListedConversation], source: Source) {
        self.name = name
        self.app = app
        self.isList = isList
        self.conversations = conversations
        self.source = source
    }

    private static func read(_ descriptor: Int32, _ piece: ChatExportScanner.Piece) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: piece.length)
        var done = 0
        while descriptor >= 0, done < piece.length {
            let count = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + done, piece.length - done, off_t(piece.offset + done))
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            done += count
        }
        return done == piece.length ? bytes : []
    }

    // MARK: Its conversations

    /// Reads one conversation whole: its messages along the path shown, with the other versions at
    /// its branch points. A conversation that is not JSON is a `TranscriptError` at its line and
    /// column in the file; a broken tree is read as far as it goes, with a notice naming it.
    /// `branch` names a message whose version to show instead of the one the app last showed (see
    /// `AIBranchPoint.selectors`).
    public func read(_ conversation: ListedConversation, branch: String?) throws(TranscriptError)
        -> Transcript
    {
        let piece = conversation.piece
        let bytes: [UInt8]
        switch source {
        case .bytes(let all): bytes = Array(all[piece.offset..<min(all.count, piece.offset + piece.length)])
        case .file(let path):
            let descriptor = Glibc.open(path, O_RDONLY)
            defer { if descriptor >= 0 { close(descriptor) } }
            bytes = Self.read(descriptor, piece)
            guard bytes.count == piece.length else {
                throw TranscriptError(
                    file: name, line: piece.line, column: piece.column, message: "the file changed while it was read")
            }
        }
        let parsed: Result<JSONValue, JSONParser.Failure> = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONParser.Failure) in try JSONParser.parse(raw) }
        }
        let value: JSONValue
        do throws(JSONParser.Failure) {
            value = try parsed.get()
        } catch {
            throw TranscriptError(
                file: name, line: piece.line + error.line - 1,
                column: error.line == 1 ? piece.column + error.column - 1 : error.column, message: error.message)
        }
        let named = "\(name): conversation \"\(conversation.title)\" (\(conversation.id))"
        let messages: [Message]
        let warnings: [String]
        do throws(ChatExportSelectionError) {
            (messages, warnings) =
                switch app {
                case .chatgpt: try ChatGPTConversation.messages(value, branch: branch)
                case .claudeAI: try ClaudeAIConversation.messages(value, branch: branch)
                }
        } catch {
            throw TranscriptError(
                file: name, line: piece.line, column: piece.column, message: "\(named): \(error.message)")
        }
        var transcript = Transcript(
            messages: messages, format: app == .chatgpt ? .chatgpt : .claudeAI,
            notices: warnings.map { "\(named): \($0)" })
        var described = conversation
        described.models = Self.models(messages)
        transcript.conversation = described
        return transcript
    }

    /// Reads one conversation of the export at `path` (found by an earlier ``open(_:name:app:)``),
    /// without opening the export again.
    public static func read(
        _ conversation: ListedConversation, fileAt path: String, name: String, branch: String? = nil
    ) throws(TranscriptError) -> Transcript {
        try ChatExport(
            name: name, app: conversation.app ?? .chatgpt, isList: true, conversations: [], source: .file(path)
        )
        .read(conversation, branch: branch)
    }

    /// The models that wrote the replies, in the order they first did.
    static func models(_ messages: [Message]) -> [String] {
        var models: [String] = []
        func add(_ messages: [Message]) {
            for message in messages {
                if let model = message.model, !models.contains(model) { models.append(model) }
            }
        }
        add(messages)
        return models
    }
}

/// Why a `--conversation` selector names no conversation, or more than one.
public struct ChatExportSelectionError: Error, Sendable, CustomStringConvertible {
    /// What is wrong, in words.
    public var message: String
    /// What is wrong, in words.
    public var description: String { message }
}
