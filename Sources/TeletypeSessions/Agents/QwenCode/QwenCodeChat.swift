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
                let parts = path.split(separator: "/")
                return parts.count == 3 && parts[1] == "chats" && path.hasSuffix(".jsonl")
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
    /// description (its fields of ``recordFields``), and where it is to be read again.
    struct Node {
        var summary: JSONValue
        /// The line it is on; nil for a record of a line on which a writer glued several, kept whole.
        var line: (offset: Int, length: Int)?
        var whole: JSONValue?

        subscript(key: String) -> JSONValue? { summary[key] }
    }

    static func read(
        _ source: SessionSource, path: String?, name: String, notice: (String) -> Void,
        start: (SessionInfo) -> Void, emit: (Message) throws -> Void
    ) throws -> SessionInfo {
        // Two passes, in flat memory: the first finds the tree's shown path, the second reads the
        // records on it again one at a time.
        var nodes: [Node] = []
        var truncated: Int?
        try source.forEachLine { line in
            guard line.bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
            if let values = recordFields.values(line.bytes) {
                nodes.append(Node(summary: summary(values), line: (line.offset, line.bytes.count)))
            } else if let glued = line.bytes.withUnsafeBytes({ JSONLLog.gluedObjects($0) }) {
                nodes += glued.map { Node(summary: $0, line: nil, whole: $0) }
            } else if !line.isTerminated {
                truncated = line.number
            } else {
                throw SessionReading.error(in: line, name: name)
            }
        }
        if let truncated { notice(SessionReading.truncationNotice(name: name, line: truncated)) }
        let shown = activePath(nodes)
        var info = SessionInfo(agent: .qwenCode)
        for index in shown { describe(nodes[index].summary, into: &info) }
        if info.title == nil {
            info.title =
                nodes.last { $0["subtype"]?.string == "custom_title" }?["systemPayload"]?["customTitle"]?.string
        }
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
            if let line = node.line {
                let bytes = try source.read(offset: line.offset, length: line.length)
                record = bytes.withUnsafeBytes { try? JSONParser.parse($0) }
            }
            guard let record else { continue }
            add(record, to: &builder)
            try handOver(builder.takeFinished())
        }
        try handOver(builder.finish())
        info.messageCount = count
        return info
    }

    /// A record's fields of ``recordFields`` as an object of the same shape.
    static func summary(_ values: [JSONValue?]) -> JSONValue {
        var object = JSONObject()
        for (path, value) in zip(recordFields.paths, values) {
            guard let value else { continue }
            if path == "systemPayload.customTitle" {
                object["systemPayload"] = .object(JSONObject([("customTitle", value)]))
            } else {
                object[path] = value
            }
        }
        return .object(object)
    }

    /// The records from the first to the latest message, along `parentUuid`; the records in file
    /// order where the tree is broken.
    static func activePath(_ records: [Node]) -> [Int] {
        // A message streamed in pieces is several records with one uuid: all of them are kept.
        var byID: [String: [Int]] = [:]
        for (index, record) in records.enumerated() {
            if let id = record["uuid"]?.string { byID[id, default: []].append(index) }
        }
        let conversation: Set<String> = ["user", "assistant", "tool_result"]
        guard let leaf = records.lastIndex(where: { conversation.contains($0["type"]?.string ?? "") }) else {
            return []
        }
        var path: [Int] = []
        var seen = Set<Int>()
        var current: Int? = leaf
        while let index = current, seen.insert(index).inserted {
            let pieces = records[index]["uuid"]?.string.flatMap { byID[$0] } ?? [index]
            path += pieces.reversed()
            seen.formUnion(pieces)
            current = records[index]["parentUuid"]?.string.flatMap { byID[$0]?.last }
        }
        let reachesRoot = path.last.map { records[$0]["parentUuid"]?.string == nil } ?? false
        guard reachesRoot else { return Array(0...leaf) }
        return path.reversed()
    }

    /// What a record on the shown path adds to the session's description.
    static func describe(_ record: JSONValue, into info: inout SessionInfo) {
        info.add(time: record["timestamp"]?.string.flatMap(ISODate.seconds))
        info.id = info.id ?? record["sessionId"]?.string
        info.project = info.project ?? record["cwd"]?.string
        info.version = record["version"]?.string ?? info.version
        if info.gitBranch == nil, let branch = record["gitBranch"]?.string { info.gitBranch = branch }
        switch record["type"]?.string {
        case "assistant":
            info.add(model: record["model"]?.string)
            if let usage = record["usageMetadata"] {
                let cached = usage["cachedContentTokenCount"]?.integer ?? 0
                info.inputTokens += max(0, (usage["promptTokenCount"]?.integer ?? 0) - cached)
                info.cacheReadTokens += cached
                info.outputTokens +=
                    (usage["candidatesTokenCount"]?.integer ?? 0) + (usage["thoughtsTokenCount"]?.integer ?? 0)
            }
        case "system" where record["subtype"]?.string == "custom_title":
            if let title = record["systemPayload"]?["customTitle"]?.string { info.title = title }
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
