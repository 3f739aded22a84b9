import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `teletype-bench piped`: `teletype md` as users run it, reading a pipe at a model's pace — each
/// real document of `../shared/corpus/markdown` written to the process 4 bytes at a time, 1 ms
/// apart — against Python streamdown (`sd`) on the same stream in the same run. Reports each
/// process's CPU seconds (user and system), and how ours grows when the text doubles (the
/// document's first half against the whole).
enum PipedStreamBench {
    /// Bytes written at a time, and the pause between writes.
    static let chunk = 4
    static let pause = 0.001

    /// A program being fed a document through a pipe.
    final class Feed {
        let name: String
        let data: [UInt8]
        var offset = 0
        var pid: pid_t = 0
        var input: Int32 = -1
        var cpu: Double?

        init(name: String, data: [UInt8]) {
            self.name = name
            self.data = data
        }

        var isFeeding: Bool { input >= 0 }
    }

    static func run(quick: Bool, me: String, folder: URL) {
        let cli = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("teletype").path
        guard FileManager.default.isExecutableFile(atPath: cli) else {
            print("\nPiped streaming: build the teletype product first (make bench does)")
            return
        }
        guard let corpus = corpusFolder() else {
            print("\nPiped streaming: the corpus (../shared/corpus) is not here; nothing measured")
            return
        }
        let streamdown = which("sd")
        if streamdown == nil { print("\nPython streamdown (sd) is not installed (make venv): no peer figures") }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).sorted()
        // A quick run takes every fifth document.
        let chosen = quick ? names.enumerated().filter { $0.offset % 5 == 0 }.map(\.element) : names
        print(
            "\nPiped streaming: each real document written to the process \(chunk) bytes at a time, \(Int(pause * 1000)) ms apart (CPU seconds, user + system)"
        )
        print("")
        print(
            "| document | size | teletype md | first half | growth (goal ≤ 2.2) | streamdown | ours ÷ streamdown (goal ≤ 0.5) |"
        )
        print("| --- | --- | --- | --- | --- | --- | --- |")
        var worstGrowth = 0.0
        var worstRatio = 0.0
        var totals = (ours: 0.0, peer: 0.0)
        for name in chosen {
            guard let data = FileManager.default.contents(atPath: corpus.appendingPathComponent(name).path) else {
                continue
            }
            let bytes = Array(data)
            let half = Array(bytes[..<firstHalf(bytes)])
            var feeds = [
                Feed(name: "whole", data: bytes), Feed(name: "half", data: half),
            ]
            if streamdown != nil { feeds.append(Feed(name: "sd", data: bytes)) }
            let commands: [String: [String]] = [
                "whole": [cli, "md", "--width", "100"], "half": [cli, "md", "--width", "100"],
                "sd": [streamdown ?? "sd", "-w", "100"],
            ]
            feedAll(feeds) { commands[$0.name] ?? [] }
            guard var whole = feeds[0].cpu, var first = feeds[1].cpu else {
                print("| \(name) | — | failed | | | | |")
                continue
            }
            // A few milliseconds of CPU on a shared machine: a growth over 2 is measured twice more,
            // and each half keeps its best time.
            for _ in 0..<2 where whole / max(first, 1e-6) > 2.0 {
                let again = [Feed(name: "whole", data: bytes), Feed(name: "half", data: half)]
                feedAll(again) { commands[$0.name] ?? [] }
                if let second = again[0].cpu { whole = min(whole, second) }
                if let second = again[1].cpu { first = min(first, second) }
            }
            let growth = whole / max(first, 1e-6)
            worstGrowth = max(worstGrowth, growth)
            var peerText = "—"
            var ratioText = "—"
            if feeds.count > 2, let peer = feeds[2].cpu {
                let ratio = whole / peer
                worstRatio = max(worstRatio, ratio)
                totals.peer += peer
                peerText = String(format: "%.3f s", peer)
                ratioText = String(format: "%.2f×", ratio)
            }
            totals.ours += whole
            print(
                "| \(name.replacingOccurrences(of: ".md", with: "")) | \(bytes.count / 1024) KB | \(String(format: "%.3f s", whole)) | \(String(format: "%.3f s", first)) | \(String(format: "%.2f×", growth)) | \(peerText) | \(ratioText) |"
            )
        }
        print("")
        print(
            String(
                format:
                    "Largest growth when the text doubles: %.2f× (goal ≤ 2.2). Largest ours ÷ streamdown: %.2f× (goal ≤ 0.5); over all documents %.2f×.",
                worstGrowth, worstRatio, totals.ours / max(totals.peer, 1e-6)))
        oneShotComparison(corpus: corpus, names: names, cli: cli, folder: folder, streamdown: streamdown)
    }

    /// Streams about 100 KB of real text (the documents one after the other) and renders it once.
    static func oneShotComparison(corpus: URL, names: [String], cli: String, folder: URL, streamdown: String?) {
        var text: [UInt8] = []
        for name in names where text.count < 100_000 {
            if let data = FileManager.default.contents(atPath: corpus.appendingPathComponent(name).path) {
                text += Array(data) + [0x0A]
            }
        }
        var cut = min(text.count, 100_000)
        while cut < text.count, text[cut - 1] != 0x0A { cut += 1 }
        text = Array(text[..<cut])
        let path = folder.appendingPathComponent("piped-100k.md").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(text))
        var feeds = [Feed(name: "piped", data: text), Feed(name: "live", data: text)]
        if streamdown != nil { feeds.append(Feed(name: "sd", data: text)) }
        feedAll(feeds) { feed in
            switch feed.name {
            case "piped": return [cli, "md", "--width", "100"]
            case "live": return [cli, "md", "--width", "100", "--live", "--color", "always"]
            default: return [streamdown ?? "sd", "-w", "100"]
            }
        }
        var oneShot = Double.infinity
        for _ in 0..<5 {
            if let cpu = cpuOf([cli, "md", "--width", "100", path]) { oneShot = min(oneShot, cpu) }
        }
        guard let piped = feeds[0].cpu, let live = feeds[1].cpu, oneShot.isFinite else { return }
        print("")
        print(
            String(
                format:
                    "%d KB of real text (the documents one after another): streamed from a pipe %.3f s CPU, one-shot render %.3f s: %.2f× (goal ≤ 3); live mode (--live, typing out) %.3f s (%.2f×)%@",
                text.count / 1024, piped, oneShot, piped / oneShot, live, live / oneShot,
                feeds.count > 2 && feeds[2].cpu != nil ? String(format: "; streamdown %.3f s", feeds[2].cpu!) : ""))
    }

    /// Where the first half of a document ends: after the line that holds its middle byte.
    static func firstHalf(_ bytes: [UInt8]) -> Int {
        var index = bytes.count / 2
        while index < bytes.count, bytes[index - 1] != 0x0A { index += 1 }
        return index
    }

    /// Starts each feed's program, then writes `chunk` bytes to each every `pause` until all are
    /// fed; records each program's CPU time.
    static func feedAll(_ feeds: [Feed], command: (Feed) -> [String]) {
        for feed in feeds { start(feed, command(feed)) }
        let began = DispatchTime.now().uptimeNanoseconds
        var tick = 0
        while feeds.contains(where: \.isFeeding) {
            for feed in feeds where feed.isFeeding {
                let end = min(feed.data.count, feed.offset + chunk)
                let written = feed.data[feed.offset..<end].withUnsafeBytes {
                    write(feed.input, $0.baseAddress, $0.count)
                }
                if written <= 0 {
                    close(feed.input)
                    feed.input = -1
                    continue
                }
                feed.offset += written
                if feed.offset >= feed.data.count {
                    close(feed.input)
                    feed.input = -1
                }
            }
            tick += 1
            let target = began + UInt64(Double(tick) * pause * 1e9)
            let now = DispatchTime.now().uptimeNanoseconds
            if target > now { usleep(UInt32((target - now) / 1000)) }
        }
        for feed in feeds where feed.pid > 0 {
            var status: Int32 = 0
            var usage = rusage()
            while wait4(feed.pid, &status, 0, &usage) < 0 && errno == EINTR {}
            if status == 0 { feed.cpu = seconds(usage) }
        }
    }

    /// Starts `arguments` with its standard input the read end of a new pipe, its output discarded.
    static func start(_ feed: Feed, _ arguments: [String]) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
        posix_spawn_file_actions_addclose(&actions, ends[1])
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var cArguments = arguments.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, &cArguments, environ)
        close(ends[0])
        guard spawned == 0 else {
            close(ends[1])
            return
        }
        feed.pid = pid
        feed.input = ends[1]
    }

    /// The CPU seconds of running `arguments` to the end (output discarded).
    static func cpuOf(_ arguments: [String]) -> Double? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        var cArguments = arguments.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, arguments[0], &actions, nil, &cArguments, environ) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        return status == 0 ? seconds(usage) : nil
    }

    static func seconds(_ usage: rusage) -> Double {
        Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
    }

    /// `../shared/corpus/markdown` beside the package, or under `$TELETYPE_CORPUS`.
    static func corpusFolder() -> URL? {
        var candidates: [URL] = []
        if let path = ProcessInfo.processInfo.environment["TELETYPE_CORPUS"] {
            candidates.append(URL(fileURLWithPath: path).appendingPathComponent("markdown"))
        }
        candidates.append(
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).deletingLastPathComponent()
                .appendingPathComponent("shared/corpus/markdown"))
        return candidates.first { FileManager.default.fileExists(atPath: $0.path) }
    }

    /// The full path of a program found in `PATH`.
    static func which(_ program: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(program)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}
