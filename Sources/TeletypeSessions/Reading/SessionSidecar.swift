/// The files agents write beside a session that belong to it and are never conversations of their
/// own: a Claude Code subagent's `agent-*.meta.json`, a Copilot CLI session's `workspace.yaml`, a
/// Cline task's `task_metadata.json` and `ui_messages.json`, a Grok Build session's `summary.json`
/// and `signals.json`, a Kimi Code session's `state.json`. A folder searched for conversations
/// (an archive's export) leaves them out.
public enum SessionSidecar {
    /// File names that are always a session's sidecar.
    static let names: Set<String> = [
        "workspace.yaml", "task_metadata.json", "ui_messages.json", "signals.json", "summary.json", "state.json",
    ]

    /// Endings of sidecar files' names.
    static let suffixes = [".meta.json", ".state.json"]

    /// Whether a file named `name` is a sidecar of a session beside it.
    public static func isSidecar(name: String) -> Bool {
        names.contains(name) || suffixes.contains { name.hasSuffix($0) }
    }
}
