import Foundation
import TeletypeSessions

/// `teletype-bench search`: `teletype search` over a generated home of every agent
/// (``AgentHomeGenerator``: ≥ 2,000 sessions, ≥ 500 MB) — the first index, an update after 10
/// sessions grew, and 100 queries of real words from the home (whole processes: p50 and p99) —
/// beside agentsview on the same home: `agentsview sync --full` (its index) and
/// `agentsview session search` (its queries), no daemon. And the index's size against the text it
/// holds (what was said, as it reads back) and the home's.
enum SearchBench {
    static func run(quick: Bool, me: String, folder: URL) -> [Bench.Row] {
        let cli = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("teletype").path
        guard FileManager.default.isExecutableFile(atPath: cli) else { return [] }
        let home = folder.appendingPathComponent("search-home").path
        let sessions = quick ? 300 : 2_100
        let bytes = AgentHomeGenerator.writeHome(at: home, sessions: sessions)
        defer { try? FileManager.default.removeItem(atPath: home) }
        let cache = folder.appendingPathComponent("search-cache").path
        try? FileManager.default.removeItem(atPath: cache)
        let environment = ["env", "HOME=\(home)", "TELETYPE_CACHE_DIR=\(cache)", "XDG_CONFIG_HOME=", "XDG_DATA_HOME="]
        let words = realWords(in: home, count: 100)
        print(
            "\nSearch: a generated home of \(sessions) sessions, \(AgentHomeBench.label(bytes)); \(words.count) words of it"
        )
        // The first index and agentsview's sync of the same home, in turn, three times (each
        // from nothing: our index and its database removed), the median of each kept.
        let agentsview = PipedStreamBench.which("agentsview")
        let (firstRun, syncRun) = SessionBench.alternated(
            environment + [cli, "search", words[0], "--quiet", "--json"],
            SessionBench.agentsviewSync(home: home, agentsview: agentsview), rounds: quick ? 1 : 3
        ) {
            try? FileManager.default.removeItem(atPath: cache)
            try? FileManager.default.removeItem(atPath: home + "/.agentsview")
        }
        // The index as the last round left it is the one updated and searched below.
        guard let firstRun else {
            print("  teletype search failed on the home")
            return []
        }
        let first = (seconds: firstRun.seconds, peak: firstRun.peak)
        let indexBytes = ["", "-wal"].reduce(0) { $0 + AgentHomeBench.size(cache + "/index.sqlite" + $1) }
        let textBytes = (try? SearchIndex(path: cache + "/index.sqlite").keptText().textBytes) ?? 0
        // Ten sessions grow by their own last line (an agent appending a record).
        let grown = grow(home, count: 10)
        let update = SessionBench.best(environment + [cli, "search", words[1], "--quiet", "--json"], 1)
        var times: [Double] = []
        for word in words {
            guard let outcome = ChildProcess.run(environment + [cli, "search", word, "--json"], captureOutput: false)
            else { continue }
            times.append(outcome.seconds)
        }
        let ours = percentiles(times)
        print(
            String(
                format:
                    "  teletype: first index %@ (%.0f MB), after %d sessions grew %.2f s, index %@ (%.0f%% of the text it holds, %@; %.0f%% of the home); query p50 %.0f ms, p99 %.0f ms",
                firstRun.described, Double(first.peak) / 1024, grown, update?.seconds ?? -1,
                AgentHomeBench.label(indexBytes), 100 * Double(indexBytes) / Double(max(textBytes, 1)),
                AgentHomeBench.label(textBytes), 100 * Double(indexBytes) / Double(bytes), ours.p50 * 1000,
                ours.p99 * 1000))
        var rows: [Bench.Row] = []
        let input = "\(sessions) sessions, \(AgentHomeBench.label(bytes))"
        rows.append(
            Bench.Row(
                benchmark: "`teletype search`: an update after 10 sessions grew", input: input,
                ours: String(format: "%.2f s", update?.seconds ?? 0),
                peer: String(format: "the first index %.1f s", first.seconds),
                ratio: first.seconds / (update?.seconds ?? first.seconds), goal: "≤ 5% of the first (≥ 20×)",
                oursPeakMB: Double(update?.peak ?? 0) / 1024, peerPeakMB: Double(first.peak) / 1024))
        rows.append(
            Bench.Row(
                benchmark: "`teletype search`: the index's size", input: input,
                ours: AgentHomeBench.label(indexBytes),
                peer: "the text it holds " + AgentHomeBench.label(textBytes) + " (the home "
                    + AgentHomeBench.label(bytes) + ")",
                ratio: Double(textBytes) / Double(max(indexBytes, 1)), goal: "≤ 40% of the text (≥ 2.5×)",
                oursPeakMB: 0, peerPeakMB: 0))
        guard let agentsview else {
            print("  agentsview is not installed (make venv): no ratios")
            return rows
        }
        defer { _ = ChildProcess.run(["env", "HOME=\(home)", agentsview, "daemon", "stop"], captureOutput: true) }
        guard let sync = syncRun else {
            print("  agentsview sync failed")
            return rows
        }
        // Its search asks its daemon (reading what the sync wrote): started once, stopped after.
        let daemonEnvironment = ["env", "HOME=\(home)", "XDG_CONFIG_HOME=", "XDG_DATA_HOME="]
        _ = ChildProcess.run(daemonEnvironment + [agentsview, "daemon", "start"], captureOutput: true)
        var peerTimes: [Double] = []
        for word in words {
            guard
                let outcome = ChildProcess.run(
                    daemonEnvironment + [agentsview, "session", "search", word, "--json"], captureOutput: true),
                outcome.status == 0
            else { continue }
            peerTimes.append(outcome.seconds)
        }
        let peer = percentiles(peerTimes)
        print(
            String(
                format: "  agentsview: sync %@ (%.0f MB); session search p50 %.0f ms, p99 %.0f ms (%d answered)",
                sync.described, Double(sync.peak) / 1024, peer.p50 * 1000, peer.p99 * 1000, peerTimes.count))
        rows.insert(
            Bench.Row(
                benchmark:
                    "`teletype search`: the first index of a generated home (median of \(firstRun.times.count), in turn with the peer's)",
                input: input,
                ours: String(format: "%.1f s", first.seconds),
                peer: String(format: "agentsview sync %.1f s", sync.seconds), ratio: sync.seconds / first.seconds,
                goal: "≥ 3×", oursPeakMB: Double(first.peak) / 1024, peerPeakMB: Double(sync.peak) / 1024), at: 0)
        rows.append(
            Bench.Row(
                benchmark: "`teletype search WORD` p99 of 100 real words (p50 \(Int(ours.p50 * 1000)) ms)",
                input: input, ours: String(format: "%.0f ms", ours.p99 * 1000),
                peer: String(format: "agentsview session search %.0f ms", peer.p99 * 1000),
                ratio: peer.p99 / max(ours.p99, 1e-9), goal: "≤ 50 ms", oursPeakMB: 0, peerPeakMB: 0))
        return rows
    }

    /// The median and the 99th percentile of `times`.
    static func percentiles(_ times: [Double]) -> (p50: Double, p99: Double) {
        let sorted = times.sorted()
        guard !sorted.isEmpty else { return (0, 0) }
        func at(_ fraction: Double) -> Double {
            sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * fraction))]
        }
        return (at(0.5), at(0.99))
    }

    /// `count` words of the home's sessions, from the rare to the common: its words of five letters
    /// or more, by how often they occur, taken at even steps.
    static func realWords(in home: String, count: Int) -> [String] {
        var frequency: [String: Int] = [:]
        let walker = FileManager.default.enumerator(atPath: home)
        var read = 0
        while let relative = walker?.nextObject() as? String, read < 40 {
            guard relative.hasSuffix(".jsonl") else { continue }
            guard let data = FileManager.default.contents(atPath: home + "/" + relative) else { continue }
            read += 1
            var word: [UInt8] = []
            for byte in data.prefix(2_000_000) {
                if (0x61...0x7A).contains(byte) {
                    word.append(byte)
                } else {
                    if word.count >= 5 { frequency[String(decoding: word, as: UTF8.self), default: 0] += 1 }
                    word.removeAll(keepingCapacity: true)
                }
            }
        }
        let ranked = frequency.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        guard !ranked.isEmpty else { return ["session"] }
        // Each word once where there are enough; round again where there are not.
        return (0..<count).map { ranked[($0 * max(ranked.count / count, 1) + $0 / ranked.count) % ranked.count] }
    }

    /// Appends to `count` of the home's JSONL sessions their own last line; how many grew.
    static func grow(_ home: String, count: Int) -> Int {
        let walker = FileManager.default.enumerator(atPath: home)
        var grown = 0
        while let relative = walker?.nextObject() as? String, grown < count {
            guard relative.hasSuffix(".jsonl"), !relative.contains("/subagents/") else { continue }
            let path = home + "/" + relative
            guard let data = FileManager.default.contents(atPath: path), data.count > 1,
                let handle = FileHandle(forWritingAtPath: path)
            else { continue }
            let body = data.last == 0x0A ? data.dropLast() : data[...]
            let start = body.lastIndex(of: 0x0A).map { $0 + 1 } ?? body.startIndex
            handle.seekToEndOfFile()
            handle.write(Data(body[start...]) + Data([0x0A]))
            handle.closeFile()
            try? FileManager.default.setAttributes(
                [.modificationDate: Date().addingTimeInterval(2)], ofItemAtPath: path)
            grown += 1
        }
        return grown
    }
}
