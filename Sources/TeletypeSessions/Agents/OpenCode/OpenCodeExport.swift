import Teletype
import TeletypeTranscripts

/// `opencode export <id>`'s JSON: `{info, messages: [{info, parts}]}`, the session and its
/// messages whole (its subagents' sessions are not in it). OpenCode's stores on disk — its
/// database and the older `storage/` tree — are collections (``OpenCodeDatabase``,
/// ``OpenCodeStorage``), found where OpenCode keeps its data.
enum OpenCodeExport: AgentLogFormat {
    static let agent = SessionAgent.opencode

    static func places(_ home: SessionHome) -> [SessionPlace] { [] }

    /// `opencode.db` and the older `storage/` folder, in OpenCode's data folder.
    static func stores(_ home: SessionHome) -> (files: [SessionPlace], folders: [String]) {
        let folders = dataFolders(home)
        return (folders.map { SessionPlace.files($0, depth: 0, named: "opencode.db") }, folders.map { $0 + "/storage" })
    }

    /// OpenCode's data folders: `opencode/` under each system's data folder.
    static func dataFolders(_ home: SessionHome) -> [String] {
        home.dataFolders.map { $0 + "/opencode" }
    }

    static func matches(_ head: LogHead) -> Bool {
        guard !head.isList, head.hasKeys("info", "messages") else { return false }
        return SessionReading.contains(head.bytes, "\"ses_") || SessionReading.contains(head.bytes, "\"sessionID\"")
            || SessionReading.contains(head.bytes, "\"projectID\"")
    }

    static func read(
        _ source: SessionSource, path: String?, name: String, notice: (String) -> Void,
        start: (SessionInfo) -> Void, emit: (Message) throws -> Void
    ) throws -> SessionInfo {
        let document = try SessionReading.document(of: source, name: name)
        guard let messages = document["messages"]?.array else {
            throw TranscriptError(
                file: name, line: 1, column: 1, message: "an OpenCode export without its \"messages\" list")
        }
        var info = SessionInfo(agent: .opencode)
        if let session = document["info"] { OpenCodeConversation.describe(session, into: &info) }
        var conversation = OpenCodeConversation(info: info)
        for message in messages {
            conversation.add(message["info"] ?? .null, parts: message["parts"]?.array ?? [])
        }
        let shown = conversation.finish()
        var described = conversation.info
        described.messageCount = shown.count
        start(described)
        for message in shown { try emit(message) }
        return described
    }
}
