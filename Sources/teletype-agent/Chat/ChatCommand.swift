import Foundation
import Teletype
import TeletypeANSI
import TeletypeCommandLine
import TeletypeLayout

/// `teletype chat`: an interactive conversation in the terminal, built on `AIConversation`.
enum ChatCommand {
    static let usage = """
        USAGE
          teletype chat [options]

        Talk with an agent in the terminal: the conversation above, a composer below. With no agent
        configured it talks to a built-in demo agent, so it works with no server. Conversations are kept
        in $XDG_DATA_HOME/teletype/conversations (else ~/.local/share/teletype/conversations).

        OPTIONS
          --endpoint URL                The server (default: $TELETYPE_ENDPOINT)
          --api chat|responses|gemini   What it speaks: OpenAI chat completions (default), OpenAI's Responses
                                        API, or Gemini (default: $TELETYPE_API)
          --model NAME                  The model (default: $TELETYPE_MODEL)
          --system TEXT                 A system prompt
          --replay FILE                 Answer every message with a recorded stream (any `replay` format)
          --speed X                     With --replay (or the demo agent), play X times as fast (default 1)
          --timeout SECONDS             How long to wait for a reply to start (default 300; 0: forever)
          --resume [ID]                 Continue the latest saved conversation (or the one named ID)
          --option ID=TITLE[:DESC]      Offer a chat option in the `/` picker (repeatable)
          --suggest TEXT                A conversation starter, chosen with its number (repeatable)
          --no-save                     Write nothing to disk (saved conversations can still be opened)
          --color auto|always|never     Use colour (default: auto)
          --theme dark|light|plain      The colour theme (default: dark)
          -h, --help                    Show this help

        KEYS
          Enter                 Send (a line ending in \\ continues on a new line)
          Alt-Enter, Shift-Enter  A new line
          ←→ Home End, Ctrl-A/E/K/U/W, Alt-B/F   Edit; Ctrl-P/N: messages sent before
          Up (empty composer)   Edit your latest message; Esc cancels the edit
          Esc, Ctrl-C           Stop the reply; Ctrl-C twice (or Ctrl-D on an empty composer) quits
          /                     Chat options; Backspace on an empty composer removes a chip
          /attach PATH          Attach a file (Tab completes the path)
          Alt-R                 Regenerate the latest reply, or retry after an error
          Alt-C                 Copy the latest reply (OSC 52, and a file)
          Alt-U, Alt-D, Alt-X   Rate the latest reply good, bad, or take the rating back
          Alt-A, Alt-N          Allow or decline the tool call waiting for approval
          1–9                   Pick a suggestion (empty conversation)
          PgUp, PgDn, Ctrl-L    Scroll the conversation; back to the latest
          Ctrl-O                Conversations: switch, or start a new one

        """

    static let parser = OptionParser(
        flags: [
            .init(names: ["--endpoint"], takesValue: true), .init(names: ["--model"], takesValue: true),
            .init(names: ["--api"], takesValue: true),
            .init(names: ["--system"], takesValue: true), .init(names: ["--replay"], takesValue: true),
            .init(names: ["--speed"], takesValue: true), .init(names: ["--timeout"], takesValue: true),
            .init(names: ["--resume"], takesValue: false), .init(names: ["--option"], takesValue: true),
            .init(names: ["--suggest"], takesValue: true), .init(names: ["--no-save"], takesValue: false),
            .init(names: ["--color", "--colour"], takesValue: true), .init(names: ["--theme"], takesValue: true),
        ], usage: usage)

    static func run(arguments: [String]) throws -> Int32 {
        guard let parsed = try parser.parseOrShowHelp(arguments) else { return 0 }
        let environment = ProcessInfo.processInfo.environment
        let settings = try settings(parsed, environment: environment)
        Console.runOnMainActor { await ChatSession(settings: settings).run() }
    }

    static func settings(_ parsed: OptionParser.Parsed, environment: [String: String]) throws -> ChatSession.Settings {
        let speed = try parser.speed(parsed)
        let agent = try Agent.from(parsed, parser: parser, environment: environment) {
            .recording(DemoAgent.recording, speed: speed)
        }
        let timeout = try Agent.timeout(parsed, parser: parser)
        let color = try parser.choice(parsed, "--color", in: ["auto", "always", "never"], default: "auto")
        let themeName = try parser.choice(parsed, "--theme", in: ["dark", "light", "plain"], default: "dark")
        let store = ChatStore(environment: environment)
        // `--resume` continues the latest; `--resume ID` (its value as the positional) the one named.
        var id = ChatStore.newID()
        var history: [Message] = []
        if parsed.isSet("--resume") {
            guard let chosen = parsed.positional.first ?? store.summaries().first?.id else {
                throw CommandError.failure("no saved conversation to resume in \(store.folder.path)")
            }
            history = try store.load(chosen)
            id = chosen
        } else if let extra = parsed.positional.first {
            throw CommandError.usage("unexpected argument '\(extra)'", help: usage)
        }
        let options = try parsed.all("--option").map { text -> AIChatOption in
            let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw CommandError.usage("--option must be ID=TITLE[:DESCRIPTION], not '\(text)'", help: usage)
            }
            let described = parts[1].split(separator: ":", maxSplits: 1).map(String.init)
            return AIChatOption(
                id: parts[0], title: described[0], description: described.count > 1 ? described[1] : nil)
        }
        return ChatSession.Settings(
            agent: agent, timeout: timeout,
            capabilities: TerminalSettings.capabilities(format: "ansi", color: color),
            appearance: AIAppearance.named(themeName) ?? .dark, store: store, saves: !parsed.isSet("--no-save"),
            conversationID: id, history: history,
            chatOptions: options, suggestions: parsed.all("--suggest"))
    }
}
