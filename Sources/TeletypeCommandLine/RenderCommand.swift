import Teletype
import TeletypeANSI
import TeletypeArchive
import TeletypeHTML
import TeletypeLayout
import TeletypeSessions
import TeletypeTranscripts

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

/// `teletype render`: shows a transcript as a conversation.
enum RenderCommand {
    static let usage = """
        USAGE
          teletype render FILE|- [options]

        Shows an AI conversation from a transcript: Teletype JSON or JSONL, Stream Chat messages, Vercel AI SDK
        UIMessage[], OpenAI chat messages, Anthropic messages, OpenAI Responses API items (a request's input
        and its response's output) or Gemini contents; a coding agent's session log or database (Claude Code,
        Codex, Gemini CLI, Cursor, GitHub Copilot, Cline, OpenCode, Antigravity, Qwen Code, Kimi, Grok, Kiro,
        aider); a conversation exported as Markdown; or a chat app's data export: ChatGPT, Claude.ai
        (detected from the file; --from overrides).

        OPTIONS
          --from FORMAT                 The transcript's format (default: detected): \(HelpText.wrapped(HelpText.formats, start: 77))
          --width N                     Wrap to N columns (default: the terminal's width, else $COLUMNS, else 80)
          --color auto|always|never     Use colour and hyperlinks (default: auto)
          --theme dark|light|plain      The colour theme (default: dark)
          --format ansi|plain|html|markdown
                                        Terminal text, plain text, an HTML fragment, or Markdown (default: ansi)
          --expand-reasoning            Show reasoning steps open, with their thoughts
          --expand-tools                Show tool calls' arguments and output
          --expand-prompts              Show a prompt far longer than a screen (a pasted log) whole, not its first
                                        \(ConversationViewState.promptLinesShown) lines and how many more
          --detail prompts|focused|full The prompts only; prompts and replies, each tool call and thinking step
                                        one line; or everything (default: full)
          --allow-raw-html              HTML format: pass raw HTML in answers through (trusted input only)
          --trusted                     HTML format: a transcript you trust — raw HTML passes, every URL is kept,
                                        images load
          --follow, -f                  Keep showing the file as an agent writes it, until Ctrl-C
          --live                        With --follow: the live view even when the output is not a terminal
          --latest [AGENT]              Instead of FILE: the newest session (of one agent: \(HelpText.wrapped(HelpText.agents, start: 83)))
                                        under the agents' folders (see teletype sessions)
          --conversation N|ID|TITLE     A source of many conversations (a chat export, an agent's database): the
                                        conversation to show, by its number in the list (1 is the newest),
                                        its id, or words of its title; without it a source of many is listed
          --branch ID                   A chat export: show the version of the conversation through the
                                        message ID (the ids a branch point names) instead of the latest
          --at N                        Start at message N (counted from 1, as teletype search names them)
          --no-pager                    Into a terminal, write straight out instead of through the pager
          --redact                      Secrets (API keys, tokens, passwords, private keys) as [REDACTED kind],
                                        counted on standard error (export redacts by default)
                                        ($TELETYPE_PAGER, else $PAGER, else less -R -F -X)
          --images auto|on|off          Draw images (pasted screenshots, a tool's) in the terminal: kitty's graphics
                                        protocol (kitty, Ghostty, Konsole), iTerm2's (iTerm2, WezTerm, mintty) or
                                        sixel (xterm, foot, mlterm); auto where the terminal draws them and no
                                        pager runs, on without the pager; elsewhere a line says each image's
                                        format and size
          -h, --help                    Show this help

        """

    static let parser = OptionParser(
        flags: [
            .init(names: ["--from"], takesValue: true), .init(names: ["--width", "-w"], takesValue: true),
            .init(names: ["--color", "--colour"], takesValue: true), .init(names: ["--theme"], takesValue: true),
            .init(names: ["--format"], takesValue: true), .init(names: ["--expand-reasoning"], takesValue: false),
            .init(names: ["--expand-tools"], takesValue: false), .init(names: ["--allow-raw-html"], takesValue: false),
            .init(names: ["--trusted"], takesValue: false), .init(names: ["--follow", "-f"], takesValue: false),
            .init(names: ["--live"], takesValue: false), .init(names: ["--conversation"], takesValue: true),
            .init(names: ["--branch"], takesValue: true), .init(names: ["--at"], takesValue: true),
            .init(names: ["--no-pager"], takesValue: false), .init(names: ["--redact"], takesValue: false),
            .init(names: ["--detail"], takesValue: true), .init(names: ["--expand-prompts"], takesValue: false),
            .init(names: ["--images"], takesValue: true),
        ], usage: usage)

    static func run(arguments: [String]) throws -> Int32 {
        guard let parsed = try parser.parseOrShowHelp(arguments) else { return 0 }
        let from = try parser.choice(parsed, "--from", in: TranscriptFormat.allCases.map(\.rawValue), default: "")
        let width = try parser.width(parsed)
        let color = try parser.choice(parsed, "--color", in: ["auto", "always", "never"], default: "auto")
        let themeName = try parser.choice(parsed, "--theme", in: ["dark", "light", "plain"], default: "dark")
        let format = try parser.choice(parsed, "--format", in: ["ansi", "plain", "html", "markdown"], default: "ansi")
        let images = try parser.choice(parsed, "--images", in: ["auto", "on", "off"], default: "auto")
        let detail = ConversationDetail(
            rawValue: try parser.choice(
                parsed, "--detail", in: ConversationDetail.allCases.map(\.rawValue), default: "full"))!
        guard parsed.positional.count == 1 else {
            throw CommandError.usage(
                parsed.positional.isEmpty
                    ? "expected a transcript file (or - for standard input)"
                    : "render shows one conversation, got \(parsed.positional.count) files; to export many, use "
                        + "teletype export FILE|FOLDER... -o OUTDIR", help: usage)
        }
        let path = parsed.positional[0]
        var start = 1
        if let value = parsed.value("--at") {
            guard let number = Int(value), number > 0 else {
                throw CommandError.usage("--at takes a message number from 1, got '\(value)'", help: usage)
            }
            guard !parsed.isSet("--follow") else {
                throw CommandError.usage("--at and --follow do not go together", help: usage)
            }
            start = number
        }
        if FileKind.isFolder(path), !ConversationCollections.isStoreFolder(path) {
            throw CommandError.usage(
                "'\(path)' is a folder: render shows one conversation; to export a folder of them, use "
                    + "teletype export \(path) -o OUTDIR", help: usage)
        }
        if path != "-", !ConversationCollections.isStoreFolder(path), let problem = Input.problem(path) {
            throw problem
        }
        if parsed.isSet("--follow") {
            guard path != "-" else {
                throw CommandError.usage("--follow reads a file the agent writes, not standard input", help: usage)
            }
            guard FileManager.default.fileExists(atPath: path) else {
                throw CommandError.failure("cannot read '\(path)': no such file")
            }
            // A session being followed is live: its calls without results are still running. It is
            // watched, not worked in: no reply has actions to press.
            var state = ConversationViewState(actions: [])
            state.expandReasoning = parsed.isSet("--expand-reasoning")
            state.expandToolCalls = parsed.isSet("--expand-tools")
            state.detail = detail
            state.promptLineLimit = parsed.isSet("--expand-prompts") ? nil : ConversationViewState.promptLinesFolded
            let live = parsed.isSet("--live") || (Console.outputIsTerminal && format == "ansi")
            let renderer = ConversationTerminalRenderer(
                width: TerminalSettings.width(width),
                capabilities: TerminalSettings.capabilities(
                    format: format == "html" || format == "markdown" ? "plain" : format, color: color),
                appearance: AIAppearance.named(themeName) ?? .dark)
            return SessionFollow.run(
                path: path, format: TranscriptFormat(rawValue: from), renderer: renderer, state: state, live: live)
        }
        // Into a terminal, through the pager (which says nothing when all fits on one screen); where
        // no pager is installed, in Teletype's own reader.
        // A pager cannot pass images on: `--images on` writes straight to the terminal.
        var paged = false
        if !parsed.isSet("--no-pager") && images != "on" {
            if format == "ansi", path != "-", isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1,
                Pager.isMissing(ProcessInfo.processInfo.environment)
            {
                let source = ConversationSource(
                    path: path, conversation: parsed.value("--conversation"), branch: parsed.value("--branch"),
                    format: TranscriptFormat(rawValue: from))
                var screen = try BrowseScreen(
                    source: source, at: start == 1 ? 0 : start, width: Console.terminalWidth ?? 80,
                    height: Console.terminalHeight ?? 24,
                    capabilities: TerminalSettings.capabilities(format: format, color: color),
                    appearance: AIAppearance.named(themeName) ?? .dark,
                    exportFolder: FileManager.default.currentDirectoryPath, now: Date().timeIntervalSince1970,
                    detail: detail)
                return BrowseSession.run(&screen, indexing: nil)
            }
            paged = Pager.start()
        }
        let drawsImages: TerminalImageProtocol?
        switch images {
        case "off": drawsImages = nil
        case "on":
            drawsImages =
                TerminalImageProtocol.detect(environment: Environment.value)
                ?? TerminalQuery.ask(TerminalImageProtocol.query).flatMap(TerminalImageProtocol.fromAnswers) ?? .kitty
        default:
            // A terminal not known by its name is asked (kitty's graphics query, device attributes).
            drawsImages =
                !paged && isatty(STDOUT_FILENO) == 1 && format == "ansi"
                ? TerminalImageProtocol.detect(environment: Environment.value)
                    ?? TerminalQuery.ask(TerminalImageProtocol.query).flatMap(TerminalImageProtocol.fromAnswers)
                : nil
        }
        let cellSize =
            drawsImages == .sixel
            ? TerminalQuery.cellPixels().map { CellSize(width: $0.width, height: $0.height) } : nil
        func capabilities() -> TerminalCapabilities {
            var capabilities = TerminalSettings.capabilities(format: format, color: color)
            capabilities.images = drawsImages
            if let cellSize { capabilities.cellSize = cellSize }
            return capabilities
        }
        let appearance = AIAppearance.named(themeName) ?? .dark
        let redactor = parsed.isSet("--redact") ? SecretRedactor() : nil
        // A transcript is a record: a call without a result did not go on running.
        var state = ConversationViewState(actions: [], isRecorded: true)
        state.expandReasoning = parsed.isSet("--expand-reasoning")
        state.expandToolCalls = parsed.isSet("--expand-tools")
        state.detail = detail
        state.promptLineLimit = parsed.isSet("--expand-prompts") ? nil : ConversationViewState.promptLinesFolded
        var htmlOptions = HTMLRenderOptions.untrusted
        htmlOptions.allowsRawHTML = parsed.isSet("--allow-raw-html")
        if parsed.isSet("--trusted") { htmlOptions = .trusted }
        // A chat export of many conversations is opened once, without reading them.
        let export =
            path == "-" ? nil : try CollectionChoice.open(path, data: nil, format: TranscriptFormat(rawValue: from))
        if export == nil, path != "-", parsed.value("--conversation") != nil || parsed.value("--branch") != nil {
            throw CommandError.usage(
                "--conversation and --branch choose within a source of many conversations (a chat export, "
                    + "an agent's database); '\(path)' is not one", help: usage)
        }
        // A file is drawn as it is read: a long session or transcript starts printing at once, on
        // every core, in flat memory. A transcript's lines are all checked first (a session's reader
        // checks its own), so a malformed one still writes nothing.
        if path != "-", format != "markdown", export == nil {
            let checksFirst =
                ConversationStream.sessionAgent(ofFileAt: path, format: TranscriptFormat(rawValue: from)) == nil
            let layout = ConversationLayout(appearance: appearance, ui: .standard)
            if format == "html" {
                let renderer = ConversationHTMLRenderer(options: htmlOptions, appearance: appearance)
                try FileRender.run(
                    path: path, format: TranscriptFormat(rawValue: from), checksFirst: checksFirst, layout: layout,
                    state: state, from: start, separator: "", redactor: redactor, draw: { renderer.render($0) })
            } else {
                let renderer = ConversationTerminalRenderer(
                    width: TerminalSettings.width(width),
                    capabilities: capabilities(), appearance: appearance)
                try FileRender.run(
                    path: path, format: TranscriptFormat(rawValue: from), checksFirst: checksFirst, layout: layout,
                    state: state, from: start, separator: "\n", redactor: redactor,
                    draw: { renderer.render([$0]) })
            }
            Console.exitSuccessfully(keeping: layout)
        }
        // A long render shows its stage on standard error once it has taken a second.
        let progress = PhaseProgress()
        defer { progress.finish() }
        progress.set("reading \(path == "-" ? "standard input" : path)", step: 1, of: 3)
        let source = ConversationSource(
            path: path, conversation: parsed.value("--conversation"), branch: parsed.value("--branch"),
            format: TranscriptFormat(rawValue: from))
        let transcript: Transcript
        let opened: ConversationSource.Opened
        do {
            opened = try source.open(collection: export) { progress.set("reading \($0)", step: 1, of: 3) }
        } catch {
            progress.finish()
            throw error
        }
        switch opened {
        case .many(let export):
            progress.finish()
            let listing = CollectionChoice.listing(export, command: "render", width: TerminalSettings.width(width))
            Console.output(listing)
            Console.exitSuccessfully(keeping: export)
        case .one(let read):
            var redactions = SecretRedactor.Tally()
            transcript = redactor.map { $0.redact(read, into: &redactions) } ?? read
            if let said = redactions.summary { Console.error("teletype: \(said)\n") }
        }
        for notice in transcript.notices { Console.error("teletype: " + notice + "\n") }
        if transcript.messages.isEmpty {
            let name = path == "-" ? "<stdin>" : path
            Console.error(
                "teletype: warning: " + NoMessagesError(file: name, format: transcript.format).description + "\n")
        }
        if start > max(transcript.messages.count, 1) {
            throw CommandError.failure(
                "--at \(start): the conversation has \(transcript.messages.count) messages")
        }
        progress.set("laying out and drawing \(transcript.messages.count) messages", step: 2, of: 3)
        let messages: [any AIMessage] = Array(transcript.messages.dropFirst(start - 1))
        let output: String
        switch format {
        case "markdown":
            output =
                (transcript.info.map(SessionHeader.markdown) ?? transcript.conversation.map(SessionHeader.markdown)
                    ?? "")
                + ConversationMarkdownWriter(appearance: appearance, state: state).write(messages)
        case "html":
            let rows = ConversationLayout(appearance: appearance, ui: .standard).rows(for: messages, state: state)
            output = ConversationHTMLRenderer(options: htmlOptions, appearance: appearance).render(
                header(transcript) + rows)
        default:
            let rows = ConversationLayout(appearance: appearance, ui: .standard).rows(for: messages, state: state)
            let renderer = ConversationTerminalRenderer(
                width: TerminalSettings.width(width),
                capabilities: capabilities(), appearance: appearance)
            output = renderer.render(header(transcript) + rows)
        }
        progress.set("writing", step: 3, of: 3)
        progress.finish()
        Console.output(output)
        Console.exitSuccessfully(keeping: output)
    }

    /// The row above a conversation: what an agent's log says of it, or else what a chat export's
    /// listing does.
    static func header(_ transcript: Transcript) -> [ConversationRow] {
        if let info = transcript.info { return [SessionHeader.row(info)] }
        return transcript.conversation.map { [SessionHeader.row($0)] } ?? []
    }
}
