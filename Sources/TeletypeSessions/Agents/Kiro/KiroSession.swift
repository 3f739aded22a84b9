import Teletype
import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Kiro CLI's sessions: an interactive run's `~/.kiro/sessions/cli/<id>.jsonl`, records
/// `{version, kind, data}` appended as it goes (`Prompt`, `AssistantMessage`, tool uses and their
/// results as content blocks), with its state `<id>.json` beside it (title, folder, times, the
/// turns' token counts once finished); a non-interactive run's conversation JSON
/// (``KiroHistory``) saved as a file. Kiro's database of those is ``KiroDatabase``.
enum KiroSession: AgentLogFormat {
    static let agent = SessionAgent.kiro

    static func places(_ home: SessionHome) -> [SessionPlace] {
        [SessionPlace.files(home.inHome(".kiro/sessions/cli"), depth: 0, suffix: ".jsonl")]
    }

    /// Kiro's database, in its data folder.
    static func stores(_ home: SessionHome) -> (files: [SessionPlace], folders: [String]) {
        (home.dataFolders.map { SessionPlace.files($0 + "/kiro-cli", depth: 0, named: "data.sqlite3") }, [])
    }

    static func matches(_ head: LogHead) -> Bool {
        if KiroHistory.isConversation(head) { return true }
        if !head.isList, head.hasKeys("session_id", "session_state") { return true }
        guard let first = head.records.first else { return false }
        return first["version"]?.string != nil && first["kind"]?.string != nil && first["data"]?.object != nil
    }

    static func read(
        _ source: SessionSource, path: String?, name: String, notice: (String) -> Void,
        start: (SessionInfo) -> Void, emit: (Message) throws -> Void
    ) throws -> SessionInfo {
        if try isDocument(source, name: name) {
            let bytes = try SessionReading.bytes(of: source)
            let document = try SessionReading.document(bytes, name: name)
            if document["session_state"] != nil {
                // The state beside a run's log: the log is the conversation.
                guard let path, path.hasSuffix(".json"), FileManager.default.fileExists(atPath: path + "l") else {
                    throw TranscriptError(
                        file: name, line: 0, column: 0,
                        message: "a Kiro session's state, not its conversation (that is the .jsonl of the same name)")
                }
                return try read(
                    SessionSource(path: path + "l"), path: path + "l", name: path + "l", notice: notice, start: start,
                    emit: emit)
            }
            let (messages, info) = KiroHistory.read(document)
            start(info)
            for message in messages { try emit(message) }
            return info
        }
        var info = SessionInfo(agent: .kiro)
        if let path, path.hasSuffix(".jsonl") { describe(stateAt: String(path.dropLast()), into: &info) }
        // Two passes: the times first, then the records a turn at a time.
        var turns = KiroTurns()
        let shown = try JSONLLog.readTurns(
            source, name: name, describing: JSONFields(["data.meta.timestamp"]), notice: notice,
            describe: { fields, _ in info.add(time: fields["data.meta.timestamp"]?.number) },
            start: { _ in start(info) }, turns: &turns, emit: emit)
        info.messageCount = shown
        return info
    }

    /// Whether the file is one JSON document (a conversation, or a run's state) rather than a
    /// run's records.
    static func isDocument(_ source: SessionSource, name: String) throws -> Bool {
        let head = try source.read(offset: 0, length: 65536)
        return head.withUnsafeBytes { bytes in
            let look = LogHead(bytes, name: name)
            return look.records.isEmpty || KiroHistory.isConversation(look)
                || look.hasKeys("session_id", "session_state")
        }
    }

    /// Results of calls, as content blocks.
    static func addResults(_ blocks: [JSONValue], to builder: inout ConversationBuilder) {
        for block in blocks where block["kind"]?.string == "toolResult" {
            let result = block["data"] ?? .null
            guard let id = result["toolUseId"]?.string ?? result["tool_use_id"]?.string else { continue }
            builder.updateCall(id) { call in
                ToolResult.apply(result["content"] ?? result["output"], to: &call)
                call.status = result["status"]?.string?.lowercased() == "error" ? .failed : .completed
            }
        }
    }

    /// What the state file beside a run's log says: its title, folder, times and tokens.
    static func describe(stateAt path: String, into info: inout SessionInfo) {
        guard let data = try? Data(contentsOf: URL(fileURLWithPath: path)),
            let state = data.withUnsafeBytes({ try? JSONParser.parse($0) })
        else { return }
        info.id = state["session_id"]?.string
        info.title = state["title"]?.string
        info.project = state["cwd"]?.string
        info.add(time: state["created_at"]?.string.flatMap(ISODate.seconds))
        info.add(time: state["updated_at"]?.string.flatMap(ISODate.seconds))
        if state["session_created_reason"]?.string == "subagent" { info.isSubagent = true }
        let model = state["session_state"]?["rts_model_state"]?["model_info"]?["model_id"]?.string
        if model != "auto" { info.add(model: model) }
        for turn in state["session_state"]?["conversation_metadata"]?["user_turn_metadatas"]?.array ?? [] {
            info.inputTokens.saturatingAdd(turn["input_token_count"]?.integer ?? 0)
            info.outputTokens.saturatingAdd(turn["output_token_count"]?.integer ?? 0)
        }
    }
}

/// A Kiro run's records, added one at a time, as a conversation.
struct KiroTurns: RecordTurns {
    var builder = ConversationBuilder()

    mutating func add(_ record: JSONValue, index: Int) {
        let data = record["data"] ?? .null
        let id = data["message_id"]?.string ?? "record-\(index)"
        let time = data["meta"]?["timestamp"]?.number
        let blocks = data["content"]?.array ?? []
        switch record["kind"]?.string {
        case "Prompt":
            let text = blocks.compactMap { $0["kind"]?.string == "text" ? $0["data"]?.string : nil }
            if !text.isEmpty {
                builder.prompt(Message(id: id, role: .user, text: text.joined(separator: "\n\n"), createdAt: time))
            }
            KiroSession.addResults(blocks, to: &builder)
        case "AssistantMessage":
            builder.startReply(id: id, time: time)
            for block in blocks {
                switch block["kind"]?.string {
                case "text": builder.addText(block["data"]?.string ?? "", id: id)
                case "toolUse":
                    let use = block["data"] ?? .null
                    builder.addCall(
                        KiroHistory.tools.call(
                            id: use["toolUseId"]?.string ?? use["id"]?.string ?? "\(id)-call",
                            name: use["name"]?.string ?? "tool",
                            arguments: ToolTable.arguments(use["input"] ?? use["args"])),
                        id: id)
                default: continue
                }
            }
        case "ToolResults", "ToolUseResults":
            KiroSession.addResults(blocks, to: &builder)
        default:
            return
        }
    }
}
