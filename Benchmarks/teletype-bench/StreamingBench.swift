import Foundation
import Teletype
import TeletypeANSI
import TeletypeLayout
import TeletypeMarkdown

#if canImport(Glibc)
    import Glibc
#endif

/// `teletype-bench streaming`: the cost of streaming against rendering once.
enum StreamingBench {
    /// CPU seconds (user and system) this process has used so far, across its threads.
    static func cpu() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
    }

    static func seconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }

    /// Streams `text` in `delta`-byte pieces, updating the screen at most every `frame` seconds (as
    /// the live view does); returns the CPU seconds used and the bytes a live region would write.
    static func stream(_ text: String, delta: Int, frame: Double, renderer: TerminalRenderer) -> (
        cpu: Double, bytes: Int
    ) {
        let start = cpu()
        var stream = MarkdownStreamRenderer(renderer: renderer)
        var region = LiveRegion(capabilities: renderer.capabilities, height: 50)
        let bytes = Array(text.utf8)
        var written = 0
        var last = seconds()
        var offset = 0
        while offset < bytes.count {
            stream.append(utf8: Array(bytes[offset..<min(bytes.count, offset + delta)]))
            offset += delta
            let now = seconds()
            if now - last >= frame {
                last = now
                let committed = stream.update()
                written += region.frame(committed: committed, live: stream.tailLinesAfter()).count
            }
        }
        let committed = stream.finish()
        written += region.frame(committed: committed + stream.tailLinesAfter(), live: []).count
        return (cpu() - start, written)
    }

    /// The naive way, as rich Live and aider do: parse and render everything received, after every
    /// delta. Run on every delta it would take hours at 1 MB, so it is measured at 24 evenly spaced
    /// points and summed over all deltas (the cost of one render grows with what was received).
    static func naive(_ text: String, delta: Int, renderer: TerminalRenderer) -> Double {
        let bytes = Array(text.utf8)
        let deltas = (bytes.count + delta - 1) / delta
        let samples = 24
        var total = 0.0
        for sample in 1...samples {
            let length = bytes.count * sample / samples
            let prefix = String(decoding: bytes[..<length], as: UTF8.self)
            let start = cpu()
            _ = renderer.render(markdown: prefix)
            total += cpu() - start
        }
        return total / Double(samples) * Double(deltas)
    }

    static func oneShot(_ text: String, renderer: TerminalRenderer) -> Double {
        let start = cpu()
        _ = renderer.render(markdown: text)
        return cpu() - start
    }

    /// A reply as a model writes it: no footnotes or reference links, so blocks settle as they come.
    static func reply(bytes: Int) -> String {
        var out = ""
        var section = 0
        var rng = BenchmarkDocument.Generator(state: 3)
        while out.utf8.count < bytes {
            section += 1
            out += "## Part \(section)\n\n"
            out += BenchmarkDocument.sentence(&rng, words: 60).filter { $0 != "[" && $0 != "]" } + "\n\n"
            out +=
                "- " + BenchmarkDocument.sentence(&rng, words: 8) + "\n- " + BenchmarkDocument.sentence(&rng, words: 8)
                + "\n\n"
            out += "```swift\nlet part = \(section)\nprint(part)\n```\n\n"
            out += "| a | b |\n| - | - |\n| \(section) | \(rng.below(100)) |\n\n"
        }
        return out
    }

    static func run(quick: Bool) {
        let renderer = TerminalRenderer(width: 100, capabilities: .full, theme: .dark)
        print("\nStreaming (4-byte deltas, at most 60 frames a second, CPU time of all threads):\n")
        print(
            "| reply | stream ÷ one-shot render | naive re-render per delta ÷ one-shot (estimated) | live bytes ÷ batch bytes |"
        )
        print("| --- | --- | --- | --- |")
        var perSize: [Double] = []
        for size in quick ? [100_000] : [100_000, 1_000_000] {
            let text = reply(bytes: size)
            let once = (0..<3).map { _ in oneShot(text, renderer: renderer) }.min() ?? 1
            let streamed = stream(text, delta: 4, frame: 1.0 / 60, renderer: renderer)
            let naiveCost = naive(text, delta: 4, renderer: renderer)
            let batchBytes = renderer.render(markdown: text).utf8.count
            perSize.append(streamed.cpu)
            print(
                String(
                    format: "| %d KB | %.2f× (goal ≤ 3) | %.0f× | %.2f (goal ≤ 1.5) |", size / 1000,
                    streamed.cpu / once,
                    naiveCost / once, Double(streamed.bytes) / Double(batchBytes)))
        }
        if perSize.count == 2 {
            print(
                String(
                    format: "\nStreaming 1 MB ÷ streaming 100 KB: %.1f× (goal ≤ 12: cost grows linearly)",
                    perSize[1] / perSize[0]))
        }
        // One message updated in a long conversation and in a short one.
        func update(in count: Int) -> Double {
            var messages: [Message] = (0..<count).map { index in
                index % 2 == 0
                    ? Message(id: "q\(index)", role: .user, text: "Question \(index)?")
                    : Message(
                        id: "a\(index)", role: .assistant, text: "Answer **\(index)** with `code` and more words.")
            }
            let layout = ConversationLayout()
            var rows = ConversationRowCache()
            var lines = ConversationLineCache(renderer: ConversationTerminalRenderer(width: 100, capabilities: .full))
            let all = rows.rows(for: messages, layout: layout)
            _ = lines.lines(all)
            let rounds = 500
            let start = seconds()
            for round in 0..<rounds {
                // The latest reply grows; the live view lays out that row and draws it, the rest is in
                // the scrollback.
                messages[count - 1].text += " word\(round)"
                if let row = rows.row(for: messages[count - 1], isFirst: false, isLatestReply: true, layout: layout) {
                    _ = lines.lines(row)
                }
            }
            return (seconds() - start) / Double(rounds)
        }
        let long = update(in: 10_000)
        let short = update(in: 10)
        print(
            String(format: "Updating the latest reply, 10,000 messages ÷ 10 messages: %.2f× (goal ≤ 2)", long / short))
    }
}
