import TeletypeA2UI
import TeletypeANSI
import TeletypeLayout

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#endif

/// `teletype ui`: renders generated UI — an A2UI (v0.9) message stream — on its own.
enum UICommand {
    static let usage = """
        USAGE
          teletype ui FILE|- [options]

        Renders generated UI: an A2UI (Agent to UI, v0.9, basic catalog) message stream — JSONL (one
        message a line), a JSON array of messages, or an example file's {"messages": [...]}. Every surface is
        drawn as far as it is defined: text, images (as links, never loaded), rows side by side when they
        fit, cards, tabs, lists over the data model, and forms with their current values. Reading a pipe in
        a terminal, each message is drawn as it arrives. A problem (an unknown component, a missing child,
        a cycle, a bad path) shows as a line naming it; input that is not JSON, or whose last message is cut
        short when the input ends, is named by FILE:LINE:COLUMN, with exit 2, after what could be drawn.

        OPTIONS
          --format ansi|plain|html      Terminal text, plain text, or an HTML fragment (default: ansi)
          --width N                     Wrap to N columns (default: the terminal's width, else $COLUMNS, else 80)
          --color auto|always|never     Use colour and hyperlinks (default: auto)
          --theme dark|light|plain      The colour theme (default: dark)
          --live                        Draw as the input arrives even when the output is not a terminal
          -h, --help                    Show this help

        """

    static let parser = OptionParser(
        flags: [
            .init(names: ["--format"], takesValue: true), .init(names: ["--width", "-w"], takesValue: true),
            .init(names: ["--color", "--colour"], takesValue: true), .init(names: ["--theme"], takesValue: true),
            .init(names: ["--live"], takesValue: false),
        ], usage: usage)

    static func run(arguments: [String]) throws -> Int32 {
        guard let parsed = try parser.parseOrShowHelp(arguments) else { return 0 }
        let width = try parser.width(parsed)
        let color = try parser.choice(parsed, "--color", in: ["auto", "always", "never"], default: "auto")
        let themeName = try parser.choice(parsed, "--theme", in: Theme.presetNames, default: "dark")
        let format = try parser.choice(parsed, "--format", in: ["ansi", "plain", "html"], default: "ansi")
        guard parsed.positional.count == 1 else {
            throw CommandError.usage("expected one input: a file, or - for standard input", help: usage)
        }
        let path = parsed.positional[0]
        let name = path == "-" ? "<stdin>" : path
        let renderer = TerminalRenderer(
            width: TerminalSettings.width(width),
            capabilities: TerminalSettings.capabilities(format: format, color: color),
            theme: Theme.named(themeName) ?? .dark)
        let live = format != "html" && (parsed.isSet("--live") || Console.outputIsTerminal)
        let text: String
        if path == "-" && !Console.inputIsRegularFile && live {
            text = streamLive(renderer: renderer)
        } else {
            text = String(decoding: try Input.read(path), as: UTF8.self)
            let stream = A2UIStream(reading: text)
            if format == "html" {
                Console.output(A2UIRenderer.html(stream))
            } else {
                Console.output(renderer.render(A2UIRenderer.blocks(stream)))
            }
        }
        let problems = A2UIStream(reading: text).problems
        if let problem = problems.first(where: { $0.column != nil }) {
            throw CommandError.malformed("\(name):\(problem.line):\(problem.column ?? 1): \(problem.message)")
        }
        return 0
    }

    /// Reads standard input as it arrives, drawing the surfaces again as messages complete; returns
    /// the whole input.
    static func streamLive(renderer: TerminalRenderer) -> String {
        var region = LiveRegion(capabilities: renderer.capabilities, height: Console.terminalHeight ?? 24)
        Console.output(LiveRegion.begin)
        TerminalRestore.install()
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var drawnMessages = -1
        while true {
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            bytes += buffer[0..<count]
            let text = String(decoding: bytes, as: UTF8.self)
            let complete = A2UIStream.completeMessageCount(in: text)
            if complete != drawnMessages {
                drawnMessages = complete
                let lines = renderer.lines(A2UIRenderer.blocks(A2UIStream(reading: text, isComplete: false)))
                Console.output(region.frame(committed: [], live: lines))
            }
        }
        let text = String(decoding: bytes, as: UTF8.self)
        let lines = renderer.lines(A2UIRenderer.blocks(A2UIStream(reading: text)))
        Console.output(region.frame(committed: lines, live: []))
        Console.output(LiveRegion.end)
        return text
    }
}
