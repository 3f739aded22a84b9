import Foundation
import TeletypeSessions
import TeletypeTranscripts

/// The newer agents in `teletype-bench sessions`: each format's largest file of the corpus and a
/// generated one of 50 MB rendered (`teletype render FILE --format plain`, a whole process, peak
/// memory); and a whole generated home (``AgentHomeGenerator``: every agent, ≥ 2,000 sessions,
/// ≥ 500 MB) listed by `teletype sessions` — the first time, and again from its cache — and exported
/// as an archive, beside `agentsview sync` of the same home (`HOME` pointed at it, no daemon).
enum AgentHomeBench {
    /// The corpus folders of the newer agents and the format each is.
    static let corpusFolders = [
        "cursor", "copilot-cli", "vscode-copilot", "cline", "opencode", "antigravity", "exported-markdown",
        "qwen-code", "kimi", "grok", "kiro", "gemini-cli", "codex", "claude-code",
    ]

    static func run(quick: Bool, cli: String, folder: URL) -> [Bench.Row] {
        var rows: [Bench.Row] = []
        rows += largestCorpusFiles(cli: cli)
        rows += generatedLarge(quick: quick, cli: cli, folder: folder)
        rows += home(quick: quick, cli: cli, folder: folder)
        return rows
    }

    /// A render of `path` into nothing: its best time of `count` and its peak memory.
    static func render(_ cli: String, _ path: String, _ extra: [String] = [], count: Int = 3) -> (
        seconds: Double, peak: Int
    )? {
        SessionBench.best([cli, "render", path, "--format", "plain", "--width", "100"] + extra, count)
    }

    static func size(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
    }

    static func label(_ bytes: Int) -> String {
        bytes >= 1_000_000
            ? String(format: "%.1f MB", Double(bytes) / 1e6) : String(format: "%.0f KB", Double(bytes) / 1e3)
    }

    static func largestCorpusFiles(cli: String) -> [Bench.Row] {
        guard
            let corpus = PipedStreamBench.corpusFolder()?.deletingLastPathComponent().appendingPathComponent("sessions")
        else {
            print("\nAgents: the corpus (../shared/corpus) is not here; only the generated files and home")
            return []
        }
        print("\nThe largest corpus file of each agent, `teletype render --format plain` (best of 3):")
        var rows: [Bench.Row] = []
        for agent in corpusFolders {
            let root = corpus.appendingPathComponent(agent)
            guard let walker = FileManager.default.enumerator(atPath: root.path) else { continue }
            var files: [(path: String, size: Int)] = []
            while let relative = walker.nextObject() as? String {
                let path = root.appendingPathComponent(relative).path
                guard ["json", "jsonl", "md", "txt", "vscdb", "db"].contains(URL(fileURLWithPath: path).pathExtension)
                else {
                    continue
                }
                files.append((path, size(path)))
            }
            // The largest that renders on its own (a store's: its first conversation).
            for file in files.sorted(by: { $0.size > $1.size }) {
                let isStore = file.path.hasSuffix(".db") || file.path.hasSuffix(".vscdb")
                guard let ours = render(cli, file.path, isStore ? ["--conversation", "1"] : []) else { continue }
                print(
                    String(
                        format: "  %-18@ %10@  %.3f s  %5.0f MB", agent, label(file.size), ours.seconds,
                        Double(ours.peak) / 1024))
                rows.append(
                    Bench.Row(
                        benchmark: "`teletype render` of the largest \(agent) file of the corpus",
                        input: label(file.size),
                        ours: String(format: "%.3f s", ours.seconds), peer: "—", ratio: 0, goal: "well under 1 s",
                        oursPeakMB: Double(ours.peak) / 1024, peerPeakMB: 0))
                break
            }
        }
        return rows
    }

    static func generatedLarge(quick: Bool, cli: String, folder: URL) -> [Bench.Row] {
        let bytes = quick ? 5_000_000 : 50_000_000
        print("\nA generated \(label(bytes)) session of each agent whose logs grow that big, `teletype render`:")
        var rows: [Bench.Row] = []
        let agents: [AgentHomeGenerator.Agent] = [
            .codex, .geminiCLI, .cursor, .copilotCLI, .cline, .antigravity, .qwenCode, .kimi, .grok, .kiro,
        ]
        for agent in agents {
            let home = folder.appendingPathComponent("large-\(agent.rawValue)").path
            let path = AgentHomeGenerator.place(agent, home: home, index: 0, id: "00000000-0000-4000-8000-000000000000")
            AgentHomeGenerator.writeFile(agent, bytes: bytes, at: path, id: "large", start: 1_780_000_000, seed: 99)
            defer { try? FileManager.default.removeItem(atPath: home) }
            guard let ours = render(cli, path, count: 2) else {
                print("  teletype render failed on the generated \(agent.rawValue) session")
                continue
            }
            print(
                String(
                    format: "  %-18@ %10@  %.2f s  %5.0f MB", agent.rawValue, label(size(path)), ours.seconds,
                    Double(ours.peak) / 1024))
            rows.append(
                Bench.Row(
                    benchmark: "`teletype render` of a generated \(agent.rawValue) session", input: label(size(path)),
                    ours: String(format: "%.2f s", ours.seconds), peer: "—", ratio: 0, goal: "flat memory",
                    oursPeakMB: Double(ours.peak) / 1024, peerPeakMB: 0))
        }
        return rows
    }

    /// Compares the listing's quick look at every log of `home` with a reading of it, says how many
    /// disagree (and the first few), and returns that number.
    static func skimsThatDisagree(home: String) -> Int {
        let disagreeing = SessionLocator.skimsThatDisagree(
            agents: SessionAgent.allCases, environment: ["HOME": home, "XDG_CONFIG_HOME": "", "XDG_DATA_HOME": ""])
        for log in disagreeing.prefix(5) {
            print("  the quick look at \(log.path) disagrees with its reading:")
            print("    \(String(describing: log.skimmed))\n    \(String(describing: log.read))")
        }
        print("  \(disagreeing.count) logs whose quick look disagrees with their reading")
        return disagreeing.count
    }

    static func home(quick: Bool, cli: String, folder: URL) -> [Bench.Row] {
        let home = folder.appendingPathComponent("home").path
        let sessions = quick ? 300 : 2_100
        let started = Date()
        let bytes = AgentHomeGenerator.writeHome(at: home, sessions: sessions)
        defer { try? FileManager.default.removeItem(atPath: home) }
        print(
            String(
                format: "\nA generated home: %d sessions of 14 formats, %@ (written in %.0f s)", sessions, label(bytes),
                Date().timeIntervalSince(started)))
        var rows: [Bench.Row] = []
        let cache = folder.appendingPathComponent("cache").path
        let environment = ["env", "HOME=\(home)", "TELETYPE_CACHE_DIR=\(cache)", "XDG_CONFIG_HOME=", "XDG_DATA_HOME="]
        // The first listing reads every session (the median of five, the cache removed before each);
        // the next ones only what changed (nothing).
        var firsts: [(seconds: Double, peak: Int)] = []
        for _ in 0..<(quick ? 1 : 5) {
            try? FileManager.default.removeItem(atPath: cache)
            if let run = SessionBench.best(environment + [cli, "sessions", "--json"], 1) { firsts.append(run) }
        }
        firsts.sort { $0.seconds < $1.seconds }
        let first = firsts.isEmpty ? nil : firsts[firsts.count / 2]
        let again = SessionBench.best(environment + [cli, "sessions", "--json"], quick ? 2 : 5)
        let listed =
            ChildProcess.run(environment + [cli, "sessions", "--json"])?.output.split(separator: "\n").count ?? 0
        _ = skimsThatDisagree(home: home)
        /// A row of a listing measured against the first listing of the home.
        func listingRow(
            _ benchmark: String, _ ours: (seconds: Double, peak: Int), against first: (seconds: Double, peak: Int),
            peer: String, goal: String
        ) -> Bench.Row {
            Bench.Row(
                benchmark: benchmark, input: "\(listed) sessions, \(label(bytes))",
                ours: String(format: "%.3f s", ours.seconds), peer: peer, ratio: first.seconds / ours.seconds,
                goal: goal,
                oursPeakMB: Double(ours.peak) / 1024, peerPeakMB: Double(first.peak) / 1024)
        }
        if let first, let again {
            print(
                String(
                    format:
                        "  teletype sessions: %d listed, %.2f s the first time (median of %d, %.2f–%.2f s; %.0f MB), %.3f s from the cache",
                    listed, first.seconds, firsts.count, firsts[0].seconds, firsts[firsts.count - 1].seconds,
                    Double(first.peak) / 1024, again.seconds))
            rows.append(
                listingRow(
                    "`teletype sessions` of a generated home, from its cache", again, against: first,
                    peer: String(format: "the first listing %.2f s", first.seconds), goal: "< 1 s"))
        }
        // The newest sessions the first time (nothing cached): the files past them are not read.
        let uncached = ["env", "HOME=\(home)", "TELETYPE_CACHE_DIR=off", "XDG_CONFIG_HOME=", "XDG_DATA_HOME="]
        if let newest = SessionBench.best(uncached + [cli, "sessions", "--limit", "20"], quick ? 2 : 5), let first {
            print(String(format: "  teletype sessions --limit 20, nothing cached: %.3f s", newest.seconds))
            rows.append(
                listingRow(
                    "`teletype sessions --limit 20` of that home, nothing cached", newest, against: first,
                    peer: String(format: "the whole first listing %.2f s", first.seconds), goal: "—"))
        }
        // The archive of the whole home, against agentsview's sync of it: in turn, five times
        // (each from nothing: a new folder for ours, the peer's database removed), the median of
        // each kept. The last round's archive is moved aside and removed once every round is
        // done, as a user's export writes a new folder. Removed just before the next round, its
        // 5,800 files made ext4 look past each recently freed inode for every file made (11–24% of
        // the run's CPU in the kernel's find_inode_bit, by hand), which no user's export meets.
        let out = folder.appendingPathComponent("home-archive").path
        let agentsview = PipedStreamBench.which("agentsview")
        var earlier: [String] = []
        let (exportRun, syncRun) = SessionBench.alternated(
            environment + [cli, "export", home, "-o", out, "--quiet"],
            SessionBench.agentsviewSync(home: home, agentsview: agentsview), rounds: quick ? 1 : 5
        ) {
            let aside = out + "-\(earlier.count)"
            if (try? FileManager.default.moveItem(atPath: out, toPath: aside)) != nil { earlier.append(aside) }
            try? FileManager.default.removeItem(atPath: home + "/.agentsview")
        }
        for folder in earlier + [out] { try? FileManager.default.removeItem(atPath: folder) }
        if let agentsview {
            _ = ChildProcess.run(["env", "HOME=\(home)", agentsview, "daemon", "stop"], captureOutput: true)
        }
        guard let export = exportRun else {
            print("  teletype export of the home failed")
            return rows
        }
        guard agentsview != nil else {
            print("  teletype export: \(export.described); agentsview is not installed (make venv): no ratio")
            return rows
        }
        guard let sync = syncRun else {
            print("  teletype export: \(export.described); agentsview sync failed")
            return rows
        }
        print(
            String(
                format: "  teletype export of every session: %@, %.0f MB; agentsview sync: %@, %.0f MB (%.1f×)",
                export.described, Double(export.peak) / 1024, sync.described, Double(sync.peak) / 1024,
                sync.seconds / export.seconds))
        rows.append(
            Bench.Row(
                benchmark:
                    "`teletype export` of a generated home of every agent (median of \(export.times.count), in turn with the peer's)",
                input: "\(sessions) sessions, \(label(bytes))",
                ours: String(format: "%.1f s", export.seconds),
                peer: String(format: "agentsview sync %.1f s", sync.seconds),
                ratio: sync.seconds / export.seconds, goal: "≥ 5×", oursPeakMB: Double(export.peak) / 1024,
                peerPeakMB: Double(sync.peak) / 1024))
        return rows
    }
}
