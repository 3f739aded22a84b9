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
    /// The agent whose log `bytes` look like (`name` is the file's name), if any.
    public static func detect(_ bytes: UnsafeRawBufferPointer, name: String) -> SessionAgent? {
        if name.hasSuffix(".aider.chat.history.md") || AiderHistory.looksLikeHistory(bytes) { return .aider }
        var start = 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains(bytes[start]) { start += 1 }
        guard start < bytes.count else { return nil }
        if bytes[start] == UInt8(ascii: "{") {
            // The first line: a record of a JSONL log, or the start of a JSON document.
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            let first = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            // A Gemini CLI recording's header first: its messages' lines (`type` user or gemini)
            // must not be taken for another agent's records.
            if let fields = GeminiCLISession.fields.read(first),
                GeminiCLISession.isHeader(fields) || GeminiCLISession.isMessageRecord(fields)
            {
                return .geminiCLI
            }
            // Claude Code's first lines may be snapshots or hooks: a few are looked at.
            var lineStart = start
            for _ in 0..<8 where lineStart < bytes.count {
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
                let line = UnsafeRawBufferPointer(rebasing: bytes[lineStart..<lineEnd])
                if let fields = ClaudeCodeIndex.recordFields(line) {
                    if ClaudeCodeIndex.isClaudeCode(fields) { return .claudeCode }
                } else if lineEnd < bytes.count {
                    break
                }
                lineStart = lineEnd + 1
            }
            if let fields = CodexRollout.fields.read(first), CodexRollout.isCodex(fields) { return .codex }
            // A JSON document: Claude Code for web's loglines, a Gemini CLI recording.
            if let fields = DocumentShape.fields.read(UnsafeRawBufferPointer(rebasing: bytes[start...])) {
                if fields["loglines"] != nil { return .claudeCode }
                if fields["projectHash"] != nil || (fields["sessionId"] != nil && fields["messages"] != nil) {
                    return .geminiCLI
                }
            }
        } else if bytes[start] == UInt8(ascii: "["), GeminiCLISession.looksLikeLogs(bytes) {
            return .geminiCLI
        }
        return nil
    }

    /// The top-level keys that tell a JSON document's format.
    enum DocumentShape {
        static let fields = JSONFields(["loglines", "projectHash", "sessionId", "messages"])
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
            switch agent {
            case .claudeCode:
                return try ClaudeCodeSession.read(
                    source, path: path, name: name, notice: notice, start: start, emit: emit)
            case .codex:
                return try CodexRollout.read(source, name: name, notice: notice, start: start, emit: emit)
            case .geminiCLI:
                return try GeminiCLISession.read(source, name: name, notice: notice, start: start, emit: emit)
            case .aider:
                return try AiderHistory.read(source, name: name, start: start, emit: emit)
            }
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
