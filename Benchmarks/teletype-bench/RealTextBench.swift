import Foundation

/// `teletype-bench real`: throughput on real text — the documents of `../shared/corpus/markdown`
/// one after another — as whole processes, against the `cmark-gfm` command on the same file, in one
/// run: HTML and ANSI, on every core and on one (`taskset -c 0`), with peak memory.
enum RealTextBench {
    struct Result {
        var seconds: Double
        var peakKB: Int
    }

    static func run(quick: Bool, me: String, folder: URL) -> [Bench.Row] {
        guard let corpus = PipedStreamBench.corpusFolder() else {
            print("\nReal text: the corpus (../shared/corpus) is not here; nothing measured")
            return []
        }
        let cli = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("teletype").path
        guard FileManager.default.isExecutableFile(atPath: cli) else { return [] }
        var text = Data()
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).sorted() {
            if let data = FileManager.default.contents(atPath: corpus.appendingPathComponent(name).path) {
                text.append(data)
                text.append(0x0A)
            }
        }
        let path = folder.appendingPathComponent("real-text.md").path
        _ = FileManager.default.createFile(atPath: path, contents: text)
        let megabytes = Double(text.count) / 1e6
        // Each run takes 30–80 ms, so the shared machine moves a single one a lot: best of 15.
        let repeats = quick ? 3 : 15
        let oneCore = PipedStreamBench.which("taskset").map { [$0, "-c", "0"] }
        if oneCore == nil { print("taskset is not installed: no one-core figures") }
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
            guard let best = interleavedBest(commands, repeats) else {
                print("cmark-gfm is not installed (apt-get install cmark-gfm), or a run failed: no real-text ratios")
                return rows
            }
            let cmark = best[0]
            for (index, (name, _, goal)) in cases.enumerated() {
                let ours = best[index + 1]
                rows.append(
                    Bench.Row(
                        benchmark: "\(name), real text\(label)", input: String(format: "%.1f MB", megabytes),
                        ours: String(format: "%.1f MB/s", megabytes / ours.seconds),
                        peer: String(format: "cmark-gfm %.1f MB/s", megabytes / cmark.seconds),
                        ratio: cmark.seconds / ours.seconds, goal: goal + " (memory ≤ 2×)",
                        oursPeakMB: Double(ours.peakKB) / 1024, peerPeakMB: Double(cmark.peakKB) / 1024))
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
