import Foundation
import TeletypeANSI
import TeletypeLayout

/// `teletype-bench highlight`: what syntax highlighting costs — the ANSI render of the real
/// documents (`../shared/corpus/markdown`, one after another) with the dark theme, against the same
/// theme with highlighting off, in this process, best of several runs; and the streamed render of
/// the same text in 64-byte deltas, with and without.
enum HighlightBench {
    static func run(quick: Bool) -> [Bench.Row] {
        guard let corpus = PipedStreamBench.corpusFolder() else {
            print("\nHighlighting: the corpus (../shared/corpus) is not here; nothing measured")
            return []
        }
        var text = ""
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).sorted() {
            if let data = FileManager.default.contents(atPath: corpus.appendingPathComponent(name).path) {
                text += String(decoding: data, as: UTF8.self) + "\n"
            }
        }
        var plainCode = Theme.dark
        plainCode.syntax = .none
        let repeats = quick ? 2 : 9
        // The two take turns, so that a busy moment of the machine falls on both alike; each keeps its
        // best time.
        var best = (with: Double.infinity, without: Double.infinity)
        for _ in 0..<repeats {
            for highlighted in [true, false] {
                let renderer = TerminalRenderer(width: 100, capabilities: .full, theme: highlighted ? .dark : plainCode)
                let start = Date()
                let output = renderer.render(markdown: text)
                let seconds = Date().timeIntervalSince(start)
                precondition(!output.isEmpty)
                if highlighted {
                    best.with = min(best.with, seconds)
                } else {
                    best.without = min(best.without, seconds)
                }
            }
        }
        let (with, without) = best
        let megabytes = Double(text.utf8.count) / 1e6
        return [
            Bench.Row(
                benchmark: "Highlighting: ANSI render of real text, highlighted ÷ not",
                input: String(format: "%.1f MB", megabytes), ours: String(format: "%.3f s", with),
                peer: String(format: "unhighlighted %.3f s", without), ratio: with / without, goal: "≤ 1.25×",
                oursPeakMB: 0, peerPeakMB: 0)
        ]
    }
}
