import Foundation

/// `teletype-bench chat-exports`: a generated 200 MB ChatGPT export (`ChatExportGenerator`), as
/// whole processes: `teletype export` of all of it into an archive (time, peak memory, how many
/// cores it kept busy) and `teletype render --conversation` of one conversation, each against
/// reading the file with Python's `json` module — the floor for any Python tool on it.
enum ChatExportBench {
    static func run(quick: Bool, me: String, folder: URL) -> [Bench.Row] {
        let cli = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("teletype").path
        guard FileManager.default.isExecutableFile(atPath: cli) else { return [] }
        let export = folder.appendingPathComponent("conversations.json").path
        ChatExportGenerator.write(to: export, bytes: quick ? 20_000_000 : 200_000_000)
        let size = (try? FileManager.default.attributesOfItem(atPath: export)[.size] as? Int) ?? 0
        let label = String(format: "%.0f MB", Double(size) / 1e6)
        let python = PipedStreamBench.which("python3") ?? "/usr/bin/python3"
        let floor = (0..<2).compactMap { _ in
            ChildProcess.run(
                [python, "-c", "import json, sys; json.load(open(sys.argv[1], 'rb'))", export], captureOutput: false)
        }.filter { $0.status == 0 }.min { $0.seconds < $1.seconds }
        let site = folder.appendingPathComponent("chat-export-site").path
        let exports = (0..<2).compactMap { _ in
            ChildProcess.run([cli, "export", export, "-o", site, "--quiet", "--force"], captureOutput: false)
        }.filter { $0.status == 0 }
        let ours = exports.min { $0.seconds < $1.seconds }
        let pages =
            (try? FileManager.default.subpathsOfDirectory(atPath: site + "/pages"))?.filter { $0.hasSuffix(".html") }
            .count ?? 0
        // One conversation: the one in the middle of the file.
        let listing = ChildProcess.run([cli, "render", export])
        let count = max(1, (listing?.output.split(separator: "\n").count ?? 2) - 1)
        let one = (0..<3).compactMap { _ in
            ChildProcess.run(
                [cli, "render", export, "--conversation", "\(count / 2 + 1)", "--format", "plain"], captureOutput: false
            )
        }.filter { $0.status == 0 }.min { $0.seconds < $1.seconds }
        var rows: [Bench.Row] = []
        guard let floor else {
            print("python3 cannot read the generated export: no ratios")
            return rows
        }
        if let ours {
            print(
                String(
                    format: "\n`teletype export` of the %@ export: %d pages, CPU %.1f s in %.1f s (%.2f cores busy)",
                    label, pages, ours.cpuSeconds, ours.seconds, ours.cpuSeconds / ours.seconds))
            rows.append(
                Bench.Row(
                    benchmark: "`teletype export` of a generated ChatGPT export, every conversation a page",
                    input: label, ours: String(format: "%.2f s", ours.seconds),
                    peer: String(format: "Python json.load %.2f s", floor.seconds), ratio: floor.seconds / ours.seconds,
                    goal: "memory < 300 MB, every core", oursPeakMB: Double(ours.peakMemoryKB) / 1024,
                    peerPeakMB: Double(floor.peakMemoryKB) / 1024))
        }
        if let one {
            rows.append(
                Bench.Row(
                    benchmark: "`teletype render --conversation N` of one conversation of it", input: label,
                    ours: String(format: "%.2f s", one.seconds),
                    peer: String(format: "Python json.load %.2f s", floor.seconds), ratio: floor.seconds / one.seconds,
                    goal: "the others not laid out", oursPeakMB: Double(one.peakMemoryKB) / 1024,
                    peerPeakMB: Double(floor.peakMemoryKB) / 1024))
        }
        return rows
    }
}
