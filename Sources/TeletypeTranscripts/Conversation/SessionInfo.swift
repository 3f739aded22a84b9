import Teletype

/// The coding agents whose session logs Teletype reads.
public enum SessionAgent: String, Sendable, CaseIterable {
    /// Claude Code: `~/.claude/projects/<project>/<session>.jsonl`.
    case claudeCode = "claude-code"
    /// OpenAI Codex CLI: `~/.codex/sessions/…/rollout-*.jsonl`.
    case codex
    /// Gemini CLI: `~/.gemini/tmp/<hash>/chats/*.json` (and `.jsonl`), `logs.json`.
    case geminiCLI = "gemini-cli"
    /// aider: `.aider.chat.history.md`.
    case aider
    /// Cursor: agent transcripts (`~/.cursor/projects/*/agent-transcripts`), its databases
    /// (`state.vscdb`, the CLI's `store.db`) and "Export Chat" Markdown.
    case cursor
    /// GitHub Copilot CLI: `~/.copilot/session-state/<id>/events.jsonl`.
    case copilotCLI = "copilot-cli"
    /// GitHub Copilot Chat in VS Code: `chatSessions/<id>.json` and `.jsonl`, its transcripts.
    case vscodeCopilot = "vscode-copilot"
    /// Cline, Roo Code and Kilo Code: a task folder of `api_conversation_history.json`, and Cline
    /// CLI's sessions.
    case cline
    /// OpenCode: `opencode.db`, its older `storage/` tree, `opencode export` JSON.
    case opencode
    /// Antigravity: `transcript_full.jsonl` step records.
    case antigravity
    /// Qwen Code: `~/.qwen/projects/*/chats/<id>.jsonl`.
    case qwenCode = "qwen-code"
    /// Kimi Code: a session's `agents/<agent>/wire.jsonl`.
    case kimi
    /// Grok Build: a session's `chat_history.jsonl`.
    case grok
    /// Kiro CLI: `~/.kiro/sessions/cli/<id>.jsonl`, its `conversations_v2` database.
    case kiro
    /// A conversation exported as Markdown: SpecStory, OpenCode's `/export`, Cursor's "Export Chat",
    /// Windsurf's, Antigravity's.
    case markdownExport = "markdown-export"

    /// The agent's name as people write it.
    public var displayName: String {
        switch self {
        case .claudeCode: "Claude Code"
        case .codex: "Codex"
        case .geminiCLI: "Gemini CLI"
        case .aider: "aider"
        case .cursor: "Cursor"
        case .copilotCLI: "Copilot CLI"
        case .vscodeCopilot: "Copilot Chat"
        case .cline: "Cline"
        case .opencode: "OpenCode"
        case .antigravity: "Antigravity"
        case .qwenCode: "Qwen Code"
        case .kimi: "Kimi Code"
        case .grok: "Grok Build"
        case .kiro: "Kiro"
        case .markdownExport: "Markdown export"
        }
    }
}

/// What a session log says about the session besides its messages: shown above the conversation
/// and in an archive's index.
public struct SessionInfo: Sendable, Equatable {
    /// The agent that wrote the log.
    public var agent: SessionAgent
    /// The session's id, as the agent names it.
    public var id: String?
    /// Its title: the agent's summary, a title the user gave, or none.
    public var title: String?
    /// The folder the agent worked in.
    public var project: String?
    /// The git branch it worked on.
    public var gitBranch: String?
    /// The models that answered, in the order they first did.
    public var models: [String] = []
    /// When the session started and when its last record was written (seconds since 1970).
    public var started: Double?
    /// The time of its last record, in seconds since 1970.
    public var ended: Double?
    /// Tokens the models read (uncached), wrote, and read from and wrote to the prompt cache.
    public var inputTokens = 0
    /// The tokens the models wrote.
    public var outputTokens = 0
    /// The input tokens read from the cache.
    public var cacheReadTokens = 0
    /// The input tokens written to the cache.
    public var cacheWriteTokens = 0
    /// The agent's version that wrote it.
    public var version: String?
    /// Messages shown.
    public var messageCount = 0
    /// Whether the log is a subagent's (a `Task`/`Agent` call's own transcript).
    public var isSubagent = false
    /// The name shown for the agent when the log says more than ``agent`` does (Roo Code for a
    /// Cline task, the agent a SpecStory export recorded).
    public var agentName: String?
    /// What the session cost, in US dollars, where the log records it.
    public var cost: Double?

    /// The agent's name as shown: ``agentName``, else the agent's.
    public var displayAgent: String { agentName ?? agent.displayName }

    /// An empty description of a session by `agent`.
    public init(agent: SessionAgent) {
        self.agent = agent
    }

    /// Notes a model, if it is new.
    package mutating func add(model: String?) {
        guard let model, !model.isEmpty, !model.hasPrefix("<"), !models.contains(model) else { return }
        models.append(model)
    }

    /// Notes a record's time.
    package mutating func add(time: Double?) {
        guard let time else { return }
        started = min(started ?? time, time)
        ended = max(ended ?? time, time)
    }

    /// All the tokens counted.
    public var totalTokens: Int {
        var total = inputTokens
        for more in [outputTokens, cacheReadTokens, cacheWriteTokens] { total.saturatingAdd(more) }
        return total
    }

    /// One line about the session: agent, project, branch, models, when, tokens.
    public var summaryLine: String {
        var parts = [displayAgent]
        if let project, !project.isEmpty { parts.append(project) }
        if let gitBranch, !gitBranch.isEmpty { parts.append(gitBranch) }
        if !models.isEmpty { parts.append(models.joined(separator: ", ")) }
        if let started {
            var when = SessionTime.text(started)
            if let ended, ended - started >= 60 { when += " – " + SessionTime.text(ended, sameDayAs: started) }
            parts.append(when)
        }
        if totalTokens > 0 { parts.append(SessionTime.tokens(totalTokens) + " tokens") }
        if let cost, cost > 0 { parts.append(cost < 0.01 ? "<$0.01" : "$" + SessionTime.dollars(cost)) }
        return parts.joined(separator: " · ")
    }
}

/// Times and counts as a session's header writes them. Times read in the local time zone (`TZ`
/// honoured; `--utc` shows UTC), with the zone named.
public enum SessionTime {
    /// `2025-09-03 09:47 CEST`, or `09:52 CEST` on the same day as `day`.
    public static func text(_ seconds: Double, sameDayAs day: Double? = nil) -> String {
        let time = CalendarTime(seconds)
        if let day, CalendarTime(day).date == time.date { return time.clock + " " + time.zone }
        return time.date + " " + time.clock + " " + time.zone
    }

    /// `2025-09-03T00:47:00Z`, always in UTC (for scripts).
    public static func iso(_ seconds: Double) -> String {
        let time = CalendarTime(seconds, utc: true)
        return time.date + "T" + time.clockWithSeconds + "Z"
    }

    /// A turn's length: `42s`, `4m 7s`, `1h 12m`.
    public static func duration(_ seconds: Double) -> String {
        let whole = max(1, seconds.rounded().clampedToInt)
        if whole < 60 { return "\(whole)s" }
        if whole < 3600 { return "\(whole / 60)m" + (whole % 60 == 0 ? "" : " \(whole % 60)s") }
        let minutes = whole / 60 % 60
        return "\(whole / 3600)h" + (minutes == 0 ? "" : " \(minutes)m")
    }

    /// `1.2M`, `45k`, `812`.
    public static func tokens(_ count: Int) -> String {
        if count >= 1_000_000 {
            let tenths = count / 100_000 + (count % 100_000 >= 50_000 ? 1 : 0)  // no overflow at Int.max
            return "\(tenths / 10).\(tenths % 10)M"
        }
        if count >= 10_000 { return "\((count + 500) / 1000)k" }
        return "\(count)"
    }

    /// Dollars with cents: `0.42`, `12.30`.
    public static func dollars(_ amount: Double) -> String {
        let cents = Int((amount * 100).rounded())
        return "\(cents / 100)." + (cents % 100 < 10 ? "0" : "") + "\(cents % 100)"
    }
}
