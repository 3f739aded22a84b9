import Teletype
import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The sources that hold many conversations, found by what they are: a chat app's data export
/// (``ChatExport``), an agent's SQLite database (Cursor, OpenCode, Kiro), OpenCode's `storage/`
/// folder. `render`, `export` and `sessions` open one here and treat its conversations alike.
public enum ConversationCollections {
    /// The collection at `path` (a file or a folder), or nil when it is not one (a single
    /// conversation, or nothing Teletype reads). `format`, when given, says what it must be. A
    /// database of an unknown kind, or one that cannot be read, is an error that says why.
    public static func open(_ path: String, name: String? = nil, format: TranscriptFormat? = nil)
        throws(TranscriptError) -> (any ConversationCollection)?
    {
        let name = name ?? path
        if let app = format?.chatExportApp { return try ChatExport.open(path, name: name, app: app) }
        if let format, !holdsCollections(format) { return nil }
        if let root = OpenCodeStorage.root(of: path) {
            guard format == nil || format == .opencode else { return nil }
            return try OpenCodeStorage(root: root, name: name)
        }
        if isDatabase(fileAt: path) { return try AgentDatabases.open(path, name: name) }
        if format == nil, let app = ChatExport.detect(fileAt: path) {
            return try ChatExport.open(path, name: name, app: app)
        }
        return nil
    }

    /// Whether the formats of `format` include a collection: a chat export, an agent with a database
    /// or a store of many.
    static func holdsCollections(_ format: TranscriptFormat) -> Bool {
        format.chatExportApp != nil || [.cursor, .opencode, .kiro].contains(format)
    }

    /// Whether the file at `path` is a SQLite database (its first 16 bytes).
    public static func isDatabase(fileAt path: String) -> Bool {
        guard let reader = FileReader(path: path), let head = try? reader.read(upToCount: 16) else { return false }
        return head.withUnsafeBytes { SQLiteDatabase.isDatabase($0) }
    }

    /// Whether the folder at `path` is a store of conversations (OpenCode's `storage/`, or its data
    /// folder that holds one): a folder search takes it as one source rather than looking at its
    /// files one by one.
    public static func isStoreFolder(_ path: String) -> Bool {
        OpenCodeStorage.root(of: path) != nil
    }

    /// The store whose own file `path` is (OpenCode's `storage/`, for a file of its `session/`,
    /// `message/`, `part/` or `project/`), if any: such a file is read through its store.
    public static func store(containing path: String) -> String? {
        var folder = path
        for _ in 0..<4 {
            guard let slash = folder.lastIndex(of: "/"), slash > folder.startIndex else { return nil }
            folder = String(folder[..<slash])
            if isStoreRoot(folder) { return folder }
        }
        return nil
    }

    /// The error for a file of a store read alone: which store to read instead.
    static func storeFileError(_ path: String, store: String) -> TranscriptError {
        TranscriptError(
            file: path, line: 0, column: 0,
            message: "one file of OpenCode's storage, not a conversation of its own: teletype render \(store) "
                + "lists its sessions")
    }

    /// Whether the folder at `path` is itself a store's root (OpenCode's `storage/`), not a folder
    /// that holds one: what a folder search takes as one source.
    public static func isStoreRoot(_ path: String) -> Bool {
        OpenCodeStorage.root(of: path) == path
    }

    /// Whether the database at `path` is one Teletype reads (a folder search skips the others).
    public static func isAgentDatabase(fileAt path: String) -> Bool {
        guard isDatabase(fileAt: path), let database = try? SQLiteDatabase(path: path),
            let tables = try? database.tables()
        else { return false }
        return AgentDatabases.kinds.contains { (try? $0.matches(tables, in: database)) == true }
    }

    /// One conversation of the collection at `path` (as an earlier ``open(_:name:format:)``
    /// listed it), read without listing the others where the source allows.
    public static func read(_ conversation: ListedConversation, fileAt path: String, name: String)
        throws(TranscriptError) -> Transcript
    {
        if conversation.app != nil { return try ChatExport.read(conversation, fileAt: path, name: name) }
        if let root = OpenCodeStorage.root(of: path) {
            return try OpenCodeStorage(root: root, name: name).read(conversation, branch: nil)
        }
        return try AgentDatabases.read(conversation, fileAt: path, name: name)
    }

    /// The one conversation of a collection; one of many is an error that says how to choose.
    public static func onlyConversation(of collection: any ConversationCollection) throws(TranscriptError)
        -> Transcript
    {
        guard collection.conversations.count == 1 else {
            throw TranscriptError(
                file: collection.name, line: 0, column: 0,
                message: collection.conversations.isEmpty
                    ? "a \(collection.kindName) with no conversation in it"
                    : "a \(collection.kindName) of \(collection.conversations.count) conversations: "
                        + "choose one (teletype render FILE --conversation N|ID|TITLE), or export them all "
                        + "(teletype export FILE -o FOLDER)")
        }
        return try collection.read(collection.conversations[0])
    }
}
