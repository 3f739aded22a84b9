import Teletype
import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Cursor's agent transcripts (`~/.cursor/projects/<project>/agent-transcripts/<id>/<id>.jsonl`):
/// a line a message, `{"role", "message": {"content": [blocks]}}`, the blocks Anthropic's (`text`,
/// `tool_use` with no id, `thinking`); no times, models, usage or tool results. The person's words
/// are wrapped in `<user_query>`; reasoning Cursor did not keep is a `[REDACTED]` text, shown as
/// thinking hidden; `{"type":"turn_ended"}` closes a turn. A subagent's transcript lives in
/// `subagents/` beside its parent's, found by the prompt its `Agent` or `Task` call gave it. The
/// older plain-text transcripts (`<id>.txt`: `user:` and `assistant:` turns, `[Thinking]`,
/// `[Tool call] Name` with indented arguments, `[Tool result] Name`) are read too.
enum CursorTranscript: AgentLogFormat {
    static let agent = SessionAgent.cursor

    static func places(_ home: SessionHome) -> [SessionPlace] {
        // projects/<slug>/agent-transcripts/<id>/<id>.jsonl (or <id>.jsonl, <id>.txt), subagents left out.
        [
            SessionPlace(home.inHome(".cursor/projects"), depth: 3) { path in
                path.contains("/agent-transcripts/") && !path.contains("/subagents/")
                    && (path.hasSuffix(".jsonl") || path.hasSuffix(".txt"))
            }
        ]
    }

    /// Cursor's databases: the editor's global and workspaces' `state.vscdb`, the CLI's chats.
    static func stores(_ home: SessionHome) -> (files: [SessionPlace], folders: [String]) {
        let user = home.editorUserFolders(["Cursor"])
        let files =
            user.flatMap { folder in
                [
                    SessionPlace.files(folder + "/globalStorage", depth: 0, named: "state.vscdb"),
                    SessionPlace.files(folder + "/workspaceStorage", depth: 1, named: "state.vscdb"),
                ]
            } + [SessionPlace.files(home.inHome(".cursor/chats"), depth: 2, named: "store.db")]
        return (files, [])
    }

    static let tools = ToolTable([
        "Read": .read, "read_file": .read, "ReadFile": .read, "Grep": .search, "grep_search": .search,
        "codebase_search": .search, "ripgrep": .search, "SemanticSearch": .search, "Glob": .find,
        "file_search": .find, "glob_file_search": .find, "LS": .list, "list_dir": .list, "ListDir": .list,
        "Write": .write, "write": .write, "edit_file": .edit, "search_replace": .edit, "StrReplace": .edit,
        "Edit": .edit, "MultiEdit": .edit, "apply_patch": .patch, "Shell": .shell, "run_terminal_cmd": .shell,
        "Bash": .shell, "WebSearch": .webSearch, "web_search": .webSearch, "WebFetch": .webFetch,
        "fetch": .webFetch, "TodoWrite": .plan, "todo_write": .plan, "Agent": .subagent, "Task": .subagent,
    ])

    static func matches(_ head: LogHead) -> Bool {
        if head.fileName.hasSuffix(".txt"), let text = String(validating: head.bytes.prefix(64), as: UTF8.self),
            text.hasPrefix("user:\n") || text.hasPrefix("user:\r\n")
        {
            return true
        }
        // A message a line: `role` beside a `message` holding the content, no record type of another agent's.
        guard let first = head.records.first(where: { $0["type"]?.string != "turn_ended" }) else { return false }
        return first["role"]?.string != nil && first["message"]?["content"] != nil && first["type"] == nil
            && first["uuid"] == nil
    }

    static func read(
        _ source: SessionSource, path: String?, name: String, notice: (String) -> Void,
        start: (SessionInfo) -> Void, emit: (Message) throws -> Void
    ) throws -> SessionInfo {
        var info = header(path)
        if path?.hasSuffix(".txt") == true || name.hasSuffix(".txt") {
            return try CursorTextTranscript.read(source, info: info, name: name, start: start, emit: emit)
        }
        var builder = ConversationBuilder()
        var subagents = path.map(subagentTranscripts(besideTranscriptAt:)) ?? []
        var number = 0
        try JSONLLog.read(
            source, name: name, describing: JSONFields(["role", "model"]), notice: notice,
            describe: { fields, _ in info.add(model: fields["model"]?.string) }, start: { start(info) }
        ) { record, line in
            number += 1
            if record["type"]?.string == "turn_ended" {
                builder.closeReply()
                return
            }
            let blocks = record["message"]?["content"]?.array ?? record["message"]?["content"].map { [$0] } ?? []
            let id = "line-\(line)"
            if record["role"]?.string == "user" {
                // A tool's result in a user line (seen in drift) goes to its call; the rest is a prompt.
                var text = ""
                for block in blocks {
                    if let type = block["type"]?.string, type == "tool_result" || type == "tool-result" {
                        let output = block["content"]
                        let callName = block["name"]?.string ?? ""
                        builder.updateLastCall(named: callName) { call in
                            ToolResult.apply(Self.resultText(output).map(JSONValue.string) ?? output, to: &call)
                        }
                    } else if let piece = block.string ?? block["text"]?.string {
                        text += (text.isEmpty ? "" : "\n\n") + piece
                    }
                }
                let (prompt, time) = userText(text)
                guard !prompt.isEmpty else { return }
                builder.prompt(Message(id: id, role: .user, text: prompt, createdAt: time))
            } else {
                builder.startReply(id: id, model: record["model"]?.string)
                add(blocks, to: &builder, id: id, subagents: &subagents)
            }
            for message in builder.takeFinished() { try emit(message) }
        }
        for message in builder.finish() { try emit(message) }
        return info
    }

    /// What a transcript's path says of its session: its id, its project, when it was written.
    static func header(_ path: String?) -> SessionInfo {
        var info = SessionInfo(agent: .cursor)
        if let path {
            info.id = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            info.project = project(ofTranscriptAt: path)
            info.add(time: SessionLocator.modified(path))
        }
        return info
    }

    /// A reply's blocks, in order.
    static func add(
        _ blocks: [JSONValue], to builder: inout ConversationBuilder, id: String, subagents: inout [String]
    ) {
        for (index, block) in blocks.enumerated() {
            switch block["type"]?.string {
            case "thinking":
                let text = block["thinking"]?.string ?? block["text"]?.string ?? ""
                builder.addReasoning(
                    AIReasoningPart(id: "\(id)-thinking-\(index)", preview: text.isEmpty ? nil : text),
                    text: text, id: id)
            case "tool_use", "tool_call":
                let name = block["name"]?.string ?? ""
                var call = tools.call(
                    id: block["id"]?.string ?? "\(id)-call-\(index)", name: name,
                    arguments: ToolTable.arguments(block["input"] ?? block["arguments"]), status: .completed)
                if call.kind == .subagent,
                    let prompt = call.arguments?["prompt"]?.string ?? call.arguments?["description"]?.string,
                    let child = take(subagentFor: prompt, from: &subagents)
                {
                    call.subagent = AISubagent(
                        title: call.arguments?["description"]?.string ?? call.arguments?["subagent_type"]?.string,
                        messages: messages(ofSubagentAt: child))
                }
                builder.addCall(call, id: id)
            default:
                guard let text = block.string ?? block["text"]?.string, !text.isEmpty else { continue }
                // Reasoning Cursor did not keep: a `[REDACTED]` text, alone or after the words.
                if text.hasSuffix("[REDACTED]") {
                    let words = String(text.dropLast("[REDACTED]".count)).trimmingSpaces()
                    builder.addText(words, id: id)
                    builder.addReasoning(
                        AIReasoningPart(id: "\(id)-redacted-\(index)", summary: ConversationBuilder.thinkingHidden),
                        text: nil, id: id)
                } else {
                    builder.addText(text, id: id)
                }
            }
        }
    }

    /// What a person typed, without Cursor's `<user_query>` wrapper, and the `<timestamp>` before
    /// it (newer builds), as a time.
    static func userText(_ text: String) -> (String, Double?) {
        var time: Double?
        var rest = Substring(text)
        if let open = rest.byteRange(of: "<timestamp>"), let close = rest.byteRange(of: "</timestamp>"),
            open.upperBound <= close.lowerBound
        {
            time = ISODate.seconds(String(rest[open.upperBound..<close.lowerBound]))
            rest = rest[..<open.lowerBound] + rest[close.upperBound...]
        }
        if let open = rest.byteRange(of: "<user_query>"), let close = rest.lastByteRange(of: "</user_query>"),
            open.upperBound <= close.lowerBound
        {
            rest = rest[open.upperBound..<close.lowerBound]
        }
        return (String(rest).trimmingSpaces(), time)
    }

    /// The text of a tool result's content: a string, or its text blocks.
    static func resultText(_ content: JSONValue?) -> String? {
        if let text = content?.string { return text }
        let texts = content?.array?.compactMap { $0["text"]?.string } ?? []
        return texts.isEmpty ? nil : texts.joined(separator: "\n")
    }

    /// The project a transcript belongs to: its `projects/<slug>` folder's name, the path of the
    /// folder with `-` for `/`.
    static func project(ofTranscriptAt path: String) -> String? {
        let parts = path.split(separator: "/").map(String.init)
        guard let index = parts.lastIndex(of: "agent-transcripts"), index > 0 else { return nil }
        let slug = parts[index - 1]
        return slug.isEmpty ? nil : "/" + slug.replacing("-", with: "/")
    }

    /// The subagents' transcripts beside a transcript: `subagents/*.jsonl` in its folder.
    static func subagentTranscripts(besideTranscriptAt path: String) -> [String] {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent("subagents")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".jsonl") }.sorted().map { folder.appendingPathComponent($0).path }
    }

    /// The subagent transcript whose first prompt is `prompt` (else the first one left), taken.
    static func take(subagentFor prompt: String, from paths: inout [String]) -> String? {
        let wanted = prompt.trimmingSpaces()
        for (index, path) in paths.enumerated() {
            guard let first = JSONLLog.records(atPath: path)?.first(where: { $0["role"]?.string == "user" }) else {
                continue
            }
            let blocks = first["message"]?["content"]?.array ?? []
            let text = userText(blocks.compactMap { $0["text"]?.string }.joined(separator: "\n\n")).0
            if text == wanted { return paths.remove(at: index) }
        }
        return paths.isEmpty ? nil : paths.removeFirst()
    }

    /// The conversation of the subagent transcript at `path`.
    static func messages(ofSubagentAt path: String) -> [Message] {
        var messages: [Message] = []
        _ = try? read(
            SessionSource(path: path), path: nil, name: path, notice: { _ in }, start: { _ in },
            emit: { messages.append($0) })
        return messages
    }
}

extension ConversationBuilder {
    /// Changes the turn's last call of the tool `name` that has no output yet.
    mutating func updateLastCall(named name: String, _ change: (inout AIToolCallPart) -> Void) {
        guard let id = lastCall(where: { $0.output == nil && (name.isEmpty || $0.name == name) }) else { return }
        updateCall(id, change)
    }
}
