import Teletype

/// The transcript formats Teletype reads.
public enum TranscriptFormat: String, Sendable, CaseIterable {
    /// Teletype's own: `{"messages": [...]}` or JSONL, every field of the model.
    case teletype
    /// Stream Chat message lists: `ai_*` attachments, `generating`, `ai_ui`.
    case stream
    /// Vercel AI SDK `UIMessage[]`.
    case vercel
    /// OpenAI chat `messages`.
    case openai
    /// Anthropic messages.
    case anthropic
    /// OpenAI Responses API items: a request's `input` and its response's `output`.
    case openaiResponses = "openai-responses"
    /// Gemini `contents`.
    case gemini
    /// A Claude Code session log (and Claude Code for web's `{"loglines": […]}`).
    case claudeCode = "claude-code"
    /// An OpenAI Codex CLI rollout.
    case codex
    /// A Gemini CLI chat recording (JSON or JSONL) or its `logs.json`.
    case geminiCLI = "gemini-cli"
    /// An aider chat history (`.aider.chat.history.md`).
    case aider
    /// Cursor: an agent transcript (JSONL or `.txt`), its databases, its "Export Chat" Markdown.
    case cursor
    /// A GitHub Copilot CLI session (`events.jsonl`).
    case copilotCLI = "copilot-cli"
    /// A GitHub Copilot Chat session of VS Code (`chatSessions/*.json`, `.jsonl`, transcripts).
    case vscodeCopilot = "vscode-copilot"
    /// A Cline, Roo Code or Kilo Code task (`api_conversation_history.json`), or a Cline CLI session.
    case cline
    /// OpenCode: its database, `storage/` tree, `opencode export` JSON.
    case opencode
    /// An Antigravity transcript (`transcript_full.jsonl`) or IDE export.
    case antigravity
    /// A Qwen Code chat (`chats/<id>.jsonl`).
    case qwenCode = "qwen-code"
    /// A Kimi Code wire log (`wire.jsonl`).
    case kimi
    /// A Grok Build session (`chat_history.jsonl`).
    case grok
    /// A Kiro CLI session (JSONL, JSON, or its database's conversation).
    case kiro
    /// A conversation exported as Markdown (SpecStory, OpenCode `/export`, Cursor, Windsurf, Antigravity).
    case markdownExport = "markdown-export"
    /// A ChatGPT data export (`conversations.json`): a conversation tree each (`ChatExport` in TeletypeSessions).
    case chatgpt
    /// A Claude.ai data export (`conversations.json`; `ChatExport` in TeletypeSessions).
    case claudeAI = "claude-ai"

    /// Whether this is a provider's transcript format (a list of messages), which ``TranscriptReader``
    /// reads; agents' session logs and chat apps' exports are read in TeletypeSessions.
    public var isProviderFormat: Bool { sessionAgent == nil && chatExportApp == nil }

    /// The chat app whose data export this format is, if it is one.
    public var chatExportApp: ChatApp? {
        switch self {
        case .chatgpt: .chatgpt
        case .claudeAI: .claudeAI
        default: nil
        }
    }

    /// The agent whose session log this format is, if it is one.
    public var sessionAgent: SessionAgent? {
        switch self {
        case .claudeCode: .claudeCode
        case .codex: .codex
        case .geminiCLI: .geminiCLI
        case .aider: .aider
        case .cursor: .cursor
        case .copilotCLI: .copilotCLI
        case .vscodeCopilot: .vscodeCopilot
        case .cline: .cline
        case .opencode: .opencode
        case .antigravity: .antigravity
        case .qwenCode: .qwenCode
        case .kimi: .kimi
        case .grok: .grok
        case .kiro: .kiro
        case .markdownExport: .markdownExport
        default: nil
        }
    }

    /// Whether the format's messages are read as a whole list: tool results fold back into the
    /// messages that made the calls.
    var isReadWhole: Bool { self == .openai || self == .anthropic || self == .openaiResponses || self == .gemini }

    /// Reads one message of this format.
    func decode(_ value: JSONValue, at path: [JSONParser.PathComponent], position: Int) throws(TranscriptProblem)
        -> [Message]
    {
        switch self {
        case .teletype: [try TeletypeTranscript.message(value, at: path, position: position)]
        case .stream: [try StreamChatTranscript.message(value, at: path, position: position)]
        case .vercel: [try VercelTranscript.message(value, at: path, position: position)]
        case .openai, .anthropic, .openaiResponses, .gemini: []  // read as a whole list: results fold into calls
        case .claudeCode, .codex, .geminiCLI, .aider, .cursor, .copilotCLI, .vscodeCopilot, .cline, .opencode,
            .antigravity, .qwenCode, .kimi, .grok, .kiro, .markdownExport:
            []  // session logs: read by their own readers
        case .chatgpt, .claudeAI: []  // chat exports: read by ChatExport
        }
    }

    /// The format a list of messages is in, from the shape of its messages; nil when none of the
    /// first of them looks like a message of any format (a file Teletype does not read).
    static func detect(_ messages: [JSONValue]) -> TranscriptFormat? {
        var sawArrayContent = false
        var sawMessage = false
        for message in messages.prefix(50) {
            guard let object = message.object, looksLikeMessage(object) else { continue }
            sawMessage = true
            if let type = object["type"]?.string, type != "text",
                type == "message" || type == "reasoning" || type == "item_reference" || type.hasSuffix("_call")
                    || type.hasSuffix("_call_output")
            {
                return .openaiResponses
            }
            if object["role"]?.string == "model" { return .gemini }
            if let parts = object["parts"]?.array,
                parts.contains(where: { part in
                    part["type"] == nil
                        && ["text", "functionCall", "functionResponse", "inlineData", "fileData"].contains {
                            part[$0] != nil
                        }
                })
            {
                return .gemini
            }
            // `ai_ui` alone says Stream only without a `role`: Teletype's messages may carry it too.
            if object["user"]?.object != nil || object["ai_generated"] != nil
                || (object["ai_ui"] != nil && object["role"] == nil)
            {
                return .stream
            }
            if let parts = object["parts"]?.array {
                if parts.contains(where: { $0["payload"] != nil || ($0["type"]?.string ?? "").hasPrefix("ai_") }) {
                    return .teletype
                }
                if object["text"] == nil { return .vercel }
            }
            if object["text"] != nil && object["content"] == nil { return .teletype }
            let role = object["role"]?.string
            if role == "tool" || object["tool_calls"] != nil || object["tool_call_id"] != nil { return .openai }
            if let content = object["content"]?.array {
                sawArrayContent = true
                for block in content {
                    switch block["type"]?.string {
                    case "tool_use", "tool_result", "thinking", "redacted_thinking": return .anthropic
                    case "image_url", "input_audio", "refusal": return .openai
                    case "input_text", "output_text", "input_image", "input_file": return .openaiResponses
                    case "image" where block["source"] != nil: return .anthropic
                    default: continue
                    }
                }
            }
        }
        guard sawMessage else { return nil }
        return sawArrayContent ? .anthropic : .openai
    }

    /// Whether an object has what a message of some transcript format has: a role, parts, text or
    /// content, a Responses API item type, Stream Chat's user.
    static func looksLikeMessage(_ object: JSONObject) -> Bool {
        for key in ["role", "parts", "text", "content", "tool_calls", "tool_call_id", "user", "ai_generated", "ai_ui"]
        where object[key] != nil {
            return true
        }
        guard let type = object["type"]?.string else { return false }
        return type == "message" || type == "reasoning" || type == "item_reference" || type.hasSuffix("_call")
            || type.hasSuffix("_call_output")
    }

    /// How people call the format, for messages: "a Claude Code session log", "OpenAI chat messages".
    public var displayName: String {
        switch self {
        case .teletype: "Teletype messages"
        case .stream: "Stream Chat messages"
        case .vercel: "Vercel AI SDK messages"
        case .openai: "OpenAI chat messages"
        case .anthropic: "Anthropic messages"
        case .openaiResponses: "OpenAI Responses API items"
        case .gemini: "Gemini contents"
        case .claudeCode: "a Claude Code session log"
        case .codex: "a Codex rollout"
        case .geminiCLI: "a Gemini CLI session"
        case .aider: "an aider chat history"
        case .cursor: "a Cursor transcript"
        case .copilotCLI: "a Copilot CLI session"
        case .vscodeCopilot: "a Copilot Chat session"
        case .cline: "a Cline task"
        case .opencode: "an OpenCode session"
        case .antigravity: "an Antigravity transcript"
        case .qwenCode: "a Qwen Code chat"
        case .kimi: "a Kimi Code wire log"
        case .grok: "a Grok Build session"
        case .kiro: "a Kiro session"
        case .markdownExport: "a conversation exported as Markdown"
        case .chatgpt: "a ChatGPT export"
        case .claudeAI: "a Claude.ai export"
        }
    }
}
