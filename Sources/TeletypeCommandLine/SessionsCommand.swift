import Teletype
import TeletypeLayout
import TeletypeSessions
import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `teletype sessions`: the agents' sessions on this machine, newest first; and `--latest`, which
/// `render` and `export` take in place of a path.
enum SessionsCommand {
    static let usage = """
        USAGE
          teletype sessions [AGENT] [--json] [--limit N]

        Lists the sessions the coding agents keep on this machine, newest first, from each agent's own
        folders on Linux, macOS and Windows (Claude Code's ~/.claude/projects, Codex's ~/.codex/sessions,
        Cursor's and VS Code's user folders, OpenCode's and Kiro's databases, …); a session in a store of
        many is listed with the --conversation that shows it.
        AGENT is one of \(HelpText.wrapped(HelpText.agents + ".", start: 16, indent: 0, width: 100))
        `teletype render --latest [AGENT]` shows the newest one. Sessions are written as they are read,
        the newest files first, so the newest come at once, and with --limit the older files are not
        read. What was read is kept in a cache ($XDG_CACHE_HOME/teletype; TELETYPE_CACHE_DIR=off keeps
        none), so a file that has not changed is not read again.

        OPTIONS
          --json                        One JSON object per session: agent, project, title, last, messages, path,
                                        conversation
          --limit N                     At most N sessions (default: all)
          -h, --help                    Show this help

        """

    static let parser = OptionParser(
        flags: [.init(names: ["--json"], takesValue: false), .init(names: ["--limit"], takesValue: true)],
        usage: usage)

    static func run(arguments: [String]) throws -> Int32 {
        guard let parsed = try parser.parseOrShowHelp(arguments) else { return 0 }
        var agents = SessionAgent.allCases
        if let name = parsed.positional.first {
            guard let agent = SessionAgent(rawValue: name), parsed.positional.count == 1 else {
                throw CommandError.usage(
                    "unknown agent '\(name)': \(HelpText.agents)", help: usage)
            }
            agents = [agent]
        }
        var limit = Int.max
        if let value = parsed.value("--limit") {
            guard let number = Int(value), number > 0 else {
                throw CommandError.usage("--limit takes a number above 0, got '\(value)'", help: usage)
            }
            limit = number
        }
        // Written as they are found, newest first: the first lines come at once, and with --limit
        // the files past it are not read.
        let json = parsed.isSet("--json")
        var shown = 0
        SessionLocator.forEachSession(agents: agents, environment: ProcessInfo.processInfo.environment) { found in
            let sessions = found.prefix(limit - shown)
            shown += sessions.count
            Console.output(sessions.map { json ? jsonLine($0) : lines($0) }.joined())
            return shown < limit
        }
        if shown == 0, !json {
            Console.error(
                "teletype: no sessions found under "
                    + agents.flatMap {
                        SessionLocator.folders(for: $0, environment: ProcessInfo.processInfo.environment)
                    }.joined(separator: ", ") + "\n")
        }
        return 0
    }

    /// A session as a line of JSON: agent, project, title, last, messages, path, conversation.
    static func jsonLine(_ entry: SessionLocator.Entry) -> String {
        var object = JSONObject()
        object["agent"] = .string(entry.agent.rawValue)
        object["project"] = entry.project.map(JSONValue.string) ?? .null
        object["title"] = entry.title.map(JSONValue.string) ?? .null
        object["last"] = .string(SessionTime.iso(entry.lastModified))
        object["messages"] = .number(Double(entry.messages))
        object["path"] = .string(entry.path)
        object["conversation"] = entry.conversation.map(JSONValue.string) ?? .null
        return JSONValue.object(object).jsonText + "\n"
    }

    /// A session as two lines: agent, project and title; then its time, messages and the arguments
    /// that show it.
    static func lines(_ entry: SessionLocator.Entry) -> String {
        let project = entry.project.map(shortened) ?? "—"
        let title = TerminalSafeText.sanitize(entry.title ?? "(untitled)")
        return "\(entry.agent.displayName) · \(TerminalSafeText.sanitize(project)) · \(title)\n"
            + "  \(SessionTime.text(entry.lastModified)) · \(entry.messages) messages · "
            + TerminalSafeText.sanitize(entry.arguments.map(shellWord).joined(separator: " ")) + "\n"
    }

    /// A word as a shell reads it back: quoted when it holds anything but letters, digits and `/._-`.
    static func shellWord(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy {
            $0.isASCII
                && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "/._-+:@".unicodeScalars.contains($0))
        }
        return plain && !word.isEmpty ? word : "'" + word.replacing("'", with: "'\\''") + "'"
    }

    /// A folder under the home folder as `~/…`.
    static func shortened(_ path: String) -> String {
        guard let home = ProcessInfo.processInfo.environment["HOME"], !home.isEmpty, path.hasPrefix(home) else {
            return path
        }
        return "~" + path.dropFirst(home.count)
    }

    /// The arguments with `--latest [AGENT]` replaced by the newest session's path.
    static func resolvingLatest(_ arguments: [String], help: String) throws -> [String] {
        guard let at = arguments.firstIndex(where: { $0 == "--latest" || $0.hasPrefix("--latest=") }) else {
            return arguments
        }
        var rest = arguments
        var agent: SessionAgent?
        if rest[at].hasPrefix("--latest=") {
            let name = String(rest[at].dropFirst("--latest=".count))
            guard let named = SessionAgent(rawValue: name) else {
                throw CommandError.usage("unknown agent '\(name)': \(HelpText.agents)", help: help)
            }
            agent = named
            rest.remove(at: at)
        } else {
            rest.remove(at: at)
            if at < rest.count, let named = SessionAgent(rawValue: rest[at]) {
                agent = named
                rest.remove(at: at)
            }
        }
        let environment = ProcessInfo.processInfo.environment
        guard let latest = SessionLocator.latest(agent, environment: environment) else {
            let folders = (agent.map { [$0] } ?? SessionAgent.allCases).flatMap {
                SessionLocator.folders(for: $0, environment: environment)
            }
            throw CommandError.failure("no session found under " + folders.joined(separator: ", "))
        }
        return latest.arguments + rest
    }
}
