import Teletype
import TeletypeANSI
import TeletypeArchive
import TeletypeLayout
import TeletypeSessions
import TeletypeTranscripts

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

/// `teletype browse` (and `teletype` alone in a terminal): every conversation on the machine in a
/// full-screen list, filtered as you type and searched on Enter, each opened in a reader that
/// scrolls, finds, folds, exports and follows.
enum BrowseCommand {
    static let usage = """
        USAGE
          teletype browse [options]
          teletype browse FILE [--conversation N|ID|TITLE] [--at N]

        Full screen: every conversation `teletype sessions` finds (every agent) and those in the folders and
        chat exports named with --in, the most recent first, from the search index (made on first use, then
        brought up to date while the list is shown). Type to narrow the list by title, project and agent;
        Enter searches what was said; → or Enter on a result opens it in the reader. Given a FILE, opens it
        in the reader at once. ? shows the keys.

        The reader draws the conversation as `render` does: j/k, arrows, the wheel, space/b, d/u, g/G scroll;
        n/N go to the next and previous prompt; / finds (every match highlighted, n/N between them); Tab or
        Enter unfolds the tool calls and thinking of the message at the top; v shows everything, then the
        prompts and replies, then the prompts only; e exports the conversation to HTML in the current
        folder; y copies the message at the top (OSC 52); f follows a live session; q or Esc goes back.

        OPTIONS
          --in PATH                     Show also the conversations in PATH (a file, a folder of them, a chat
                                        export, an agent's database); repeatable
          --conversation N|ID|TITLE     With FILE, a chat export or store: which conversation to read
          --at N                        With FILE: open at message N
          --theme dark|light|plain      Colours of the conversation (default: dark)
          --detail prompts|focused|full What the reader shows first: the prompts only, prompts and replies with
                                        the work folded, or everything (default: full); v goes to the next
          --color auto|always|never     Colour (default: auto)
          --index PATH                  The index to use (default: index.sqlite in the cache folder)
          --reindex                     Make the index again from nothing
          -h, --help                    Show this help

        """

    static let parser = OptionParser(
        flags: [
            .init(names: ["--in"], takesValue: true), .init(names: ["--conversation"], takesValue: true),
            .init(names: ["--at"], takesValue: true), .init(names: ["--theme"], takesValue: true),
            .init(names: ["--color", "--colour"], takesValue: true), .init(names: ["--index"], takesValue: true),
            .init(names: ["--reindex"], takesValue: false), .init(names: ["--from"], takesValue: true),
            .init(names: ["--detail"], takesValue: true),
        ], usage: usage)

    static func run(arguments: [String]) throws -> Int32 {
        guard let parsed = try parser.parseOrShowHelp(arguments) else { return 0 }
        let color = try parser.choice(parsed, "--color", in: ["auto", "always", "never"], default: "auto")
        let themeName = try parser.choice(parsed, "--theme", in: ["dark", "light", "plain"], default: "dark")
        let from = try parser.choice(parsed, "--from", in: TranscriptFormat.allCases.map(\.rawValue), default: "")
        let detail =
            ConversationDetail(
                rawValue: try parser.choice(
                    parsed, "--detail", in: ConversationDetail.allCases.map(\.rawValue), default: "full")) ?? .full
        guard parsed.positional.count <= 1 else {
            throw CommandError.usage("browse opens one file at most, got \(parsed.positional.count)", help: usage)
        }
        var start = 0
        if let value = parsed.value("--at") {
            guard let number = Int(value), number > 0 else {
                throw CommandError.usage("--at takes a message number from 1, got '\(value)'", help: usage)
            }
            start = number
        }
        if parsed.positional.isEmpty, start > 0 || parsed.value("--conversation") != nil {
            throw CommandError.usage("--at and --conversation go with a FILE", help: usage)
        }
        // Said before anything is read: a pipe gets no screen.
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw CommandError.usage(
                "browse needs a terminal: standard input and output are not both one (to print a conversation, "
                    + "use teletype render; to find one, teletype search or teletype sessions)", help: usage)
        }
        let capabilities = TerminalSettings.capabilities(format: "ansi", color: color)
        let appearance = AIAppearance.named(themeName) ?? .dark
        let size = (width: Console.terminalWidth ?? 80, height: Console.terminalHeight ?? 24)
        let folder = FileManager.default.currentDirectoryPath
        let now = Date().timeIntervalSince1970
        if let path = parsed.positional.first {
            if FileKind.isFolder(path), !ConversationCollections.isStoreFolder(path) {
                throw CommandError.usage(
                    "'\(path)' is a folder: browse opens one conversation; to list a folder's, use "
                        + "teletype browse --in \(path)", help: usage)
            }
            let source = ConversationSource(
                path: path, conversation: parsed.value("--conversation"), format: TranscriptFormat(rawValue: from))
            var screen = try BrowseScreen(
                source: source, at: start, width: size.width, height: size.height, capabilities: capabilities,
                appearance: appearance, exportFolder: folder, now: now, detail: detail)
            return BrowseSession.run(&screen, indexing: nil)
        }
        let index = try IndexedHome.open(parsed.value("--index"), reindex: parsed.isSet("--reindex"), usage: usage)
        let environment = ProcessInfo.processInfo.environment
        let named = parsed.all("--in")
        if let missing = named.first(where: { !FileManager.default.fileExists(atPath: $0) }) {
            throw CommandError.failure("cannot read '\(missing)': no such file or folder")
        }
        let roots = IndexedHome.roots(named: named)
        // The list is what the index already holds; it is brought up to date meanwhile.
        let conversations: [IndexedConversation]
        do {
            conversations = try index.conversations(roots: roots)
        } catch {
            throw CommandError.failure("the search index at \(index.path) cannot be read: \(error)")
        }
        // The files are found and read on a thread of their own: the list shows at once.
        let indexing = BrowseSession.startUpdate(path: index.path, named: named, environment: environment)
        var screen = BrowseScreen(
            index: index, roots: roots, conversations: conversations, width: size.width, height: size.height,
            capabilities: capabilities, appearance: appearance, exportFolder: folder, now: now, detail: detail)
        screen.indexing = "indexing"
        return BrowseSession.run(&screen, indexing: indexing)
    }
}
