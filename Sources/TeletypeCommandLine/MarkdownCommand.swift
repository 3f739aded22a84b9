import TeletypeANSI
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
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `teletype md`: renders a Markdown document to the terminal, plain text or HTML.
package enum MarkdownCommand {
    package static let usage = """
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
          --allow-remote-images         HTML format: load http(s) images (otherwise they show as links)
          --trusted                     HTML format: a document you wrote — raw HTML passes, every URL is kept,
                                        images load (relative ones too): the HTML cmark-gfm itself writes
          --live                        Draw standard input as it arrives in a live region, even when the output
                                        is not a terminal (for recording and tests)
          --no-typing                   Show text as it arrives instead of typing it out
          --graphemes on|off            Measure text by grapheme cluster as modern terminals draw it (on, the
                                        default), or by code point for terminals that do not cluster (off);
                                        also TELETYPE_GRAPHEMES=1|0
          -h, --help                    Show this help

        Standard input is rendered as it arrives: in a terminal the reply types itself out in a live region;
        into a pipe or file, finished blocks are written as they complete, and the result is byte for byte
        the one of rendering the whole input at once.

        """

    package static let parser = OptionParser(
        flags: [
            .init(names: ["--width", "-w"], takesValue: true), .init(names: ["--color", "--colour"], takesValue: true),
            .init(names: ["--theme"], takesValue: true), .init(names: ["--format"], takesValue: true),
            .init(names: ["--allow-raw-html"], takesValue: false), .init(names: ["--live"], takesValue: false),
            .init(names: ["--allow-remote-images"], takesValue: false), .init(names: ["--trusted"], takesValue: false),
            .init(names: ["--no-typing"], takesValue: false),
        ], usage: usage)

    package static func run(arguments: [String]) throws -> Int32 {
        guard let parsed = try parser.parseOrShowHelp(arguments) else { return 0 }
        let width = try parser.width(parsed)
        let color = try parser.choice(parsed, "--color", in: ["auto", "always", "never"], default: "auto")
        let themeName = try parser.choice(parsed, "--theme", in: Theme.presetNames, default: "dark")
        let format = try parser.choice(parsed, "--format", in: ["ansi", "plain", "html"], default: "ansi")
        guard parsed.positional.count <= 1 else {
            throw CommandError.usage("expected one input file, got \(parsed.positional.count)", help: usage)
        }
        let path = parsed.positional.first
        if (path == nil || path == "-") && format != "html" && !Console.inputIsRegularFile {
            let renderer = TerminalRenderer(
                width: TerminalSettings.width(width),
                capabilities: TerminalSettings.capabilities(format: format, color: color),
                theme: Theme.named(themeName) ?? .dark)
            let live = parsed.isSet("--live") || Console.outputIsTerminal
            try MarkdownStreaming.run(
                renderer: renderer, live: live, typing: !parsed.isSet("--no-typing"),
                height: Console.terminalHeight
                    ?? Environment.number("LINES", above: 1)
                    ?? 24)
            return 0
        }
        let data = try Input.read(path)
        // A file that is not text (an executable, an image) is refused, not drawn as noise.
        if data.withUnsafeBytes({ FileShape.isBinary($0) }) {
            throw CommandError.malformed("\(path ?? "<stdin>"): binary file, not Markdown")
        }
        // cmark-gfm reads the bytes as they are and replaces invalid UTF-8 by U+FFFD; the output is
        // written piece by piece as it is ready. The process ends after it: the tree of a document
        // of a few megabytes is left to the exit rather than freed node by node; a larger one's is
        // freed piece by piece, so that memory stays flat.
        if data.count <= TreeLifetime.documentsLeftToExit { TreeLifetime.leaveToExit() }
        if format == "html" {
            var html = HTMLRenderOptions.untrusted
            html.allowsRawHTML = parsed.isSet("--allow-raw-html")
            html.loadsRemoteImages = parsed.isSet("--allow-remote-images")
            if parsed.isSet("--trusted") { html = .trusted }
            data.withUnsafeBytes { MarkdownHTMLRenderer(options: html).render(markdownUTF8: $0, to: Console.output) }
        } else {
            var renderer = TerminalRenderer(
                width: TerminalSettings.width(width),
                capabilities: TerminalSettings.capabilities(format: format, color: color),
                theme: Theme.named(themeName) ?? .dark)
            if let path, path != "-" {
                // Relative links name files beside the document.
                renderer.documentPath = HyperlinkPolicy.absolutePath(path)
            }
            data.withUnsafeBytes { renderer.render(markdownUTF8: $0, to: Console.output) }
        }
        Console.exitSuccessfully(keeping: data)
    }
}

/// Reading the input file, or standard input.
package enum Input {
    /// Fails with a clear message unless `path` is a readable file.
    package static func checkReadable(_ path: String) throws -> Bool {
        if let error = problem(path) { throw error }
        return true
    }

    /// Why `path` cannot be read as a file, in the words every command uses (`cannot read 'PATH': no
    /// such file`, `it is a directory`, `permission denied`), or nil when it can.
    package static func problem(_ path: String) -> CommandError? {
        var status = stat()
        guard stat(path, &status) == 0 else {
            return .failure("cannot read '\(path)': " + (errno == EACCES ? "permission denied" : "no such file"))
        }
        if status.st_mode & S_IFMT == S_IFDIR { return .failure("cannot read '\(path)': it is a directory") }
        guard access(path, R_OK) == 0 else { return .failure("cannot read '\(path)': permission denied") }
        return nil
    }

    /// The error for a file that could not be opened or read: why, in the words of ``problem(_:)``.
    package static func cannotRead(_ path: String) -> CommandError {
        problem(path) ?? .failure("cannot read '\(path)': " + String(cString: strerror(errno)))
    }

    package static func read(_ path: String?) throws -> Data {
        guard let path, path != "-" else { return Console.readStandardInput() }
        if let problem = problem(path) { throw problem }
        guard let data = readFile(path) else { throw cannotRead(path) }
        return data
    }

    /// The bytes of the file at `path`, read in as few calls as its size allows; nil when it cannot
    /// be opened or read.
    static func readFile(_ path: String) -> Data? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        // A file that is not regular (a FIFO, /dev/stdin) or that grows is read to its end.
        var data = Data(count: max(Int(status.st_size), 0) + 1)
        var length = 0
        while true {
            if length == data.count { data.count += max(data.count, 1 << 16) }
            let count = data.withUnsafeMutableBytes { buffer in
                readBytes(descriptor, buffer.baseAddress! + length, buffer.count - length)
            }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            length += count
        }
        data.count = length
        return data
    }
}

/// The C library's `read`, which `Input.read` hides by its name.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
