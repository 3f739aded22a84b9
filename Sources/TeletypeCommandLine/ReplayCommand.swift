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
#endif

/// `teletype replay`: plays a recorded stream as the live conversation view.
enum ReplayCommand {
    static let usage = """
        USAGE
          teletype replay FILE [options]

        Plays a recorded stream as the live conversation view: the Teletype event stream (JSONL), or captures
        of OpenAI chat completions (and compatible servers), the OpenAI Responses API, Anthropic messages,
        Gemini (streamGenerateContent or the Interactions API), Cohere, Amazon Bedrock ConverseStream or the
        Vercel AI SDK UI message stream — as raw server-sent events, one chunk per line, a JSON array of
        chunks, or the response bodies of a VCR cassette (detected; --from overrides). Into a pipe or file,
        the conversation is written once it has played, as `teletype render` shows it. An error the provider
        sent is shown; a recording that cannot be read exits with status 2, after playing what it could.

        OPTIONS
          --from FORMAT                 The recording's format: teletype, openai, openai-responses, anthropic,
                                        gemini, gemini-interactions, cohere, bedrock or vercel (default: detected)
          --expand-reasoning            Show reasoning steps open, with their thoughts
          --expand-tools                Show tool calls' arguments and output
          --speed X                     Play X times as fast (default 1)
          --instant                     Show the end at once
          --width N                     Wrap to N columns (default: the terminal's width, else $COLUMNS, else 80)
          --color auto|always|never     Use colour and hyperlinks (default: auto)
          --theme dark|light|plain      The colour theme (default: dark)
          --live                        Draw the live view even when the output is not a terminal
          -h, --help                    Show this help

        """

    static let parser = OptionParser(
        flags: [
            .init(names: ["--from"], takesValue: true), .init(names: ["--speed"], takesValue: true),
            .init(names: ["--instant"], takesValue: false), .init(names: ["--width", "-w"], takesValue: true),
            .init(names: ["--color", "--colour"], takesValue: true), .init(names: ["--theme"], takesValue: true),
            .init(names: ["--live"], takesValue: false), .init(names: ["--expand-reasoning"], takesValue: false),
            .init(names: ["--expand-tools"], takesValue: false),
        ], usage: usage)

    /// Seconds between events when the recording does not say when they happened.
    static let defaultSpacing = 0.03

    static func run(arguments: [String]) throws -> Int32 {
        guard let parsed = try parser.parseOrShowHelp(arguments) else { return 0 }
        let from = try parser.choice(parsed, "--from", in: StreamFormat.allCases.map(\.rawValue), default: "")
        let width = try parser.width(parsed)
        let color = try parser.choice(parsed, "--color", in: ["auto", "always", "never"], default: "auto")
        let themeName = try parser.choice(parsed, "--theme", in: ["dark", "light", "plain"], default: "dark")
        let speed = try parser.speed(parsed)
        guard parsed.positional.count == 1 else {
            throw CommandError.usage(
                parsed.positional.isEmpty
                    ? "expected one recording" : "replay plays one recording, got \(parsed.positional.count) files",
                help: usage)
        }
        let path = parsed.positional[0]
        if FileKind.isFolder(path) {
            throw CommandError.usage("'\(path)' is a folder: replay plays one recording", help: usage)
        }
        let data = try Input.read(path)
        // A chat export holds finished conversations, not a stream: render shows them.
        if from.isEmpty, let app = data.withUnsafeBytes({ ChatExport.detect($0) }) {
            throw CommandError.usage(
                "'\(path)' is a \(app.displayName) export, not a recorded stream: teletype render \(path) lists its "
                    + "conversations and shows one with --conversation N|ID|TITLE", help: usage)
        }
        let recording = StreamRecordingReader(format: StreamFormat(rawValue: from)).read(
            data, file: path == "-" ? "<stdin>" : path)
        let appearance = AIAppearance.named(themeName) ?? .dark
        let renderer = ConversationTerminalRenderer(
            width: TerminalSettings.width(width),
            capabilities: TerminalSettings.capabilities(format: "ansi", color: color),
            appearance: appearance)
        let live = parsed.isSet("--live") || Console.outputIsTerminal
        let height = Console.terminalHeight ?? Environment.number("LINES", above: 1) ?? 24
        var expansion = ConversationViewState()
        expansion.expandReasoning = parsed.isSet("--expand-reasoning")
        expansion.expandToolCalls = parsed.isSet("--expand-tools")
        let final = play(
            recording, renderer: renderer, live: live && !parsed.isSet("--instant"), speed: speed, height: height,
            expansion: expansion)
        if !live || parsed.isSet("--instant") {
            Console.output(
                renderer.render(
                    ConversationLayout(appearance: appearance, ui: .standard).rows(
                        for: final.messages, state: final.state)))
        }
        if let error = recording.error {
            throw CommandError.malformed(error.description)
        }
        return 0
    }

    /// The conversation and view state after the recording played.
    struct Played {
        var messages: [Message]
        var state: ConversationViewState
    }

    /// What the view shows besides the messages at `now` (the stream's seconds): "Thinking… 4s" while
    /// the reply shows nothing yet, its timer handed on to a reasoning step as it starts.
    static func state(
        for conversation: StreamedConversation, now: Double?, expansion: ConversationViewState = ConversationViewState()
    ) -> ConversationViewState {
        var state = ConversationViewState()
        state.expandReasoning = expansion.expandReasoning
        state.expandToolCalls = expansion.expandToolCalls
        let thinking = conversation.activity.map { $0.lowercased().contains("think") } ?? false
        let replyShows = conversation.messages.last.map { !$0.role.isUser && !($0.text.isEmpty && $0.parts.isEmpty) }
        state.isThinking = thinking && !(replyShows ?? false)
        if let now, let since = conversation.thinkingSince { state.thinkingElapsed = max(0, now - since) }
        if let error = conversation.agentError {
            state.footer = error
            state.footerIsError = true
        }
        return state
    }

    static func play(
        _ recording: StreamRecording, renderer: ConversationTerminalRenderer, live: Bool, speed: Double, height: Int,
        expansion: ConversationViewState = ConversationViewState()
    )
        -> Played
    {
        var conversation = StreamedConversation()
        guard live else {
            for timed in recording.events { conversation.apply(timed.event, at: timed.time) }
            return Played(
                messages: conversation.messages, state: state(for: conversation, now: nil, expansion: expansion))
        }
        var view = LiveConversationView(renderer: renderer, height: height)
        let start = Clock.seconds()
        var clock = 0.0
        func draw(final: Bool) {
            let now = (Clock.seconds() - start) * speed
            view.draw(
                conversation.messages, state: state(for: conversation, now: final ? nil : now, expansion: expansion),
                final: final)
        }
        for timed in recording.events {
            let due = (timed.time ?? clock + defaultSpacing) / speed
            clock = timed.time ?? clock + defaultSpacing
            // Wait for the event, redrawing once a second so "Thinking… 4s" counts.
            while Clock.seconds() - start < due {
                let left = due - (Clock.seconds() - start)
                usleep(useconds_t(min(left, 1) * 1_000_000))
                if conversation.thinkingSince != nil { draw(final: false) }
            }
            conversation.apply(timed.event, at: timed.time)
            draw(final: false)
        }
        draw(final: true)
        view.end()
        return Played(messages: conversation.messages, state: state(for: conversation, now: nil, expansion: expansion))
    }
}
