import Foundation
import Teletype
import TeletypeANSI
import TeletypeCommandLine
import TeletypeLayout
import TeletypeTransports

#if canImport(Glibc)
    import Glibc
#endif

/// `teletype ask`: one message to an agent through `AIConversation`, the reply shown live.
enum AskCommand {
    static let usage = """
        USAGE
          teletype ask "question" [options]

        Sends one message to a server (OpenAI or a compatible one: llama.cpp, Ollama, vLLM; or Gemini) and shows the
        reply live as the conversation view: the thinking timer, reasoning, tool calls, the answer typed
        out. Ctrl-C stops the reply and keeps what was written. Exit 0 when the reply finished (or was
        stopped), 1 when the agent failed, with its message.

        OPTIONS
          --endpoint URL                The server (default: $TELETYPE_ENDPOINT, else http://localhost:11434/v1,
                                        or Google's for --api gemini)
          --api chat|responses|gemini   What the server speaks: OpenAI chat completions (default, as local
                                        servers do), OpenAI's Responses API, or Gemini (default: $TELETYPE_API)
          --model NAME                  The model (default: $TELETYPE_MODEL)
          --system TEXT                 A system prompt
          --attach FILE                 Send a file with the message (repeatable); images go as images
          --replay FILE                 Answer with a recorded stream instead of a server (any `replay` format)
          --speed X                     With --replay, play X times as fast (default 1)
          --timeout SECONDS             How long to wait for the reply to start (default 300; 0: forever)
          --width N                     Wrap to N columns (default: the terminal's width, else $COLUMNS, else 80)
          --color auto|always|never     Use colour and hyperlinks (default: auto)
          --theme dark|light|plain      The colour theme (default: dark)
          --live                        Draw the live view even when the output is not a terminal
          --no-typing                   Show the reply as it arrives, without typing it out
          -h, --help                    Show this help

        The API key is read from $OPENAI_API_KEY ($GEMINI_API_KEY or $GOOGLE_API_KEY for Gemini).

        """

    static let parser = OptionParser(
        flags: [
            .init(names: ["--endpoint"], takesValue: true), .init(names: ["--model"], takesValue: true),
            .init(names: ["--api"], takesValue: true),
            .init(names: ["--system"], takesValue: true), .init(names: ["--attach"], takesValue: true),
            .init(names: ["--replay"], takesValue: true), .init(names: ["--speed"], takesValue: true),
            .init(names: ["--timeout"], takesValue: true), .init(names: ["--width", "-w"], takesValue: true),
            .init(names: ["--color", "--colour"], takesValue: true), .init(names: ["--theme"], takesValue: true),
            .init(names: ["--live"], takesValue: false), .init(names: ["--no-typing"], takesValue: false),
        ], usage: usage)

    /// What the command was asked to do, checked before anything is sent.
    struct Settings: Sendable {
        var question: String
        var attachments: [URL]
        var agent: Agent
        var timeout: Double?
        var renderer: ConversationTerminalRenderer
        var live: Bool
        var typing: Bool
        var height: Int
    }

    static func run(arguments: [String]) throws -> Int32 {
        guard let parsed = try parser.parseOrShowHelp(arguments) else { return 0 }
        let settings = try settings(parsed, environment: ProcessInfo.processInfo.environment)
        Console.runOnMainActor { await ask(settings) }
    }

    static func settings(_ parsed: OptionParser.Parsed, environment: [String: String]) throws -> Settings {
        guard parsed.positional.count == 1, !parsed.positional[0].trimmingCharacters(in: .whitespaces).isEmpty else {
            throw CommandError.usage("expected one question", help: usage)
        }
        let width = try parser.width(parsed)
        let color = try parser.choice(parsed, "--color", in: ["auto", "always", "never"], default: "auto")
        let themeName = try parser.choice(parsed, "--theme", in: ["dark", "light", "plain"], default: "dark")
        let timeout = try Agent.timeout(parsed, parser: parser)
        var attachments: [URL] = []
        for path in parsed.all("--attach") {
            guard FileManager.default.isReadableFile(atPath: path) else {
                throw CommandError.failure("cannot read the attachment '\(path)'")
            }
            attachments.append(URL(fileURLWithPath: path))
        }
        let agent = try Agent.from(parsed, parser: parser, environment: environment)
        let appearance = AIAppearance.named(themeName) ?? .dark
        let renderer = ConversationTerminalRenderer(
            width: TerminalSettings.width(width),
            capabilities: TerminalSettings.capabilities(format: "ansi", color: color), appearance: appearance)
        let height =
            Console.terminalHeight ?? environment["LINES"].flatMap(Int.init).flatMap { $0 > 1 ? $0 : nil } ?? 24
        return Settings(
            question: parsed.positional[0], attachments: attachments, agent: agent, timeout: timeout,
            renderer: renderer, live: parsed.isSet("--live") || Console.outputIsTerminal,
            typing: !parsed.isSet("--no-typing"), height: height)
    }

    /// Asks, shows the reply, and returns the exit status.
    @MainActor
    static func ask(_ settings: Settings) async -> Int32 {
        let conversation = settings.agent.conversation(timeout: settings.timeout)
        var screen = AskScreen(settings: settings)
        // Ctrl-C stops the reply; what was written stays.
        signal(SIGINT, SIG_IGN)
        Signals.unblock([SIGINT])
        let interrupt = DispatchSource.makeSignalSource(signal: SIGINT, queue: .main)
        interrupt.setEventHandler { MainActor.assumeIsolated { _ = conversation.stop() } }
        interrupt.resume()
        await conversation.send(settings.question, attachments: settings.attachments).value
        while conversation.status.isAnswering || screen.isTyping {
            screen.draw(conversation, final: false)
            try? await Task.sleep(nanoseconds: 5_000_000)
        }
        interrupt.cancel()
        screen.draw(conversation, final: true)
        if conversation.status == .error, let error = conversation.error {
            Console.error("teletype: error: \(error.localizedDescription)\n")
            return 1
        }
        return 0
    }
}

/// What `teletype ask` shows: the live view (thinking timer, the reply typed out) in a terminal, the
/// finished conversation once elsewhere.
@MainActor
struct AskScreen {
    let settings: AskCommand.Settings
    private var view: LiveConversationView?
    private var pacer = TypingPacer()
    private var typedReply: String?
    private var submittedAt: Double?

    init(settings: AskCommand.Settings) {
        self.settings = settings
        if settings.live { view = LiveConversationView(renderer: settings.renderer, height: settings.height) }
    }

    /// Whether the reply is still being typed out after it finished arriving.
    private(set) var isTyping = false

    mutating func draw(_ conversation: AIConversation<Message>, final: Bool) {
        let now = Clock.seconds()
        var messages = conversation.messages.map { message in
            var copy = message
            copy.isGenerating = conversation.isGenerating(message)
            return copy
        }
        // The latest reply is typed out at a steady pace; the rest shows at once when it ends.
        isTyping = false
        if settings.live, settings.typing, !final, let index = messages.lastIndex(where: { !$0.role.isUser }) {
            let reply = messages[index]
            if typedReply != reply.id {
                typedReply = reply.id
                pacer = TypingPacer()
            }
            let characters = Array(reply.text)
            let shown = pacer.advance(to: now, available: characters.count)
            if shown < characters.count {
                messages[index].text = String(characters[..<shown])
                messages[index].isGenerating = true
                isTyping = !conversation.status.isAnswering
            }
        }
        if conversation.status == .submitted { submittedAt = submittedAt ?? now }
        let state = ConversationViewState(
            conversation: conversation, thinkingElapsed: final ? nil : submittedAt.map { now - $0 })
        if var view {
            view.draw(messages, state: state, final: final)
            if final { view.end() }
            self.view = view
        } else if final {
            let rows = ConversationLayout(appearance: settings.renderer.appearance, ui: .standard).rows(
                for: messages, state: state)
            Console.output(settings.renderer.render(rows))
        }
    }
}
