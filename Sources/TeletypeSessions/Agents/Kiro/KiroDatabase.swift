import Teletype
import TeletypeTranscripts

/// Kiro CLI's database (`kiro-cli/data.sqlite3` under the system's data folder): table
/// `conversations_v2`, a row a conversation, its `value` the conversation's JSON
/// (``KiroHistory``) and its `key` the folder it ran in.
struct KiroDatabase: AgentDatabase {
    static let agent = SessionAgent.kiro
    let name: String
    let path: String
    let conversations: [ListedConversation]

    var kindName: String { "Kiro database" }

    static let table = "conversations_v2"

    static func matches(_ tables: Set<String>, in database: SQLiteDatabase) throws -> Bool {
        tables.contains(table)
    }

    init(database: SQLiteDatabase, path: String, name: String) throws {
        self.name = name
        self.path = path
        try database.require(Self.table, columns: ["value"], for: "Kiro")
        let columns = try database.columns(of: Self.table)
        let updated = columns.contains("updated_at") ? "updated_at" : "NULL"
        var listed: [ListedConversation] = []
        try database.forEachRowInPlace("SELECT rowid, value, \(updated) FROM \(Self.table)") { row in
            guard row.count > 2, let value = row.json(1) else { return }
            let (messages, info) = KiroHistory.read(value)
            guard !messages.isEmpty else { return }
            let title = messages.first { $0.role.isUser }.map { SessionLocator.titleLine($0.text) } ?? ""
            let changed = row.number(2).map { $0 > 1e11 ? $0 / 1000 : $0 } ?? info.ended
            listed.append(
                ListedConversation(
                    position: listed.count, id: info.id ?? "row-\(row.text(0) ?? "")", title: title,
                    createdAt: info.started, updatedAt: changed, agent: .kiro, project: info.project,
                    models: info.models, length: messages.count, version: "\(changed ?? 0)-\(messages.count)"))
        }
        conversations = listed
    }

    static func read(_ conversation: ListedConversation, in database: SQLiteDatabase, path: String) throws -> Transcript
    {
        var found: JSONValue?
        try database.forEachRowInPlace("SELECT value FROM \(table)") { row in
            guard found == nil, let value = row.json(0) else { return }
            if value["conversation_id"]?.string == conversation.id { found = value }
        }
        guard let found else {
            throw SQLiteDatabase.Failure(
                name: database.name, reason: "no conversation \(conversation.id) (deleted since it was listed?)")
        }
        let (messages, info) = KiroHistory.read(found)
        var transcript = Transcript(messages: messages, format: .kiro, info: info)
        transcript.conversation = conversation
        return transcript
    }
}
