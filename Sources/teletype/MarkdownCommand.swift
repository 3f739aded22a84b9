import Foundation
import TeletypeANSI
import TeletypeHTML
import TeletypeLayout
import TeletypeMarkdown

/// `teletype md`: renders a Markdown document to the terminal, plain text or HTML.
enum MarkdownCommand {
    static let usage = """
        USAGE
          teletype md [FILE|-] [options]

        Renders GitHub Flavored Markdown from FILE, or from standard input when FILE is - or absent.

        OPTIONS
          --width N                     Wrap to N columns (default: the terminal's width, else $COLUMNS, else 80)
          --color auto|always|never     Use colour and hyperlinks (default: auto, from the terminal and NO_COLOR,
                                        FORCE_COLOR, CLICOLOR, CLICOLOR_FORCE, COLORTERM, TERM)
          --theme dark|light|plain      The colour theme (default: dark)
          --format ansi|plain|html      Terminal text, plain text, or an HTML fragment (default: ansi)
          --allow-raw-html              HTML format: pass raw HTML in the document through (trusted input only)
          -h, --help                    Show this help

        """

    struct Options {
        var path: String?
        var width: Int?
        var color = ColorChoice.auto
        var theme = Theme.dark
        var format = "ansi"
        var allowRawHTML = false
    }

    static func run(arguments: [String]) throws -> Int32 {
        guard let options = try parse(arguments) else {
            Console.output(usage)
            return 0
        }
        let data = try read(options.path)
        // cmark-gfm reads the bytes as they are and replaces invalid UTF-8 by U+FFFD.
        let output: String
        switch options.format {
        case "html":
            var html = HTMLRenderOptions.untrusted
            html.allowsRawHTML = options.allowRawHTML
            output = data.withUnsafeBytes { MarkdownHTMLRenderer(options: html).render(markdownUTF8: $0) }
        default:
            let environment = ProcessInfo.processInfo.environment
            let width =
                options.width ?? Console.terminalWidth ?? environment["COLUMNS"].flatMap(Int.init).flatMap {
                    $0 > 0 ? $0 : nil
                } ?? 80
            let capabilities =
                options.format == "plain"
                ? TerminalCapabilities.plain
                : TerminalCapabilities.detect(
                    environment: environment, isTTY: Console.outputIsTerminal, colorChoice: options.color)
            let renderer = TerminalRenderer(width: width, capabilities: capabilities, theme: options.theme)
            output = data.withUnsafeBytes { renderer.render(markdownUTF8: $0) }
        }
        Console.output(output)
        Console.exitSuccessfully(keeping: output)
    }

    /// Reads the command line; `nil` means help was asked for.
    static func parse(_ arguments: [String]) throws -> Options? {
        var options = Options()
        var index = 0
        func value(for flag: String, inline: String?) throws -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count else { throw CommandError.usage("\(flag) needs a value", help: usage) }
            return arguments[index]
        }
        var positional: [String] = []
        var onlyPositional = false
        while index < arguments.count {
            let argument = arguments[index]
            if onlyPositional || !argument.hasPrefix("-") || argument == "-" {
                positional.append(argument)
                index += 1
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let flag = parts[0]
            let inline = parts.count > 1 ? parts[1] : nil
            switch flag {
            case "--":
                onlyPositional = true
            case "-h", "--help":
                return nil
            case "--width", "-w":
                let text = try value(for: flag, inline: inline)
                guard let width = Int(text), width > 0, width <= 100_000 else {
                    throw CommandError.usage(
                        "--width must be a whole number from 1 to 100000, not '\(text)'", help: usage)
                }
                options.width = width
            case "--color", "--colour":
                let text = try value(for: flag, inline: inline)
                guard let choice = ColorChoice(rawValue: text) else {
                    throw CommandError.usage("--color must be auto, always or never, not '\(text)'", help: usage)
                }
                options.color = choice
            case "--theme":
                let text = try value(for: flag, inline: inline)
                guard let theme = Theme.named(text) else {
                    let names = Theme.presets.map(\.name).joined(separator: ", ")
                    throw CommandError.usage("unknown theme '\(text)' (themes: \(names))", help: usage)
                }
                options.theme = theme
            case "--format":
                let text = try value(for: flag, inline: inline)
                guard ["ansi", "plain", "html"].contains(text) else {
                    throw CommandError.usage("--format must be ansi, plain or html, not '\(text)'", help: usage)
                }
                options.format = text
            case "--allow-raw-html":
                guard inline == nil else { throw CommandError.usage("--allow-raw-html takes no value", help: usage) }
                options.allowRawHTML = true
            default:
                throw CommandError.usage("unknown option '\(flag)'", help: usage)
            }
            index += 1
        }
        guard positional.count <= 1 else {
            throw CommandError.usage("expected one input file, got \(positional.count)", help: usage)
        }
        options.path = positional.first
        return options
    }

    static func read(_ path: String?) throws -> Data {
        guard let path, path != "-" else { return Console.readStandardInput() }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw CommandError.failure("cannot read '\(path)': it is a directory")
        }
        do {
            return try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason =
                FileManager.default.fileExists(atPath: path) ? "permission denied or unreadable" : "no such file"
            throw CommandError.failure("cannot read '\(path)': \(reason)")
        }
    }
}
