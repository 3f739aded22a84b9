import Foundation
import TeletypeANSI
import TeletypeCommandLine
import TeletypeLayout

#if canImport(Glibc)
    import Glibc
#endif

/// `teletype-bench browse`: how fast `teletype browse` is whatever the size. Its start-up with a
/// home of 10,000 sessions already indexed — a whole process in a pseudo-terminal of 120×40, from
/// its start to its first screen of the list (p50 and the worst of 10) — and the time of each
/// frame (a key handled and the screen made) reading a generated 50 MB Claude Code session:
/// opening it, a hundred screens down, line by line, to the end and back, finding a word.
enum BrowseBench {
    static func run(quick: Bool, me: String, folder: URL) -> [Bench.Row] {
        let cli = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("teletype").path
        guard FileManager.default.isExecutableFile(atPath: cli) else { return [] }
        var rows: [Bench.Row] = []
        if let startUp = startUp(cli: cli, sessions: quick ? 2_000 : 10_000, folder: folder) { rows.append(startUp) }
        rows += frames(bytes: quick ? 10_000_000 : 50_000_000, folder: folder)
        return rows
    }

    /// A home of `sessions` small sessions of every file agent, indexed by `teletype search`; then
    /// `teletype browse` started ten times in a pseudo-terminal.
    static func startUp(cli: String, sessions: Int, folder: URL) -> Bench.Row? {
        let home = folder.appendingPathComponent("browse-home").path
        let cache = folder.appendingPathComponent("browse-cache").path
        try? FileManager.default.removeItem(atPath: home)
        try? FileManager.default.removeItem(atPath: cache)
        defer {
            try? FileManager.default.removeItem(atPath: home)
            try? FileManager.default.removeItem(atPath: cache)
        }
        let agents = AgentHomeGenerator.Agent.allCases.filter { !$0.isDatabase }
        var bytes = 0
        for index in 0..<sessions {
            let agent = agents[index % agents.count]
            let id = String(format: "%08x-0000-4000-8000-%012x", index, index)
            let path = AgentHomeGenerator.place(agent, home: home, index: index, id: id)
            AgentHomeGenerator.writeFile(
                agent, bytes: 3_000, at: path, id: id, start: 1_790_000_000 + index * 60, seed: UInt64(index + 1))
            bytes += AgentHomeBench.size(path)
        }
        let environment = ["HOME": home, "TELETYPE_CACHE_DIR": cache, "XDG_CONFIG_HOME": "", "XDG_DATA_HOME": ""]
        let start = Date()
        _ = ChildProcess.run(
            ["env"] + environment.map { "\($0)=\($1)" } + [cli, "search", "session", "--quiet", "--json"],
            captureOutput: false)
        let indexing = Date().timeIntervalSince(start)
        var times: [Double] = []
        var listed = ""
        for _ in 0..<10 {
            guard
                let outcome = PseudoTerminal.firstScreen(
                    [cli, "browse"], environment: environment, until: "conversations")
            else { continue }
            times.append(outcome.seconds)
            listed = outcome.title
        }
        guard !times.isEmpty else {
            print("  teletype browse did not show its list in a pseudo-terminal")
            return nil
        }
        let (p50, _) = SearchBench.percentiles(times)
        let worst = times.max() ?? 0
        print(
            String(
                format:
                    "\nBrowse: %d sessions (%@, indexed in %.1f s); start to the list: p50 %.0f ms, worst %.0f ms (%@)",
                sessions, AgentHomeBench.label(bytes), indexing, p50 * 1000, worst * 1000, listed))
        return Bench.Row(
            benchmark: "`teletype browse`: start to the first screen, indexed (p50 \(Int(p50 * 1000)) ms)",
            input: "\(sessions) sessions", ours: String(format: "%.0f ms", worst * 1000), peer: "—",
            ratio: 0.1 / max(worst, 1e-9), goal: "< 100 ms", oursPeakMB: 0, peerPeakMB: 0)
    }

    /// Each frame's time reading a generated session of `bytes`.
    static func frames(bytes: Int, folder: URL) -> [Bench.Row] {
        let path = folder.appendingPathComponent("browse-session.jsonl").path
        SessionGenerator.write(to: path, bytes: bytes)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let capabilities = TerminalCapabilities(colorDepth: .trueColor, hyperlinks: true)
        let opened = Date()
        guard
            var screen = try? BrowseScreen(
                source: ConversationSource(path: path), at: 0, width: 120, height: 40, capabilities: capabilities,
                appearance: .dark, exportFolder: folder.path, now: 0)
        else {
            print("  the session could not be opened")
            return []
        }
        _ = screen.rows()
        let openSeconds = Date().timeIntervalSince(opened)
        var times: [Double] = []
        var slowest: [String: Double] = [:]
        func frame(_ key: TerminalKey) -> Double {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = screen.handle(key)
            _ = screen.rows()
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            slowest["\(key)"] = max(slowest["\(key)"] ?? 0, seconds)
            return seconds
        }
        // Scrolling: every frame counts against the goal.
        for _ in 0..<100 { times.append(frame(.pageDown)) }
        for _ in 0..<200 { times.append(frame(.character("j"))) }
        for _ in 0..<50 { times.append(frame(.scrollDown)) }
        times.append(frame(.character("G")))
        for _ in 0..<100 { times.append(frame(.pageUp)) }
        for _ in 0..<20 { times.append(frame(.character("N"))) }
        times.append(frame(.character("g")))
        for _ in 0..<20 { times.append(frame(.character("n"))) }
        // Finding a word looks through the text up to it: the first time, reported on its own.
        _ = frame(.character("/"))
        for character in "release" { _ = frame(.character(character)) }
        let find = frame(.enter)
        var next: [Double] = []
        for _ in 0..<20 { next.append(frame(.character("n"))) }
        let sorted = times.sorted()
        let p99 = sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * 0.99))]
        let worst = sorted.last ?? 0
        let label = AgentHomeBench.label(AgentHomeBench.size(path))
        let keys = slowest.sorted { $0.value > $1.value }.prefix(4).map {
            String(format: "%@ %.1f ms", $0.key, $0.value * 1000)
        }
        print(
            String(
                format:
                    "  the reader, a generated %@ Claude Code session: opened in %.2f s; %d frames of scrolling: p50 %.2f ms, p99 %.1f ms, worst %.1f ms; / a word %.0f ms, n to the next %.1f ms at worst",
                label, openSeconds, times.count, sorted[sorted.count / 2] * 1000, p99 * 1000, worst * 1000,
                find * 1000, (next.max() ?? 0) * 1000))
        print("  the slowest keys: " + keys.joined(separator: ", "))
        return [
            Bench.Row(
                benchmark:
                    "`teletype browse`: scrolling a session, the worst of \(times.count) frames (p99 \(String(format: "%.1f", p99 * 1000)) ms; opened in \(String(format: "%.2f", openSeconds)) s)",
                input: label, ours: String(format: "%.1f ms", worst * 1000), peer: "—",
                ratio: 0.016 / max(worst, 1e-9), goal: "every frame < 16 ms", oursPeakMB: 0, peerPeakMB: 0),
            Bench.Row(
                benchmark: "`teletype browse`: / a word in that session, the first time",
                input: label, ours: String(format: "%.0f ms", find * 1000), peer: "—", ratio: 0, goal: "—",
                oursPeakMB: 0, peerPeakMB: 0),
        ]
    }
}

/// A program run in a pseudo-terminal of 120×40, timed to its first screen.
enum PseudoTerminal {
    /// Starts `arguments` in a new pseudo-terminal with `environment` added; the seconds until its
    /// output holds `marker`, and the line that holds it. Ctrl-C ends it.
    static func firstScreen(_ arguments: [String], environment: [String: String], until marker: String) -> (
        seconds: Double, title: String
    )? {
        var master: Int32 = 0
        var slave: Int32 = 0
        var size = winsize(ws_row: 40, ws_col: 120, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { return nil }
        defer { close(master) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: arguments[0])
        process.arguments = Array(arguments.dropFirst())
        var env = ProcessInfo.processInfo.environment
        env["TERM"] = "xterm-256color"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        let start = DispatchTime.now().uptimeNanoseconds
        guard (try? process.run()) != nil else { return nil }
        var seen: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var found: Double?
        let deadline = Date().addingTimeInterval(10)
        while found == nil, Date() < deadline {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { break }
            seen += buffer[0..<count]
            if String(decoding: seen, as: UTF8.self).contains(marker) {
                found = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            }
        }
        _ = "\u{03}".withCString { write(master, $0, 1) }
        // Drain what it writes as it ends, so that it is never blocked on a full terminal.
        let end = Date().addingTimeInterval(5)
        while process.isRunning, Date() < end {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, 50) > 0, read(master, &buffer, buffer.count) <= 0 { break }
        }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        let text = String(decoding: seen, as: UTF8.self)
        let title =
            text.components(separatedBy: "\u{1B}").compactMap { part -> String? in
                guard let range = part.range(of: "Teletype ·") else { return nil }
                return String(part[range.lowerBound...]).trimmingCharacters(in: .whitespaces)
            }.first ?? ""
        return found.map { ($0, title) }
    }
}
