import Teletype

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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

    /// Whether the file at `path` is a sidecar or a part of another log: by its name, a `<id>.json`
    /// beside its log `<id>.jsonl` (a Kiro run's state), an Antigravity chunk after the first or a
    /// condensed transcript beside the full one.
    public static func isSidecar(path: String) -> Bool {
        let parts = path.slashParts()
        let name = parts.last.map(String.init) ?? path
        if isSidecar(name: name) { return true }
        let folder = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) } ?? "."
        // Antigravity: the condensed transcript beside the full one, and every chunk but a log's
        // first (the chunks are read together from it).
        if name == "transcript.jsonl", FileManager.default.fileExists(atPath: folder + "/transcript_full.jsonl") {
            return true
        }
        if parts.count >= 3, parts[parts.count - 3] == "chunks" {
            let chunks = folder.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(folder[..<$0]) } ?? "."
            if parts[parts.count - 2] == "transcript",
                FileManager.default.fileExists(atPath: chunks + "/transcript_full")
            {
                return true
            }
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
                $0.hasSuffix(".jsonl")
            }
            return names.min() != name
        }
        // Kiro's `<id>.json` beside `<id>.jsonl`; Cline CLI's `<id>.json` beside `<id>.messages.json`.
        return name.hasSuffix(".json") && !name.hasSuffix(".messages.json")
            && (FileManager.default.fileExists(atPath: path + "l")
                || FileManager.default.fileExists(atPath: String(path.dropLast(5)) + ".messages.json"))
    }

    /// Whether the file at `path` is a subagent's own log, which shows nested under the call that
    /// started it rather than as a session: Claude Code's `agent-*.jsonl` and `subagents/`, Cursor's
    /// `subagents/`, a Kimi Code agent's `wire.jsonl` other than the main agent's.
    public static func isSubagentLog(path: String) -> Bool {
        let parts = path.slashParts()
        guard let name = parts.last else { return false }
        if parts.dropLast().last == "subagents" { return true }
        if name == "wire.jsonl", parts.count >= 3, parts[parts.count - 3] == "agents", parts[parts.count - 2] != "main"
        {
            return true
        }
        return false
    }

    /// The hidden folders agents keep their logs in, which a folder search looks into (others it
    /// passes over).
    public static let hiddenFolders: Set<String> = [
        ".specstory", ".system_generated", ".claude", ".codex", ".gemini", ".cursor", ".copilot", ".kimi-code",
        ".grok", ".kiro", ".qwen", ".cline", ".config", ".local",
    ]
}
