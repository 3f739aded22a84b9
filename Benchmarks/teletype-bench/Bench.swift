import Foundation

/// The parent side: makes the inputs, runs every program, prints the table.
struct Bench {
    let suites: [String]
    let quick: Bool
    let jsonPath: String?

    struct Row: Codable {
        var benchmark: String
        var input: String
        var ours: String
        var peer: String
        var ratio: Double
        var goal: String
        var oursPeakMB: Double
        var peerPeakMB: Double
    }

    var repeats: Int { quick ? 2 : 5 }
    var documentBytes: Int { 5_000_000 }
    var sliceBytes: Int { 200_000 }

    func run() -> Int32 {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-bench-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let document = BenchmarkDocument.make(bytes: documentBytes)
        let slice = sliceOf(document, bytes: sliceBytes)
        let documentPath = folder.appendingPathComponent("document.md").path
        let slicePath = folder.appendingPathComponent("slice.md").path
        _ = FileManager.default.createFile(atPath: documentPath, contents: Data(document.utf8))
        _ = FileManager.default.createFile(atPath: slicePath, contents: Data(slice.utf8))
        let me = CommandLine.arguments[0]
        let megabytes = Double(document.utf8.count) / 1e6
        print(
            "Teletype benchmarks — \(String(format: "%.2f", megabytes)) MB generated document, \(slice.utf8.count / 1000) KB slice, best of \(repeats)"
        )
        var rows: [Row] = []
        if suites.contains("real") { rows += RealTextBench.run(quick: quick, me: me, folder: folder) }
        if suites.contains("machine") { rows += DocumentRatiosBench.machine(quick: quick, me: me) }
        if suites.contains("sizes") { rows += RealTextBench.sizes(quick: quick, me: me, folder: folder) }
        if suites.contains("sessions") { rows += SessionBench.run(quick: quick, me: me, folder: folder) }
        if suites.contains("chat-exports") { rows += ChatExportBench.run(quick: quick, me: me, folder: folder) }
        if suites.contains("search") { rows += SearchBench.run(quick: quick, me: me, folder: folder) }
        if suites.contains("browse") { rows += BrowseBench.run(quick: quick, me: me, folder: folder) }
        if suites.contains("highlight") { rows += HighlightBench.run(quick: quick) }

        var cmark: (seconds: Double, peak: Int)?
        if suites.contains("html") || suites.contains("ansi") {
            cmark = best(of: repeats) {
                ChildProcess.run(
                    [
                        "cmark-gfm", "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tagfilter", "-e",
                        "tasklist", documentPath,
                    ],
                    captureOutput: false)
            }
            if cmark == nil { print("cmark-gfm is not installed (apt-get install cmark-gfm): no HTML/ANSI ratios") }
        }
        if suites.contains("html"), let cmark, let ours = measure(me, "html", documentPath) {
            rows.append(row("Markdown → HTML", megabytes, ours, "cmark-gfm", cmark, goal: "≥ 0.8×"))
            if let command = command(["--format", "html", "--allow-raw-html", documentPath], me: me) {
                rows.append(
                    row(
                        "`teletype md --format html` (whole process)", megabytes, command, "cmark-gfm", cmark,
                        goal: "≥ 0.8×"))
            }
        }
        if suites.contains("ansi"), let cmark, let ours = measure(me, "ansi", documentPath) {
            rows.append(
                row(
                    "Markdown → ANSI (width 100, truecolor)", megabytes, ours, "cmark-gfm (HTML)", cmark, goal: "≥ 0.5×"
                ))
            if let command = command(["--color", "always", "--width", "100", documentPath], me: me) {
                rows.append(
                    row(
                        "`teletype md --color always` (whole process)", megabytes, command, "cmark-gfm (HTML)", cmark,
                        goal: "≥ 0.5×"))
            }
        }
        if suites.contains("rich") {
            if let rich = richTime(slicePath), let ours = measure(me, "ansi", slicePath) {
                rows.append(
                    row(
                        "Markdown → ANSI (width 100)", Double(slice.utf8.count) / 1e6, ours, "Python rich", rich,
                        goal: "≥ 20×"))
            } else {
                print("Python rich is not available (make venv): no rich ratio")
            }
        }
        if suites.contains("render") || suites.contains("export") {
            rows += conversationRows(folder: folder)
        }
        if suites.contains("export-large") {
            exportLarge(folder: folder)
        }
        if !rows.isEmpty { printTable(rows) }
        if suites.contains("streaming") { StreamingBench.run(quick: quick) }
        if suites.contains("piped") { PipedStreamBench.run(quick: quick, me: me, folder: folder) }
        if suites.contains("conversation") { MainActor.assumeIsolated { ConversationStateBench.run(quick: quick) } }
        if suites.contains("hostile") { HostileInputBench.run(quick: quick, folder: folder, me: me) }
        if suites.contains("archive") { ArchiveBench.run(quick: quick, me: me, folder: folder) }
        if let jsonPath {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            if let data = try? encoder.encode(rows) {
                _ = FileManager.default.createFile(atPath: jsonPath, contents: data)
            }
        }
        return 0
    }

    /// The best time and peak memory of `teletype md ARGUMENTS` as a whole process, when the
    /// `teletype` executable was built beside this one.
    func command(_ arguments: [String], me: String = CommandLine.arguments[0], verb: String = "md") -> (
        seconds: Double, peak: Int
    )? {
        let cli = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("teletype").path
        guard FileManager.default.isExecutableFile(atPath: cli) else { return nil }
        return best(of: repeats) { ChildProcess.run([cli, verb] + arguments, captureOutput: false) }
    }

    /// Render and export of a 10,000-message transcript, against cmark-gfm on the messages' texts.
    func conversationRows(folder: URL) -> [Row] {
        let transcript = folder.appendingPathComponent("transcript.jsonl").path
        let textsPath = folder.appendingPathComponent("texts.md").path
        let texts = TranscriptGenerator.write(to: transcript, messages: 10_000)
        _ = FileManager.default.createFile(atPath: textsPath, contents: Data(texts.utf8))
        let megabytes = Double(texts.utf8.count) / 1e6
        var rows: [Row] = []
        guard !texts.isEmpty,
            let cmark = best(
                of: repeats,
                {
                    ChildProcess.run(
                        [
                            "cmark-gfm", "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tagfilter",
                            "-e", "tasklist", textsPath,
                        ],
                        captureOutput: false)
                })
        else { return rows }
        let label = "10,000 messages (\(String(format: "%.1f", megabytes)) MB of text)"
        if suites.contains("render"),
            let ours = command([transcript, "--color", "always", "--width", "100"], verb: "render")
        {
            rows.append(
                row("`teletype render` " + label, megabytes, ours, "cmark-gfm (texts → HTML)", cmark, goal: "≥ 0.5×"))
        }
        if suites.contains("export"),
            let ours = command([transcript, "-o", folder.appendingPathComponent("out.html").path], verb: "export")
        {
            rows.append(
                row("`teletype export` " + label, megabytes, ours, "cmark-gfm (texts → HTML)", cmark, goal: "—"))
        }
        return rows
    }

    /// The peak memory of exporting a 200 MB JSONL transcript (goal: under 300 MB).
    func exportLarge(folder: URL) {
        let transcript = folder.appendingPathComponent("large.jsonl").path
        TranscriptGenerator.write(to: transcript, bytes: 200_000_000, texts: false)
        let size = (try? FileManager.default.attributesOfItem(atPath: transcript)[.size] as? Int) ?? 0
        let me = CommandLine.arguments[0]
        let cli = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("teletype").path
        guard
            let outcome = ChildProcess.run(
                [cli, "export", transcript, "-o", folder.appendingPathComponent("large.html").path],
                captureOutput: false),
            outcome.status == 0
        else {
            print("export of the 200 MB transcript failed")
            return
        }
        print(
            String(
                format:
                    "\nExport of a %.0f MB JSONL transcript: %.1f s, %.1f MB/s, peak memory %.0f MB (goal: under 300 MB)",
                Double(size) / 1e6, outcome.seconds, Double(size) / 1e6 / outcome.seconds,
                Double(outcome.peakMemoryKB) / 1024))
    }

    func sliceOf(_ document: String, bytes: Int) -> String {
        // Cut at a section boundary so the slice is a whole document.
        var slice = String(document.utf8.prefix(bytes)) ?? ""
        if let cut = slice.range(of: "\n# ", options: .backwards) { slice = String(slice[..<cut.lowerBound]) + "\n" }
        return slice
    }

    func best(of count: Int, _ body: () -> ChildProcess.Outcome?) -> (seconds: Double, peak: Int)? {
        var result: (seconds: Double, peak: Int)?
        for _ in 0..<count {
            guard let outcome = body(), outcome.status == 0 else { return nil }
            result = (min(result?.seconds ?? .infinity, outcome.seconds), max(result?.peak ?? 0, outcome.peakMemoryKB))
        }
        return result
    }

    /// Our time (best in-process render of the child) and the child's peak memory.
    func measure(_ me: String, _ format: String, _ path: String) -> (seconds: Double, peak: Int)? {
        guard let outcome = ChildProcess.run([me, "--measure", format, path, String(repeats)]), outcome.status == 0,
            let seconds = Double(outcome.output.split(separator: " ").first ?? "")
        else { return nil }
        return (seconds, outcome.peakMemoryKB)
    }

    /// rich's best time, measured inside Python around `console.print(Markdown(text))`.
    func richTime(_ path: String) -> (seconds: Double, peak: Int)? {
        let script = """
            import io, sys, time
            from rich.console import Console
            from rich.markdown import Markdown
            text = open(sys.argv[1], encoding="utf-8").read()
            best = float("inf")
            for _ in range(int(sys.argv[2])):
                console = Console(width=100, force_terminal=True, file=io.StringIO())
                start = time.perf_counter()
                console.print(Markdown(text))
                best = min(best, time.perf_counter() - start)
            print(best)
            """
        guard let outcome = ChildProcess.run(["python3", "-c", script, path, String(quick ? 1 : 3)]),
            outcome.status == 0,
            let seconds = Double(outcome.output.trimmingCharacters(in: .whitespacesAndNewlines))
        else { return nil }
        return (seconds, outcome.peakMemoryKB)
    }

    func row(
        _ name: String, _ megabytes: Double, _ ours: (seconds: Double, peak: Int), _ peerName: String,
        _ peer: (seconds: Double, peak: Int), goal: String
    ) -> Row {
        Row(
            benchmark: name,
            input: megabytes >= 1 ? String(format: "%.1f MB", megabytes) : String(format: "%.0f KB", megabytes * 1000),
            ours: String(format: "%.1f MB/s", megabytes / ours.seconds),
            peer: String(format: "%@ %.1f MB/s", peerName, megabytes / peer.seconds),
            ratio: peer.seconds / ours.seconds,
            goal: goal, oursPeakMB: Double(ours.peak) / 1024, peerPeakMB: Double(peer.peak) / 1024)
    }

    func printTable(_ rows: [Row]) {
        print("")
        print(
            "| benchmark | input | Teletype | peer | ratio (ours ÷ peer throughput) | goal | peak memory: ours / peer |"
        )
        print("| --- | --- | --- | --- | --- | --- | --- |")
        for row in rows {
            print(
                "| \(row.benchmark) | \(row.input) | \(row.ours) | \(row.peer) | \(String(format: "%.2f×", row.ratio)) | \(row.goal) | \(String(format: "%.0f MB / %.0f MB", row.oursPeakMB, row.peerPeakMB)) |"
            )
        }
    }
}
