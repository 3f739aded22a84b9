import Teletype
import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// OpenCode's database (`~/.local/share/opencode/opencode.db`, 1.2 and later, in WAL mode while
/// OpenCode runs): tables `session` (typed columns — `id`, `parent_id`, `directory`, `title`,
/// `version`, `time_created`, `time_updated` — or, in older builds, a `data` JSON column), `message`
/// and `part`, each row's `data` the JSON its export holds. A session with a `parent_id` is a
/// subagent's and is nested under the `task` call that started it, not listed.
struct OpenCodeDatabase: AgentDatabase {
    static let agent = SessionAgent.opencode
    let name: String
    let path: String
    let conversations: [ListedConversation]

    var kindName: String { "OpenCode database" }

    static func matches(_ tables: Set<String>, in database: SQLiteDatabase) throws -> Bool {
        guard tables.isSuperset(of: ["session", "message", "part"]) else { return false }
        return try database.columns(of: "message").contains("data")
    }

    init(database: SQLiteDatabase, path: String, name: String) throws {
        self.name = name
        self.path = path
        try database.require("session", columns: ["id"], for: "OpenCode")
        try database.require("message", columns: ["id", "session_id", "data"], for: "OpenCode")
        try database.require("part", columns: ["id", "message_id", "data"], for: "OpenCode")
        var counts: [String: Int] = [:]
        try database.forEachRow("SELECT session_id, count(*) FROM message GROUP BY session_id") { row in
            if let id = row.first?.text, row.count > 1 { counts[id] = Int(row[1].number ?? 0) }
        }
        var listed: [ListedConversation] = []
        for session in try Self.sessions(database) where session.parent == nil {
            let count = counts[session.id] ?? 0
            guard count > 0 else { continue }
            listed.append(
                ListedConversation(
                    position: listed.count, id: session.id, title: session.info.title ?? "",
                    createdAt: session.info.started, updatedAt: session.info.ended, agent: .opencode,
                    project: session.info.project, length: count,
                    version: "\(session.info.ended ?? 0)-\(count)"))
        }
        conversations = listed
    }

    /// A session row: its id, its parent's, its description.
    struct Session {
        var id: String
        var parent: String?
        var info: SessionInfo
    }

    /// The sessions, from typed columns or a `data` column, whichever the table has.
    static func sessions(_ database: SQLiteDatabase, id: String? = nil) throws -> [Session] {
        let columns = try database.columns(of: "session")
        let wanted = ["id", "parent_id", "directory", "title", "version", "time_created", "time_updated", "data"]
            .filter(columns.contains)
        var sql = "SELECT " + wanted.joined(separator: ", ") + " FROM session"
        if id != nil { sql += " WHERE id = ?" }
        var sessions: [Session] = []
        try database.forEachRow(sql, id.map { [.text($0)] } ?? []) { row in
            var values: [String: SQLiteDatabase.Value] = [:]
            for (index, column) in wanted.enumerated() where index < row.count { values[column] = row[index] }
            guard let id = values["id"]?.text else { return }
            var info = SessionInfo(agent: .opencode)
            if let data = values["data"]?.json { OpenCodeConversation.describe(data, into: &info) }
            info.id = id
            info.project = values["directory"]?.text ?? info.project
            info.title = values["title"]?.text ?? info.title
            info.version = values["version"]?.text ?? info.version
            info.add(time: values["time_created"]?.number.map { $0 / 1000 })
            info.add(time: values["time_updated"]?.number.map { $0 / 1000 })
            let parent = values["parent_id"]?.text ?? values["data"]?.json?["parentID"]?.string
            sessions.append(Session(id: id, parent: parent, info: info))
        }
        return sessions
    }

    static func read(_ conversation: ListedConversation, in database: SQLiteDatabase, path: String) throws -> Transcript
    {
        guard let session = try sessions(database, id: conversation.id).first else {
            throw SQLiteDatabase.Failure(
                name: database.name, reason: "no session \(conversation.id) (deleted since it was listed?)")
        }
        let read = try Self.messages(database, session: session.id, info: session.info, depth: 0)
        var transcript = Transcript(messages: read.messages, format: .opencode, info: read.info)
        transcript.conversation = conversation
        return transcript
    }

    /// A session's messages, its subagents' nested (`depth` deep so far).
    static func messages(_ database: SQLiteDatabase, session: String, info: SessionInfo, depth: Int) throws
        -> (messages: [Message], info: SessionInfo)
    {
        let messageColumns = try database.columns(of: "message")
        let time =
            messageColumns.contains("time_created")
            ? "time_created" : messageColumns.contains("created_at") ? "created_at" : "NULL"
        var rows: [(id: String, time: Double, data: JSONValue)] = []
        try database.forEachRowInPlace("SELECT id, \(time), data FROM message WHERE session_id = ?", [.text(session)]) {
            row in
            guard let id = row.text(0), let data = row.json(2) else { return }
            let created = row.number(1) ?? data["time"]?["created"]?.number ?? 0
            rows.append((id, created, data))
        }
        rows.sort { ($0.time, $0.id) < ($1.time, $1.id) }
        // A message's parts in the order they were written: by their ids (OpenCode's grow with
        // time), or as they were inserted where the store's ids do not.
        var parts: [String: [(id: String, order: Int64, data: JSONValue)]] = [:]
        let partColumns = try database.columns(of: "part")
        let byMessage =
            partColumns.contains("session_id")
            ? "session_id = ?" : "message_id IN (SELECT id FROM message WHERE session_id = ?)"
        try database.forEachRowInPlace(
            "SELECT id, message_id, data, rowid FROM part WHERE \(byMessage)", [.text(session)]
        ) { row in
            guard let id = row.text(0), let message = row.text(1), let data = row.json(2) else { return }
            let order: Int64 = if case .integer(let number) = row.value(3) { number } else { 0 }
            parts[message, default: []].append((id, order, data))
        }
        var conversation = OpenCodeConversation(info: info)
        if depth < 4 {
            conversation.child = { child in
                try? messages(database, session: child, info: SessionInfo(agent: .opencode), depth: depth + 1).messages
            }
        }
        for row in rows {
            var message = row.data
            if case .object(var object) = message, object["id"] == nil {
                object["id"] = .string(row.id)
                message = .object(object)
            }
            let own = parts[row.id] ?? []
            let timeOrdered = own.allSatisfy { $0.id.hasPrefix("prt_") }
            let ordered = own.sorted { timeOrdered ? $0.id < $1.id : $0.order < $1.order }.map(\.data)
            conversation.add(message, parts: ordered)
        }
        let shown = conversation.finish()
        var described = conversation.info
        described.messageCount = shown.count
        return (shown, described)
    }
}
