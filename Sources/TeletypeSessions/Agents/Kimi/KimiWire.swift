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
        "llm.request", "tools.set_active_tools", "usage.record",
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
        var info = SessionInfo(agent: .kimi)
        let state = path.flatMap(Self.state(besideLogAt:))
        if let state {
            info.title = state.value["title"]?.string
            info.project = state.value["workDir"]?.string
            info.add(time: state.value["createdAt"]?.string.flatMap(ISODate.seconds))
            info.add(time: state.value["updatedAt"]?.string.flatMap(ISODate.seconds))
            info.id = state.folder.split(separator: "/").last.map { name in
                name.hasPrefix("session_") ? String(name.dropFirst("session_".count)) : String(name)
            }
        }
        var records: [JSONValue] = []
        var truncated: Int?
        try source.forEachLine { line in
            guard line.bytes.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
            if let value = try? JSONParser.parse(line.bytes), value.object != nil {
                records.append(value)
            } else if !line.isTerminated {
                truncated = line.number
            } else {
                throw SessionReading.error(in: line, name: name)
            }
        }
        if let truncated { notice(SessionReading.truncationNotice(name: name, line: truncated)) }
        // This agent's subagents, in the order the state lists them: the Agent calls' answers.
        let agentID = path.map { URL(fileURLWithPath: $0).deletingLastPathComponent().lastPathComponent } ?? "main"
        var children: [String] = []
        if let state, let agents = state.value["agents"]?.object {
            children = agents.pairs.filter { $0.value["parentAgentId"]?.string == agentID }.map(\.key)
        }
        let messages = conversation(records, info: &info) { () -> [Message]? in
            guard let state, !children.isEmpty else { return nil }
            let child = children.removeFirst()
            let file = state.folder + "/agents/" + child + "/wire.jsonl"
            guard let nested = JSONLLog.records(atPath: file) else { return nil }
            var childInfo = SessionInfo(agent: .kimi)
            return conversation(nested, info: &childInfo) { nil }
        }
        info.messageCount = messages.count
        start(info)
        for message in messages { try emit(message) }
        return info
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

    /// A wire log's events as a conversation; `subagent` gives the next subagent's messages.
    static func conversation(_ records: [JSONValue], info: inout SessionInfo, subagent: () -> [Message]?) -> [Message] {
        var builder = ConversationBuilder()
        let hasPrompts = records.contains { $0["type"]?.string == "turn.prompt" }
        var turnTokens = (input: 0, output: 0, cached: 0)
        var recordedTokens = (input: 0, output: 0, cached: 0)
        for (index, record) in records.enumerated() {
            let time = record["time"]?.number.map { $0 / 1000 } ?? record["created_at"]?.number.map { $0 / 1000 }
            info.add(time: time)
            let id = "event-\(index)"
            switch record["type"]?.string {
            case "turn.prompt", "turn.steer":
                let text = texts(record["input"] ?? record["content"])
                if !text.isEmpty { builder.prompt(Message(id: id, role: .user, text: text, createdAt: time)) }
            case "context.append_message" where !hasPrompts:
                let message = record["message"]
                guard message?["role"]?.string == "user", message?["origin"]?["kind"]?.string ?? "user" == "user" else {
                    continue
                }
                let text = texts(message?["content"])
                if !text.isEmpty { builder.prompt(Message(id: id, role: .user, text: text, createdAt: time)) }
            case "config.update":
                if info.project == nil { info.project = record["cwd"]?.string }
                info.add(model: record["modelAlias"]?.string)
            case "llm.request":
                builder.setModel(record["modelAlias"]?.string ?? record["model"]?.string)
            case "usage.record":
                let usage = record["usage"]
                recordedTokens.input += usage?["inputOther"]?.integer ?? 0
                recordedTokens.output += usage?["output"]?.integer ?? 0
                recordedTokens.cached += usage?["inputCacheRead"]?.integer ?? 0
            case "turn.cancel":
                builder.note(Message(id: id, role: .system, text: "The turn was stopped", createdAt: time))
            case "context.apply_compaction":
                let summary = record["summary"]?.string ?? ""
                builder.note(
                    Message(
                        id: id, role: .compaction, text: "*Compacted.*" + (summary.isEmpty ? "" : "\n\n" + summary),
                        createdAt: time))
            case "context.append_loop_event":
                let event = record["event"] ?? .null
                let eventID = event["stepUuid"]?.string ?? event["uuid"]?.string ?? id
                switch event["type"]?.string {
                case "content.part":
                    let part = event["part"] ?? .null
                    if part["type"]?.string == "think", let thought = part["think"]?.string {
                        builder.addReasoning(
                            AIReasoningPart(id: event["uuid"]?.string ?? id, preview: thought), text: thought,
                            id: eventID, time: time)
                    } else if let text = part["text"]?.string {
                        builder.addText(text, id: eventID, time: time)
                    }
                case "tool.call":
                    let name = event["name"]?.string ?? "tool"
                    var call = tools.call(
                        id: event["toolCallId"]?.string ?? event["uuid"]?.string ?? id, name: name,
                        arguments: ToolTable.arguments(event["args"]))
                    if call.kind == .subagent, let nested = subagent(), !nested.isEmpty {
                        call.subagent = AISubagent(
                            title: event["description"]?.string ?? call.arguments?["description"]?.string,
                            messages: nested)
                    }
                    builder.addCall(call, id: eventID, time: time)
                case "tool.result":
                    guard let callID = event["toolCallId"]?.string ?? event["parentUuid"]?.string else { continue }
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
                case "step.end":
                    let usage = event["usage"]
                    turnTokens.input += usage?["inputOther"]?.integer ?? 0
                    turnTokens.output += usage?["output"]?.integer ?? 0
                    turnTokens.cached += usage?["inputCacheRead"]?.integer ?? 0
                default:
                    continue
                }
            default:
                continue
            }
        }
        // Tokens are counted at a step's end, and again in usage records: the larger, not both.
        let tokens =
            recordedTokens.input + recordedTokens.output > turnTokens.input + turnTokens.output
            ? recordedTokens : turnTokens
        info.inputTokens += tokens.input
        info.outputTokens += tokens.output
        info.cacheReadTokens += tokens.cached
        return builder.finish()
    }

    /// The words of a prompt's input: its text blocks, without the context Kimi adds in tags
    /// (`<git-context>`, `<system-reminder>`).
    static func texts(_ value: JSONValue?) -> String {
        let blocks = value?.string.map { [$0] } ?? (value?.array ?? []).compactMap { $0["text"]?.string }
        return blocks.map(withoutContext).filter { !$0.isEmpty }.joined(separator: "\n\n")
    }

    /// `text` without its leading context blocks.
    static func withoutContext(_ text: String) -> String {
        var rest = Substring(text)
        for tag in ["git-context", "system-reminder"] {
            while rest.trimmingPrefix(while: \.isWhitespace).hasPrefix("<\(tag)>"),
                let end = rest.firstRange(of: "</\(tag)>")
            {
                rest = rest[end.upperBound...]
            }
            if rest.trimmingPrefix(while: \.isWhitespace).hasPrefix("<\(tag)>") { return "" }  // cut short
        }
        return String(rest.trimmingPrefix(while: \.isWhitespace))
    }
}
