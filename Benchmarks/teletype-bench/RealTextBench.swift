import Foundation
import TeletypeTestSupport

/// `teletype-bench real`: throughput on real text — the documents of `../shared/corpus/markdown`
/// one after another, and long generated documents shaped like real ones outside it (release notes,
/// an API reference, an awesome list, a changelog; see `LongDocuments`) — as whole processes,
/// against the `cmark-gfm` command on the same file, in one run: HTML and ANSI, on every core and on
/// one (`taskset -c 0`), with peak memory.
enum RealTextBench {
    struct Result {
        var seconds: Double
        var peakKB: Int
    }

    static func run(quick: Bool, me: String, folder: URL) -> [Bench.Row] {
        let cli = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("teletype").path
        guard FileManager.default.isExecutableFile(atPath: cli) else { return [] }
        var inputs: [(name: String, path: String)] = []
        if let corpus = PipedStreamBench.corpusFolder() {
            var text = Data()
            for name in ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).sorted() {
                if let data = FileManager.default.contents(atPath: corpus.appendingPathComponent(name).path) {
                    text.append(data)
                    text.append(0x0A)
                }
            }
            // Once, and concatenated 2 and 10 times: a document's cost must grow with its length.
            for times in [1, 2, 10] {
                let path = folder.appendingPathComponent("real-text-\(times).md").path
                _ = FileManager.default.createFile(atPath: path, contents: Data(repeating: 0, count: 0))
                if let handle = FileHandle(forWritingAtPath: path) {
                    for _ in 0..<times { handle.write(text) }
                    try? handle.close()
                }
                inputs.append((times == 1 ? "real text" : "real text \(times) times", path))
            }
        } else {
            print("\nReal text: the corpus (../shared/corpus) is not here; only the generated long documents")
        }
        // Long documents shaped like real ones outside the corpus (see LongDocuments).
        for shape in LongDocuments.shapes {
            let path = folder.appendingPathComponent("long-\(shape).md").path
            _ = FileManager.default.createFile(
                atPath: path, contents: Data(LongDocuments.document(shape, bytes: 900_000).utf8))
            inputs.append(("generated \(shape)", path))
        }
        // Each run takes 20–80 ms, so the shared machine moves a single one a lot: best of 15.
        let repeats = quick ? 3 : 15
        let oneCore = PipedStreamBench.which("taskset").map { [$0, "-c", "0"] }
        if oneCore == nil { print("taskset is not installed: no one-core figures") }
        var rows: [Bench.Row] = []
        for input in inputs {
            let size = (try? FileManager.default.attributesOfItem(atPath: input.path)[.size] as? Int) ?? 0
            let times = size > 10_000_000 ? min(repeats, 5) : repeats
            guard let measured = measure(input.path, name: input.name, cli: cli, repeats: times, oneCore: oneCore)
            else {
                print("cmark-gfm is not installed (apt-get install cmark-gfm), or a run failed: no real-text ratios")
                return rows
            }
            rows += measured
        }
        // Each document of the corpus on its own, its ratios printed, the worst and median kept.
        if let corpus = PipedStreamBench.corpusFolder() {
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).sorted()
            print("\nThe corpus's documents, each on its own:")
            rows += DocumentRatiosBench.run(
                names.filter { $0.hasSuffix(".md") }.map { ($0, corpus.appendingPathComponent($0).path) },
                label: "the corpus's documents", quick: quick, me: me)
        }
        return rows
    }

    /// The rows of one input: `teletype md` to HTML and to ANSI against `cmark-gfm` on the same
    /// file, on every core and on one; nil when a run failed.
    static func measure(_ path: String, name: String, cli: String, repeats: Int, oneCore: [String]?) -> [Bench.Row]? {
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        let megabytes = Double(size) / 1e6
        // The extensions Teletype reads too.
        let cmarkArguments = [
            "cmark-gfm", "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tagfilter", "-e", "tasklist",
            path,
        ]
        var rows: [Bench.Row] = []
        for (label, prefix) in [("", [String]())] + (oneCore.map { [(", one core", $0)] } ?? []) {
            let cases: [(String, [String], String)] = [
                ("`teletype md --format html`", ["md", "--format", "html", path], label.isEmpty ? "≥ 1.0×" : "≥ 0.6×"),
                (
                    "`teletype md --color always`", ["md", "--color", "always", "--width", "100", path],
                    label.isEmpty ? "≥ 0.6×" : "≥ 0.35×"
                ),
            ]
            // cmark-gfm and each case take turns, so that a busy moment of the machine falls on all
            // of them alike; each keeps its best time.
            let commands = [prefix + cmarkArguments] + cases.map { prefix + [cli] + $0.1 }
            guard let best = interleavedBest(commands, repeats) else { return nil }
            let cmark = best[0]
            for (index, (command, _, goal)) in cases.enumerated() {
                let ours = best[index + 1]
                rows.append(
                    Bench.Row(
                        benchmark: "\(command), \(name)\(label)", input: String(format: "%.1f MB", megabytes),
                        ours: String(format: "%.1f MB/s", megabytes / ours.seconds),
                        peer: String(format: "cmark-gfm %.1f MB/s", megabytes / cmark.seconds),
                        ratio: cmark.seconds / ours.seconds, goal: goal + " (memory ≤ 2×)",
                        oursPeakMB: Double(ours.peakKB) / 1024, peerPeakMB: Double(cmark.peakKB) / 1024))
            }
        }
        return rows
    }

    /// `teletype-bench sizes`: what one document costs as a whole process, by size (1 KB, 60 KB,
    /// 1 MB of mixed Markdown): for small documents the start of the process is what a user feels.
    static func sizes(quick: Bool, me: String, folder: URL) -> [Bench.Row] {
        let cli = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("teletype").path
        guard FileManager.default.isExecutableFile(atPath: cli) else { return [] }
        var rows: [Bench.Row] = []
        for (label, bytes) in [("1 KB", 1_000), ("60 KB", 60_000), ("1 MB", 1_000_000)] {
            let path = folder.appendingPathComponent("size-\(bytes).md").path
            // Cut at the end of a line.
            var text = BenchmarkDocument.make(bytes: bytes, seed: 5)
            if text.utf8.count > bytes, let end = text.utf8.prefix(bytes).lastIndex(of: 0x0A) {
                text = String(text[..<end]) + "\n"
            }
            _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
            let cmarkArguments = [
                "cmark-gfm", "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tagfilter", "-e",
                "tasklist", path,
            ]
            let commands = [
                cmarkArguments, [cli, "md", "--format", "html", path],
                [cli, "md", "--color", "always", "--width", "100", path],
            ]
            guard let best = interleavedBest(commands, quick ? 5 : (bytes < 100_000 ? 40 : 15)) else { return rows }
            for (index, name) in ["`teletype md --format html`", "`teletype md --color always`"].enumerated() {
                let ours = best[index + 1]
                rows.append(
                    Bench.Row(
                        benchmark: "\(name), a \(label) document", input: label,
                        ours: String(format: "%.1f ms", ours.seconds * 1000),
                        peer: String(format: "cmark-gfm %.1f ms", best[0].seconds * 1000),
                        ratio: best[0].seconds / ours.seconds, goal: "—",
                        oursPeakMB: Double(ours.peakKB) / 1024, peerPeakMB: Double(best[0].peakKB) / 1024))
            }
        }
        return rows
    }

    /// The best wall time and the largest peak memory of each command, run `count` times in turn.
    static func interleavedBest(_ commands: [[String]], _ count: Int) -> [Result]? {
        var results = [Result?](repeating: nil, count: commands.count)
        for _ in 0..<count {
            for (index, arguments) in commands.enumerated() {
                guard let outcome = ChildProcess.run(arguments, captureOutput: false), outcome.status == 0 else {
                    return nil
                }
                results[index] = Result(
                    seconds: min(results[index]?.seconds ?? .infinity, outcome.seconds),
                    peakKB: max(results[index]?.peakKB ?? 0, outcome.peakMemoryKB))
            }
        }
        return results.map { $0! }
    }
}
