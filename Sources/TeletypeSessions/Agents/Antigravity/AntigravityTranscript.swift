import Teletype
import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Antigravity's transcripts (`~/.gemini/antigravity-cli/brain/<id>/.system_generated/logs/`, the
/// IDE's under `antigravity-ide/brain/`): `transcript_full.jsonl` (or the condensed
/// `transcript.jsonl`, or both cut into `chunks/transcript_full/0000000N.jsonl`, a line of which may
/// run on into the next chunk: the chunks are read as one file). A line is a step — the person's
/// `USER_INPUT` (their words in `<USER_REQUEST>`; a settings change names the model), the model's
/// `PLANNER_RESPONSE` (its thinking, its words, its `tool_calls` without ids), then one step per
/// call with its result, in order (`VIEW_FILE`, `RUN_COMMAND`, `CODE_ACTION`, …); `CHECKPOINT` is a
/// compaction, `ERROR_MESSAGE` an error. The language server's JSON export holds the conversation as
/// Markdown (``MarkdownExport``).
enum AntigravityTranscript: AgentLogFormat {
    static let agent = SessionAgent.antigravity

    static let tools = ToolTable([
        "list_dir": .list, "view_file": .read, "view_file_outline": .read, "read_file": .read,
        "run_command": .shell, "write_to_file": .write, "write_file": .write, "replace_file_content": .edit,
        "multi_replace_file_content": .edit, "grep_search": .search, "find_by_name": .find, "search_web": .webSearch,
        "read_url_content": .webFetch, "manage_task": .plan,
    ])

    /// Antigravity's argument names, as the tool cards know them.
    static let argumentNames: [String: String] = [
        "DirectoryPath": "path", "AbsolutePath": "file_path", "TargetFile": "file_path", "CommandLine": "command",
        "Query": "query", "SearchPath": "path", "SearchDirectory": "path", "Pattern": "pattern", "Url": "url",
        "CodeContent": "content", "Cwd": "cwd",
    ]

    /// The name of the call a result step answers, for a step with no call waiting.
    static let stepTools: [String: String] = [
        "LIST_DIRECTORY": "list_dir", "VIEW_FILE": "view_file", "RUN_COMMAND": "run_command",
        "CODE_ACTION": "write_to_file", "GREP_SEARCH": "grep_search", "SEARCH_WEB": "search_web",
    ]

    static func places(_ home: SessionHome) -> [SessionPlace] {
        ["antigravity-cli", "antigravity-ide", "antigravity"].map { app in
            SessionPlace(home.inHome(".gemini/\(app)/brain"), depth: 5, includesHidden: true) { path in
                guard let id = path.part(0), path.part(1) == ".system_generated", path.part(2) == "logs" else {
                    return false
                }
                let logs = id + "/.system_generated/logs/"
                // One file a conversation: the fullest there is, so a file is one only when none
                // before it in this order is there.
                let choices = [
                    "transcript_full.jsonl", "transcript.jsonl", "chunks/transcript_full/00000000.jsonl",
                    "chunks/transcript/00000000.jsonl",
                ]
                guard let chosen = choices.firstIndex(where: { path.text.utf8.elementsEqual((logs + $0).utf8) })
                else { return false }
                let folder = home.inHome(".gemini/\(app)/brain/") + logs
                return !choices[..<chosen].contains { FileManager.default.fileExists(atPath: folder + $0) }
            }
        }
    }

    static func matches(_ head: LogHead) -> Bool {
        if !head.isList, head.hasKeys("cascadeId", "markdown") { return true }
        guard let first = head.records.first else { return false }
        return first["step_index"] != nil && first["type"]?.string != nil && first["source"]?.string != nil
    }

    static func read(
        _ source: SessionSource, path: String?, name: String, notice: (String) -> Void,
        start: (SessionInfo) -> Void, emit: (Message) throws -> Void
    ) throws -> SessionInfo {
        var info = SessionInfo(agent: .antigravity)
        let source = path.flatMap(chunks(of:)) ?? source
        if try isDocument(source, name: name) {
            // The language server's export: its title and folder, the conversation in Markdown.
            let whole = try SessionReading.bytes(of: source)
            let document = try SessionReading.document(whole, name: name)
            guard let markdown = document["markdown"]?.string else {
                throw TranscriptError(
                    file: name, line: 1, column: 1, message: "an Antigravity export without its \"markdown\"")
            }
            info.id = document["cascadeId"]?.string
            info.title = document["title"]?.string
            info.project = document["workspaceName"]?.string
            info.add(time: document["lastModifiedTime"]?.string.flatMap(ISODate.seconds))
            let messages = MarkdownExport.read(markdown, layout: .antigravity, info: &info)
            info.messageCount = messages.count
            start(info)
            for message in messages { try emit(message) }
            return info
        }
        if let path { info.id = conversationID(path) }
        // Two passes: the times and the model first, then the steps a turn at a time.
        var turns = AntigravityTurns()
        let shown = try JSONLLog.readTurns(
            source, name: name, describing: JSONFields(["type", "created_at", "content"]), notice: notice,
            describe: { fields, _ in
                info.add(time: fields["created_at"]?.string.flatMap(ISODate.seconds))
                if fields["type"]?.string == "USER_INPUT", let model = fields["content"]?.string.flatMap(settingsModel)
                {
                    info.add(model: model)
                }
            },
            start: { _ in start(info) }, turns: &turns, emit: emit)
        info.messageCount = shown
        return info
    }

    /// Whether the log is the language server's export (one JSON document) rather than steps.
    static func isDocument(_ source: SessionSource, name: String) throws -> Bool {
        let head = try source.read(offset: 0, length: 65536)
        return head.withUnsafeBytes { bytes in
            let look = LogHead(bytes, name: name)
            return look.records.isEmpty || look.hasKeys("cascadeId", "markdown")
        }
    }

    /// The conversation's id: the `brain/<id>` folder the log is in.
    static func conversationID(_ path: String) -> String? {
        let parts = path.split(separator: "/")
        guard let brain = parts.lastIndex(of: "brain"), brain + 1 < parts.count else { return nil }
        return String(parts[brain + 1])
    }

    /// A chunk's whole log: every chunk of its folder, in order, as one.
    static func chunks(of path: String) -> SessionSource? {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        guard folder.deletingLastPathComponent().lastPathComponent == "chunks",
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return nil }
        var bytes: [UInt8] = []
        for name in names.sorted() where name.hasSuffix(".jsonl") {
            guard let data = FileManager.default.contents(atPath: folder.path + "/" + name) else { continue }
            bytes += data
        }
        return SessionSource(bytes: bytes)
    }

    /// A call's arguments: each value a JSON text in the condensed transcript, read back; the
    /// `toolAction` and `toolSummary` it adds are the agent's commentary.
    static func arguments(_ value: JSONValue?) -> JSONValue? {
        guard case .object(let object)? = value else { return value }
        var out = JSONObject()
        for (key, field) in object.pairs where key != "toolAction" && key != "toolSummary" {
            let value: JSONValue
            if let text = field.string, let parsed = try? JSONParser.parse(text) {
                value = parsed
            } else {
                value = field
            }
            out[argumentNames[key] ?? key] = value
        }
        return .object(out)
    }

    /// The text inside `<tag>…</tag>`, trimmed.
    static func tagged(_ tag: String, in text: String) -> String? {
        // The block's own opening tag: the last before its closing one (a sentence may name the tag).
        let close = text.byteRange(of: "</\(tag)>")
        let before = close.map { text[..<$0.lowerBound] } ?? text[...]
        guard let open = before.lastByteRange(of: "<\(tag)>") else { return nil }
        let rest = text[open.upperBound...]
        let inner = rest.byteRange(of: "</\(tag)>").map { rest[..<$0.lowerBound] } ?? rest
        return inner.trimmingSpaces()
    }

    /// The model a settings change chose: "… from X to Gemini 3.5 Flash (Medium)."
    static func settingsModel(_ text: String) -> String? {
        guard let change = tagged("USER_SETTINGS_CHANGE", in: text), change.containsBytes("Model"),
            let to = change.lastByteRange(of: " to ")
        else { return nil }
        var model = String(change[to.upperBound...]).trimmingSpaces()
        if model.hasSuffix(".") { model.removeLast() }
        return model.isEmpty ? nil : model
    }
}

/// Antigravity's steps, added one at a time, as a conversation: a call's result is the next
/// result step, in the order the calls were made.
struct AntigravityTurns: RecordTurns {
    var builder = ConversationBuilder()
    private var waiting: [String] = []
    private var model: String?

    mutating func add(_ step: JSONValue, index: Int) {
        let id = "step-\(index)"
        let time = step["created_at"]?.string.flatMap(ISODate.seconds)
        let content = step["content"]?.string ?? ""
        switch step["type"]?.string ?? "" {
        case "USER_INPUT":
            if let chosen = AntigravityTranscript.settingsModel(content) { model = chosen }
            let said =
                AntigravityTranscript.tagged("USER_REQUEST", in: content) ?? (content.hasPrefix("<") ? "" : content)
            waiting.removeAll()
            if !said.isEmpty { builder.prompt(Message(id: id, role: .user, text: said, createdAt: time)) }
        case "PLANNER_RESPONSE":
            builder.startReply(id: id, time: time, model: model)
            if let thinking = step["thinking"]?.string, !thinking.isEmpty {
                builder.addReasoning(
                    AIReasoningPart(id: id + "-thinking", preview: thinking), text: thinking, id: id, time: time)
            }
            builder.addText(content, id: id, time: time)
            for (number, call) in (step["tool_calls"]?.array ?? []).enumerated() {
                let callID = "\(id)-call-\(number)"
                builder.addCall(
                    AntigravityTranscript.tools.call(
                        id: callID, name: call["name"]?.string ?? "tool",
                        arguments: AntigravityTranscript.arguments(call["args"])),
                    id: id, time: time)
                waiting.append(callID)
            }
        case "CHECKPOINT":
            waiting.removeAll()
            builder.note(
                Message(
                    id: id, role: .compaction, text: "*Compacted.*" + (content.isEmpty ? "" : "\n\n" + content),
                    createdAt: time))
        case "ERROR_MESSAGE":
            let text = step["error"]?.string ?? step["error"]?["message"]?.string ?? content
            builder.note(
                Message(
                    id: id, role: .system, text: text.isEmpty ? "The agent reported an error." : text,
                    createdAt: time))
        case "SYSTEM_MESSAGE":
            let text = AntigravityTranscript.tagged("SYSTEM_MESSAGE", in: content) ?? content
            if !text.isEmpty { builder.note(Message(id: id, role: .system, text: text, createdAt: time)) }
        case "CONVERSATION_HISTORY", "KNOWLEDGE_ARTIFACTS", "":
            return
        case let type:
            // A call's result, in the order the calls were made; a step no call waits for is a
            // call of its own.
            let failed = step["status"]?.string == "ERROR"
            if !waiting.isEmpty {
                let callID = waiting.removeFirst()
                builder.updateCall(callID) { call in
                    ToolResult.apply(.string(content), to: &call)
                    call.status = failed ? .failed : .completed
                    if failed { call.errorText = step["error"]?.string ?? content }
                }
            } else {
                let name = AntigravityTranscript.stepTools[type] ?? type.lowercased()
                var call = AntigravityTranscript.tools.call(
                    id: id, name: name, arguments: nil, status: failed ? .failed : .completed)
                if !content.isEmpty { call.output = .string(content) }
                builder.addCall(call, id: "reply-\(id)", time: time)
            }
        }
    }
}
