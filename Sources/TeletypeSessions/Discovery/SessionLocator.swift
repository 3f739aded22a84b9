import Teletype
import TeletypeTranscripts
import TeletypeMarkdown

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where each agent keeps its sessions, and what each session found there is. Each agent's format
/// says where it keeps them (``AgentLogFormat/places(_:)``), on Linux, macOS and Windows: Claude
/// Code under `~/.claude/projects` (or `$CLAUDE_CONFIG_DIR/projects`), Codex under
/// `~/.codex/sessions` (or `$CODEX_HOME/sessions`), Gemini CLI under `~/.gemini/tmp/*/chats`, aider
/// in the working folder, and so on. Subagents' own files are not sessions of their own.
public enum SessionLocator {
    /// A session found on disk.
    public struct Entry: Sendable, Equatable {
        /// The agent that wrote it.
        public var agent: SessionAgent
        /// The log's path.
        public var path: String
        /// The folder the agent worked in, when the log says.
        public var project: String?
        /// The session's title, when the log has one.
        public var title: String?
        /// When it was last written (seconds since 1970).
        public var lastModified: Double
        /// How many messages it shows, as far as a quick look counts them.
        public var messages: Int
    }

    /// The folders searched for `agent`'s sessions, from the environment.
    public static func folders(for agent: SessionAgent, environment: [String: String]) -> [String] {
        places(for: agent, environment: environment).map(\.folder)
    }

    /// The places of `agent`'s sessions.
    static func places(for agent: SessionAgent, environment: [String: String]) -> [SessionPlace] {
        SessionFormats.format(of: agent)?.places(SessionHome(environment: environment)) ?? []
    }

    /// Every session of `agents` under their folders, newest first.
    public static func sessions(agents: [SessionAgent] = SessionAgent.allCases, environment: [String: String])
        -> [Entry]
    {
        var files: [(SessionAgent, String, Double)] = []
        for agent in agents {
            for place in places(for: agent, environment: environment) {
                files += candidates(place).map { (agent, $0.path, $0.modified) }
            }
        }
        let found = files
        let entries = ParallelWork.map(found.count) { index -> Entry? in
            let (agent, path, modified) = found[index]
            return describe(path, agent: agent, modified: modified)
        }
        return entries.compactMap { $0 }.sorted { $0.lastModified > $1.lastModified }
    }

    /// The newest session (of `agent`, if given).
    public static func latest(_ agent: SessionAgent?, environment: [String: String]) -> Entry? {
        // The newest file is the newest session: only it is read.
        var files: [(SessionAgent, String, Double)] = []
        for each in agent.map({ [$0] }) ?? SessionAgent.allCases {
            for place in places(for: each, environment: environment) {
                files += candidates(place).map { (each, $0.path, $0.modified) }
            }
        }
        for newest in files.sorted(by: { $0.2 > $1.2 }) {
            if let entry = describe(newest.1, agent: newest.0, modified: newest.2) { return entry }
        }
        return nil
    }

    /// The files of `place` that are sessions, with when each was last written.
    static func candidates(_ place: SessionPlace) -> [(path: String, modified: Double)] {
        files(in: place.folder, depth: place.depth).filter { file in
            let relative = file.path.hasPrefix(place.folder + "/") ? String(file.path.dropFirst(place.folder.count + 1)) : file.path
            return place.isSession(relative)
        }
    }

    static func isSubagentFile(_ path: String) -> Bool {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        return path.contains("/subagents/") || (name.hasPrefix("agent-") && name.count < 30)
    }

    /// The regular files below `folder`, at most `depth` folders down.
    static func files(in folder: String, depth: Int) -> [(path: String, modified: Double)] {
        var found: [(String, Double)] = []
        var folders = [(folder, 0)]
        while let (current, level) = folders.popLast() {
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: current) else { continue }
            for name in names where !name.hasPrefix(".") {
                let path = current + "/" + name
                var status = stat()
                guard stat(path, &status) == 0 else { continue }
                if status.st_mode & S_IFMT == S_IFDIR {
                    if level < depth { folders.append((path, level + 1)) }
                } else if status.st_mode & S_IFMT == S_IFREG {
                    found.append((path, Double(status.st_mtim.tv_sec)))
                }
            }
        }
        return found
    }

    static func modified(_ path: String) -> Double? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Double(status.st_mtim.tv_sec)
    }

    /// A quick look at one session: its folder, title and messages, without laying anything out.
    static func describe(_ path: String, agent: SessionAgent, modified: Double) -> Entry? {
        var entry = Entry(agent: agent, path: path, lastModified: modified, messages: 0)
        switch agent {
        case .claudeCode:
            guard let index = try? ClaudeCodeIndex.read(SessionSource(path: path), name: path),
                !index.records.isEmpty
            else { return nil }
            // A file of sidechains only is a subagent's.
            guard !index.info.isSubagent else { return nil }
            let shown = index.path()
            entry.project = index.info.project
            entry.title = index.title(path: shown).map(ClaudeCodeSession.cleanTitle)
            entry.messages =
                shown.count { index.records[$0].isPrompt } + Set(shown.compactMap { index.records[$0].messageID }).count
            if entry.title == nil, let first = shown.first(where: { index.records[$0].isPrompt }) {
                entry.title = firstPrompt(path: path, record: index.records[first])
            }
        default:
            var info: SessionInfo?
            var count = 0
            var firstPrompt: String?
            guard
                let read = try? SessionFormats.read(
                    SessionSource(path: path), path: path, agent: agent, name: path, notice: { _ in },
                    emit: { message in
                        count += 1
                        if firstPrompt == nil, message.role.isUser { firstPrompt = message.text }
                    })
            else { return nil }
            info = read
            entry.project = info?.project
            entry.title = info?.title ?? firstPrompt.map(Self.titleLine)
            entry.messages = count
        }
        return entry
    }

    /// The first line of the first prompt, shortened, as a title for a session without one.
    static func firstPrompt(path: String, record: ClaudeCodeIndex.Record) -> String? {
        let source = SessionSource(path: path)
        guard let bytes = try? source.read(offset: record.offset, length: record.length),
            let value = bytes.withUnsafeBytes({ try? JSONParser.parse($0) })
        else { return nil }
        let content = value["message"]?["content"]
        let text = content?.string ?? content?.array?.first { $0["type"]?.string == "text" }?["text"]?.string
        return text.map(titleLine)
    }

    static func titleLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init)?.trimmingSpaces() ?? ""
        return line.count > 80 ? String(line.prefix(79)) + "…" : line
    }
}
