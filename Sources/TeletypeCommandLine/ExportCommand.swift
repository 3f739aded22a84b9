import Teletype
import TeletypeHTML
import TeletypeLayout
import TeletypeMarkdown
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

/// `teletype export`: writes a transcript as a self-contained HTML page.
enum ExportCommand {
    static let usage = """
        USAGE
          teletype export FILE -o OUT.html [options]

        Writes an AI conversation as one self-contained HTML page: inline CSS (light and dark), print styles,
        reasoning and tool calls as <details>, no JavaScript, and a Content-Security-Policy. Answers are
        rendered as untrusted Markdown. The page is written atomically: on any error no file is left.
        JSONL transcripts are read a message at a time, so memory stays flat however long they are.

        OPTIONS
          -o, --output OUT.html         Where to write the page (required)
          --from FORMAT                 The transcript's format: teletype, stream, vercel, openai, anthropic,
                                        openai-responses or gemini (default: detected)
          --theme auto|light|dark|plain Colours: the reader's preference (default), or fixed
          --allow-remote-images         Load images from the web (otherwise they show as links)
          --trusted                     A transcript you trust: raw HTML passes (scripts stay blocked by the
                                        page's Content-Security-Policy), every URL is kept, images load
          --title TEXT                  The page's title (default: the first question)
          -h, --help                    Show this help

        """

    static let parser = OptionParser(
        flags: [
            .init(names: ["--output", "-o"], takesValue: true), .init(names: ["--from"], takesValue: true),
            .init(names: ["--theme"], takesValue: true), .init(names: ["--allow-remote-images"], takesValue: false),
            .init(names: ["--title"], takesValue: true), .init(names: ["--trusted"], takesValue: false),
        ], usage: usage)

    static func run(arguments: [String]) throws -> Int32 {
        guard let parsed = try parser.parseOrShowHelp(arguments) else { return 0 }
        let from = try parser.choice(parsed, "--from", in: TranscriptFormat.allCases.map(\.rawValue), default: "")
        let theme = try parser.choice(
            parsed, "--theme", in: HTMLPage.ColorScheme.allCases.map(\.rawValue), default: "auto")
        guard parsed.positional.count == 1 else {
            throw CommandError.usage(
                parsed.positional.isEmpty
                    ? "expected a transcript file" : "expected one transcript file, got \(parsed.positional.count)",
                help: usage)
        }
        guard let output = parsed.value("--output"), !output.isEmpty else {
            throw CommandError.usage("-o OUT.html is required", help: usage)
        }
        let path = parsed.positional[0]
        let input: String
        if path == "-" {
            input =
                FileManager.default.temporaryDirectory.appendingPathComponent("teletype-stdin-\(getpid()).json").path
            try Input.read("-").write(to: URL(fileURLWithPath: input))
        } else {
            _ = try Input.checkReadable(path)
            input = path
        }
        defer { if path == "-" { try? FileManager.default.removeItem(atPath: input) } }

        let colorScheme = HTMLPage.ColorScheme(rawValue: theme) ?? .auto
        let appearance: AIAppearance = colorScheme == .dark ? .dark : colorScheme == .plain ? .plain : .light
        var options = HTMLRenderOptions.untrusted
        options.loadsRemoteImages = parsed.isSet("--allow-remote-images")
        if parsed.isSet("--trusted") { options = .trusted }
        let renderer = ConversationHTMLRenderer(options: options, appearance: appearance)
        let layout = ConversationLayout(appearance: appearance, ui: .standard)
        let state = ConversationViewState(actions: [], expandToolCalls: true)

        let file = try AtomicFile(path: output)
        do {
            var title = parsed.value("--title")
            var wroteHeader = false
            var batch: [Message] = []
            var laidOut = 0
            // Messages are laid out and rendered in batches on every core, and written in order;
            // memory holds one batch at a time.
            func flush() throws {
                if !wroteHeader {
                    let page = HTMLPage(
                        title: title ?? "Conversation", colorScheme: colorScheme,
                        allowsRemoteImages: options.loadsRemoteImages, allowsAnyImage: options.allowsAnyURL)
                    try file.write(page.header)
                    wroteHeader = true
                }
                let messages = batch
                let first = laidOut
                let fragments = ParallelWork.map(messages.count) { index in
                    layout.row(for: messages[index], isFirst: first + index == 0, isLatestReply: false, state: state)
                        .map(renderer.render)
                }
                for fragment in fragments { if let fragment { try file.write(fragment) } }
                laidOut += messages.count
                batch.removeAll(keepingCapacity: true)
            }
            try TranscriptStream(format: TranscriptFormat(rawValue: from)).forEachMessage(
                inFileAt: input, name: path == "-" ? "<stdin>" : path
            ) { message in
                if title == nil && message.role.isUser {
                    title = String(message.text.prefix(80)).split(separator: "\n").first.map(String.init)
                }
                batch.append(message)
                // The title comes from the first question: the first batch waits for it a little.
                if batch.count >= 256 && (title != nil || laidOut > 0 || batch.count >= 1024) { try flush() }
            }
            try flush()
            try file.write(HTMLPage(title: "", colorScheme: colorScheme).footer)
            try file.commit()
        } catch let error as TranscriptError {
            file.discard()
            throw CommandError.malformed(error.description)
        } catch {
            file.discard()
            throw error
        }
        return 0
    }
}
