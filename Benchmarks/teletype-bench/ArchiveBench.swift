import Foundation

/// `teletype export FOLDER -o OUTDIR` of 1,000 generated transcripts (about 200 MB): on every core
/// against one job, peak memory with two jobs, and a re-run when nothing changed against the first.
enum ArchiveBench {
    static func run(quick: Bool, me: String, folder: URL) {
        let cli = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("teletype").path
        guard FileManager.default.isExecutableFile(atPath: cli) else {
            print("archive: the teletype executable is not built beside teletype-bench")
            return
        }
        let count = quick ? 100 : 1_000
        let input = folder.appendingPathComponent("archive-in")
        try? FileManager.default.removeItem(at: input)
        try? FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        let first = input.appendingPathComponent("chat-0000.jsonl").path
        TranscriptGenerator.write(to: first, bytes: 200_000, texts: false)
        for index in 1..<count {
            try? FileManager.default.copyItem(
                atPath: first, toPath: input.appendingPathComponent(String(format: "chat-%04d.jsonl", index)).path)
        }
        let size = ((try? FileManager.default.attributesOfItem(atPath: first)[.size] as? Int) ?? 0) * count
        func export(jobs: Int, into name: String, force: Bool, oneCore: Bool = false) -> ChildProcess.Outcome? {
            let output = folder.appendingPathComponent(name).path
            var arguments = [cli, "export", input.path, "-o", output, "--jobs", String(jobs), "--quiet"]
            if oneCore { arguments = ["taskset", "-c", "0"] + arguments }
            if force { arguments.append("--force") }
            guard let outcome = ChildProcess.run(arguments, captureOutput: false), outcome.status == 0 else {
                print("archive: export with \(jobs) jobs failed")
                return nil
            }
            return outcome
        }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard let pinned = export(jobs: 1, into: "archive-one", force: true, oneCore: true),
            let one = export(jobs: 1, into: "archive-one", force: true),
            let all = export(jobs: cores, into: "archive-all", force: true),
            let two = export(jobs: 2, into: "archive-two", force: true),
            let rerun = export(jobs: cores, into: "archive-all", force: false)
        else { return }
        let megabytes = Double(size) / 1e6
        print(
            "\nArchive export of \(count) transcripts (\(String(format: "%.0f", megabytes)) MB), whole processes, one run:"
        )
        print("| measure | value | goal |")
        print("| --- | --- | --- |")
        print(
            String(
                format:
                    "| every core (%d jobs) ÷ one job (whose batches of messages use every core) | %.2f× (%.1f s vs %.1f s, %.0f MB/s) | — |",
                cores, one.seconds / all.seconds, all.seconds, one.seconds, megabytes / all.seconds))
        print(
            String(
                format: "| every core ÷ one job on one core (taskset -c 0) | %.2f× (%.1f s) | ≥ 1.7× on 2 cores |",
                pinned.seconds / all.seconds, pinned.seconds))
        print(
            String(
                format: "| peak memory, 2 jobs (1 job) | %.0f MB (%.0f MB) | bounded by the jobs, not the archive |",
                Double(two.peakMemoryKB) / 1024, Double(one.peakMemoryKB) / 1024))
        print(
            String(
                format: "| re-run with nothing changed ÷ first run | %.1f%% (%.2f s) | ≤ 5%% |",
                100 * rerun.seconds / all.seconds, rerun.seconds))
        for name in ["archive-in", "archive-one", "archive-all", "archive-two"] {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }
}
