import Teletype
import TeletypeANSI
import TeletypeArchive
import TeletypeHTML
import TeletypeLayout
import TeletypeMarkdown
import TeletypeSessions
import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `teletype search`: what was said in every conversation on this machine, found at once from a
/// full-text index kept up to date as it is used.
enum SearchCommand {
    static let usage = """
        USAGE
          teletype search QUERY [options]

        Searches what was said — prompts, replies, thinking, tool calls and their output — in every session
        `teletype sessions` finds (every agent) and in the folders and chat exports named with --in. Each hit
        shows its conversation, the message, a snippet with the match, and the command that opens it there.

        QUERY is words (each must be found), "exact phrases", prefixes (auth*), AND, OR, NOT and parentheses:
          teletype search auth redirect        teletype search '"connection refused" NOT docker'
          teletype search 'migrat* AND (postgres OR sqlite)' --since 7d --agent codex

        The index (a SQLite FTS5 database, index.sqlite in Teletype's cache folder: $TELETYPE_CACHE_DIR, else
        $XDG_CACHE_HOME/teletype) is made on first use and brought up to date before each search: files that
        have not changed are not read again, and deleted ones leave it.

        OPTIONS
          --in PATH                     Search also the conversations in PATH (a file, a folder of them, a chat
                                        export, an agent's database); repeatable
          --agent AGENT                 Only this agent's or app's conversations (\(HelpText.wrapped(HelpText.agents + ", chatgpt, claude-ai", start: 73)));
                                        repeatable
          --project WORDS               Only conversations whose project folder holds WORDS
          --since TIME, --until TIME    Only conversations last written since / before TIME: a date (2026-11-30),
                                        a date and time (2026-11-30T14:00), or an age (90m, 12h, 7d, 2w)
          --role user|agent|tool        Only what the user said, what the agent said (replies and thinking), or
                                        tool calls and their output; repeatable
          --limit N                     At most N hits (default: 20), at most 3 of one conversation
          --json                        One JSON object per hit: agent, project, title, path, conversation,
                                        updated, message, role, snippet, marks, open
          --html                        A page of the hits, the matches in <mark> (no script, every text escaped)
          --color auto|always|never     Show matches in bold (default: auto)
          --index PATH                  The index to use (default: index.sqlite in the cache folder)
          --reindex                     Make the index again from nothing
          --quiet                       No progress bar while indexing
          -h, --help                    Show this help

        """

    static let parser = OptionParser(
        flags: [
            .init(names: ["--in"], takesValue: true), .init(names: ["--agent"], takesValue: true),
            .init(names: ["--project"], takesValue: true), .init(names: ["--since"], takesValue: true),
            .init(names: ["--until"], takesValue: true), .init(names: ["--role"], takesValue: true),
            .init(names: ["--limit"], takesValue: true), .init(names: ["--json"], takesValue: false),
            .init(names: ["--color", "--colour"], takesValue: true), .init(names: ["--index"], takesValue: true),
            .init(names: ["--reindex"], takesValue: false), .init(names: ["--quiet", "-q"], takesValue: false),
            .init(names: ["--html"], takesValue: false),
            .init(names: ["--width", "-w"], takesValue: true),
        ], usage: usage)

    static func run(arguments: [String]) throws -> Int32 {
        guard let parsed = try parser.parseOrShowHelp(arguments) else { return 0 }
        let environment = ProcessInfo.processInfo.environment
        var query = try self.query(parsed)
        let color = try parser.choice(parsed, "--color", in: ["auto", "always", "never"], default: "auto")
        let index = try IndexedHome.open(parsed.value("--index"), reindex: parsed.isSet("--reindex"), usage: usage)
        // The look at every agent's folders for what changed runs beside a search of the index as
        // it stands; only when the index then changes is it searched again.
        let named = parsed.all("--in")
        let looking = BackgroundWork { Result { try IndexedHome.sources(named: named, environment: environment) } }
        let roots = IndexedHome.roots(named: named)
        query.perConversation = 3
        let writesBefore = try? index.othersWrites()
        let searched = Result { try index.search(query, roots: roots) }
        let (sources, _) = try looking.wait().get()
        let report = try IndexedHome.update(
            index, sources, roots: roots,
            quiet: parsed.isSet("--quiet") || parsed.isSet("--json") || parsed.isSet("--html"))
        let isCurrent = !report.changedIndex && writesBefore != nil && (try? index.othersWrites()) == writesBefore
        let hits: [SearchHit]
        do {
            hits = isCurrent ? try searched.get() : try index.search(query, roots: roots)
        } catch let failure as SearchQuery.Failure {
            throw CommandError.usage("the query \(query.text.debugDescription): \(failure.message)", help: usage)
        }
        if parsed.isSet("--json") {
            Console.output(hits.map { json($0).jsonText + "\n" }.joined())
            return hits.isEmpty ? 1 : 0
        }
        if parsed.isSet("--html") {
            let rows = hits.map { hit in
                SearchResultsPage.Row(
                    place: place(hit), snippet: hit.snippet, marks: hit.marks,
                    command: (["teletype", "render"] + hit.arguments).map(SessionsCommand.shellWord).joined(
                        separator: " "))
            }
            Console.output(SearchResultsPage(query: query.text, rows: rows).html)
            return hits.isEmpty ? 1 : 0
        }
        guard !hits.isEmpty else {
            Console.error("teletype: nothing found for \(query.text.debugDescription)\n")
            return 1
        }
        let bold = TerminalSettings.capabilities(format: "ansi", color: color).colorDepth != .none
        let width = TerminalSettings.width(try parser.width(parsed))
        Console.output(hits.map { text($0, bold: bold, width: width) }.joined(separator: "\n"))
        return 0
    }

    /// The query the command line asks for.
    static func query(_ parsed: OptionParser.Parsed) throws -> SearchQuery {
        guard !parsed.positional.isEmpty else { throw CommandError.usage("expected words to search for", help: usage) }
        var query = SearchQuery(parsed.positional.joined(separator: " "))
        do {
            _ = try query.expression()
        } catch {
            throw CommandError.usage("the query \(query.text.debugDescription): \(error.message)", help: usage)
        }
        let known = Set(SessionAgent.allCases.map(\.rawValue) + ChatApp.allCases.map(\.rawValue))
        for agent in parsed.all("--agent") {
            guard known.contains(agent.lowercased()) else {
                throw CommandError.usage(
                    "unknown agent '\(agent)': \(HelpText.agents), chatgpt, claude-ai", help: usage)
            }
            query.agents.append(agent)
        }
        query.project = parsed.value("--project")
        let now = Date().timeIntervalSince1970
        for (flag, keyPath) in [("--since", \SearchQuery.since), ("--until", \SearchQuery.until)] {
            guard let value = parsed.value(flag) else { continue }
            guard let time = SearchQuery.time(value, now: now) else {
                throw CommandError.usage(
                    "\(flag) takes a date (2026-11-30), a date and time (2026-11-30T14:00) or an age (12h, 7d, 2w), "
                        + "got '\(value)'", help: usage)
            }
            query[keyPath: keyPath] = time
        }
        for role in parsed.all("--role") {
            switch role {
            case "user": query.kinds.insert(.user)
            case "agent", "assistant": query.kinds.formUnion([.agent, .thinking])
            case "tool": query.kinds.insert(.tool)
            default: throw CommandError.usage("--role is user, agent or tool, got '\(role)'", help: usage)
            }
        }
        if let value = parsed.value("--limit") {
            guard let limit = Int(value), limit > 0 else {
                throw CommandError.usage("--limit takes a number above 0, got '\(value)'", help: usage)
            }
            query.limit = limit
        }
        return query
    }

    /// Where a hit is, on one line: agent, project, title, time, message.
    static func place(_ hit: SearchHit) -> String {
        let project = hit.project.map(SessionsCommand.shortened) ?? "—"
        return "\(hit.agent) · \(project) · \(hit.title ?? "(untitled)") · \(SessionTime.text(hit.updated)) · "
            + (hit.inTitle ? "title" : "message \(hit.message), \(hit.kind.name)")
    }

    /// A hit as three lines: where it is, the snippet, the command that opens it.
    static func text(_ hit: SearchHit, bold: Bool, width: Int) -> String {
        var out = TerminalSafeText.sanitize(place(hit))
        out += "\n  "
        // The snippet, cut to two lines of the width, its matches in bold.
        let scalars = Array(hit.snippet.unicodeScalars)
        let room = max(20, (width - 2) * 2)
        var line = String.UnicodeScalarView()
        var inMark = false
        for (offset, scalar) in scalars.prefix(room).enumerated() {
            let marked = hit.marks.contains { $0.contains(offset) }
            if bold, marked != inMark {
                line.append(contentsOf: (marked ? "\u{1B}[1m" : "\u{1B}[22m").unicodeScalars)
                inMark = marked
            }
            line.append(scalar)
        }
        if bold, inMark { line.append(contentsOf: "\u{1B}[22m".unicodeScalars) }
        if scalars.count > room { line.append("…") }
        out += String(line) + "\n"
        out +=
            "  teletype render "
            + TerminalSafeText.sanitize(hit.arguments.map(SessionsCommand.shellWord).joined(separator: " "))
            + "\n"
        return out
    }

    /// A hit as a JSON object.
    static func json(_ hit: SearchHit) -> JSONValue {
        var object = JSONObject()
        object["agent"] = .string(hit.agent)
        object["project"] = hit.project.map(JSONValue.string) ?? .null
        object["title"] = hit.title.map(JSONValue.string) ?? .null
        object["path"] = .string(hit.path)
        object["conversation"] = hit.conversation.map(JSONValue.string) ?? .null
        object["updated"] = .string(SessionTime.iso(hit.updated))
        object["message"] = .number(Double(hit.message))
        object["role"] = .string(hit.inTitle ? "title" : hit.kind.name)
        object["snippet"] = .string(hit.snippet)
        object["marks"] = .array(
            hit.marks.map { .array([.number(Double($0.lowerBound)), .number(Double($0.upperBound))]) })
        object["open"] = .array((["teletype", "render"] + hit.arguments).map(JSONValue.string))
        return .object(object)
    }
}
