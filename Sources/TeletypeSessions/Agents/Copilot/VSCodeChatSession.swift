import Teletype
import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// GitHub Copilot Chat's sessions in VS Code and the editors built on it: a chat session JSON
/// (`workspaceStorage/<hash>/chatSessions/<id>.json`, `globalStorage/emptyWindowChatSessions/`,
/// version 3), the same as an operation log (`<id>.jsonl`: a `kind: 0` snapshot, then `kind: 1`
/// sets, `kind: 2` pushes and `kind: 3` deletions at a path, replayed), and "Export Chat" JSON.
/// Each request is a prompt and its reply: the response's Markdown, thinking and tool invocations in
/// order, each invocation's arguments and result from the request's tool call rounds. Copilot
/// Chat's transcripts (`GitHub.copilot-chat/transcripts/`) are Copilot's event stream, read as the
/// CLI's are.
enum VSCodeChatSession: AgentLogFormat {
    static let agent = SessionAgent.vscodeCopilot

    static let tools = ToolTable([
        "copilot_replaceString": .edit, "replace_string_in_file": .edit, "copilot_multiReplaceString": .edit,
        "multi_replace_string_in_file": .edit, "copilot_insertEdit": .edit, "insert_edit_into_file": .edit,
        "copilot_createFile": .write, "create_file": .write, "copilot_readFile": .read, "read_file": .read,
        "copilot_findTextInFiles": .search, "grep_search": .search, "copilot_searchCodebase": .search,
        "semantic_search": .search, "copilot_findFiles": .find, "file_search": .find, "copilot_listDirectory": .list,
        "list_dir": .list, "run_in_terminal": .shell, "copilot_runInTerminal": .shell,
        "copilot_fetchWebPage": .webFetch,
        "fetch_webpage": .webFetch, "manage_todo_list": .plan, "copilot_applyPatch": .patch, "apply_patch": .patch,
        "runSubagent": .subagent, "runsubagent": .subagent,
    ])

    static func places(_ home: SessionHome) -> [SessionPlace] {
        home.editorUserFolders().flatMap { user in
            [
                SessionPlace(user + "/workspaceStorage", depth: 2) { path in
                    path.count == 3 && path.part(1) == "chatSessions"
                        && (path.hasSuffix(".json") || path.hasSuffix(".jsonl"))
                },
                SessionPlace(user + "/workspaceStorage", depth: 3) { path in
                    path.contains("/GitHub.copilot-chat/transcripts/") && path.hasSuffix(".jsonl")
                },
                .files(user + "/globalStorage/emptyWindowChatSessions", depth: 0, suffix: ".json"),
                .files(user + "/globalStorage/emptyWindowChatSessions", depth: 0, suffix: ".jsonl"),
            ]
        }
    }

    static func matches(_ head: LogHead) -> Bool {
        if let first = head.records.first, first["kind"]?.integer == 0, first["v"]?["requests"] != nil { return true }
        return !head.isList && head.hasKeys("requests")
            && (head.hasKeys("responderUsername") || head.hasKeys("initialLocation") || head.hasKeys("version"))
    }

    static func read(
        _ source: SessionSource, path: String?, name: String, notice: (String) -> Void,
        start: (SessionInfo) -> Void, emit: (Message) throws -> Void
    ) throws -> SessionInfo {
        // Copilot Chat's transcripts are the CLI's event stream.
        let head = try source.read(offset: 0, length: 64 * 1024)
        if let end = head.firstIndex(of: 0x0A) ?? (head.isEmpty ? nil : head.endIndex),
            let first = head[..<end].withUnsafeBytes({ try? JSONParser.parse($0) }), first["type"] != nil,
            first["data"] != nil
        {
            // Its `session.start` names VS Code's version: the reader says it is Copilot Chat's.
            return try CopilotEvents.read(source, path: path, name: name, notice: notice, start: start, emit: emit)
        }
        let session = try state(source, name: name, notice: notice)
        var info = SessionInfo(agent: .vscodeCopilot)
        info.id = session["sessionId"]?.string
        info.title = session["customTitle"]?.string
        info.add(time: session["creationDate"]?.number.map { $0 / 1000 })
        info.add(time: session["lastMessageDate"]?.number.map { $0 / 1000 })
        let requests = session["requests"]?.array ?? []
        for request in requests {
            info.add(time: request["timestamp"]?.number.map { $0 / 1000 })
            info.add(model: model(request))
            let metadata = request["result"]?["metadata"]
            info.inputTokens.saturatingAdd(metadata?["promptTokens"]?.integer ?? 0)
            info.outputTokens.saturatingAdd(
                metadata?["outputTokens"]?.integer ?? request["completionTokens"]?.integer ?? 0)
        }
        start(info)
        for (index, request) in requests.enumerated() {
            for message in messages(request, position: index) { try emit(message) }
        }
        return info
    }

    /// The session: the JSON document, or the operation log replayed.
    static func state(_ source: SessionSource, name: String, notice: (String) -> Void) throws -> JSONValue {
        var bytes: [UInt8] = []
        var records: [(JSONValue, Int)] = []
        var isLog: Bool?
        var truncated: Int?
        // The first line, parsed: the whole session when the editor wrote it on one line, as it does.
        var first: JSONValue?
        var lines = 0
        try source.forEachLine { line in
            SessionReading.append(line, to: &bytes)
            guard line.bytes.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
            lines += 1
            if isLog == nil {
                first = try? JSONParser.parse(line.bytes)
                isLog = first?["kind"]?.integer != nil && first?["v"] != nil
            }
            guard isLog == true else { return }
            if let value = lines == 1 ? first : try? JSONParser.parse(line.bytes) {
                records.append((value, line.number))
            } else if !line.isTerminated {
                truncated = line.number
            } else {
                throw SessionReading.error(in: line, name: name)
            }
        }
        guard isLog == true else {
            if lines == 1, let first { return first }
            return try SessionReading.document(bytes, name: name)
        }
        if let truncated { notice(SessionReading.truncationNotice(name: name, line: truncated)) }
        var state = JSONValue.object(JSONObject())
        for (record, _) in records {
            let path = record["k"]?.array ?? []
            // The app's paths are a few steps long; each step is a call deeper, so a hostile path
            // of a million steps is skipped rather than followed off the end of the stack.
            guard path.count <= OperationLog.maximumDepth else { continue }
            switch record["kind"]?.integer {
            case 0: state = record["v"] ?? state
            case 1: state = OperationLog.set(record["v"] ?? .null, at: path[...], in: state)
            case 2:
                state = OperationLog.push(
                    record["v"]?.array ?? [], truncatingAt: record["i"]?.integer, at: path[...], in: state)
            case 3: state = OperationLog.delete(at: path[...], in: state)
            default: continue
            }
        }
        return state
    }

    /// The request's model, without the `copilot/` it is named with.
    static func model(_ request: JSONValue) -> String? {
        guard let id = request["result"]?["metadata"]?["resolvedModel"]?.string ?? request["modelId"]?.string else {
            return nil
        }
        return id.hasPrefix("copilot/") ? String(id.dropFirst("copilot/".count)) : id
    }

    /// A request as its prompt and its reply.
    static func messages(_ request: JSONValue, position: Int) -> [Message] {
        let id = request["requestId"]?.string ?? "request-\(position + 1)"
        let time = request["timestamp"]?.number.map { $0 / 1000 }
        var prompt = Message(
            id: id, role: .user, text: request["message"]?["text"]?.string ?? "", createdAt: time)
        for variable in request["variableData"]?["variables"]?.array ?? [] {
            let path =
                variable["value"]?["path"]?.string ?? variable["value"]?["fsPath"]?.string
                ?? variable["value"]?["uri"]?["path"]?.string
            guard let name = variable["name"]?.string ?? path else { continue }
            prompt.attachments.append(AIMessageAttachment(url: path ?? name, name: name))
        }
        var reply = Message(id: id + "-response", role: .assistant, text: "", createdAt: time)
        reply.model = model(request)
        var pieces = ReplyPieces()
        var text = ""
        // The calls the model made, in order, with their arguments; their results by id.
        let rounds = request["result"]?["metadata"]?["toolCallRounds"]?.array ?? []
        var calls = rounds.flatMap { $0["toolCalls"]?.array ?? [] }[...]
        let results = request["result"]?["metadata"]?["toolCallResults"]?.object
        func flushText() {
            pieces.addText(withoutEmptyFences(text).trimmingSpaces())
            text = ""
        }
        for (index, part) in (request["response"]?.array ?? []).enumerated() {
            switch part["kind"]?.string {
            case nil, "markdownContent":
                text += part["value"]?.string ?? part["content"]?["value"]?.string ?? ""
            case "inlineReference":
                let reference = part["inlineReference"]
                let path = reference?["path"]?.string ?? reference?["fsPath"]?.string ?? reference?["name"]?.string
                if let path { text += "`" + (path.split(separator: "/").last.map(String.init) ?? path) + "`" }
            case "thinking":
                flushText()
                let thought = part["value"]?.string ?? ""
                guard !thought.isEmpty else { continue }
                let reasoningID = "\(id)-thinking-\(index)"
                pieces.addPart(.reasoning(AIReasoningPart(id: reasoningID, preview: thought)))
                reply.reasoningTexts[reasoningID] = thought
            case "toolInvocationSerialized":
                // The editor's own follow-ups (`vscode_editFile_internal`) are not the model's calls.
                if part["toolId"]?.string?.hasSuffix("_internal") == true { continue }
                flushText()
                let made = calls.popFirst()
                let name = made?["name"]?.string ?? part["toolId"]?.string ?? "tool"
                let callID = part["toolCallId"]?.string ?? "\(id)-call-\(index)"
                var call = tools.call(id: callID, name: name, arguments: ToolTable.arguments(made?["arguments"]))
                if call.kind == nil {
                    call.displayTitle = message(part["pastTenseMessage"] ?? part["invocationMessage"])
                }
                call.status = part["isComplete"]?.bool == false ? .running : .completed
                if let madeID = made?["id"]?.string, let result = results?[madeID] {
                    let output = resultText(result)
                    call.output = output.isEmpty ? nil : .string(output)
                }
                pieces.addPart(.toolCall(call))
            default:
                continue  // edits shown by their calls, code block links, undo stops, servers starting
            }
        }
        flushText()
        pieces.write(into: &reply)
        var out = [prompt]
        if !reply.text.isEmpty || !reply.parts.isEmpty { out.append(reply) }
        if request["isCanceled"]?.bool == true {
            out.append(Message(id: id + "-canceled", role: .system, text: "Interrupted", createdAt: time))
        }
        return out
    }

    /// A message of the editor's: a string, or `{"value": …}`.
    static func message(_ value: JSONValue?) -> String? {
        value?.string ?? value?["value"]?.string
    }

    /// The text of a tool's result, which Copilot keeps as a tree of prompt elements: every
    /// `text` and `value` string in it, in order.
    static func resultText(_ value: JSONValue) -> String {
        var out = ""
        func walk(_ value: JSONValue) {
            switch value {
            case .object(let object):
                if let text = object["text"]?.string { out += text }
                for (key, child) in object.pairs where key != "text" { walk(child) }
            case .array(let items):
                items.forEach(walk)
            case .string(let text):
                out += text
            default:
                break
            }
        }
        for content in value["content"]?.array ?? [value] { walk(content) }
        return out.trimmingSpaces()
    }

    /// Markdown without the empty code fences the editor leaves where it showed an edit (and
    /// without one left open at the end or closing at the start, where a tool ran between them).
    /// (`looksFirst`: whether a quick walk over the bytes may answer that nothing is to be taken
    /// out; the tests compare both ways.)
    static func withoutEmptyFences(_ text: String, looksFirst: Bool = true) -> String {
        guard text.containsBytes("```"), !looksFirst || hasEmptyOrUnevenFences(text) else { return text }
        var lines = text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { Substring($0) }
        func isBareFence(_ line: Substring) -> Bool {
            var backticks = 0
            for byte in line.utf8 where !Substring.isSpaceByte(byte) {
                guard byte == UInt8(ascii: "`") else { return false }
                backticks += 1
            }
            return backticks >= 3
        }
        func opensFence(_ line: Substring) -> Bool {
            line.utf8.drop(while: Substring.isSpaceByte).starts(with: "```".utf8)
        }
        let before = lines.count
        var index = 0
        while index < lines.count {
            if isBareFence(lines[index]),
                let close = lines[(index + 1)...].firstIndex(where: { !$0.isBlank }),
                isBareFence(lines[close])
            {
                lines.removeSubrange(index...close)
                continue
            }
            index += 1
        }
        if lines.count(where: opensFence) % 2 == 1 {
            if let last = lines.lastIndex(where: { !$0.isBlank }), isBareFence(lines[last]) {
                lines.remove(at: last)
            } else if let first = lines.firstIndex(where: { !$0.isBlank }), isBareFence(lines[first]) {
                lines.remove(at: first)
            }
        }
        return lines.count == before ? text : lines.joined(separator: "\n")
    }
}

extension VSCodeChatSession {
    /// Whether ``withoutEmptyFences(_:)`` has anything to take out of `text`: a bare fence line
    /// whose next line but blank ones is one too, or an odd number of lines opening a fence. One
    /// walk over the bytes, without the text cut into lines (most replies' fences are whole).
    static func hasEmptyOrUnevenFences(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var opening = 0
            var lastWasBareFence = false
            var start = 0
            while start <= bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                // The line's bytes but spaces: backticks only (three or more) make a bare fence.
                var first = start
                while first < end, Substring.isSpaceByte(bytes[first]) { first += 1 }
                if first < end {
                    if end - first >= 3, bytes[first] == 0x60, bytes[first + 1] == 0x60, bytes[first + 2] == 0x60 {
                        opening += 1
                    }
                    var backticks = 0
                    var bare = true
                    for at in first..<end where !Substring.isSpaceByte(bytes[at]) {
                        guard bytes[at] == 0x60 else {
                            bare = false
                            break
                        }
                        backticks += 1
                    }
                    bare = bare && backticks >= 3
                    if bare && lastWasBareFence { return true }
                    lastWasBareFence = bare
                }
                start = end + 1
            }
            return opening % 2 == 1
        }
    }
}

/// VS Code's operation log: values set, pushed and deleted at a path of keys and indexes.
enum OperationLog {
    /// How far past an array's end a `set` may write (the elements between are null).
    static let padding = 1024

    /// The most steps a path may take (the JSON reader's own nesting limit).
    static let maximumDepth = 512

    static func set(_ value: JSONValue, at path: ArraySlice<JSONValue>, in target: JSONValue) -> JSONValue {
        guard let step = path.first else { return value }
        switch (target, step) {
        case (.object(var object), .string(let key)):
            object[key] = set(value, at: path.dropFirst(), in: object[key] ?? .null)
            return .object(object)
        case (.array(var items), .number):
            // An index past the end pads with nulls, as the app's own replay does, but not without
            // bound: a log that sets element 1e12 is not worth a terabyte.
            guard let index = step.integer, index >= 0, index <= items.count + OperationLog.padding else {
                return target
            }
            while items.count <= index { items.append(.null) }
            items[index] = set(value, at: path.dropFirst(), in: items[index])
            return .array(items)
        case (.null, .string(let key)):
            return .object(JSONObject([(key, set(value, at: path.dropFirst(), in: .null))]))
        default:
            return target
        }
    }

    static func push(
        _ values: [JSONValue], truncatingAt index: Int?, at path: ArraySlice<JSONValue>, in target: JSONValue
    ) -> JSONValue {
        guard let step = path.first else {
            var items = target.array ?? []
            if let index, index >= 0, index < items.count { items.removeSubrange(index...) }
            return .array(items + values)
        }
        switch (target, step) {
        case (.object(var object), .string(let key)):
            object[key] = push(values, truncatingAt: index, at: path.dropFirst(), in: object[key] ?? .null)
            return .object(object)
        case (.array(var items), .number) where step.integer.map(items.indices.contains) == true:
            let number = step.integer ?? 0
            items[number] = push(values, truncatingAt: index, at: path.dropFirst(), in: items[number])
            return .array(items)
        default:
            return target
        }
    }

    static func delete(at path: ArraySlice<JSONValue>, in target: JSONValue) -> JSONValue {
        guard let step = path.first else { return .null }
        switch (target, step) {
        case (.object(var object), .string(let key)):
            if path.count == 1 {
                object[key] = nil
            } else if let inner = object[key] {
                object[key] = delete(at: path.dropFirst(), in: inner)
            }
            return .object(object)
        case (.array(var items), .number) where step.integer.map(items.indices.contains) == true:
            let number = step.integer ?? 0
            if path.count == 1 {
                items.remove(at: number)
            } else {
                items[number] = delete(at: path.dropFirst(), in: items[number])
            }
            return .array(items)
        default:
            return target
        }
    }
}
