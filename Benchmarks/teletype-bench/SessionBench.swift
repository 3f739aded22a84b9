import Foundation

/// `teletype-bench sessions`: `teletype export` of agents' session logs against the single-purpose
/// tools people use for them — claude-code-transcripts and claude-code-log on Claude Code logs,
/// codex-transcripts on a Codex rollout — as whole processes, in one run, with peak memory: a real
/// 500 KB session of the corpus, a generated 50 MB one (shaped as Claude Code writes them: each tool
/// result again under `toolUseResult`), and a real rollout; and how soon `teletype render` of the
/// 50 MB session prints into a pipe.
enum SessionBench {
    static func run(quick: Bool, me: String, folder: URL) -> [Bench.Row] {
        let cli = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("teletype").path
        guard FileManager.default.isExecutableFile(atPath: cli) else { return [] }
        var inputs: [(name: String, path: String, agent: String)] = []
        if let corpus = PipedStreamBench.corpusFolder()?.deletingLastPathComponent().appendingPathComponent("sessions")
        {
            let claude = corpus.appendingPathComponent(
                "claude-code/iansherr__claude-code-log__-Users-dain-workspace-JSSoundRecorder/7acd37a8-2745-4b58-a8a9-46164b22ad9e.jsonl"
            )
            if FileManager.default.fileExists(atPath: claude.path) {
                inputs.append(("a real Claude Code session", claude.path, "claude"))
            }
            let codex = corpus.appendingPathComponent("codex/jazzyalex__agent-sessions__codex_small.jsonl")
            if FileManager.default.fileExists(atPath: codex.path) {
                inputs.append(("a Codex rollout", codex.path, "codex"))
            }
        } else {
            print("\nSessions: the corpus (../shared/corpus) is not here; only the generated session")
        }
        let generated = folder.appendingPathComponent("generated-session.jsonl").path
        SessionGenerator.write(to: generated, bytes: quick ? 5_000_000 : 50_000_000)
        inputs.append(("a generated Claude Code session", generated, "claude"))
        let peers: [String: [(name: String, arguments: (String, String) -> [String])]] = [
            "claude": [
                ("claude-code-transcripts", { ["claude-code-transcripts", "json", $0, "-o", $1] }),
                ("claude-code-log", { ["claude-code-log", "convert", $0, "-o", $1 + ".html"] }),
            ],
            "codex": [("codex-transcripts", { ["codex-transcripts", "json", $0, "-o", $1] })],
        ]
        var rows: [Bench.Row] = []
        let repeats = quick ? 1 : 5
        for input in inputs {
            let size = (try? FileManager.default.attributesOfItem(atPath: input.path)[.size] as? Int) ?? 0
            let label = String(
                format: size >= 1_000_000 ? "%.0f MB" : "%.0f KB", Double(size) / (size >= 1_000_000 ? 1e6 : 1e3))
            let out = folder.appendingPathComponent("session-page.html").path
            // The peers on a 50 MB session take a minute or more: two runs each (ours three, a few seconds).
            let times = size > 10_000_000 ? 2 : repeats
            guard let ours = best([cli, "export", input.path, "-o", out, "--quiet"], size > 10_000_000 ? 3 : times)
            else {
                print("teletype export failed on \(input.path)")
                continue
            }
            for peer in peers[input.agent] ?? [] {
                guard PipedStreamBench.which(peer.name) != nil else {
                    print("\(peer.name) is not installed (make venv): no ratio against it")
                    continue
                }
                let target = folder.appendingPathComponent("peer-\(peer.name)").path
                guard let theirs = best(peer.arguments(input.path, target), times) else {
                    print("\(peer.name) failed on \(input.name)")
                    continue
                }
                rows.append(
                    Bench.Row(
                        benchmark: "`teletype export` of \(input.name)", input: label,
                        ours: String(format: "%.3f s", ours.seconds),
                        peer: String(format: "\(peer.name) %.3f s", theirs.seconds),
                        ratio: theirs.seconds / ours.seconds, goal: "≥ 20× (memory below)",
                        oursPeakMB: Double(ours.peak) / 1024, peerPeakMB: Double(theirs.peak) / 1024))
            }
        }
        // What redacting secrets costs an export of the 50 MB session: with it (the default) and
        // without (--no-redact), side by side.
        let out = folder.appendingPathComponent("redaction-page.html").path
        if let redacted = best([cli, "export", generated, "-o", out, "--quiet"], 3),
            let plain = best([cli, "export", generated, "-o", out, "--quiet", "--no-redact"], 3)
        {
            let size = (try? FileManager.default.attributesOfItem(atPath: generated)[.size] as? Int) ?? 0
            let cost = (redacted.seconds - plain.seconds) / redacted.seconds
            rows.append(
                Bench.Row(
                    benchmark: "redaction's cost: `teletype export` of the generated session, secrets redacted",
                    input: String(format: "%.0f MB", Double(size) / 1e6),
                    ours: String(format: "%.2f s (%.0f%% of it redacting)", redacted.seconds, max(cost, 0) * 100),
                    peer: String(format: "`--no-redact` %.2f s", plain.seconds),
                    ratio: plain.seconds / redacted.seconds,
                    goal: "redacting ≤ 15% of the export", oursPeakMB: Double(redacted.peak) / 1024,
                    peerPeakMB: Double(plain.peak) / 1024))
        }
        // A big session piped into a pager: how soon `render` prints (the index of the tree is read first).
        if let piped = (0..<3).compactMap({ _ in
            ChildProcess.firstOutput([cli, "render", generated, "--format", "plain"])
        })
        .min(by: { $0.first < $1.first }) {
            print(
                String(
                    format:
                        "\n`teletype render` of the generated %@ session into a pipe: first output after %.2f s, the whole in %.2f s",
                    (try? FileManager.default.attributesOfItem(atPath: generated)[.size] as? Int).map {
                        String(format: "%.0f MB", Double($0) / 1e6)
                    } ?? "?", piped.first, piped.total))
        }
        rows += AgentHomeBench.run(quick: quick, cli: cli, folder: folder)
        return rows
    }

    /// `agentsview sync --full` of `home` (`HOME` pointed at it, no daemon), as the home benchmarks
    /// compare with; nil when agentsview is not installed. Its database is `home/.agentsview`.
    static func agentsviewSync(home: String, agentsview: String?) -> [String]? {
        agentsview.map {
            [
                "env", "HOME=\(home)", "AGENTSVIEW_NO_DAEMON=1", "XDG_CONFIG_HOME=", "XDG_DATA_HOME=", $0, "sync",
                "--full",
            ]
        }
    }

    /// Two commands run in turn, `rounds` times (ours, then the peer's; `prepare` before each
    /// round clears what the last left): the median run of each, and every time, so that a slow
    /// minute of the shared machine falls on both rather than on one. Nil for a side that failed.
    static func alternated(
        _ ours: [String], _ peer: [String]?, rounds: Int, prepare: () -> Void
    ) -> (ours: Run?, peer: Run?) {
        var mine: [(seconds: Double, peak: Int)] = []
        var theirs: [(seconds: Double, peak: Int)] = []
        for _ in 0..<rounds {
            prepare()
            // Each program starts with nothing of the other's still to be written: the hundreds of
            // megabytes an archive leaves in the page cache were otherwise written out while the
            // peer ran, on the cores it was timed on (and its database while ours ran).
            sync()
            if let run = best(ours, 1) { mine.append(run) }
            sync()
            if let peer, let run = best(peer, 1) { theirs.append(run) }
        }
        return (Run(mine), Run(theirs))
    }

    /// The median of a command's runs, and the range they fell in.
    struct Run {
        var seconds: Double
        var peak: Int
        var times: [Double]

        init?(_ runs: [(seconds: Double, peak: Int)]) {
            guard !runs.isEmpty else { return nil }
            let sorted = runs.sorted { $0.seconds < $1.seconds }
            seconds = sorted[sorted.count / 2].seconds
            peak = runs.map(\.peak).max() ?? 0
            times = sorted.map(\.seconds)
        }

        /// `10.2 s (9.8–11.0 s, 3 runs)`, or the one time.
        var described: String {
            times.count < 2
                ? String(format: "%.1f s", seconds)
                : String(
                    format: "%.1f s (%.1f–%.1f s, %d runs)", seconds, times.first ?? 0, times.last ?? 0, times.count)
        }
    }

    /// The best time and largest peak memory of `arguments`, run `count` times.
    static func best(_ arguments: [String], _ count: Int) -> (seconds: Double, peak: Int)? {
        var result: (seconds: Double, peak: Int)?
        for _ in 0..<count {
            guard let outcome = ChildProcess.run(arguments, captureOutput: false), outcome.status == 0 else {
                return nil
            }
            result = (min(result?.seconds ?? .infinity, outcome.seconds), max(result?.peak ?? 0, outcome.peakMemoryKB))
        }
        return result
    }
}
