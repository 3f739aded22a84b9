import Foundation
import TeletypeTestSupport
import Testing

/// `teletype export FILE|FOLDER… -o OUTDIR` as a user runs it: bad files reported with their line
/// and column and exit 2, paths from standard input, a progress bar only on a terminal, and Ctrl-C
/// that leaves complete pages and an index of them.
@Suite struct ExportArchiveCommandTests {
    let cli = CommandLineTests()

    static func withFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "export-archive-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    /// `count` transcripts of `exchanges` exchanges each in `folder`.
    static func write(_ count: Int, exchanges: Int, into folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for file in 0..<count {
            var text = ""
            for index in 0..<exchanges {
                text += #"{"role":"user","text":"Question \#(index) of chat \#(file)"}"# + "\n"
                text +=
                    #"{"role":"assistant","text":"An *answer* with `code` and a [link](https://example.com/\#(index))."}"#
                    + "\n"
            }
            try text.write(to: folder.appendingPathComponent("chat-\(file).jsonl"), atomically: true, encoding: .utf8)
        }
    }

    @Test func badFilesAreReportedAndTheRestExported() throws {
        try Self.withFolder { folder in
            let input = folder.appendingPathComponent("in")
            try Self.write(3, exchanges: 2, into: input)
            try #"{"role":"user","text":"ok"}"#.appending("\n{\"role\": 7}\n").write(
                to: input.appendingPathComponent("bad.jsonl"), atomically: true, encoding: .utf8)
            let output = folder.appendingPathComponent("out").path
            let result = try cli.run(["export", input.path, "-o", output])
            #expect(result.status == 2)
            let bad = input.appendingPathComponent("bad.jsonl").path
            #expect(result.error.contains("teletype: error: \(bad):2:"), "\(result.error)")
            #expect(result.error.contains("3 pages written, 1 failed"), "\(result.error)")
            #expect(!result.error.contains("\r"), "no progress bar on a pipe")
            let index = try String(contentsOfFile: output + "/index.html", encoding: .utf8)
            #expect(index.contains("3 conversations") && !index.contains("bad.jsonl"))
            // Again, with the bad file fixed: the good pages are up to date, the fixed one is written.
            try #"{"role":"user","text":"fixed"}"#.write(toFile: bad, atomically: true, encoding: .utf8)
            let again = try cli.run(["export", input.path, "-o", output])
            #expect(again.status == 0, "\(again.error)")
            #expect(again.error.contains("1 page written, 3 up to date"), "\(again.error)")
        }
    }

    @Test func pathsFromStandardInput() throws {
        try Self.withFolder { folder in
            let input = folder.appendingPathComponent("in")
            try Self.write(3, exchanges: 1, into: input)
            let list = ["chat-0.jsonl", "chat-2.jsonl"].map { input.appendingPathComponent($0).path }
            let output = folder.appendingPathComponent("out").path + "/"
            let result = try cli.run(
                ["export", "-", "-o", output, "--quiet"], input: Data((list.joined(separator: "\n") + "\n").utf8))
            #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
            let pages = try FileManager.default.contentsOfDirectory(atPath: output + "pages").sorted()
            #expect(pages == ["chat-0.jsonl.html", "chat-2.jsonl.html"])
            let missing = try cli.run(["export", input.path, "/no/such/file.json", "-o", output, "--quiet"])
            #expect(missing.status == 2 && missing.error.contains("cannot read '/no/such/file.json'"))
            let jobs = try cli.run(["export", input.path, "-o", output, "--jobs", "0"])
            #expect(jobs.status == 2 && jobs.error.contains("--jobs"))
        }
    }

    @Test func aTerminalShowsProgress() throws {
        try Self.withFolder { folder in
            let input = folder.appendingPathComponent("in")
            try Self.write(4, exchanges: 2, into: input)
            let output = folder.appendingPathComponent("out").path
            // python's pty module gives the command a terminal for its standard error.
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [
                "-c", "import pty, sys; sys.exit(pty.spawn(sys.argv[1:]) >> 8)", CommandLineTests.executable.path,
                "export", input.path, "-o", output,
            ]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let result = (output: String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self), ())
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(result.output)")
            #expect(result.output.contains("4/4 files"), "\(result.output)")
            #expect(result.output.contains("\r\u{1B}[K"), "the bar is redrawn in place")
        }
    }

    @Test func ctrlCLeavesCompletePagesAndAnIndexOfThem() throws {
        try Self.withFolder { folder in
            let input = folder.appendingPathComponent("in")
            try Self.write(60, exchanges: 400, into: input)
            let output = folder.appendingPathComponent("out")
            let process = Process()
            process.executableURL = CommandLineTests.executable
            process.arguments = ["export", input.path, "-o", output.path, "--jobs", "1"]
            process.standardError = FileHandle.nullDevice
            try process.run()
            let pages = output.appendingPathComponent("pages")
            let deadline = Date().addingTimeInterval(60)
            // Interrupt once the first page is in place.
            while Date() < deadline,
                ((try? FileManager.default.contentsOfDirectory(atPath: pages.path)) ?? []).filter({
                    $0.hasSuffix(".html")
                })
                .isEmpty
            {
                usleep(2000)
            }
            kill(process.processIdentifier, SIGINT)
            process.waitUntilExit()
            #expect(process.terminationStatus == 130 || process.terminationStatus == 0)
            let files = try FileManager.default.contentsOfDirectory(atPath: pages.path)
            #expect(files.allSatisfy { !$0.hasSuffix(".partial") }, "\(files)")
            let written = files.filter { $0.hasSuffix(".html") }
            #expect(!written.isEmpty && (process.terminationStatus == 0 || written.count < 60))
            for page in written {
                let text = try String(contentsOf: pages.appendingPathComponent(page), encoding: .utf8)
                #expect(text.hasSuffix("</html>\n"), "\(page) is not complete")
            }
            // A conversation of 400 prompts is cut into pages (`NAME-1.html`, …) beside the list of
            // its prompts (`NAME.html`): the index has a row a conversation.
            let conversations = try written.filter { name in
                !(try String(contentsOf: pages.appendingPathComponent(name), encoding: .utf8))
                    .contains("<nav class=\"tt-pages\"")
            }
            #expect(written.count > conversations.count)
            let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(index.components(separatedBy: "<td class=\"tt-title\">").count - 1 == conversations.count)
        }
    }

    @Test func renderAndReplayStayOneConversationCommands() throws {
        let samples = PackageRoot.url.appendingPathComponent("Samples").path
        let render = try cli.run(["render", samples])
        #expect(render.status == 2 && render.error.contains("render shows one conversation"), "\(render.error)")
        #expect(render.error.contains("teletype export"))
        let two = try cli.run(["render", samples + "/conversation.json", samples + "/conversation.json"])
        #expect(two.status == 2 && two.error.contains("teletype export FILE|FOLDER"), "\(two.error)")
        let replay = try cli.run(["replay", samples])
        #expect(replay.status == 2 && replay.error.contains("replay plays one recording"), "\(replay.error)")
    }

    /// One long transcript: `export` shows bytes read, `render` its stage, on a terminal only (the
    /// delay before they show is set to none here, as a test machine may be fast).
    @Test func longOneConversationCommandsShowProgress() throws {
        try Self.withFolder { folder in
            try Self.write(1, exchanges: 300, into: folder)
            let transcript = folder.appendingPathComponent("chat-0.jsonl").path
            func inTerminal(_ arguments: [String]) throws -> String {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
                process.arguments =
                    ["-c", "import pty, sys; sys.exit(pty.spawn(sys.argv[1:]) >> 8)", CommandLineTests.executable.path]
                    + arguments
                var environment = ProcessInfo.processInfo.environment
                environment["TELETYPE_PROGRESS_DELAY"] = "0"
                process.environment = environment
                let pipe = Pipe()
                process.standardOutput = pipe
                process.standardInput = FileHandle.nullDevice
                try process.run()
                let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                process.waitUntilExit()
                return output
            }
            let export = try inTerminal(["export", transcript, "-o", folder.appendingPathComponent("a.html").path])
            #expect(export.contains(" MB") && export.contains("\r\u{1B}[K"), "\(export)")
            let render = try inTerminal(["render", transcript, "--format", "plain", "--no-pager"])
            // The render checks the whole file, then draws it as it reads it again.
            #expect(render.contains("[1/2] checking"), "\(render.suffix(300))")
            let piped = try cli.run(["render", transcript], environment: ["TELETYPE_PROGRESS_DELAY": "0"])
            #expect(piped.status == 0 && piped.error.isEmpty)
        }
    }

    /// A bad transcript whose name holds escape sequences is reported with them shown, not obeyed.
    @Test func hostileFileNamesCannotDriveTheTerminal() throws {
        try Self.withFolder { folder in
            let input = folder.appendingPathComponent("in")
            try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
            let name = "x\u{1B}]52;c;b3duZWQ=\u{07}\u{1B}[2J.jsonl"
            try "{\"role\": 7}\n".write(to: input.appendingPathComponent(name), atomically: true, encoding: .utf8)
            let result = try cli.run(["export", input.path, "-o", folder.appendingPathComponent("out").path])
            #expect(result.status == 2)
            #expect(
                !result.error.contains("\u{1B}") && !result.error.contains("\u{07}"), "\(result.error.debugDescription)"
            )
            #expect(result.error.contains("x␛]52;c;b3duZWQ=␇␛[2J.jsonl"), "\(result.error)")
        }
    }
}
