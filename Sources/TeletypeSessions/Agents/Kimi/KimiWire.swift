import Teletype
import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Kimi Code's sessions (`~/.kimi-code/sessions/wd_<folder>/session_<id>/`): one wire log an agent
/// (`agents/<agent>/wire.jsonl`, the main agent's and each subagent's), events with a `time` in
/// milliseconds — `turn.prompt` (what the person typed; `turn.steer` what they added mid-turn),
/// `context.append_loop_event` (a step's `content.part` of thinking or text, its `tool.call` and
/// `tool.result`, paired by `toolCallId`; `step.end` its tokens), `llm.request` (the model),
/// `config.update` (the folder), `turn.cancel`, `context.apply_compaction`. `state.json` beside says
/// the title, the folder and the agents; a call of the `Agent` tool is answered by a subagent whose
/// own log is nested under it.
enum KimiWire: AgentLogFormat {
    static let agent = SessionAgent.kimi

    static let tools = ToolTable([
        "bash": .shell, "shell": .shell, "read": .read, "readfile": .read, "write": .write, "writefile": .write,
        "edit": .edit, "strreplacefile": .edit, "grep": .search, "glob": .find, "ls": .list, "fetch": .webFetch,
        "fetchurl": .webFetch, "searchweb": .webSearch, "websearch": .webSearch, "todolist": .plan,
        "settodolist": .plan, "agent": .subagent, "task": .subagent,
    ])

    static func places(_ home: SessionHome) -> [SessionPlace] {
        [
            SessionPlace(home.inHome(".kimi-code/sessions"), depth: 4) { path in
                path.hasSuffix("/agents/main/wire.jsonl")
            }
        ]
    }

    static let eventTypes: Set<String> = [
        "metadata", "turn.prompt", "context.append_loop_event", "context.append_message", "config.update",
        "llm.request", "tools.set_active_tools", "usage.record", "turn.ended",
    ]

    static func matches(_ head: LogHead) -> Bool {
        guard let first = head.records.first else { return false }
        if first["type"]?.string == "metadata", first["protocol_version"] != nil { return true }
        if first["type"]?.string == "config.update", first["modelAlias"] != nil || first["profileName"] != nil {
            return true
        }
        return head.records.allSatisfy {
            $0["type"]?.string.map { eventTypes.contains($0) || $0.contains(".") } ?? false
        }
            && head.records.contains {
                ["turn.prompt", "context.append_loop_event", "llm.request"].contains($0["type"]?.string ?? "")
            }
    }

    static func read(
        _ source: SessionSource, path: String?, name: String, notice: (String) -> Void,
        start: (SessionInfo) -> Void, emit: (Message) throws -> Void
    ) throws -> SessionInfo {
        let state = path.flatMap(Self.state(besideLogAt:))
        var info = header(state)
        // This agent's subagents, in the order the state lists them: the Agent calls' answers.
        let agentID = path.map { URL(fileURLWithPath: $0).deletingLastPathComponent().lastPathComponent } ?? "main"
        var children: [String] = []
        if let state, let agents = state.value["agents"]?.object {
            children = agents.pairs.filter { $0.value["parentAgentId"]?.string == agentID }.map(\.key)
        }
        // Two passes: what the log says of the session (times, folder, models, tokens) first, so
        // that the header is whole before the first message; then the messages, a turn at a time.
        var tally = Tally()
        var turns = KimiTurns(usesPrompts: false) { () -> [Message]? in
            guard let state, !children.isEmpty else { return nil }
            let child = children.removeFirst()
            let file = state.folder + "/agents/" + child + "/wire.jsonl"
            guard let nested = JSONLLog.records(atPath: file) else { return nil }
            return conversation(nested)
        }
        let shown = try JSONLLog.readTurns(
            source, name: name, describing: describing, notice: notice,
            describe: { fields, _ in tally.add(fields, into: &info) },
            start: { turns in
                tally.finish(into: &info)
                turns.usesPrompts = tally.hasPrompts
                start(info)
            }, turns: &turns, emit: emit)
        info.messageCount = shown
        return info
    }

    /// What the session's state (beside its log) says of it.
    static func header(_ state: (value: JSONValue, folder: String)?) -> SessionInfo {
        var info = SessionInfo(agent: .kimi)
        guard let state else { return info }
        info.title = state.value["title"]?.string
        info.project = state.value["workDir"]?.string
        info.add(time: state.value["createdAt"]?.string.flatMap(ISODate.seconds))
        info.add(time: state.value["updatedAt"]?.string.flatMap(ISODate.seconds))
        info.id = state.folder.split(separator: "/").last.map { name in
            name.hasPrefix("session_") ? String(name.dropFirst("session_".count)) : String(name)
        }
        return info
    }

    /// A subagent's log, read whole (its header is its parent's).
    static func conversation(_ records: [JSONValue]) -> [Message] {
        var turns = KimiTurns(usesPrompts: records.contains { $0["type"]?.string == "turn.prompt" }) { nil }
        for (index, record) in records.enumerated() { turns.add(record, index: index) }
        return turns.builder.finish()
    }

    static let describing = JSONFields([
        "type", "time", "created_at", "cwd", "modelAlias", "model", "usage.inputOther", "usage.output",
        "usage.inputCacheRead", "event.type", "event.usage.inputOther", "event.usage.output",
        "event.usage.inputCacheRead",
    ])

    /// What the first pass adds up: the tokens counted at steps' ends and in usage records (the
    /// larger is the session's, not both), whether the person's prompts are `turn.prompt` events.
    struct Tally {
        var steps = (input: 0, output: 0, cached: 0)
        var records = (input: 0, output: 0, cached: 0)
        var hasPrompts = false

        mutating func add(_ fields: JSONFields.Found, into info: inout SessionInfo) {
            info.add(time: (fields["time"] ?? fields["created_at"])?.number.map { $0 / 1000 })
            switch fields["type"]?.string {
            case "turn.prompt": hasPrompts = true
            case "config.update":
                if info.project == nil { info.project = fields["cwd"]?.string }
                info.add(model: fields["modelAlias"]?.string)
            case "llm.request": info.add(model: fields["modelAlias"]?.string ?? fields["model"]?.string)
            case "usage.record":
                records.input += fields["usage.inputOther"]?.integer ?? 0
                records.output += fields["usage.output"]?.integer ?? 0
                records.cached += fields["usage.inputCacheRead"]?.integer ?? 0
            case "context.append_loop_event" where fields["event.type"]?.string == "step.end":
                steps.input += fields["event.usage.inputOther"]?.integer ?? 0
                steps.output += fields["event.usage.output"]?.integer ?? 0
                steps.cached += fields["event.usage.inputCacheRead"]?.integer ?? 0
            default: break
            }
        }

        func finish(into info: inout SessionInfo) {
            let tokens = records.input + records.output > steps.input + steps.output ? records : steps
            info.inputTokens.saturatingAdd(tokens.input)
            info.outputTokens.saturatingAdd(tokens.output)
            info.cacheReadTokens.saturatingAdd(tokens.cached)
        }
    }

    /// The session's state: `<log>.state.json` or `state.json` beside the log, or the session
    /// folder's `state.json` two folders up (`agents/<agent>/wire.jsonl`).
    static func state(besideLogAt path: String) -> (value: JSONValue, folder: String)? {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let stem = path.hasSuffix(".jsonl") ? String(path.dropLast(6)) : path
        let sessionFolder = folder.deletingLastPathComponent().deletingLastPathComponent().path
        for candidate in [
            (stem + ".state.json", folder.path), (folder.path + "/state.json", folder.path),
            (sessionFolder + "/state.json", sessionFolder),
        ] {
            guard let data = FileManager.default.contents(atPath: candidate.0),
                let value = data.withUnsafeBytes({ try? JSONParser.parse($0) }),
                value["agents"] != nil || value["workDir"] != nil
            else { continue }
            return (value, candidate.1)
        }
        return nil
    }

}

/// A wire log's events, added one at a time, as a conversation; `subagent` gives the messages of
/// the next subagent an `Agent` call started.
struct KimiTurns: RecordTurns {
    var builder = ConversationBuilder()
    /// Whether the person's prompts are `turn.prompt` events (else the user's appended messages).
    var usesPrompts: Bool
    let subagent: () -> [Message]?

    init(usesPrompts: Bool, subagent: @escaping () -> [Message]?) {
        self.usesPrompts = usesPrompts
        self.subagent = subagent
    }

    mutating func add(_ record: JSONValue, index: Int) {
        let time = record["time"]?.number.map { $0 / 1000 } ?? record["created_at"]?.number.map { $0 / 1000 }
        let id = "event-\(index)"
        switch record["type"]?.string {
        case "turn.prompt", "turn.steer":
            let text = KimiWire.texts(record["input"] ?? record["content"])
            if !text.isEmpty { builder.prompt(Message(id: id, role: .user, text: text, createdAt: time)) }
        case "context.append_message" where !usesPrompts:
            let message = record["message"]
            guard message?["role"]?.string == "user", message?["origin"]?["kind"]?.string ?? "user" == "user" else {
                return
            }
            let text = KimiWire.texts(message?["content"])
            if !text.isEmpty { builder.prompt(Message(id: id, role: .user, text: text, createdAt: time)) }
        case "llm.request":
            builder.setModel(record["modelAlias"]?.string ?? record["model"]?.string)
        case "turn.ended":
            if let milliseconds = record["durationMs"]?.number, milliseconds > 0 {
                builder.note(
                    Message(
                        id: id, role: .turnEnd, text: "Turn took " + SessionTime.duration(milliseconds / 1000),
                        createdAt: time))
            }
        case "turn.cancel":
            builder.note(Message(id: id, role: .system, text: "The turn was stopped", createdAt: time))
        case "context.apply_compaction":
            let summary = record["summary"]?.string ?? ""
            builder.note(
                Message(
                    id: id, role: .compaction, text: "*Compacted.*" + (summary.isEmpty ? "" : "\n\n" + summary),
                    createdAt: time))
        case "context.append_loop_event":
            addLoopEvent(record["event"] ?? .null, id: id, time: time)
        default:
            return
        }
    }

    private mutating func addLoopEvent(_ event: JSONValue, id: String, time: Double?) {
        let eventID = event["stepUuid"]?.string ?? event["uuid"]?.string ?? id
        switch event["type"]?.string {
        case "content.part":
            let part = event["part"] ?? .null
            if part["type"]?.string == "think", let thought = part["think"]?.string {
                builder.addReasoning(
                    AIReasoningPart(id: event["uuid"]?.string ?? id, preview: thought), text: thought, id: eventID,
                    time: time)
            } else if let text = part["text"]?.string {
                builder.addText(text, id: eventID, time: time)
            }
        case "tool.call":
            let name = event["name"]?.string ?? "tool"
            var call = KimiWire.tools.call(
                id: event["toolCallId"]?.string ?? event["uuid"]?.string ?? id, name: name,
                arguments: ToolTable.arguments(event["args"]))
            if call.kind == .subagent, let nested = subagent(), !nested.isEmpty {
                call.subagent = AISubagent(
                    title: event["description"]?.string ?? call.arguments?["description"]?.string, messages: nested)
            }
            builder.addCall(call, id: eventID, time: time)
        case "tool.result":
            guard let callID = event["toolCallId"]?.string ?? event["parentUuid"]?.string else { return }
            let result = event["result"] ?? .null
            builder.updateCall(callID) { call in
                ToolResult.apply(result["output"] ?? result, to: &call)
                if let error = result["error"]?.string
                    ?? (result["isError"]?.bool == true ? result["output"]?.string : nil)
                {
                    call.status = .failed
                    call.errorText = error
                } else {
                    call.status = .completed
                }
            }
        default:
            return
        }
    }
}

extension KimiWire {
    /// The words of a prompt's input: its text blocks, without the context Kimi adds in tags
    /// (`<git-context>`, `<system-reminder>`).
    static func texts(_ value: JSONValue?) -> String {
        let blocks = value?.string.map { [$0] } ?? (value?.array ?? []).compactMap { $0["text"]?.string }
        return blocks.map(withoutContext).filter { !$0.isEmpty }.joined(separator: "\n\n")
    }

    /// `text` without its leading context blocks.
    static func withoutContext(_ text: String) -> String {
        // Most texts begin with a word: as they are, neither looked through nor copied.
        if let first = text.utf8.first, first < 0x80, first != UInt8(ascii: "<"), first != 0x20,
            !(0x09...0x0D).contains(first)
        {
            return text
        }
        var rest = Substring(text)
        for (open, close) in [("<git-context>", "</git-context>"), ("<system-reminder>", "</system-reminder>")] {
            while afterSpaces(rest).utf8.starts(with: open.utf8), let end = rest.byteRange(of: close) {
                rest = rest[end.upperBound...]
            }
            if afterSpaces(rest).utf8.starts(with: open.utf8) { return "" }  // cut short
        }
        return String(afterSpaces(rest))
    }

    /// `text` from its first character that is not white space: found in its bytes while they are
    /// ASCII (the generic look at characters costs more than most texts' words).
    static func afterSpaces(_ text: Substring) -> Substring {
        var index = text.utf8.startIndex
        while index < text.utf8.endIndex {
            let byte = text.utf8[index]
            if byte >= 0x80 { return text.trimmingPrefix(while: \.isWhitespace) }
            guard byte == 0x20 || (0x09...0x0D).contains(byte) else { break }
            text.utf8.formIndex(after: &index)
        }
        return text[index...]
    }
}
