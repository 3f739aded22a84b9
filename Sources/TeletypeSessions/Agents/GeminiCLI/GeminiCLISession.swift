import Teletype
import TeletypeTranscripts

/// Gemini CLI's logs: the chat recording (`~/.gemini/tmp/<hash>/chats/session-*.json`, a
/// `{sessionId, projectHash, startTime, lastUpdated, messages}` document; newer versions write it
/// as JSONL, a header line, a message a line, and `{"$set": {…}}` lines that update the header),
/// and `logs.json` (a flat list of the prompts). A Gemini message holds its thoughts, its text and
/// its tool calls with their results, together.
enum GeminiCLISession: AgentLogFormat {
    static let agent = SessionAgent.geminiCLI

    static func places(_ home: SessionHome) -> [SessionPlace] {
        [
            SessionPlace(home.inHome(".gemini/tmp"), depth: 2) { path in
                path.folderName == "chats" && (path.hasSuffix(".json") || path.hasSuffix(".jsonl"))
            }
        ]
    }

    static func matches(_ head: LogHead) -> Bool {
        if let first = head.records.first, first.object != nil {
            let found = fields.read(of: first)
            if isHeader(found) || isMessageRecord(found) { return true }
        }
        // A JSON document: a recording, or logs.json.
        if !head.isList, head.hasKeys("projectHash") || head.hasKeys("sessionId", "startTime", "messages") {
            return true
        }
        return head.isList && looksLikeLogs(head.bytes)
    }

    static func read(
        _ source: SessionSource, path: String?, name: String, notice: (String) -> Void,
        start: (SessionInfo) -> Void, emit: (Message) throws -> Void
    ) throws -> SessionInfo {
        try read(source, name: name, notice: notice, start: start, emit: emit)
    }

    static let fields = JSONFields(["sessionId", "projectHash", "startTime", "kind", "messages", "type", "message"])

    /// Whether a first line is a JSONL recording's header.
    static func isHeader(_ fields: JSONFields.Found) -> Bool {
        fields["sessionId"] != nil && fields["projectHash"] != nil && fields["messages"] == nil
            && fields["type"] == nil
    }

    /// Whether a line is one of a JSONL recording's messages (a file whose header is missing): a
    /// `gemini` reply, or a message of Gemini CLI's other types, with no Anthropic-style `message`.
    static func isMessageRecord(_ fields: JSONFields.Found) -> Bool {
        guard fields["message"] == nil, let type = fields["type"]?.string else { return false }
        return type == "gemini"
    }

    /// Whether a JSON array is `logs.json`: objects with `sessionId`, `messageId`, `type`, `message`.
    static func looksLikeLogs(_ bytes: UnsafeRawBufferPointer) -> Bool {
        // The first entry is enough (the first bytes of a long list are not a whole document).
        guard let first = JSONParser.firstElement(bytes) else { return false }
        return first["sessionId"] != nil && first["messageId"] != nil && first["message"] != nil
    }

    /// What a JSONL recording's line is read for on the first pass: what kind of line it is, and
    /// what a message adds to the session's description.
    static let recordFields = JSONFields(["id", "type", "$set", "$rewindTo", "timestamp", "model", "tokens"])

    /// A message of a JSONL recording, as the first pass leaves it: the line of its last version
    /// (read again when it is shown) with what it adds to the description, or its value when a
    /// `$set` of the whole list wrote it or the file is small enough to keep it.
    enum Slot {
        case line(offset: Int, length: Int, summary: JSONValue)
        case value(JSONValue)
    }

    static func read(
        _ source: SessionSource, name: String, notice: (String) -> Void, start: (SessionInfo) -> Void = { _ in },
        emit: (Message) throws -> Void
    ) throws -> SessionInfo {
        // A JSONL recording is read in two passes, in flat memory: the first finds each message's
        // last version and its place, the second reads those lines again one at a time.
        let recording = try self.recording(source, name: name, keepingParsed: source.keepsParsed)
        let (slots, header, truncated, whole) = (
            recording.slots, recording.header, recording.truncated, recording.whole
        )
        let isJSONL = recording.isJSONL
        var info = SessionInfo(agent: .geminiCLI)
        guard isJSONL else { return try readDocument(whole, name: name, info: info, start: start, emit: emit) }
        if let truncated { notice(SessionReading.truncationNotice(name: name, line: truncated)) }
        describe(.object(header), into: &info)
        // The messages say the models, times and tokens: counted before the first is handed over,
        // so that what is known up front is the whole description.
        for slot in slots {
            switch slot {
            case .line(_, _, let summary): account(summary, into: &info)
            case .value(let value): account(value, into: &info)
            }
        }
        start(info)
        var shown = 0
        for (position, slot) in slots.enumerated() {
            let value: JSONValue
            switch slot {
            case .line(let offset, let length, _):
                let bytes = try source.read(offset: offset, length: length)
                guard let parsed = bytes.withUnsafeBytes({ try? JSONParser.parse($0) }) else { continue }
                value = parsed
            case .value(let written):
                value = written
            }
            guard let message = message(value, position: position) else { continue }
            shown += 1
            try emit(message)
        }
        info.messageCount = shown
        return info
    }

    /// A JSONL recording's first pass: each message's last version (its line, or its value where
    /// `keepingParsed` or a `$set` wrote it), the header, the last line cut short; a file that is
    /// not JSONL, whole.
    struct Recording {
        var slots: [Slot] = []
        var header = JSONObject()
        var truncated: Int?
        var whole: [UInt8] = []
        var isJSONL = false
    }

    static func recording(_ source: SessionSource, name: String, keepingParsed: Bool) throws -> Recording {
        var slots: [Slot] = []
        var place: [String: Int] = [:]
        var header = JSONObject()
        var truncated: Int?
        var whole: [UInt8] = []
        // JSONL when the first line is a recording's header or message.
        var isJSONL: Bool?
        var records = 0
        func replaceAll(_ list: [JSONValue]) {
            slots = list.map { .value($0) }
            place = [:]
            for (index, message) in list.enumerated() { if let id = message["id"]?.string { place[id] = index } }
        }
        try source.forEachLine { line in
            if isJSONL != true { SessionReading.append(line, to: &whole) }
            guard line.bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
            if isJSONL == nil {
                isJSONL = fields.read(line.bytes).map { isHeader($0) || isMessageRecord($0) } ?? false
                if isJSONL == true { whole = [] }
            }
            guard isJSONL == true else { return }
            // A kept line is parsed once, its fields read from the value.
            let parsed =
                keepingParsed ? (try? JSONParser.parse(line.bytes)).flatMap { $0.object != nil ? $0 : nil } : nil
            let fieldsOfParsed = parsed.map { value in recordFields.paths.map { value[$0] } }
            guard let values = fieldsOfParsed ?? recordFields.values(line.bytes) else {
                guard line.isTerminated else {
                    truncated = line.number
                    return
                }
                throw SessionReading.error(in: line, name: name)
            }
            let (id, type, set, rewind) = (values[0], values[1], values[2], values[3])
            records += 1
            // The header, unless the file starts with a message. A message written twice (while
            // it streamed, then whole) is its last version, in its first place; `$set` of
            // `messages` replaces those so far; `$rewindTo` drops the message it names and every
            // one after it.
            if records == 1, type == nil, set == nil {
                header = (parsed ?? (try? JSONParser.parse(line.bytes)))?.object ?? JSONObject()
            } else if let update = set?.object {
                for (key, field) in update.pairs {
                    if key == "messages", let list = field.array { replaceAll(list) } else { header[key] = field }
                }
            } else if let target = rewind {
                let named = target.string ?? target["id"]?.string
                if let named, let index = place[named] {
                    slots.removeSubrange(index...)
                    place = place.filter { $0.value < index }
                }
            } else {
                let summary = JSONValue.object(
                    JSONObject(
                        zip(["type", "timestamp", "model", "tokens"], [type, values[4], values[5], values[6]])
                            .compactMap { key, value in value.map { (key, $0) } }))
                let slot =
                    parsed.map(Slot.value) ?? .line(offset: line.offset, length: line.bytes.count, summary: summary)
                if let key = id?.string, let index = place[key] {
                    slots[index] = slot
                } else {
                    if let key = id?.string { place[key] = slots.count }
                    slots.append(slot)
                }
            }
        }
        return Recording(slots: slots, header: header, truncated: truncated, whole: whole, isJSONL: isJSONL == true)
    }

    /// A recording written as one JSON document, or `logs.json`: read whole, as the format is.
    static func readDocument(
        _ whole: [UInt8], name: String, info described: SessionInfo, start: (SessionInfo) -> Void,
        emit: (Message) throws -> Void
    ) throws -> SessionInfo {
        var info = described
        let document = try SessionReading.document(whole, name: name)
        var messages: [JSONValue]
        if let list = document.array {
            // logs.json: the prompts (and, where kept, the replies) of one or more sessions.
            messages = list.map { entry in
                [
                    "type": entry["type"] ?? "user", "content": entry["message"] ?? "",
                    "timestamp": entry["timestamp"] ?? .null,
                ]
            }
            info.id = list.first?["sessionId"]?.string
        } else {
            messages = document["messages"]?.array ?? []
            describe(document, into: &info)
        }
        for value in messages { account(value, into: &info) }
        let shown = messages.enumerated().compactMap { position, value in message(value, position: position) }
        start(info)
        for message in shown { try emit(message) }
        info.messageCount = shown.count
        return info
    }

    /// What a message adds to the session's description: its time, and a reply's model and tokens.
    static func account(_ value: JSONValue, into info: inout SessionInfo) {
        info.add(time: value["timestamp"]?.string.flatMap(ISODate.seconds))
        switch value["type"]?.string ?? "" {
        case "user", "info", "error", "warning": return
        default: break
        }
        info.add(model: value["model"]?.string)
        if let tokens = value["tokens"] {
            let cached = tokens["cached"]?.integer ?? 0
            info.inputTokens.saturatingAdd(max(0, (tokens["input"]?.integer ?? 0) - cached))
            info.cacheReadTokens.saturatingAdd(cached)
            info.outputTokens.saturatingAdd((tokens["output"]?.integer ?? 0) + (tokens["thoughts"]?.integer ?? 0))
        }
    }

    static func describe(_ header: JSONValue, into info: inout SessionInfo) {
        info.id = header["sessionId"]?.string
        info.title = header["summary"]?.string
        info.add(time: header["startTime"]?.string.flatMap(ISODate.seconds))
        info.add(time: header["lastUpdated"]?.string.flatMap(ISODate.seconds))
        info.add(model: header["meta"]?["model"]?.string)
        info.project = header["projectRoot"]?.string ?? header["cwd"]?.string
        if header["kind"]?.string == "subagent" { info.isSubagent = true }
    }

    /// The message a recording's `value` shows, if any (what it adds to the description is
    /// ``account(_:into:)``'s).
    static func message(_ value: JSONValue, position: Int) -> Message? {
        let type = value["type"]?.string ?? ""
        let id = value["id"]?.string ?? "message-\(position + 1)"
        let time = value["timestamp"]?.string.flatMap(ISODate.seconds)
        let text = contentText(value["displayContent"] ?? value["content"])
        switch type {
        case "user":
            // The context Gemini CLI sends first (the date, the folder's files) is not the person's.
            guard !text.isEmpty, !text.hasPrefix("<session_context>") else { return nil }
            return Message(id: id, role: .user, text: text, createdAt: time)
        case "info", "error", "warning":
            guard !text.isEmpty else { return nil }
            return Message(id: id, role: .system, text: text, createdAt: time)
        default:
            var message = Message(id: id, role: .assistant, text: "", createdAt: time)
            message.model = value["model"]?.string
            // Thoughts, then the text, then the calls: the order Gemini CLI shows them in.
            var pieces = ReplyPieces()
            for (index, thought) in (value["thoughts"]?.array ?? []).enumerated() {
                let subject = thought["subject"]?.string
                let description = thought["description"]?.string
                let partID = "\(id)-thought-\(index)"
                pieces.addPart(.reasoning(AIReasoningPart(id: partID, summary: subject, preview: description)))
                if let description { message.reasoningTexts[partID] = description }
            }
            pieces.addText(text)
            for (index, call) in (value["toolCalls"]?.array ?? []).enumerated() {
                pieces.addPart(.toolCall(toolCall(call, fallbackID: "\(id)-call-\(index)")))
            }
            pieces.write(into: &message)
            return message
        }
    }

    /// A content: a string, a list of `{text}` parts, or a list of strings.
    static func contentText(_ content: JSONValue?) -> String {
        switch content {
        case .string(let text)?: return text
        case .array(let parts)?:
            return parts.compactMap { $0.string ?? $0["text"]?.string }.joined()
        default: return ""
        }
    }

    static func toolCall(_ call: JSONValue, fallbackID: String) -> AIToolCallPart {
        let name = call["name"]?.string ?? ""
        var part = AIToolCallPart(
            id: call["id"]?.string ?? fallbackID, name: name, executor: .client, arguments: call["args"])
        let response = call["result"]?.array?.first?["functionResponse"]?["response"]
        var output: JSONValue? = response?["output"] ?? response ?? call["resultDisplay"]
        if name == "run_shell_command", let text = output?.string { output = shellResult(text) }
        part.output = output
        switch call["status"]?.string {
        case "success": part.status = .completed
        case "error":
            part.status = .failed
            part.errorText = response?["error"]?.string ?? call["resultDisplay"]?.string
        case "cancelled":
            part.status = .cancelled
            part.approval = AIToolApproval(decision: .declined)
        default: part.status = .running
        }
        return part
    }

    /// A shell command's result as Gemini CLI writes it (`Command: …`, `Output: …`, `Exit Code: …`)
    /// as its output and exit code.
    static func shellResult(_ text: String) -> JSONValue {
        guard let start = text.byteRange(of: "Output: ") else { return .string(text) }
        var output = String(text[start.upperBound...])
        for marker in ["\nError: ", "\nExit Code: ", "\nSignal: ", "\nBackground PIDs: ", "\nProcess Group PGID: "] {
            if let end = output.byteRange(of: marker) { output = String(output[..<end.lowerBound]) }
        }
        var result = JSONObject([("output", .string(output))])
        if let code = text.byteRange(of: "Exit Code: ") {
            let digits = text[code.upperBound...].prefix { $0.isNumber || $0 == "-" }
            if let value = Int(digits) { result["exit_code"] = .number(Double(value)) }
        }
        return .object(result)
    }
}
