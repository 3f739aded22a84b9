import Teletype
import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Cline's tasks, and those of its forks Roo Code and Kilo Code: a folder a task
/// (`globalStorage/<extension>/tasks/<epoch-ms>/`) whose `api_conversation_history.json` is the
/// conversation as Anthropic messages — native `tool_use` and `tool_result` blocks, or, in older
/// versions, tools written as XML in the reply's text (`<read_file><path>…</path></read_file>`) and
/// their results as the next user text (`[read_file for 'x'] Result: …`). The first prompt is in
/// `<task>`; the `<environment_details>` Cline adds to every message are folded away; an answer to
/// the agent's question (`<answer>`, `<feedback>`) is the person's next prompt. Beside it,
/// `ui_messages.json` says the requests' costs and tokens and `task_metadata.json` the models and
/// the editor. Cline CLI's sessions (`~/.cline/data/sessions/<id>/<id>.messages.json`, with the
/// session's `<id>.json` beside it) are the same messages in an object.
enum ClineTask: AgentLogFormat {
    static let agent = SessionAgent.cline

    static let tools = ToolTable([
        "read_file": .read, "write_to_file": .write, "replace_in_file": .edit, "apply_diff": .edit,
        "search_and_replace": .edit, "insert_content": .edit, "execute_command": .shell, "search_files": .search,
        "codebase_search": .search, "list_files": .list, "list_code_definition_names": .list, "web_fetch": .webFetch,
        "read_files": .read, "new_task": .subagent, "focus_chain": .plan,
    ])

    /// The tools whose calls say something to the person rather than do something: their words are
    /// the reply's text.
    static let sayingTools: [String: String] = [
        "attempt_completion": "result", "ask_followup_question": "question", "plan_mode_respond": "response",
    ]

    /// The extensions that write tasks, by their folders' names, and how they are called.
    static let extensions = [
        "saoudrizwan.claude-dev": "Cline", "rooveterinaryinc.roo-cline": "Roo Code", "kilocode.kilo-code": "Kilo Code",
    ]

    static func places(_ home: SessionHome) -> [SessionPlace] {
        var places = home.editorUserFolders().flatMap { user in
            extensions.keys.map { name in
                SessionPlace.files(
                    user + "/globalStorage/" + name + "/tasks", depth: 1, named: "api_conversation_history.json")
            }
        }
        places.append(
            SessionPlace(home.inHome(".cline/data/sessions"), depth: 1) { path in path.hasSuffix(".messages.json") })
        return places
    }

    static func matches(_ head: LogHead) -> Bool {
        if head.fileName == "api_conversation_history.json" || head.fileName.hasSuffix(".messages.json") { return true }
        // Anthropic messages with Cline's own `ts`, or a `<task>` as the first prompt.
        if head.isList, head.documentKeys.contains("role"), head.documentKeys.contains("ts") { return true }
        if head.isList, head.documentKeys.contains("role"),
            let text = String(validating: head.bytes.prefix(4096), as: UTF8.self), text.contains("<task>")
        {
            return true
        }
        return !head.isList && head.hasKeys("sessionId", "messages", "agent")
    }

    /// What the first pass reads of each message of a task's history: what it adds to the
    /// session's description.
    static let accountFields = JSONFields(["ts", "model", "modelInfo.id", "usage", "metrics"])

    static func read(
        _ source: SessionSource, path: String?, name: String, notice: (String) -> Void,
        start: (SessionInfo) -> Void, emit: (Message) throws -> Void
    ) throws -> SessionInfo {
        // A task's history is one JSON array, as long as the task: it is read an element at a
        // time, in two passes in flat memory (each message checked and counted, then read again
        // and shown). What is not one array of messages (Cline CLI's object, a broken file) is read
        // whole, which names where it goes wrong.
        var places: [(offset: Int, length: Int)] = []
        var summaries: [JSONValue] = []
        var kept: [JSONValue] = []
        var isMessages = true
        let keepsParsed = source.keepsParsed
        let isArray = try JSONArrayElements.forEach(in: source) { bytes, offset in
            guard isMessages else { return }
            if keepsParsed {
                guard let message = try? JSONParser.parse(bytes), message.object != nil else {
                    isMessages = false
                    return
                }
                kept.append(message)
                return
            }
            guard let values = accountFields.values(bytes) else {
                isMessages = false
                return
            }
            places.append((offset, bytes.count))
            var summary = JSONObject()
            for (key, value) in zip(["ts", "model", "modelInfo", "usage", "metrics"], values) {
                guard let value else { continue }
                summary[key] = key == "modelInfo" ? .object(JSONObject([("id", value)])) : value
            }
            summaries.append(.object(summary))
        }
        guard isArray, isMessages else {
            return try readWhole(source, path: path, name: name, start: start, emit: emit)
        }
        var info = SessionInfo(agent: .cline)
        if let path { describe(taskAt: path, into: &info) }
        for summary in summaries + kept { account(summary, into: &info) }
        summaries = []
        start(info)
        // A small history was kept parsed; a large one is read again an element at a time.
        if places.isEmpty {
            try show(kept.count, { kept[$0] }, emit: emit)
        } else {
            try show(
                places.count,
                { index in
                    let bytes = try source.read(offset: places[index].offset, length: places[index].length)
                    return bytes.withUnsafeBytes { try? JSONParser.parse($0) }
                }, emit: emit)
        }
        return info
    }

    /// Hands over the conversation of a history's `count` messages (`message` gives each, or nil
    /// for one that cannot be read), a turn at a time.
    static func show(_ count: Int, _ message: (Int) throws -> JSONValue?, emit: (Message) throws -> Void) throws {
        var builder = ConversationBuilder()
        var xmlCalls = 0
        for index in 0..<count {
            guard let value = try message(index) else { continue }
            add(value, index: index, to: &builder, xmlCalls: &xmlCalls)
            for message in builder.takeFinished() { try emit(message) }
        }
        for message in builder.finish() { try emit(message) }
    }

    /// A history read whole: Cline CLI's messages in an object, or a file that is not one array
    /// of messages (whose error then names where it goes wrong).
    static func readWhole(
        _ source: SessionSource, path: String?, name: String, start: (SessionInfo) -> Void,
        emit: (Message) throws -> Void
    ) throws -> SessionInfo {
        let document = try SessionReading.document(of: source, name: name)
        var info = SessionInfo(agent: .cline)
        let messages: [JSONValue]
        if let list = document.array {
            messages = list
            if let path { describe(taskAt: path, into: &info) }
        } else {
            // Cline CLI: the messages in an object, the session's description in `<id>.json` beside it.
            messages = document["messages"]?.array ?? []
            info.id = document["sessionId"]?.string
            if let path { describe(cliSessionAt: path, into: &info) }
        }
        for message in messages { account(message, into: &info) }
        start(info)
        try show(messages.count, { messages[$0] }, emit: emit)
        return info
    }

    /// What a message adds to the session's description: its time, model, tokens and cost.
    static func account(_ message: JSONValue, into info: inout SessionInfo) {
        info.add(time: message["ts"]?.number.map { $0 / 1000 })
        info.add(model: message["model"]?.string ?? message["modelInfo"]?["id"]?.string)
        if let usage = message["usage"] {
            info.inputTokens.saturatingAdd(usage["input_tokens"]?.integer ?? 0)
            info.outputTokens.saturatingAdd(usage["output_tokens"]?.integer ?? 0)
            info.cacheReadTokens.saturatingAdd(usage["cache_read_input_tokens"]?.integer ?? 0)
            info.cacheWriteTokens.saturatingAdd(usage["cache_creation_input_tokens"]?.integer ?? 0)
        }
        if let metrics = message["metrics"] {
            info.inputTokens.saturatingAdd(
                max(
                    0, (metrics["inputTokens"]?.integer ?? 0) - (metrics["cacheReadTokens"]?.integer ?? 0)))
            info.outputTokens.saturatingAdd(metrics["outputTokens"]?.integer ?? 0)
            info.cacheReadTokens.saturatingAdd(metrics["cacheReadTokens"]?.integer ?? 0)
            info.cacheWriteTokens.saturatingAdd(metrics["cacheWriteTokens"]?.integer ?? 0)
            if let cost = metrics["cost"]?.number { info.cost = (info.cost ?? 0) + cost }
        }
    }

    /// A message of the history (the `index`th) into the conversation.
    static func add<Sink: TurnSink>(_ message: JSONValue, index: Int, to builder: inout Sink, xmlCalls: inout Int) {
        let id = message["id"]?.string ?? "message-\(index + 1)"
        let time = message["ts"]?.number.map { $0 / 1000 }
        let blocks = message["content"]?.array ?? message["content"].map { [$0] } ?? []
        if message["role"]?.string == "assistant" {
            builder.sinkReply(
                id: id, time: time, model: message["model"]?.string ?? message["modelInfo"]?["id"]?.string)
            for (number, block) in blocks.enumerated() {
                switch block["type"]?.string {
                case "thinking", "reasoning":
                    let text = block["thinking"]?.string ?? block["text"]?.string ?? ""
                    builder.sinkReasoning(id: id, text: text) {
                        AIReasoningPart(id: "\(id)-thinking-\(number)", preview: text.isEmpty ? nil : text)
                    }
                case "tool_use":
                    let name = block["name"]?.string ?? ""
                    if let key = sayingTools[name] {
                        builder.sinkText(ToolTable.arguments(block["input"])?[key]?.string ?? "", id: id, time: nil)
                        continue
                    }
                    builder.sinkCall(id: id, time: time) {
                        call(
                            id: block["id"]?.string ?? "\(id)-call-\(number)", name: name,
                            arguments: ToolTable.arguments(block["input"]))
                    }
                default:
                    let text = block.string ?? block["text"]?.string ?? ""
                    addXMLText(text, to: &builder, id: id, time: time, counter: &xmlCalls)
                }
            }
        } else {
            readUser(blocks, id: id, time: time, into: &builder)
        }
    }

    /// A call, its arguments as the shared drawing reads them (a SEARCH/REPLACE diff as edits).
    static func call(id: String, name: String, arguments: JSONValue?) -> AIToolCallPart {
        var arguments = arguments
        if case .object(var object)? = arguments, let diff = object["diff"]?.string {
            let edits = SearchReplace.blocks(diff)
            if !edits.isEmpty {
                object["edits"] = .array(
                    edits.map {
                        JSONValue.object(
                            JSONObject([("old_string", .string($0.old)), ("new_string", .string($0.new))]))
                    })
                arguments = .object(object)
            }
        }
        var call = tools.call(id: id, name: name, arguments: arguments)
        if name == "use_mcp_tool", let server = arguments?["server_name"]?.string,
            let tool = arguments?["tool_name"]?.string
        {
            call.displayTitle = server + " · " + tool.replacing("_", with: " ")
        }
        return call
    }

    /// A reply's text, with the tools older versions write in it as XML taken out as calls.
    static func addXMLText<Sink: TurnSink>(
        _ text: String, to builder: inout Sink, id: String, time: Double?, counter: inout Int
    ) {
        var rest = Substring(text)
        while let open = firstToolTag(in: rest) {
            builder.sinkText(String(rest[..<open.range.lowerBound]).trimmingSpaces(), id: id, time: time)
            let closing = "</\(open.name)>"
            guard let close = rest[open.range.upperBound...].byteRange(of: closing) else {
                // A call cut short (the reply was stopped): what is there is shown as a call.
                let body = String(rest[open.range.upperBound...])
                addXMLCall(open.name, body: body, to: &builder, id: id, time: time, counter: &counter)
                return
            }
            let body = String(rest[open.range.upperBound..<close.lowerBound])
            addXMLCall(open.name, body: body, to: &builder, id: id, time: time, counter: &counter)
            rest = rest[close.upperBound...]
        }
        builder.sinkText(String(rest).trimmingSpaces(), id: id, time: time)
    }

    static func addXMLCall<Sink: TurnSink>(
        _ name: String, body: String, to builder: inout Sink, id: String, time: Double?, counter: inout Int
    ) {
        if let key = sayingTools[name] {
            builder.sinkText(xmlParameters(body)[key]?.string ?? body.trimmingSpaces(), id: id, time: time)
            return
        }
        counter += 1
        let number = counter
        builder.sinkCall(id: id, time: time) {
            call(id: "xml-\(number)", name: name, arguments: .object(xmlParameters(body)))
        }
    }

    /// The first `<tool>` tag of a tool Cline knows in `text`. Looked for in its bytes: a reply's
    /// text is long, and walking it a character at a time was most of reading a task.
    static func firstToolTag(in text: Substring) -> (name: String, range: Range<String.Index>)? {
        let utf8 = text.utf8
        var search = utf8.startIndex
        while let open = utf8[search...].firstIndex(of: UInt8(ascii: "<")) {
            let after = utf8.index(after: open)
            guard let close = utf8[after...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
            let name = String(decoding: utf8[after..<close], as: UTF8.self)
            if xmlTools.contains(name) { return (name, open..<utf8.index(after: close)) }
            search = after
        }
        return nil
    }

    /// The tools Cline, Roo Code and Kilo Code write as XML.
    static let xmlTools: Set<String> = [
        "read_file", "write_to_file", "replace_in_file", "apply_diff", "search_and_replace", "insert_content",
        "execute_command", "search_files", "list_files", "list_code_definition_names", "browser_action",
        "use_mcp_tool", "access_mcp_resource", "ask_followup_question", "attempt_completion", "plan_mode_respond",
        "new_task", "web_fetch", "codebase_search", "switch_mode", "fetch_instructions", "load_mcp_documentation",
        "condense", "new_rule", "report_bug",
    ]

    /// `<name>value</name>` pairs of an XML call's body, in order.
    static func xmlParameters(_ body: String) -> JSONObject {
        var object = JSONObject()
        var rest = Substring(body)
        while let open = rest.firstIndex(of: "<") {
            let after = rest.index(after: open)
            guard let end = rest[after...].firstIndex(of: ">") else { break }
            let name = String(rest[after..<end])
            guard !name.hasPrefix("/"), !name.isEmpty, let close = rest[end...].byteRange(of: "</\(name)>") else {
                rest = rest[after...]
                continue
            }
            var value = String(rest[rest.index(after: end)..<close.lowerBound])
            if value.hasPrefix("\n") { value.removeFirst() }
            if value.hasSuffix("\n") { value.removeLast() }
            object[name] = .string(value)
            rest = rest[close.upperBound...]
        }
        return object
    }

    /// A user's message: a prompt (its `<task>` unwrapped, environment details folded away), or
    /// results of the reply's calls, each followed by what the person said with it.
    static func readUser<Sink: TurnSink>(_ blocks: [JSONValue], id: String, time: Double?, into builder: inout Sink) {
        var words: [String] = []
        for block in blocks {
            if block["type"]?.string == "tool_result", let callID = block["tool_use_id"]?.string {
                let isError = block["is_error"]?.bool ?? false
                builder.sinkResult(of: callID) {
                    ToolResult.apply(.string(resultText(block["content"])), to: &$0, isError: isError)
                }
                continue
            }
            guard block["type"] == nil || block["type"]?.string == "text",
                let raw = block.string ?? block["text"]?.string
            else { continue }
            var text = withoutTag("environment_details", in: raw)
            // `[tool for 'x'] Result: …`: the result of the reply's last call of that tool.
            if text.hasPrefix("["), let end = text.byteRange(of: "] Result:") {
                let head = text[text.index(after: text.startIndex)..<end.lowerBound]
                let tool = String(head.prefix { $0 != " " })
                var output = String(text[end.upperBound...])
                let answer = tagged("answer", in: output) ?? tagged("feedback", in: output)
                if answer != nil { output = withoutTag("answer", in: withoutTag("feedback", in: output)) }
                let failed = output.containsBytes("<error>") || output.hasPrefix("\nThe tool execution failed")
                builder.sinkResult(ofLast: tool) {
                    ToolResult.apply(.string(output.trimmingSpaces()), to: &$0, isError: failed)
                }
                if let answer { words.append(answer) }
                continue
            }
            text =
                tagged("task", in: text) ?? tagged("user_message", in: text) ?? tagged("feedback", in: text)
                ?? tagged("answer", in: text) ?? userInput(text)
            if text.hasPrefix("[TASK RESUMPTION]") { continue }
            if !text.trimmingSpaces().isEmpty { words.append(text.trimmingSpaces()) }
        }
        guard !words.isEmpty else { return }
        builder.sinkPrompt(Message(id: id, role: .user, text: words.joined(separator: "\n\n"), createdAt: time))
    }

    /// Cline CLI's `<user_input mode="act">…</user_input>` unwrapped.
    static func userInput(_ text: String) -> String {
        guard let open = text.byteRange(of: "<user_input"), let end = text[open.upperBound...].firstIndex(of: ">"),
            let close = text.lastByteRange(of: "</user_input>"), end < close.lowerBound
        else { return text }
        return String(text[text.index(after: end)..<close.lowerBound])
    }

    /// The text of `<tag>…</tag>` in `text`, if it has one.
    static func tagged(_ tag: String, in text: String) -> String? {
        guard let open = text.byteRange(of: "<\(tag)>"), let close = text.lastByteRange(of: "</\(tag)>"),
            open.upperBound <= close.lowerBound
        else { return nil }
        return String(text[open.upperBound..<close.lowerBound]).trimmingSpaces()
    }

    /// `text` without its `<tag>…</tag>`.
    static func withoutTag(_ tag: String, in text: String) -> String {
        guard let open = text.byteRange(of: "<\(tag)>"), let close = text.lastByteRange(of: "</\(tag)>"),
            open.upperBound <= close.lowerBound
        else { return text }
        return String(text[..<open.lowerBound] + text[close.upperBound...])
    }

    /// A result's text: a string, text blocks, or Cline CLI's `{query, result}` items.
    static func resultText(_ content: JSONValue?) -> String {
        if let text = content?.string { return text }
        return (content?.array ?? []).compactMap { item in
            item["text"]?.string
                ?? item["result"]?.string.map { result in
                    (item["query"]?.string.map { $0 + "\n" } ?? "") + result
                }
        }.joined(separator: "\n")
    }

    /// What a task folder's other files say: `task_metadata.json` (models, the editor, Cline's
    /// version), `ui_messages.json` (each request's cost and tokens), the extension's name.
    static func describe(taskAt path: String, into info: inout SessionInfo) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        info.id = folder.lastPathComponent
        for (name, display) in extensions where path.contains("/" + name + "/") { info.agentName = display }
        if let data = FileManager.default.contents(atPath: folder.appendingPathComponent("task_metadata.json").path),
            let metadata = data.withUnsafeBytes({ try? JSONParser.parse($0) })
        {
            for usage in metadata["model_usage"]?.array ?? [] { info.add(model: usage["model_id"]?.string) }
            info.version = metadata["environment_history"]?.array?.last?["cline_version"]?.string
        }
        // The UI's messages hold every tool's output again: read an element at a time, for the
        // requests' costs only.
        var inputTokens = 0
        var outputTokens = 0
        var cost = 0.0
        let uiMessages = folder.appendingPathComponent("ui_messages.json").path
        guard FileManager.default.fileExists(atPath: uiMessages) else { return }
        _ = try? JSONArrayElements.forEach(in: SessionSource(path: uiMessages)) { bytes, _ in
            guard let values = requestFields.values(bytes), values[0]?.string == "api_req_started",
                let text = values[1]?.string, let request = try? JSONParser.parse(text)
            else { return }
            inputTokens.saturatingAdd(request["tokensIn"]?.integer ?? 0)
            outputTokens.saturatingAdd(request["tokensOut"]?.integer ?? 0)
            info.cacheReadTokens.saturatingAdd(request["cacheReads"]?.integer ?? 0)
            info.cacheWriteTokens.saturatingAdd(request["cacheWrites"]?.integer ?? 0)
            cost += request["cost"]?.number ?? 0
        }
        if info.inputTokens == 0 { info.inputTokens = inputTokens }
        if info.outputTokens == 0 { info.outputTokens = outputTokens }
        if cost > 0 { info.cost = cost }
    }

    /// What a UI message says of a request: its kind and, for `api_req_started`, its figures.
    static let requestFields = JSONFields(["say", "text"])

    /// What a Cline CLI session's `<id>.json` says: its title, folder, model and cost.
    static func describe(cliSessionAt path: String, into info: inout SessionInfo) {
        let url = URL(fileURLWithPath: path)
        let base = url.lastPathComponent.replacing(".messages.json", with: ".json")
        guard
            let data = FileManager.default.contents(
                atPath: url.deletingLastPathComponent().appendingPathComponent(base).path),
            let session = data.withUnsafeBytes({ try? JSONParser.parse($0) })
        else { return }
        info.title = session["metadata"]?["title"]?.string
        info.project = session["cwd"]?.string ?? session["workspace_root"]?.string
        info.add(model: session["model"]?.string)
        info.add(time: session["started_at"]?.string.flatMap(ISODate.seconds))
        if info.cost == nil { info.cost = session["metadata"]?["totalCost"]?.number }
        info.agentName = "Cline CLI"
    }
}

/// SEARCH/REPLACE blocks, as Cline, Roo Code and aider write edits: `<<<<<<< SEARCH`, the old text,
/// `=======`, the new text, `>>>>>>> REPLACE`.
enum SearchReplace {
    static func blocks(_ diff: String) -> [(old: String, new: String)] {
        var blocks: [(old: String, new: String)] = []
        var old: [Substring] = []
        var new: [Substring] = []
        var stage = 0
        for line in diff.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = String(line).trimmingSpaces()
            if trimmed.hasPrefix("<<<<<<<") && trimmed.contains("SEARCH") {
                stage = 1
                old = []
                new = []
            } else if stage == 1 && trimmed.hasPrefix("=======") {
                stage = 2
            } else if stage == 2 && trimmed.hasPrefix(">>>>>>>") {
                blocks.append((old.joined(separator: "\n"), new.joined(separator: "\n")))
                stage = 0
            } else if stage == 1, !trimmed.hasPrefix(":start_line:"), trimmed != "-------" {
                old.append(line)
            } else if stage == 2 {
                new.append(line)
            }
        }
        return blocks
    }
}
