import Teletype
import TeletypeTranscripts

/// Qwen Code's chats (`~/.qwen/projects/<folder>/chats/<session>.jsonl`): Claude Code's tree of
/// records (`uuid`, `parentUuid`; the conversation is the path to the latest message, so a rewound
/// branch is left out) holding Gemini's messages — `parts` of text, thought, `functionCall` and
/// `functionResponse`. `tool_result` records answer the calls (with Qwen's own `toolCallResult`),
/// `system` records carry telemetry (an API error is shown), the chat's title, rewinds; the context
/// a hook adds to a prompt is not the person's words.
enum QwenCodeChat: AgentLogFormat {
    static let agent = SessionAgent.qwenCode

    static let tools = ToolTable([
        "run_shell_command": .shell, "read_file": .read, "read_many_files": .read, "write_file": .write,
        "edit": .edit, "replace": .edit, "glob": .find, "grep_search": .search, "search_file_content": .search,
        "list_directory": .list, "ls": .list, "web_fetch": .webFetch, "web_search": .webSearch,
        "google_web_search": .webSearch, "todo_write": .plan, "task": .subagent, "agent": .subagent,
    ])

    static func places(_ home: SessionHome) -> [SessionPlace] {
        [
            SessionPlace(home.inHome(".qwen/projects"), depth: 2) { path in
                path.count == 3 && path.part(1) == "chats" && path.hasSuffix(".jsonl")
            }
        ]
    }

    static func matches(_ head: LogHead) -> Bool {
        head.records.contains { record in
            record["uuid"] != nil && record["sessionId"] != nil
                && (record["message"]?["parts"] != nil || record["systemPayload"] != nil
                    || record["toolCallResult"] != nil)
        }
    }

    /// What the first pass reads of each record: its place in the tree, and what it adds to the
    /// session's description.
    static let recordFields = JSONFields([
        "uuid", "parentUuid", "type", "subtype", "timestamp", "sessionId", "cwd", "version", "gitBranch", "model",
        "usageMetadata", "systemPayload.customTitle",
    ])

    /// A record as the first pass leaves it: its place in the tree, what it adds to the
    /// description, and where it is to be read again. Kept small (a chat has tens of thousands of
    /// records): the strings every record repeats are kept once (see ``Strings``).
    struct Node {
        var uuid: String?
        var parent: String?
        var type: String?
        var subtype: String?
        var time: Double?
        var sessionID: String?
        var folder: String?
        var version: String?
        var branch: String?
        var model: String?
        var customTitle: String?
        /// The usage's prompt, cached, candidates and thoughts tokens.
        var tokens: [Int]?
        /// The line it is on; nil for a record of a line on which a writer glued several.
        var line: (offset: Int, length: Int)?
        /// The record, when it is kept (a glued one, or any of a small file).
        var whole: JSONValue?
        /// Its message's parts, probed (their shape only), when a skim read them.
        var probedParts: [JSONValue]?
    }

    /// Each distinct string once: a chat's records repeat their session, folder, version, branch
    /// and model, and a record's parent is another's id. Most records repeat the record before
    /// them, so the last string of each field is tried before the table.
    struct Strings {
        private var kept: [String: String] = [:]
        private var recent: [String?] = Array(repeating: nil, count: Field.allCases.count)

        /// The fields whose last string is kept at hand.
        enum Field: Int, CaseIterable { case uuid, type, subtype, session, folder, version, branch, model }

        mutating func callAsFunction(_ value: JSONValue?) -> String? {
            guard let text = value?.string else { return nil }
            if let existing = kept[text] { return existing }
            kept[text] = text
            return text
        }

        /// `value`'s string, the same as the last of `field` when equal to it, else kept once.
        mutating func callAsFunction(_ value: JSONValue?, _ field: Field) -> String? {
            guard let text = value?.string else { return nil }
            if let last = recent[field.rawValue], last == text { return last }
            let shared = self(value)
            recent[field.rawValue] = shared
            return shared
        }

        /// A record's id: unique, so not kept in the table; the next record's parent is usually it.
        mutating func id(_ value: JSONValue?) -> String? {
            let id = value?.string
            recent[Field.uuid.rawValue] = id
            return id
        }

        /// A record's parent: usually the record before it, else kept once.
        mutating func parent(_ value: JSONValue?) -> String? {
            guard let text = value?.string else { return nil }
            if let last = recent[Field.uuid.rawValue], last == text { return last }
            return self(value)
        }
    }

    /// A record's node, from its fields of ``recordFields`` (in their order).
    static func node(_ values: [JSONValue?], strings: inout Strings) -> Node {
        var node = Node()
        // The parent first: it is compared with the id of the record before.
        node.parent = strings.parent(values[1])
        node.uuid = strings.id(values[0])
        node.type = strings(values[2], .type)
        node.subtype = strings(values[3], .subtype)
        node.time = values[4]?.string.flatMap(ISODate.seconds)
        node.sessionID = strings(values[5], .session)
        node.folder = strings(values[6], .folder)
        node.version = strings(values[7], .version)
        node.branch = strings(values[8], .branch)
        node.model = strings(values[9], .model)
        if let usage = values[10] {
            node.tokens = ["promptTokenCount", "cachedContentTokenCount", "candidatesTokenCount", "thoughtsTokenCount"]
                .map { usage[$0]?.integer ?? 0 }
        }
        node.customTitle = values[11]?.string
        return node
    }

    /// The node of a record kept whole: its place in the tree now, its other fields when it is
    /// described (``described(_:strings:)``; only the shown path's are).
    static func node(keeping record: JSONValue) -> Node {
        var node = Node()
        node.uuid = record["uuid"]?.string
        node.parent = record["parentUuid"]?.string
        node.type = record["type"]?.string
        node.subtype = record["subtype"]?.string
        node.whole = record
        return node
    }

    /// A node with every field of ``recordFields`` (read from its record, when it is kept).
    static func described(_ node: Node, strings: inout Strings) -> Node {
        guard let record = node.whole else { return node }
        var full = Self.node(
            [
                record["uuid"], record["parentUuid"], record["type"], record["subtype"], record["timestamp"],
                record["sessionId"], record["cwd"], record["version"], record["gitBranch"], record["model"],
                record["usageMetadata"], record["systemPayload"]?["customTitle"],
            ], strings: &strings)
        full.line = node.line
        full.whole = record
        return full
    }

    static func read(
        _ source: SessionSource, path: String?, name: String, notice: (String) -> Void,
        start: (SessionInfo) -> Void, emit: (Message) throws -> Void
    ) throws -> SessionInfo {
        // Two passes, in flat memory: the first finds the tree's shown path, the second reads the
        // records on it again one at a time.
        let found = try self.nodes(source, name: name, keepingParsed: source.keepsParsed, notice: notice)
        let nodes = found.nodes
        var strings = found.strings
        let shown = activePath(nodes)
        let info = header(nodes, shown: shown, strings: &strings)
        start(info)
        var builder = ConversationBuilder()
        var count = 0
        func handOver(_ messages: [Message]) throws {
            count += messages.count
            for message in messages { try emit(message) }
        }
        for index in shown {
            let node = nodes[index]
            var record = node.whole
            if record == nil, let line = node.line {
                let bytes = try source.read(offset: line.offset, length: line.length)
                record = bytes.withUnsafeBytes { try? JSONParser.parse($0) }
            }
            guard let record else { continue }
            add(record, to: &builder)
            try handOver(builder.takeFinished())
        }
        try handOver(builder.finish())
        var described = info
        described.messageCount = count
        return described
    }

    /// The first pass: each record's node, in file order (`keepingParsed` keeps each record whole).
    static func nodes(
        _ source: SessionSource, name: String, keepingParsed: Bool, fields: JSONFields = recordFields,
        notice: (String) -> Void
    ) throws -> (nodes: [Node], strings: Strings) {
        var nodes: [Node] = []
        var strings = Strings()
        var truncated: Int?
        var values: [JSONValue?] = []
        try source.forEachLine { line in
            guard line.bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
            if keepingParsed, let record = try? JSONParser.parse(line.bytes), record.object != nil {
                var node = node(keeping: record)
                node.line = (line.offset, line.bytes.count)
                nodes.append(node)
            } else if fields.values(line.bytes, into: &values) {
                var node = node(values, strings: &strings)
                // The fields a skim asks for beyond the record's.
                if values.count > recordFields.paths.count {
                    node.probedParts = values[recordFields.paths.count]?.array
                }
                node.line = (line.offset, line.bytes.count)
                nodes.append(node)
            } else if let glued = line.bytes.withUnsafeBytes({ JSONLLog.gluedObjects($0) }) {
                nodes += glued.map { node(keeping: $0) }
            } else if !line.isTerminated {
                truncated = line.number
            } else {
                throw SessionReading.error(in: line, name: name)
            }
        }
        if let truncated { notice(SessionReading.truncationNotice(name: name, line: truncated)) }
        return (nodes, strings)
    }

    /// What the records on the shown path say of the session.
    static func header(_ nodes: [Node], shown: [Int], strings: inout Strings) -> SessionInfo {
        var info = SessionInfo(agent: .qwenCode)
        for index in shown { describe(described(nodes[index], strings: &strings), into: &info) }
        if info.title == nil, let titled = nodes.last(where: { $0.subtype == "custom_title" }) {
            info.title = described(titled, strings: &strings).customTitle
        }
        return info
    }

    /// The records from the first to the latest message, along `parentUuid`; the records in file
    /// order where the tree is broken.
    static func activePath(_ records: [Node]) -> [Int] {
        // A message streamed in pieces is several records with one uuid: all of them are kept.
        // Each id leads to its last record, and each record to the one before it with its id.
        var lastWithID: [String: Int] = [:]
        var earlierWithID = [Int](repeating: -1, count: records.count)
        for (index, record) in records.enumerated() {
            guard let id = record.uuid else { continue }
            if let earlier = lastWithID.updateValue(index, forKey: id) { earlierWithID[index] = earlier }
        }
        let conversation: Set<String> = ["user", "assistant", "tool_result"]
        guard let leaf = records.lastIndex(where: { conversation.contains($0.type ?? "") }) else {
            return []
        }
        var path: [Int] = []
        var seen = Set<Int>()
        var current: Int? = leaf
        while let index = current, seen.insert(index).inserted {
            // The pieces of its id, last first.
            var piece = records[index].uuid.flatMap { lastWithID[$0] } ?? index
            while piece >= 0 {
                path.append(piece)
                seen.insert(piece)
                piece = records[index].uuid == nil ? -1 : earlierWithID[piece]
            }
            current = records[index].parent.flatMap { lastWithID[$0] }
        }
        let reachesRoot = path.last.map { records[$0].parent == nil } ?? false
        guard reachesRoot else { return Array(0...leaf) }
        return path.reversed()
    }

    /// What a record on the shown path adds to the session's description.
    static func describe(_ record: Node, into info: inout SessionInfo) {
        info.add(time: record.time)
        info.id = info.id ?? record.sessionID
        info.project = info.project ?? record.folder
        info.version = record.version ?? info.version
        if info.gitBranch == nil, let branch = record.branch { info.gitBranch = branch }
        switch record.type {
        case "assistant":
            info.add(model: record.model)
            if let tokens = record.tokens {
                info.inputTokens.saturatingAdd(max(0, tokens[0] - tokens[1]))
                info.cacheReadTokens.saturatingAdd(tokens[1])
                info.outputTokens.saturatingAdd(tokens[2] + tokens[3])
            }
        case "system" where record.subtype == "custom_title":
            if let title = record.customTitle { info.title = title }
        default:
            break
        }
    }

    /// A record on the shown path, into the conversation (what it adds to the description is
    /// ``describe(_:into:)``'s).
    static func add(_ record: JSONValue, to builder: inout ConversationBuilder) {
        let id = record["uuid"]?.string ?? "record-\(builder.count)"
        let time = record["timestamp"]?.string.flatMap(ISODate.seconds)
        let parts = record["message"]?["parts"]?.array ?? []
        switch record["type"]?.string {
        case "user":
            let said =
                record["systemPayload"]?["displayText"]?.string
                ?? parts.compactMap { part -> String? in
                    guard part["thought"]?.bool != true, let text = part["text"]?.string,
                        !text.hasPrefix("<qwen:")
                    else { return nil }
                    return text
                }.joined(separator: "\n\n")
            guard !said.isEmpty else { return }
            if record["subtype"]?.string == "notification" {
                builder.note(Message(id: id, role: .system, text: said, createdAt: time))
            } else {
                builder.prompt(Message(id: id, role: .user, text: said, createdAt: time))
            }
        case "assistant":
            let model = record["model"]?.string
            builder.startReply(id: id, time: time, model: model)
            for (index, part) in parts.enumerated() {
                if let call = part["functionCall"] {
                    builder.addCall(
                        tools.call(
                            id: call["id"]?.string ?? "\(id)-call-\(index)", name: call["name"]?.string ?? "tool",
                            arguments: call["args"]),
                        id: id, time: time)
                } else if let text = part["text"]?.string {
                    if part["thought"]?.bool == true {
                        builder.addReasoning(
                            AIReasoningPart(id: "\(id)-thought-\(index)", preview: text), text: text, id: id)
                    } else {
                        builder.addText(text, id: id, time: time)
                    }
                }
            }
        case "tool_result":
            let result = record["toolCallResult"]
            for part in parts {
                guard let response = part["functionResponse"],
                    let callID = response["id"]?.string ?? result?["callId"]?.string
                else { continue }
                builder.updateCall(callID) { call in
                    ToolResult.apply(response["response"]?["output"] ?? response["response"], to: &call)
                    switch result?["status"]?.string {
                    case "error":
                        call.status = .failed
                        call.errorText =
                            response["response"]?["error"]?.string ?? AgentToolText.text(result?["resultDisplay"])
                    case "cancelled": call.status = .cancelled
                    default: call.status = .completed
                    }
                }
            }
        case "system":
            let payload = record["systemPayload"]
            switch record["subtype"]?.string {
            case "ui_telemetry" where payload?["uiEvent"]?["event.name"]?.string == "qwen-code.api_error":
                let event = payload?["uiEvent"]
                let text =
                    event?["error"]?.string ?? event?["error.message"]?.string
                    ?? "The model's API answered with an error."
                builder.note(Message(id: id, role: .system, text: text, createdAt: time))
            default:
                break
            }
        default:
            break
        }
    }
}

/// A result's display as text: a string, or an object's text fields.
enum AgentToolText {
    static func text(_ value: JSONValue?) -> String? {
        guard let value else { return nil }
        if let text = value.string { return text }
        return value.jsonText
    }
}
