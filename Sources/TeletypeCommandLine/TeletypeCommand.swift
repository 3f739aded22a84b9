import TeletypeArchive

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The top level of the `teletype` tool: picks the subcommand and maps failures to exit codes.
package enum TeletypeCommand {
    /// Runs `ask` and `chat` in this process: set by `teletype-agent`, which holds them.
    nonisolated(unsafe) package static var agentCommand: ((String, [String]) throws -> Int32)?

    static let version = "0.1.0"

    static let usage = """
        teletype — render AI conversations and Markdown for terminals, plain text and HTML

        USAGE
          teletype <command> [options]

        COMMANDS
          md        Render a Markdown document (GitHub Flavored Markdown)
          render    Show an AI conversation: a transcript, or an agent's session log (--follow: live)
          export    Write a transcript as a self-contained HTML page
          replay    Play a recorded stream (OpenAI, Anthropic, Gemini, Vercel, …) as the live conversation view
          ui        Render generated UI (an A2UI message stream)
          sessions  List the coding agents' sessions on this machine (Claude Code, Codex, Cursor, Copilot, …)
          search    Find what was said in every session and chat export (a full-text index, kept up to date)
          browse    Every conversation full screen: filter, search, read, export (also `teletype` alone in a terminal)
          ask       Send one message to an OpenAI-compatible server and show the reply live
          chat      Talk with an agent in the terminal: a composer, reply actions, saved conversations

        OPTIONS
          -h, --help       Show this help (use `teletype <command> -h` for a command's options)
          --version        Show the version
          --graphemes on|off
                           With any command: measure text by grapheme cluster, as modern terminals draw
                           it (on, the default), or code point by code point, for terminals that do not
                           cluster (off). Also TELETYPE_GRAPHEMES=1|0; a live view asks the terminal
                           (DECRQM 2027) when neither is given.
          --utc            With any command: show times in UTC. Times are otherwise in the local time
                           zone (TZ, else the system's), the zone named in each header.

        """

    package static func run(arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            // Alone in a terminal, the browser; elsewhere, how to use it.
            if isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 { return run(arguments: ["browse"]) }
            Console.error(usage)
            return 2
        }
        do {
            let rest = TimeZoneSetting.apply(try GraphemeSetting.apply(Array(arguments.dropFirst()), help: usage))
            switch first {
            case "-h", "--help", "help":
                Console.output(usage)
                return 0
            case "--version", "-V":
                Console.output("teletype \(version)\n")
                return 0
            case "md":
                return try MarkdownCommand.run(arguments: rest)
            case "render":
                return try RenderCommand.run(
                    arguments: SessionsCommand.resolvingLatest(rest, help: RenderCommand.usage))
            case "export":
                return try ExportCommand.run(
                    arguments: SessionsCommand.resolvingLatest(rest, help: ExportCommand.usage))
            case "sessions":
                return try SessionsCommand.run(arguments: rest)
            case "search":
                return try SearchCommand.run(arguments: rest)
            case "browse":
                return try BrowseCommand.run(arguments: rest)
            case "replay":
                return try ReplayCommand.run(arguments: rest)
            case "ui":
                return try UICommand.run(arguments: rest)
            case "ask", "chat":
                // Talking to agents needs HTTP (and so Foundation's networking, whose loading would
                // slow every other command down): those commands live in `teletype-agent`.
                if let agent = agentCommand { return try agent(first, rest) }
                return try AgentHelper.run(first, arguments)
            default:
                throw CommandError.usage("unknown command '\(first)'", help: usage)
            }
        } catch let error as CommandError {
            switch error {
            case .usage(let message, let help):
                Console.error("teletype: \(message)\n\n\(help)")
                return 2
            case .failure(let message):
                Console.error("teletype: \(message)\n")
                return 1
            case .malformed(let message):
                Console.error("teletype: error: \(message)\n")
                return 2
            }
        } catch let error as FileWriteError {
            Console.error("teletype: \(error.message)\n")
            return 1
        } catch {
            Console.error("teletype: \(error)\n")
            return 1
        }
    }
}

/// Why a command stopped.
package enum CommandError: Error {
    /// The command line is wrong: exit 2 with the usage text.
    case usage(String, help: String)
    /// The command could not do its work (an unreadable file …): exit 1.
    case failure(String)
    /// The input is malformed (`FILE:LINE:COLUMN: what is wrong`): exit 2.
    case malformed(String)
}
