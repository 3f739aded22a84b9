import Teletype
import TeletypeTranscripts

/// An agent's SQLite database of conversations (Cursor's `state.vscdb` and `store.db`,
/// OpenCode's `opencode.db`, Kiro's `conversations_v2`): told from the others by its tables,
/// listed without reading its conversations, and read a conversation at a time, each time opened
/// afresh read-only (``SQLiteDatabase``) so that nothing is held open between reads.
protocol AgentDatabase: ConversationCollection {
    /// The agent whose database it is.
    static var agent: SessionAgent { get }
    /// Whether `database` (whose tables are `tables`) is one of this kind.
    static func matches(_ tables: Set<String>, in database: SQLiteDatabase) throws -> Bool
    /// Lists the conversations of `database`, the file at `path`.
    init(database: SQLiteDatabase, path: String, name: String) throws
    /// Reads the conversation `conversation` lists, whole.
    static func read(_ conversation: ListedConversation, in database: SQLiteDatabase, path: String) throws -> Transcript
    /// The database's file.
    var path: String { get }
}

extension AgentDatabase {
    /// Reads one conversation whole, the database opened for it.
    func read(_ conversation: ListedConversation, branch: String?) throws(TranscriptError) -> Transcript {
        try AgentDatabases.reading(name) {
            try Self.read(conversation, in: try SQLiteDatabase(path: path, name: name), path: path)
        }
    }
}

/// The agents' databases Teletype reads, and what they share: opening a file as whichever it is.
enum AgentDatabases {
    static let kinds: [any AgentDatabase.Type] = [CursorDatabase.self, OpenCodeDatabase.self, KiroDatabase.self]

    /// The database at `path` as the collection it is; an error that names what it lacks when it is
    /// a database of none of them.
    static func open(_ path: String, name: String) throws(TranscriptError) -> any ConversationCollection {
        try reading(name) {
            let database = try SQLiteDatabase(path: path, name: name)
            let tables = try database.tables()
            for kind in kinds where try kind.matches(tables, in: database) {
                return try kind.init(database: database, path: path, name: name)
            }
            let shown = tables.sorted().prefix(8).joined(separator: ", ")
            throw SQLiteDatabase.Failure(
                name: name,
                reason: "a SQLite database Teletype does not know (its tables: \(shown.isEmpty ? "none" : shown)); "
                    + "it reads Cursor's (cursorDiskKV, ItemTable, blobs), OpenCode's (session, message, part) "
                    + "and Kiro's (conversations_v2)")
        }
    }

    /// One conversation of the database at `path`, read without listing the others.
    static func read(_ conversation: ListedConversation, fileAt path: String, name: String) throws(TranscriptError)
        -> Transcript
    {
        try reading(name) {
            let database = try SQLiteDatabase(path: path, name: name)
            let tables = try database.tables()
            guard
                let kind = try kinds.first(where: {
                    try $0.agent == conversation.agent && $0.matches(tables, in: database)
                })
            else {
                throw SQLiteDatabase.Failure(
                    name: name, reason: "no longer the database the conversation was listed in")
            }
            return try kind.read(conversation, in: database, path: path)
        }
    }

    /// `body`'s result, its failures as a reader's errors that name the file.
    static func reading<T>(_ name: String, _ body: () throws -> T) throws(TranscriptError) -> T {
        do {
            return try body()
        } catch let error as TranscriptError {
            throw error
        } catch let error as SQLiteDatabase.Failure {
            throw error.transcriptError
        } catch {
            throw TranscriptError(file: name, line: 0, column: 0, message: "\(error)")
        }
    }
}
