import Teletype
import TeletypeTranscripts

/// Claude Code's logs among the agents' formats: a JSONL record of its `parentUuid` tree (or one of
/// its own record types) among the first lines, or Claude Code for web's `{"loglines": […]}`.
enum ClaudeCodeFormat: AgentLogFormat {
    static let agent = SessionAgent.claudeCode

    static func places(_ home: SessionHome) -> [SessionPlace] {
        // <project>/<session>.jsonl; the subagents' files (agent-*.jsonl, <session>/subagents/) are not.
        let folder = (home.environment["CLAUDE_CONFIG_DIR"] ?? home.inHome(".claude")) + "/projects"
        return [.files(folder, depth: 1, suffix: ".jsonl", excluding: SessionLocator.isSubagentFile)]
    }

    static func matches(_ head: LogHead) -> Bool {
        if head.hasKeys("loglines") { return true }
        // Its first lines may be snapshots or hooks: a few are looked at.
        for record in head.records {
            guard let type = record["type"]?.string else { continue }
            // A record of the `parentUuid` tree; a `sessionId` alone (other agents' records have
            // one too) needs an Anthropic message beside it.
            if record["uuid"] != nil || record["parentUuid"] != nil { return true }
            if record["sessionId"] != nil && record["message"]?["role"] != nil { return true }
            if ["file-history-snapshot", "queue-operation", "custom-title", "ai-title", "last-prompt"].contains(type) {
                return true
            }
            if type == "summary" && record["leafUuid"] != nil { return true }
        }
        return false
    }

    static func read(
        _ source: SessionSource, path: String?, name: String, notice: (String) -> Void,
        start: (SessionInfo) -> Void, emit: (Message) throws -> Void
    ) throws -> SessionInfo {
        try ClaudeCodeSession.read(source, path: path, name: name, notice: notice, start: start, emit: emit)
    }
}
