import Foundation
import TeletypeTestSupport

/// A home folder of every agent's sessions, laid out as each agent lays them out (Claude Code,
/// Codex, Gemini CLI, Cursor's transcripts and database, Copilot CLI, VS Code Copilot Chat, Cline,
/// OpenCode's database, Antigravity, Qwen Code, Kimi Code, Grok Build, Kiro), each session a
/// conversation of turns shaped like real ones — a prompt, thinking, a command and its output, an
/// answer in Markdown — its size drawn between 10 KB and 1.2 MB (log-uniform, as real homes hold
/// many short sessions and a few long ones). Deterministic: the same home each run.
enum AgentHomeGenerator {
    /// One turn's words, shared by every agent's format.
    struct Turn {
        var prompt: String
        var thinking: String
        var command: String
        var output: String
        var answer: String
    }

    /// The formats a generated session can be written in.
    enum Agent: String, CaseIterable {
        case claudeCode, codex, geminiCLI, cursor, copilotCLI, vscodeCopilot, cline, antigravity, qwenCode, kimi, grok,
            kiro
        case cursorDatabase, opencodeDatabase

        /// Whether sessions of it are rows of one database rather than files.
        var isDatabase: Bool { self == .cursorDatabase || self == .opencodeDatabase }
    }

    static func turn(_ rng: inout BenchmarkDocument.Generator, index: Int, outputBytes: Int) -> Turn {
        func sentence(_ count: Int) -> String {
            (0..<count).map { _ in rng.pick(BenchmarkDocument.words) }.joined(separator: " ")
        }
        var output = ""
        var line = 0
        while output.utf8.count < outputBytes {
            line += 1
            output +=
                "src/\(rng.pick(["app", "core", "ui", "net"]))/file\(line).swift:\(rng.below(900)): \(sentence(8))\n"
        }
        return Turn(
            prompt: "Step \(index): " + sentence(12) + "?", thinking: sentence(30),
            command: "grep -rn \(rng.pick(["TODO", "render", "width", "token"])) src", output: output,
            answer: "**Done.** " + sentence(25) + "\n\n- " + sentence(8) + "\n- `" + sentence(3)
                + "`\n\n```swift\nlet x = \(index)\n```")
    }

    /// JSON text of a string.
    static func q(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    out += String(format: "\\u%04x", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// The lines of one session of `agent` holding `turns`, its id `id`, starting at `start` (s).
    static func lines(_ agent: Agent, turns: [Turn], id: String, start: Int) -> [String] {
        func iso(_ second: Int) -> String {
            let date = Date(timeIntervalSince1970: Double(start + second))
            return ISO8601DateFormatter().string(from: date)
        }
        var out: [String] = []
        switch agent {
        case .codex:
            out.append(
                "{\"timestamp\":\(q(iso(0))),\"type\":\"session_meta\",\"payload\":{\"id\":\(q(id)),\"cwd\":\"/home/dev/app\",\"cli_version\":\"0.140.0\",\"model\":\"gpt-5.4\"}}"
            )
            for (n, t) in turns.enumerated() {
                let s = iso(n * 60)
                out.append(
                    "{\"timestamp\":\(q(s)),\"type\":\"response_item\",\"payload\":{\"type\":\"message\",\"role\":\"user\",\"content\":[{\"type\":\"input_text\",\"text\":\(q(t.prompt))}]}}"
                )
                out.append(
                    "{\"timestamp\":\(q(s)),\"type\":\"response_item\",\"payload\":{\"type\":\"reasoning\",\"summary\":[{\"type\":\"summary_text\",\"text\":\(q(t.thinking))}]}}"
                )
                out.append(
                    "{\"timestamp\":\(q(s)),\"type\":\"response_item\",\"payload\":{\"type\":\"function_call\",\"name\":\"shell\",\"call_id\":\"c\(n)\",\"arguments\":\(q("{\"command\":[\"bash\",\"-lc\",\(q(t.command))]}"))}}"
                )
                out.append(
                    "{\"timestamp\":\(q(s)),\"type\":\"response_item\",\"payload\":{\"type\":\"function_call_output\",\"call_id\":\"c\(n)\",\"output\":\(q(t.output))}}"
                )
                out.append(
                    "{\"timestamp\":\(q(s)),\"type\":\"response_item\",\"payload\":{\"type\":\"message\",\"role\":\"assistant\",\"content\":[{\"type\":\"output_text\",\"text\":\(q(t.answer))}]}}"
                )
            }
        case .geminiCLI:
            out.append(
                "{\"sessionId\":\(q(id)),\"projectHash\":\"h\",\"startTime\":\(q(iso(0))),\"lastUpdated\":\(q(iso(turns.count * 60))),\"kind\":\"main\"}"
            )
            for (n, t) in turns.enumerated() {
                out.append(
                    "{\"id\":\"u\(n)\",\"timestamp\":\(q(iso(n * 60))),\"type\":\"user\",\"content\":[{\"text\":\(q(t.prompt))}]}"
                )
                out.append(
                    "{\"id\":\"g\(n)\",\"timestamp\":\(q(iso(n * 60 + 5))),\"type\":\"gemini\",\"content\":\(q(t.answer)),\"model\":\"gemini-3-pro\",\"thoughts\":[{\"subject\":\"Plan\",\"description\":\(q(t.thinking))}],\"toolCalls\":[{\"id\":\"t\(n)\",\"name\":\"run_shell_command\",\"args\":{\"command\":\(q(t.command))},\"status\":\"success\",\"result\":[{\"functionResponse\":{\"id\":\"t\(n)\",\"name\":\"run_shell_command\",\"response\":{\"output\":\(q(t.output))}}}]}]}"
                )
            }
        case .cursor:
            for t in turns {
                out.append(
                    "{\"role\":\"user\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":\(q("<user_query>\n" + t.prompt + "\n</user_query>"))}]}}"
                )
                out.append(
                    "{\"role\":\"assistant\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":\(q(t.thinking))},{\"type\":\"tool_use\",\"name\":\"Shell\",\"input\":{\"command\":\(q(t.command))}}]}}"
                )
                out.append(
                    "{\"role\":\"assistant\",\"message\":{\"content\":[{\"type\":\"text\",\"text\":\(q(t.output.prefix(200) + "\n\n" + t.answer))}]}}"
                )
            }
        case .copilotCLI:
            out.append(
                "{\"type\":\"session.start\",\"data\":{\"sessionId\":\(q(id)),\"copilotVersion\":\"1.0.20\",\"startTime\":\(q(iso(0))),\"context\":{\"cwd\":\"/home/dev/app\",\"branch\":\"main\"}},\"id\":\"s\",\"timestamp\":\(q(iso(0)))}"
            )
            for (n, t) in turns.enumerated() {
                out.append(
                    "{\"type\":\"user.message\",\"data\":{\"content\":\(q(t.prompt))},\"id\":\"u\(n)\",\"timestamp\":\(q(iso(n * 60)))}"
                )
                out.append(
                    "{\"type\":\"assistant.message\",\"data\":{\"messageId\":\"m\(n)\",\"content\":\"\",\"reasoningText\":\(q(t.thinking)),\"toolRequests\":[{\"toolCallId\":\"c\(n)\",\"name\":\"bash\",\"arguments\":{\"command\":\(q(t.command))}}]},\"id\":\"a\(n)\",\"timestamp\":\(q(iso(n * 60 + 2)))}"
                )
                out.append(
                    "{\"type\":\"tool.execution_complete\",\"data\":{\"toolCallId\":\"c\(n)\",\"success\":true,\"result\":{\"content\":\(q(t.output))}},\"id\":\"r\(n)\",\"timestamp\":\(q(iso(n * 60 + 3)))}"
                )
                out.append(
                    "{\"type\":\"assistant.message\",\"data\":{\"messageId\":\"n\(n)\",\"content\":\(q(t.answer)),\"toolRequests\":[]},\"id\":\"b\(n)\",\"timestamp\":\(q(iso(n * 60 + 4)))}"
                )
            }
        case .antigravity:
            for (n, t) in turns.enumerated() {
                out.append(
                    "{\"step_index\":\(n * 4),\"source\":\"USER_EXPLICIT\",\"type\":\"USER_INPUT\",\"status\":\"DONE\",\"created_at\":\(q(iso(n * 60))),\"content\":\(q("<USER_REQUEST>\n" + t.prompt + "\n</USER_REQUEST>"))}"
                )
                out.append(
                    "{\"step_index\":\(n * 4 + 1),\"source\":\"MODEL\",\"type\":\"PLANNER_RESPONSE\",\"status\":\"DONE\",\"created_at\":\(q(iso(n * 60 + 1))),\"thinking\":\(q(t.thinking)),\"tool_calls\":[{\"name\":\"run_command\",\"args\":{\"CommandLine\":\(q(t.command))}}]}"
                )
                out.append(
                    "{\"step_index\":\(n * 4 + 2),\"source\":\"MODEL\",\"type\":\"RUN_COMMAND\",\"status\":\"DONE\",\"created_at\":\(q(iso(n * 60 + 2))),\"content\":\(q(t.output))}"
                )
                out.append(
                    "{\"step_index\":\(n * 4 + 3),\"source\":\"MODEL\",\"type\":\"PLANNER_RESPONSE\",\"status\":\"DONE\",\"created_at\":\(q(iso(n * 60 + 3))),\"content\":\(q(t.answer))}"
                )
            }
        case .qwenCode:
            var parent = "null"
            for (n, t) in turns.enumerated() {
                let common =
                    "\"sessionId\":\(q(id)),\"cwd\":\"/home/dev/app\",\"version\":\"0.21.0\",\"gitBranch\":\"main\""
                out.append(
                    "{\"uuid\":\"u\(n)\",\"parentUuid\":\(parent),\(common),\"timestamp\":\(q(iso(n * 60))),\"type\":\"user\",\"message\":{\"role\":\"user\",\"parts\":[{\"text\":\(q(t.prompt))}]}}"
                )
                out.append(
                    "{\"uuid\":\"a\(n)\",\"parentUuid\":\"u\(n)\",\(common),\"timestamp\":\(q(iso(n * 60 + 1))),\"type\":\"assistant\",\"model\":\"qwen3-coder\",\"message\":{\"role\":\"model\",\"parts\":[{\"text\":\(q(t.thinking)),\"thought\":true},{\"functionCall\":{\"id\":\"f\(n)\",\"name\":\"run_shell_command\",\"args\":{\"command\":\(q(t.command))}}}]}}"
                )
                out.append(
                    "{\"uuid\":\"r\(n)\",\"parentUuid\":\"a\(n)\",\(common),\"timestamp\":\(q(iso(n * 60 + 2))),\"type\":\"tool_result\",\"message\":{\"role\":\"user\",\"parts\":[{\"functionResponse\":{\"id\":\"f\(n)\",\"name\":\"run_shell_command\",\"response\":{\"output\":\(q(t.output))}}}]},\"toolCallResult\":{\"callId\":\"f\(n)\",\"status\":\"success\"}}"
                )
                out.append(
                    "{\"uuid\":\"b\(n)\",\"parentUuid\":\"r\(n)\",\(common),\"timestamp\":\(q(iso(n * 60 + 3))),\"type\":\"assistant\",\"model\":\"qwen3-coder\",\"message\":{\"role\":\"model\",\"parts\":[{\"text\":\(q(t.answer))}]}}"
                )
                parent = "\"b\(n)\""
            }
        case .kimi:
            out.append("{\"type\":\"metadata\",\"protocol_version\":\"1.4\",\"created_at\":\(start * 1000)}")
            for (n, t) in turns.enumerated() {
                let ms = (start + n * 60) * 1000
                out.append(
                    "{\"type\":\"turn.prompt\",\"input\":[{\"type\":\"text\",\"text\":\(q(t.prompt))}],\"origin\":{\"kind\":\"user\"},\"time\":\(ms)}"
                )
                out.append(
                    "{\"type\":\"context.append_loop_event\",\"event\":{\"type\":\"content.part\",\"uuid\":\"p\(n)\",\"stepUuid\":\"s\(n)\",\"part\":{\"type\":\"think\",\"think\":\(q(t.thinking))}},\"time\":\(ms + 1000)}"
                )
                out.append(
                    "{\"type\":\"context.append_loop_event\",\"event\":{\"type\":\"tool.call\",\"uuid\":\"c\(n)\",\"stepUuid\":\"s\(n)\",\"toolCallId\":\"c\(n)\",\"name\":\"Bash\",\"args\":{\"command\":\(q(t.command))}},\"time\":\(ms + 2000)}"
                )
                out.append(
                    "{\"type\":\"context.append_loop_event\",\"event\":{\"type\":\"tool.result\",\"toolCallId\":\"c\(n)\",\"result\":{\"output\":\(q(t.output))}},\"time\":\(ms + 3000)}"
                )
                out.append(
                    "{\"type\":\"context.append_loop_event\",\"event\":{\"type\":\"content.part\",\"uuid\":\"q\(n)\",\"stepUuid\":\"t\(n)\",\"part\":{\"type\":\"text\",\"text\":\(q(t.answer))}},\"time\":\(ms + 4000)}"
                )
            }
        case .grok:
            for (n, t) in turns.enumerated() {
                out.append(
                    "{\"type\":\"user\",\"content\":[{\"type\":\"text\",\"text\":\(q(t.prompt))}],\"prompt_index\":\(n)}"
                )
                out.append(
                    "{\"type\":\"reasoning\",\"id\":\"rs\(n)\",\"summary\":[{\"type\":\"summary_text\",\"text\":\(q(t.thinking))}]}"
                )
                out.append(
                    "{\"type\":\"assistant\",\"content\":\"\",\"tool_calls\":[{\"id\":\"c\(n)\",\"name\":\"run_terminal_cmd\",\"arguments\":\(q("{\"command\":" + q(t.command) + "}"))}],\"model_id\":\"grok-4.5\"}"
                )
                out.append("{\"type\":\"tool_result\",\"tool_call_id\":\"c\(n)\",\"content\":\(q(t.output))}")
                out.append("{\"type\":\"assistant\",\"content\":\(q(t.answer)),\"model_id\":\"grok-4.5\"}")
            }
        case .kiro:
            for (n, t) in turns.enumerated() {
                out.append(
                    "{\"version\":\"v1\",\"kind\":\"Prompt\",\"data\":{\"message_id\":\"p\(n)\",\"content\":[{\"kind\":\"text\",\"data\":\(q(t.prompt))}],\"meta\":{\"timestamp\":\(start + n * 60)}}}"
                )
                out.append(
                    "{\"version\":\"v1\",\"kind\":\"AssistantMessage\",\"data\":{\"message_id\":\"a\(n)\",\"content\":[{\"kind\":\"text\",\"data\":\(q(t.output.prefix(400) + "\n\n" + t.answer))}]}}"
                )
            }
        case .claudeCode, .vscodeCopilot, .cline, .cursorDatabase, .opencodeDatabase:
            break  // written whole by `write` (JSON documents, databases) or by SessionGenerator
        }
        return out
    }

    /// A JSON document of one session (VS Code's chat session, Cline's task history).
    static func document(_ agent: Agent, turns: [Turn], id: String, start: Int) -> String {
        switch agent {
        case .vscodeCopilot:
            let requests = turns.enumerated().map { n, t in
                "{\"requestId\":\"r\(n)\",\"timestamp\":\((start + n * 60) * 1000),\"modelId\":\"copilot/gpt-5.4\",\"message\":{\"text\":\(q(t.prompt)),\"parts\":[]},\"response\":[{\"kind\":\"toolInvocationSerialized\",\"toolId\":\"run_in_terminal\",\"toolCallId\":\"t\(n)\",\"invocationMessage\":{\"value\":\(q(t.command))},\"isComplete\":true},{\"value\":\(q(t.output.prefix(300) + "\n\n" + t.answer))}]}"
            }
            return "{\"version\":3,\"sessionId\":\(q(id)),\"creationDate\":\(start * 1000),\"requests\":["
                + requests.joined(separator: ",") + "]}"
        case .cline:
            var messages: [String] = []
            for (n, t) in turns.enumerated() {
                let ts = (start + n * 60) * 1000
                messages.append(
                    "{\"role\":\"user\",\"ts\":\(ts),\"content\":[{\"type\":\"text\",\"text\":\(q(n == 0 ? "<task>\n" + t.prompt + "\n</task>" : t.prompt))}]}"
                )
                messages.append(
                    "{\"role\":\"assistant\",\"ts\":\(ts + 1000),\"content\":[{\"type\":\"text\",\"text\":\(q(t.thinking))},{\"type\":\"tool_use\",\"id\":\"t\(n)\",\"name\":\"execute_command\",\"input\":{\"command\":\(q(t.command))}}]}"
                )
                messages.append(
                    "{\"role\":\"user\",\"ts\":\(ts + 2000),\"content\":[{\"type\":\"tool_result\",\"tool_use_id\":\"t\(n)\",\"content\":\(q(t.output))}]}"
                )
                messages.append(
                    "{\"role\":\"assistant\",\"ts\":\(ts + 3000),\"content\":[{\"type\":\"text\",\"text\":\(q(t.answer))}]}"
                )
            }
            return "[" + messages.joined(separator: ",") + "]"
        default:
            return ""
        }
    }

    /// Turns adding up to about `bytes` bytes.
    static func turns(_ rng: inout BenchmarkDocument.Generator, bytes: Int) -> [Turn] {
        var turns: [Turn] = []
        var total = 0
        while total < bytes {
            let t = turn(&rng, index: turns.count, outputBytes: 200 + rng.below(3000))
            total += t.output.utf8.count + t.prompt.utf8.count + t.thinking.utf8.count + t.answer.utf8.count + 600
            turns.append(t)
        }
        return turns
    }

    /// Writes a file of `agent` of about `bytes` bytes at `path` (its folders made).
    static func writeFile(_ agent: Agent, bytes: Int, at path: String, id: String, start: Int, seed: UInt64) {
        try? FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        if agent == .claudeCode {
            SessionGenerator.write(to: path, bytes: bytes)
            return
        }
        var rng = BenchmarkDocument.Generator(state: seed)
        let turns = turns(&rng, bytes: bytes)
        let text =
            [.vscodeCopilot, .cline].contains(agent)
            ? document(agent, turns: turns, id: id, start: start)
            : lines(agent, turns: turns, id: id, start: start).joined(separator: "\n") + "\n"
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }

    /// Where `agent` keeps session `index` below `home`.
    static func place(_ agent: Agent, home: String, index: Int, id: String) -> String {
        switch agent {
        case .claudeCode: "\(home)/.claude/projects/-home-dev-app\(index % 20)/\(id).jsonl"
        case .codex: "\(home)/.codex/sessions/2026/0\(1 + index % 9)/1\(index % 10)/rollout-2026-\(id).jsonl"
        case .geminiCLI: "\(home)/.gemini/tmp/h\(index % 10)/chats/session-\(id).jsonl"
        case .cursor: "\(home)/.cursor/projects/home-dev-app\(index % 10)/agent-transcripts/\(id)/\(id).jsonl"
        case .copilotCLI: "\(home)/.copilot/session-state/\(id)/events.jsonl"
        case .vscodeCopilot: "\(home)/.config/Code/User/workspaceStorage/w\(index % 10)/chatSessions/\(id).json"
        case .cline:
            "\(home)/.config/Code/User/globalStorage/saoudrizwan.claude-dev/tasks/\(1_790_000_000_000 + index)/api_conversation_history.json"
        case .antigravity: "\(home)/.gemini/antigravity-cli/brain/\(id)/.system_generated/logs/transcript_full.jsonl"
        case .qwenCode: "\(home)/.qwen/projects/-home-dev-app\(index % 10)/chats/\(id).jsonl"
        case .kimi: "\(home)/.kimi-code/sessions/wd_app_\(index % 10)/session_\(id)/agents/main/wire.jsonl"
        case .grok: "\(home)/.grok/sessions/%2Fhome%2Fdev%2Fapp\(index % 10)/\(id)/chat_history.jsonl"
        case .kiro: "\(home)/.kiro/sessions/cli/\(id).jsonl"
        case .cursorDatabase: "\(home)/.config/Cursor/User/globalStorage/state.vscdb"
        case .opencodeDatabase: "\(home)/.local/share/opencode/opencode.db"
        }
    }

    /// A session's size: log-uniform between 10 KB and 1.2 MB.
    static func size(_ rng: inout BenchmarkDocument.Generator) -> Int {
        let fraction = Double(rng.below(10_000)) / 10_000
        return Int(10_000 * pow(120, fraction))
    }

    /// Writes a home of `sessions` sessions across every agent at `home`; returns the bytes written.
    @discardableResult
    static func writeHome(at home: String, sessions: Int) -> Int {
        var rng = BenchmarkDocument.Generator(state: 2026)
        let fileAgents = Agent.allCases.filter { !$0.isDatabase }
        var total = 0
        var cursorRows: [String] = []
        var opencodeRows: [String] = []
        var fileCount = 0
        for index in 0..<sessions {
            let id = String(format: "%08x-0000-4000-8000-%012x", index, index)
            let bytes = size(&rng)
            let start = 1_780_000_000 + index * 3600
            // One session in twelve lives in a database (Cursor's, OpenCode's).
            if index % 12 == 5 || index % 12 == 11 {
                var local = BenchmarkDocument.Generator(state: UInt64(index) &+ 7)
                let turns = turns(&local, bytes: bytes)
                if index % 12 == 5 {
                    cursorRows += cursorComposer(id: id, turns: turns, start: start)
                } else {
                    opencodeRows += opencodeSession(id: id, turns: turns, start: start)
                }
                total += bytes
                continue
            }
            let agent = fileAgents[fileCount % fileAgents.count]
            fileCount += 1
            writeFile(
                agent, bytes: bytes, at: place(agent, home: home, index: index, id: id), id: id, start: start,
                seed: UInt64(index) &+ 7)
            total += bytes
        }
        let cursor = place(.cursorDatabase, home: home, index: 0, id: "")
        let opencode = place(.opencodeDatabase, home: home, index: 0, id: "")
        for (path, schema, rows) in [
            (cursor, "CREATE TABLE cursorDiskKV (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB);", cursorRows),
            (
                opencode,
                "CREATE TABLE session (id TEXT PRIMARY KEY, project_id TEXT, parent_id TEXT, directory TEXT, title TEXT, version TEXT, time_created INTEGER, time_updated INTEGER);"
                    + "CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT, time_created INTEGER, time_updated INTEGER, data TEXT);"
                    + "CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT, session_id TEXT, time_created INTEGER, time_updated INTEGER, data TEXT);"
                    + "CREATE INDEX message_session ON message(session_id); CREATE INDEX part_session ON part(session_id);",
                opencodeRows
            ),
        ] {
            try? FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try? SQLiteFixture.make(at: path, sql: "BEGIN;" + schema + rows.joined() + "COMMIT;")
        }
        // The home on the disk before anything is timed on it: its half-gigabyte was otherwise
        // still being written back while the first process timed (ours) ran, not while the peer
        // did later.
        sync()
        return total
    }

    /// SQL text of a string.
    static func s(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }

    static func cursorComposer(id: String, turns: [Turn], start: Int) -> [String] {
        var rows: [String] = []
        var headers: [String] = []
        for (n, t) in turns.enumerated() {
            headers.append("{\"bubbleId\":\"u\(n)\",\"type\":1}")
            headers.append("{\"bubbleId\":\"a\(n)\",\"type\":2}")
            rows.append(
                "INSERT INTO cursorDiskKV VALUES (\(s("bubbleId:\(id):u\(n)")), \(s("{\"bubbleId\":\"u\(n)\",\"type\":1,\"text\":" + q(t.prompt) + "}")));"
            )
            let tool =
                "{\"toolCallId\":\"t\(n)\",\"name\":\"run_terminal_cmd\",\"rawArgs\":"
                + q("{\"command\":" + q(t.command) + "}") + ",\"status\":\"completed\",\"result\":"
                + q("{\"output\":" + q(t.output) + "}") + "}"
            rows.append(
                "INSERT INTO cursorDiskKV VALUES (\(s("bubbleId:\(id):a\(n)")), \(s("{\"bubbleId\":\"a\(n)\",\"type\":2,\"text\":" + q(t.answer) + ",\"thinking\":{\"text\":" + q(t.thinking) + "},\"toolFormerData\":" + tool + "}")));"
            )
        }
        let composer =
            "{\"composerId\":\(q(id)),\"name\":\(q(turns.first?.prompt ?? "")),\"createdAt\":\(start * 1000),\"lastUpdatedAt\":\((start + turns.count * 60) * 1000),\"fullConversationHeadersOnly\":["
            + headers.joined(separator: ",") + "]}"
        rows.append("INSERT INTO cursorDiskKV VALUES (\(s("composerData:" + id)), \(s(composer)));")
        return rows
    }

    static func opencodeSession(id: String, turns: [Turn], start: Int) -> [String] {
        var rows = [
            "INSERT INTO session VALUES (\(s("ses_" + id)),'p1',NULL,'/home/dev/app',\(s(turns.first?.prompt ?? "")),'1.17.2',\(start * 1000),\((start + turns.count * 60) * 1000));"
        ]
        for (n, t) in turns.enumerated() {
            let ms = (start + n * 60) * 1000
            let user = "msg_\(id)_u\(n)"
            let reply = "msg_\(id)_a\(n)"
            rows.append("INSERT INTO message VALUES (\(s(user)),\(s("ses_" + id)),\(ms),\(ms),'{\"role\":\"user\"}');")
            rows.append(
                "INSERT INTO message VALUES (\(s(reply)),\(s("ses_" + id)),\(ms + 1000),\(ms + 1000),'{\"role\":\"assistant\",\"modelID\":\"claude-sonnet-4-5\"}');"
            )
            rows.append(
                "INSERT INTO part VALUES (\(s("prt_\(id)_\(n)_0")),\(s(user)),\(s("ses_" + id)),\(ms),\(ms),\(s("{\"type\":\"text\",\"text\":" + q(t.prompt) + "}")));"
            )
            rows.append(
                "INSERT INTO part VALUES (\(s("prt_\(id)_\(n)_1")),\(s(reply)),\(s("ses_" + id)),\(ms + 1),\(ms),\(s("{\"type\":\"reasoning\",\"text\":" + q(t.thinking) + "}")));"
            )
            rows.append(
                "INSERT INTO part VALUES (\(s("prt_\(id)_\(n)_2")),\(s(reply)),\(s("ses_" + id)),\(ms + 2),\(ms),\(s("{\"type\":\"tool\",\"callID\":\"c\(n)\",\"tool\":\"bash\",\"state\":{\"status\":\"completed\",\"input\":{\"command\":" + q(t.command) + "},\"output\":" + q(t.output) + "}}")));"
            )
            rows.append(
                "INSERT INTO part VALUES (\(s("prt_\(id)_\(n)_3")),\(s(reply)),\(s("ses_" + id)),\(ms + 3),\(ms),\(s("{\"type\":\"text\",\"text\":" + q(t.answer) + "}")));"
            )
        }
        return rows
    }
}
