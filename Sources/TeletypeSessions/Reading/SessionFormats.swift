import Teletype
import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The agents' session logs, told apart by their shape, and read by their readers. What every
/// reader shares is here: finding the format, reading from bytes or a file, and the errors.
public enum SessionFormats {
    /// Every agent's format, in the order they are asked whether a file is theirs: the most
    /// particular first (a Qwen Code chat has Claude Code's `uuid` tree; a Gemini CLI message a
    /// `type` of `user`).
    static let formats: [any AgentLogFormat.Type] = [
        GeminiCLISession.self, QwenCodeChat.self, ClaudeCodeFormat.self, CodexRollout.self, CopilotEvents.self,
        VSCodeChatSession.self,
        CursorTranscript.self, ClineTask.self, OpenCodeExport.self, KiroSession.self, KimiWire.self, GrokSession.self,
        AntigravityTranscript.self, MarkdownExport.self,
        AiderHistory.self,
    ]

    /// The format of `agent`'s logs.
    static func format(of agent: SessionAgent) -> (any AgentLogFormat.Type)? {
        formats.first { $0.agent == agent }
    }

    /// The agent whose log `bytes` look like (`name` is the file's name), if any.
    public static func detect(_ bytes: UnsafeRawBufferPointer, name: String) -> SessionAgent? {
        let head = LogHead(bytes, name: name)
        return formats.first { $0.matches(head) }?.agent
    }

    /// Whether the file at `path` starts as one of the agents' logs (its first 64 KB).
    public static func isConversation(fileAt path: String) -> Bool {
        guard let reader = FileReader(path: path), let head = try? reader.read(upToCount: 65536) else { return false }
        return head.withUnsafeBytes { detect($0, name: path) } != nil
    }

    /// Reads a whole session log already in memory.
    static func readWhole(_ bytes: UnsafeRawBufferPointer, agent: SessionAgent, name: String) throws(TranscriptError)
        -> Transcript
    {
        var messages: [Message] = []
        var notices: [String] = []
        // A file's name is its path: its subagents' files are found beside it.
        let path = FileManager.default.fileExists(atPath: name) ? name : nil
        let info = try read(
            SessionSource(bytes: Array(bytes)), path: path, agent: agent, name: name, notice: { notices.append($0) },
            emit: { messages.append($0) })
        return Transcript(
            messages: messages, format: TranscriptFormat(rawValue: agent.rawValue) ?? .teletype, info: info,
            notices: notices)
    }

    /// Reads the session log in `source` (the file at `path`, when it is one), handing over its
    /// messages in order.
    /// `start` hears what is known of the session before its first message (its title among it,
    /// where the log says it up front).
    static func read(
        _ source: SessionSource, path: String?, agent: SessionAgent, name: String, notice: (String) -> Void,
        start: (SessionInfo) -> Void = { _ in }, emit: (Message) throws -> Void
    ) throws(TranscriptError) -> SessionInfo {
        do {
            guard let format = format(of: agent) else {
                throw TranscriptError(file: name, line: 1, column: 1, message: "no reader of \(agent.displayName) logs")
            }
            return try format.read(source, path: path, name: name, notice: notice, start: start, emit: emit)
        } catch let error as TranscriptError {
            throw error
        } catch let error as SessionSourceError {
            switch error {
            case .cannotOpen(let path):
                throw TranscriptError(file: path, line: 1, column: 1, message: "the file cannot be opened")
            }
        } catch {
            throw TranscriptError(file: name, line: 1, column: 1, message: "\(error)")
        }
    }
}
