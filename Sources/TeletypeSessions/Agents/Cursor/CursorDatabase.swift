import Teletype
import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Cursor's databases of conversations, opened read-only while Cursor may be running:
/// - the global `state.vscdb` (`User/globalStorage/`): table `cursorDiskKV`, each conversation a
///   `composerData:<id>` (its name, times, model, and `fullConversationHeadersOnly`, the order of
///   its bubbles) and each message a `bubbleId:<composer>:<bubble>` (type 1 the person's, 2 the
///   agent's: its text, its thinking, its `toolFormerData` call with arguments and result); a
///   conversation's sub-composers are subagents, nested under it;
/// - a workspace's older `state.vscdb` (`User/workspaceStorage/<hash>/`): table `ItemTable`, the
///   composers with their messages inline (`composer.composerData`) and the chat panel's tabs
///   (`workbench.panel.aichat.view.aichat.chatdata`);
/// - the CLI's `store.db` (`~/.cursor/chats/<hash>/<id>/`): its name and times in `meta`, its
///   messages among `blobs`.
struct CursorDatabase: AgentDatabase {
    static let agent = SessionAgent.cursor
    let name: String
    let path: String
    let conversations: [ListedConversation]

    var kindName: String { "Cursor database" }

    enum Layout: Sendable {
        case global
        case workspace
        case cli
    }

    static func matches(_ tables: Set<String>, in database: SQLiteDatabase) throws -> Bool {
        try layout(tables, database) != nil
    }

    /// Which of Cursor's databases it is, by its tables.
    static func layout(_ tables: Set<String>, _ database: SQLiteDatabase) throws -> Layout? {
        if tables.contains("cursorDiskKV") { return .global }
        if tables.contains("meta") && tables.contains("blobs") { return .cli }
        if tables.contains("ItemTable") {
            let keys = try database.rows(
                "SELECT key FROM ItemTable WHERE key IN ('composer.composerData', 'workbench.panel.aichat.view.aichat.chatdata')"
            )
            return keys.isEmpty ? nil : .workspace
        }
        return nil
    }

    init(database: SQLiteDatabase, path: String, name: String) throws {
        self.name = name
        self.path = path
        switch try Self.layout(try database.tables(), database) {
        case .global: conversations = try Self.globalListing(database)
        case .workspace: conversations = try Self.workspaceListing(database)
        case .cli: conversations = try Self.cliListing(database, path: path)
        case nil: conversations = []
        }
    }

    static func read(_ conversation: ListedConversation, in database: SQLiteDatabase, path: String) throws -> Transcript
    {
        let messages: [Message]
        switch try layout(try database.tables(), database) {
        case .global: messages = try globalMessages(database, composer: conversation.id, depth: 0)
        case .workspace: messages = try workspaceMessages(database, id: conversation.id)
        case .cli: messages = try cliMessages(database)
        case nil: messages = []
        }
        var info = SessionInfo(agent: .cursor)
        info.id = conversation.id
        info.title = conversation.title.isEmpty ? nil : conversation.title
        info.project = conversation.project
        info.add(time: conversation.createdAt)
        info.add(time: conversation.updatedAt)
        for model in conversation.models { info.add(model: model) }
        for message in messages {
            info.add(time: message.createdAt)
            info.add(model: message.model)
        }
        info.messageCount = messages.count
        var transcript = Transcript(messages: messages, format: .cursor, info: info)
        transcript.conversation = conversation
        return transcript
    }

    // MARK: The global database

    static let composerFields = JSONFields([
        "name", "createdAt", "lastUpdatedAt", "modelConfig.modelName", "fullConversationHeadersOnly",
        "subComposerIds", "conversation",
    ])

    static func globalListing(_ database: SQLiteDatabase) throws -> [ListedConversation] {
        var listed: [ListedConversation] = []
        var subagents = Set<String>()
        try database.forEachRowInPlace("SELECT key, value FROM cursorDiskKV WHERE key LIKE 'composerData:%'") { row in
            guard let key = row.text(0), let fields = row.withBytes(1, { composerFields.read($0) }) ?? nil else {
                return
            }
            let id = String(key.dropFirst("composerData:".count))
            for sub in fields["subComposerIds"]?.array ?? [] { if let sub = sub.string { subagents.insert(sub) } }
            let count = fields["fullConversationHeadersOnly"]?.array?.count ?? fields["conversation"]?.array?.count ?? 0
            guard count > 0 else { return }
            let updated = fields["lastUpdatedAt"]?.number.map { $0 / 1000 }
            listed.append(
                ListedConversation(
                    position: listed.count, id: id, title: fields["name"]?.string ?? "",
                    createdAt: fields["createdAt"]?.number.map { $0 / 1000 }, updatedAt: updated, agent: .cursor,
                    models: fields["modelConfig.modelName"]?.string.map { [$0] } ?? [], length: count,
                    version: "\(updated ?? 0)-\(count)"))
        }
        return listed.filter { !subagents.contains($0.id) }
    }

    static func globalMessages(_ database: SQLiteDatabase, composer id: String, depth: Int) throws -> [Message] {
        guard
            let composer = try database.firstJSON(
                "SELECT value FROM cursorDiskKV WHERE key = ?", [.text("composerData:" + id)])
        else { return [] }
        var bubbles: [(header: JSONValue, bubble: JSONValue)] = []
        if let inline = composer["conversation"]?.array, !inline.isEmpty {
            bubbles = inline.map { ($0, $0) }
        } else {
            // The bubbles, fetched at once: every `bubbleId:<composer>:` key.
            var byID: [String: JSONValue] = [:]
            let prefix = "bubbleId:\(id):"
            try database.forEachRowInPlace(
                "SELECT key, value FROM cursorDiskKV WHERE key >= ? AND key < ?",
                [.text(prefix), .text("bubbleId:\(id);")]
            ) { row in
                guard let key = row.text(0), let value = row.json(1) else { return }
                byID[String(key.dropFirst(prefix.count))] = value
            }
            for header in composer["fullConversationHeadersOnly"]?.array ?? [] {
                guard let bubbleID = header["bubbleId"]?.string, let bubble = byID[bubbleID] else { continue }
                bubbles.append((header, bubble))
            }
        }
        var builder = ConversationBuilder()
        let model = composer["modelConfig"]?["modelName"]?.string
        for (index, item) in bubbles.enumerated() {
            let bubble = item.bubble
            let bubbleID = bubble["bubbleId"]?.string ?? "bubble-\(index)"
            let time =
                bubble["createdAt"]?.string.flatMap(ISODate.seconds) ?? bubble["createdAt"]?.number.map { $0 / 1000 }
            let type = bubble["type"]?.integer ?? item.header["type"]?.integer
            if type == 1 {
                let text = bubble["text"]?.string ?? ""
                guard !text.trimmingSpaces().isEmpty else { continue }
                builder.prompt(Message(id: bubbleID, role: .user, text: text, createdAt: time))
                continue
            }
            builder.startReply(id: bubbleID, time: time, model: bubble["modelInfo"]?["modelName"]?.string ?? model)
            if let thinking = bubble["thinking"], thinking.object != nil {
                let text = thinking["text"]?.string ?? ""
                builder.addReasoning(
                    AIReasoningPart(
                        id: bubbleID + "-thinking", summary: text.isEmpty ? ConversationBuilder.thinkingHidden : nil,
                        preview: text.isEmpty ? nil : text,
                        duration: bubble["thinkingDurationMs"]?.number.map { $0 / 1000 }),
                    text: text, id: bubbleID, time: time)
            }
            if let tool = bubble["toolFormerData"], tool.object != nil {
                builder.addCall(call(tool, id: bubbleID), id: bubbleID, time: time)
            }
            builder.addText(bubble["text"]?.string ?? "", id: bubbleID, time: time)
        }
        var messages = builder.finish()
        // Sub-composers (the subagents it started), nested under it as calls of their own.
        if depth < 3, let subs = composer["subComposerIds"]?.array, !subs.isEmpty, var last = messages.popLast() {
            for sub in subs.compactMap(\.string) {
                let nested = try globalMessages(database, composer: sub, depth: depth + 1)
                guard !nested.isEmpty else { continue }
                let name = try database.firstJSON(
                    "SELECT value FROM cursorDiskKV WHERE key = ?", [.text("composerData:" + sub)])?["name"]?.string
                var call = AIToolCallPart(id: "subagent-" + sub, name: "Agent", status: .completed, executor: .client)
                call.kind = .subagent
                call.subagent = AISubagent(title: name, messages: nested)
                last.parts.append(.toolCall(call))
            }
            messages.append(last)
        }
        return messages
    }

    /// A `toolFormerData` as a call: its arguments and result are JSON in strings.
    static func call(_ tool: JSONValue, id: String) -> AIToolCallPart {
        let name = tool["name"]?.string ?? "tool"
        let arguments =
            tool["rawArgs"]?.string.flatMap { try? JSONParser.parse($0) }
            ?? tool["params"]?.string.flatMap { try? JSONParser.parse($0) }
        var call = CursorTranscript.tools.call(
            id: tool["toolCallId"]?.string ?? id + "-call", name: name, arguments: arguments)
        switch tool["status"]?.string {
        case "completed": call.status = .completed
        case "error", "failed": call.status = .failed
        case "cancelled", "rejected": call.status = .cancelled
        default: call.status = .completed
        }
        if let result = tool["result"]?.string.flatMap({ try? JSONParser.parse($0) }) ?? tool["result"] {
            call.output = result
            if let error = result["error"] {
                call.status = .failed
                call.errorText = error.string ?? error["message"]?.string ?? error.jsonText
            }
        }
        return call
    }

    // MARK: A workspace's database

    static func workspaceListing(_ database: SQLiteDatabase) throws -> [ListedConversation] {
        var listed: [ListedConversation] = []
        if let composers = try itemValue(database, "composer.composerData")?["allComposers"]?.array {
            for composer in composers {
                guard let id = composer["composerId"]?.string, let count = composer["conversation"]?.array?.count,
                    count > 0
                else { continue }
                let updated = (composer["lastUpdatedAt"] ?? composer["createdAt"])?.number.map { $0 / 1000 }
                let first = composer["conversation"]?.array?.first { $0["type"]?.integer == 1 }?["text"]?.string
                listed.append(
                    ListedConversation(
                        position: listed.count, id: id,
                        title: composer["name"]?.string ?? first.map(SessionLocator.titleLine) ?? "",
                        createdAt: composer["createdAt"]?.number.map { $0 / 1000 }, updatedAt: updated, agent: .cursor,
                        length: count, version: "\(updated ?? 0)-\(count)"))
            }
        }
        if let tabs = try itemValue(database, "workbench.panel.aichat.view.aichat.chatdata")?["tabs"]?.array {
            for tab in tabs {
                guard let id = tab["tabId"]?.string, let count = tab["bubbles"]?.array?.count, count > 0 else {
                    continue
                }
                let updated = tab["lastSendTime"]?.number.map { $0 / 1000 }
                listed.append(
                    ListedConversation(
                        position: listed.count, id: id, title: tab["chatTitle"]?.string ?? "", createdAt: nil,
                        updatedAt: updated, agent: .cursor, length: count, version: "\(updated ?? 0)-\(count)"))
            }
        }
        return listed
    }

    static func itemValue(_ database: SQLiteDatabase, _ key: String) throws -> JSONValue? {
        try database.firstJSON("SELECT value FROM ItemTable WHERE key = ?", [.text(key)])
    }

    static func workspaceMessages(_ database: SQLiteDatabase, id: String) throws -> [Message] {
        if let composer = try itemValue(database, "composer.composerData")?["allComposers"]?.array?.first(where: {
            $0["composerId"]?.string == id
        }) {
            var builder = ConversationBuilder()
            for (index, bubble) in (composer["conversation"]?.array ?? []).enumerated() {
                let bubbleID = bubble["bubbleId"]?.string ?? "bubble-\(index)"
                if bubble["type"]?.integer == 1 {
                    builder.prompt(Message(id: bubbleID, role: .user, text: bubble["text"]?.string ?? ""))
                } else {
                    builder.startReply(id: bubbleID)
                    builder.addText(bubble["text"]?.string ?? "", id: bubbleID)
                }
            }
            return builder.finish()
        }
        guard
            let tab = try itemValue(database, "workbench.panel.aichat.view.aichat.chatdata")?["tabs"]?.array?.first(
                where: { $0["tabId"]?.string == id })
        else { return [] }
        var builder = ConversationBuilder()
        for (index, bubble) in (tab["bubbles"]?.array ?? []).enumerated() {
            let bubbleID = bubble["id"]?.string ?? "bubble-\(index)"
            let text = bubble["text"]?.string ?? bubble["rawText"]?.string ?? ""
            if bubble["type"]?.string == "user" {
                builder.prompt(Message(id: bubbleID, role: .user, text: text))
            } else {
                builder.startReply(id: bubbleID, model: bubble["modelType"]?.string)
                builder.addText(text, id: bubbleID)
            }
        }
        return builder.finish()
    }

    // MARK: The CLI's store

    /// The CLI's `meta` row `0`: hex-encoded JSON.
    static func cliMeta(_ database: SQLiteDatabase) throws -> JSONValue? {
        guard let hex = try database.rows("SELECT value FROM meta WHERE key = '0'").first?.first?.text else {
            return nil
        }
        var bytes: [UInt8] = []
        var index = hex.utf8.startIndex
        let utf8 = hex.utf8
        while index < utf8.endIndex, let next = utf8.index(index, offsetBy: 2, limitedBy: utf8.endIndex) {
            guard let byte = UInt8(String(hex[index..<next]), radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        return bytes.withUnsafeBytes { try? JSONParser.parse($0) }
    }

    static func cliListing(_ database: SQLiteDatabase, path: String) throws -> [ListedConversation] {
        let meta = try cliMeta(database)
        let count = try database.rows("SELECT count(*) FROM blobs").first?.first?.number.map(Int.init) ?? 0
        let created = meta?["createdAt"]?.number.map { $0 / 1000 }
        return [
            ListedConversation(
                position: 0,
                id: meta?["agentId"]?.string
                    ?? URL(fileURLWithPath: path).deletingLastPathComponent().lastPathComponent,
                title: meta?["name"]?.string ?? "", createdAt: created, updatedAt: created,
                agent: .cursor, models: meta?["lastUsedModel"]?.string.map { [$0] } ?? [], length: count,
                version: "\(count)")
        ]
    }

    /// The CLI's messages: the blobs that are JSON messages (`role` and `content`), in order.
    static func cliMessages(_ database: SQLiteDatabase) throws -> [Message] {
        var builder = ConversationBuilder()
        var subagents: [String] = []
        var number = 0
        try database.forEachRow("SELECT data FROM blobs ORDER BY rowid") { row in
            guard let value = row.first?.json, let role = value["role"]?.string else { return }
            number += 1
            let id = "blob-\(number)"
            let blocks = value["content"]?.array ?? value["content"].map { [$0] } ?? []
            switch role {
            case "user":
                let text = blocks.compactMap { $0.string ?? $0["text"]?.string }.joined(separator: "\n\n")
                let (prompt, time) = CursorTranscript.userText(text)
                if !prompt.isEmpty { builder.prompt(Message(id: id, role: .user, text: prompt, createdAt: time)) }
            case "assistant":
                builder.startReply(id: id)
                CursorTranscript.add(blocks, to: &builder, id: id, subagents: &subagents)
            case "tool":
                for block in blocks {
                    guard let callID = block["toolCallId"]?.string ?? block["tool_use_id"]?.string else { continue }
                    builder.updateCall(callID) { ToolResult.apply(block["result"] ?? block["content"], to: &$0) }
                }
            default:
                break  // the system prompt
            }
        }
        return builder.finish()
    }
}
