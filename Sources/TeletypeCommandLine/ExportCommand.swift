import Teletype
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
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `teletype export`: writes a transcript as a self-contained HTML page, or many transcripts as an
/// archive folder with an index.
enum ExportCommand {
    static let usage = """
        USAGE
          teletype export FILE -o OUT.html [options]
          teletype export FILE|FOLDER... -o OUTDIR [options]
          teletype export - -o OUTDIR [options]          (the paths, one a line, on standard input)

        Writes an AI conversation as one self-contained HTML page: inline CSS (light and dark), print styles,
        reasoning and tool calls as <details>, no JavaScript, and a Content-Security-Policy. Answers are
        rendered as untrusted Markdown. The page is written atomically: on any error no file is left.
        JSONL transcripts are read a message at a time, so memory stays flat however long they are.

        With several transcripts, a folder (searched for .json, .jsonl and .ndjson files), or an output
        that is a folder (one that exists, or a path ending in /), every transcript becomes a page under
        OUTDIR/pages/ and OUTDIR/index.html lists them: title, first and last time, messages, models and
        tools, in the order the conversations began. Transcripts are exported side by side on every core;
        pages already up to date (same input bytes, same options) are kept. A bad transcript is reported
        as FILE:LINE:COL and leaves no page; the others go on, and the command ends with exit 2. Ctrl-C
        stops after the pages being written: complete pages stay, and the index lists them.

        A chat app's data export (ChatGPT's or Claude.ai's conversations.json) is a page a conversation,
        each with every version of it (a regenerated reply, an edited prompt) in a <details>: -o OUTDIR
        makes the archive of all of them (an export of many needs a folder); --conversation N|ID|TITLE
        with -o OUT.html makes one page.

        OPTIONS
          -o, --output OUT.html|OUTDIR  Where to write the page, or the archive's folder (required)
          --from FORMAT                 The transcripts' format (default: detected for each file): \(HelpText.wrapped(HelpText.formats, start: 91))
          --conversation N|ID|TITLE     One conversation of a chat export or database: its number in teletype render's
                                        list (1 is the newest), its id, or words of its title
          --branch ID                   With --conversation: the version through message ID as the page's
                                        conversation (the others stay in their <details>)
          --theme auto|light|dark|plain Colours: the reader's preference (default), or fixed
          --allow-remote-images         Load images from the web (otherwise they show as links)
          --trusted                     A transcript you trust: raw HTML passes (scripts stay blocked by the
                                        page's Content-Security-Policy), every URL is kept, images load
          --title TEXT                  The page's title (default: the first question); an archive's index
          --no-redact                   Keep secrets (API keys, tokens, passwords, private keys) as they are; by
                                        default each becomes [REDACTED kind], counted at the page's end
          --detail prompts|focused|full The view a page opens on: the prompts only, prompts and replies with the
                                        work folded, or everything (default: full); the reader switches
          --page-size N                 Pages of N prompts each: OUT.html lists every prompt with its time and links
                                        to its place in OUT-1.html, OUT-2.html, … (by default a conversation of
                                        more than 50 prompts or 2 MB of page is cut into pages of 50)
          --single-page                 One page however long the conversation
          --jobs N                      Transcripts exported at a time (default: the number of cores)
          --force                       Write every page again, even those up to date
          --quiet                       No progress bar (drawn only when standard error is a terminal, and for
                                        one transcript only once it has taken a second)
          -h, --help                    Show this help

        """

    static let parser = OptionParser(
        flags: [
            .init(names: ["--output", "-o"], takesValue: true), .init(names: ["--from"], takesValue: true),
            .init(names: ["--theme"], takesValue: true), .init(names: ["--allow-remote-images"], takesValue: false),
            .init(names: ["--title"], takesValue: true), .init(names: ["--trusted"], takesValue: false),
            .init(names: ["--no-redact"], takesValue: false),
            .init(names: ["--jobs"], takesValue: true), .init(names: ["--force"], takesValue: false),
            .init(names: ["--quiet", "-q"], takesValue: false), .init(names: ["--conversation"], takesValue: true),
            .init(names: ["--branch"], takesValue: true), .init(names: ["--detail"], takesValue: true),
            .init(names: ["--page-size"], takesValue: true), .init(names: ["--single-page"], takesValue: false),
        ], usage: usage)

    static func run(arguments: [String]) throws -> Int32 {
        guard let parsed = try parser.parseOrShowHelp(arguments) else { return 0 }
        let from = try parser.choice(parsed, "--from", in: TranscriptFormat.allCases.map(\.rawValue), default: "")
        let theme = try parser.choice(
            parsed, "--theme", in: HTMLPage.ColorScheme.allCases.map(\.rawValue), default: "auto")
        guard !parsed.positional.isEmpty else {
            throw CommandError.usage("expected a transcript file or folder", help: usage)
        }
        guard let output = parsed.value("--output"), !output.isEmpty else {
            throw CommandError.usage("-o OUT.html (or -o OUTDIR for an archive) is required", help: usage)
        }
        var options = HTMLRenderOptions.untrusted
        options.loadsRemoteImages = parsed.isSet("--allow-remote-images")
        if parsed.isSet("--trusted") { options = .trusted }
        var exporter = ConversationPageExporter(
            options: options, colorScheme: HTMLPage.ColorScheme(rawValue: theme) ?? .auto,
            format: TranscriptFormat(rawValue: from), title: parsed.value("--title"), ui: .standard)
        exporter.redactsSecrets = !parsed.isSet("--no-redact")
        exporter.detail =
            ConversationDetail(
                rawValue: try parser.choice(
                    parsed, "--detail", in: ConversationDetail.allCases.map(\.rawValue), default: "full")) ?? .full
        exporter.paging = try paging(parsed)
        let outputIsFolder = output.hasSuffix("/") || FileKind.isFolder(output)
        let selector = parsed.value("--conversation")
        if parsed.positional.count == 1, parsed.positional[0] != "-", !FileKind.isFolder(parsed.positional[0]),
            let export = try CollectionChoice.open(
                parsed.positional[0], data: nil, format: TranscriptFormat(rawValue: from))
        {
            if let conversation = try CollectionChoice.conversation(of: export, selector: selector),
                selector != nil || !outputIsFolder
            {
                let transcript = try CollectionChoice.read(conversation, of: export, branch: parsed.value("--branch"))
                for notice in transcript.notices { Console.error("teletype: " + notice + "\n") }
                do {
                    let overview = try exporter.export(transcript, to: output)
                    sayPages(overview, output: output)
                    sayRedactions(overview)
                } catch let error as FileWriteError {
                    throw CommandError.failure(error.message)
                } catch let error as NoMessagesError {
                    throw CommandError.malformed(error.description + "; no page written")
                }
                return 0
            }
            if output.lowercased().hasSuffix(".html") {
                throw CommandError.usage(
                    "'\(parsed.positional[0])' is a \(export.kindName) of \(export.conversations.count) "
                        + "conversations: -o OUTDIR writes a page for each, --conversation N|ID|TITLE one page",
                    help: usage)
            }
            return try ExportArchive.run(parsed: parsed, output: output, exporter: exporter)
        }
        if selector != nil || parsed.value("--branch") != nil {
            throw CommandError.usage(
                "--conversation and --branch choose within a source of many conversations (a chat export, "
                    + "an agent's database), one given alone", help: usage)
        }
        let isArchive =
            parsed.positional.count > 1 || outputIsFolder
            || parsed.positional.contains { $0 != "-" && FileKind.isFolder($0) }
        if isArchive {
            return try ExportArchive.run(parsed: parsed, output: output, exporter: exporter)
        }
        return try exportOne(parsed.positional[0], to: output, exporter: exporter, quiet: parsed.isSet("--quiet"))
    }

    /// How long conversations are cut into pages: `--page-size N`, `--single-page`, or by default.
    static func paging(_ parsed: OptionParser.Parsed) throws -> ConversationPaging {
        let size = parsed.value("--page-size")
        if parsed.isSet("--single-page") {
            guard size == nil else {
                throw CommandError.usage("--page-size and --single-page cannot be given together", help: usage)
            }
            return .single
        }
        guard let size else { return .automatic }
        guard let number = Int(size), number >= 1 else {
            throw CommandError.usage(
                "--page-size expects a number of prompts of at least 1, got '\(size)'", help: usage)
        }
        return .prompts(number)
    }

    /// Says on standard error into how many pages a conversation was cut.
    static func sayPages(_ overview: ConversationOverview, output: String) {
        guard let pages = overview.pages else { return }
        let first = PageFiles.name(of: 1, destination: output)
        let last = PageFiles.name(of: pages, destination: output)
        Console.error("teletype: \(pages) pages (\(first) to \(last)); \(output) lists every prompt\n")
    }

    /// Says on standard error what was redacted from a page.
    static func sayRedactions(_ overview: ConversationOverview) {
        guard let said = SecretRedactor.Tally(counts: overview.redactions ?? [:]).summary else { return }
        Console.error("teletype: \(said) (--no-redact keeps them)\n")
    }

    /// One transcript to one page.
    static func exportOne(_ path: String, to output: String, exporter: ConversationPageExporter, quiet: Bool) throws
        -> Int32
    {
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
        // A long export shows its progress once it has taken a second.
        let size = FileKind.of(input)?.size ?? 0
        let progress = ProgressLine(quiet: quiet, after: ProgressLine.defaultDelay)
        defer { progress.clear() }
        do {
            let overview = try exporter.export(
                transcriptAt: input, name: path == "-" ? "<stdin>" : path, to: output,
                bytesRead: { progress.update(files: 0, totalFiles: 1, bytes: $0, totalBytes: size) },
                notice: {
                    progress.clear()
                    Console.error("teletype: " + $0 + "\n")
                })
            progress.clear()
            sayPages(overview, output: output)
            sayRedactions(overview)
        } catch let error as TranscriptError {
            throw CommandError.malformed(error.description)
        } catch let error as NoMessagesError {
            let name = path == "-" ? "<stdin>" : path
            let mistaken = ForcedFormat.mismatch(path: input, name: name, forced: exporter.format)
            throw CommandError.malformed((mistaken ?? error.description) + "; no page written")
        } catch let error as FileWriteError {
            throw CommandError.failure(error.message)
        }
        return 0
    }
}

extension FileKind {
    /// Whether `path` is a folder (following links).
    static func isFolder(_ path: String) -> Bool { FileKind.of(path)?.isFolder == true }
}
