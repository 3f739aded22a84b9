import Foundation
import TeletypeANSI

/// Pathological inputs, each rendered by `teletype md` as a whole process against `cmark-gfm` on the
/// same text: time ratio and peak memory of both. Also a million one-byte deltas streamed against
/// one render of the same reply.
enum HostileInputBench {
    /// An input: its name, and how to make its text (made only in the child that writes it).
    struct Input {
        var name: String
        var text: () -> String
    }

    static func inputs(quick: Bool) -> [Input] {
        let words = "plain words with *emphasis* and a [link](https://example.com/a) between them, `code` too. "
        let mixed = "see [link](https://example.com/x) and *emphasis* here "
        let plain = "plain words on one line, with `code` and **strong** words between them. "
        let big = quick ? 5_000_000 : 50_000_000
        let depth = 10_000
        return [
            Input(name: "\(big / 1_000_000) MB on one line") { repeated(plain, bytes: big) },
            Input(name: "\(big / 1_000_000) MB on one line, links among emphasis") { repeated(words, bytes: big) },
            Input(name: "1 MB line of links among emphasis") { repeated(mixed, bytes: 1_000_000) },
            Input(name: "4 MB line of links among emphasis") { repeated(mixed, bytes: 4_000_000) },
            Input(name: "1 MB of backticks") { String(repeating: "`", count: 1_000_000) },
            Input(name: "1 MB of asterisks") { String(repeating: "*", count: 1_000_000) },
            Input(name: "10,000 nested quotes") { String(repeating: "> ", count: depth) + "deep" },
            Input(name: "10,000 nested lists") {
                (0..<depth).map { String(repeating: "  ", count: $0) + "- x" }.joined(separator: "\n")
            },
            Input(name: "10,000 nested brackets") {
                String(repeating: "[", count: depth) + "x" + String(repeating: "](u)", count: depth)
            },
            Input(name: "table of 5,000 columns") {
                "|" + String(repeating: " a |", count: 5000) + "\n|" + String(repeating: "---|", count: 5000) + "\n|"
                    + String(repeating: " b |", count: 5000)
            },
            Input(name: "60,000 footnotes, referenced in the first half, defined in the second") {
                let count = 60_000
                let uses = (0..<count).map { "Paragraph \($0) cites[^n\($0)] and[^n\($0 * 7 % count)].\n\n" }
                let notes = (0..<count).map { "[^n\($0)]: Note \($0), citing[^n\($0 * 3 % count)].\n\n" }
                return uses.joined() + notes.joined()
            },
        ]
    }

    static func repeated(_ unit: String, bytes: Int) -> String {
        String(repeating: unit, count: bytes / unit.utf8.count + 1) + "\n"
    }

    /// Writes each input to `folder` as `hostile-N.md`: run in a child process, so that the parent
    /// stays small (a child's peak memory on Linux counts its parent's at the time it was spawned).
    static func write(to folder: String, quick: Bool) {
        for (index, input) in inputs(quick: quick).enumerated() {
            _ = FileManager.default.createFile(
                atPath: "\(folder)/hostile-\(index).md", contents: Data(input.text().utf8))
        }
    }

    static func run(quick: Bool, folder: URL, me: String) {
        let cli = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("teletype").path
        guard ChildProcess.run([me, "--write-hostile", folder.path] + (quick ? ["--quick"] : []))?.status == 0 else {
            print("could not write the hostile inputs")
            return
        }
        print(
            "\nHostile input (`teletype md --color always --width 100` vs `cmark-gfm` on the same text, one run each):\n"
        )
        print("| input | Teletype | cmark-gfm | time ÷ cmark-gfm's | peak memory: ours / cmark-gfm |")
        print("| --- | --- | --- | --- | --- |")
        for (index, name) in inputs(quick: quick).map(\.name).enumerated() {
            let path = folder.appendingPathComponent("hostile-\(index).md").path
            defer { try? FileManager.default.removeItem(atPath: path) }
            let ours = ChildProcess.run([cli, "md", "--color", "always", "--width", "100", path], captureOutput: false)
            // cmark-gfm is quadratic on long lines of links among emphasis: it is given two minutes.
            let peer = ChildProcess.run(
                ["timeout", "120", "cmark-gfm", "-e", "table", "-e", "strikethrough", "-e", "autolink", path],
                captureOutput: false
            ).flatMap { $0.status == 0 ? $0 : nil }
            guard let ours, ours.status == 0 else {
                print("| \(name) | failed (status \(ours?.status ?? -1)) | | | |")
                continue
            }
            let peerTime = peer.map { String(format: "%.2f s", $0.seconds) } ?? "over 120 s (stopped)"
            let ratio = peer.map { String(format: "%.2f×", ours.seconds / $0.seconds) } ?? "—"
            let peerMemory = peer.map { String(format: "%.0f MB", Double($0.peakMemoryKB) / 1024) } ?? "—"
            print(
                String(
                    format: "| %@ | %.2f s | %@ | %@ | %.0f MB / %@ |", name, ours.seconds, peerTime, ratio,
                    Double(ours.peakMemoryKB) / 1024, peerMemory))
        }
        let reply = StreamingBench.reply(bytes: quick ? 100_000 : 1_000_000)
        let renderer = TerminalRenderer(width: 100, capabilities: .full)
        let streamed = StreamingBench.stream(reply, delta: 1, rate: nil, renderer: renderer)
        let once = StreamingBench.oneShot(reply, renderer: renderer)
        print(
            String(
                format:
                    "\n%d one-byte deltas streamed (as fast as they come): %.2f s of CPU, %.1f× one render of the reply",
                reply.utf8.count, streamed.cpu, streamed.cpu / once))
    }
}
