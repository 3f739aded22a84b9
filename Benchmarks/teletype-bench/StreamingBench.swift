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

    /// What streaming a text cost.
    struct Streamed {
        /// CPU seconds used, all threads.
        var cpu: Double
        /// Bytes a live region wrote to the terminal.
        var bytes: Int
        /// How long the stream lasted, in (simulated) seconds.
        var duration: Double
    }

    /// Streams `text` in `delta`-byte pieces, drawing frames when the live view's frame pacer allows.
    /// With no `rate`, the pieces come as fast as they can be taken (a model faster than any screen);
    /// with a `rate` (pieces a second), time is simulated: it advances with the arrivals and with the
    /// measured cost of each frame, so the frames drawn are those a real stream at that rate gets.
    static func stream(_ text: String, delta: Int, rate: Double?, renderer: TerminalRenderer) -> Streamed {
        let start = cpu()
        let began = seconds()
        var stream = MarkdownStreamRenderer(renderer: renderer)
        var region = LiveRegion(capabilities: renderer.capabilities, height: 50)
        let bytes = Array(text.utf8)
        var written = 0
        var frames = FramePacer()
        var now = 0.0
        var offset = 0
        var index = 0
        while offset < bytes.count {
            now = rate.map { max(now, Double(index) / $0) } ?? seconds() - began
            stream.append(utf8: Array(bytes[offset..<min(bytes.count, offset + delta)]))
            offset += delta
            index += 1
            if frames.isDue(at: now) {
                let begin = seconds()
                let committed = stream.update()
                written += region.frame(committed: committed, live: stream.liveLines).count
                let cost = seconds() - begin
                frames.drew(from: now, to: now + cost)
                now += cost
            }
        }
        let committed = stream.finish()
        written += region.frame(committed: committed + Array(stream.liveLines), live: []).count
        return Streamed(cpu: cpu() - start, bytes: written, duration: rate == nil ? seconds() - began : now)
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

    /// The worst case for a streaming renderer: one fenced code listing that stays open until the
    /// last line, so nothing commits and the open block grows with every delta.
    static func listing(bytes: Int) -> String {
        var out = "```swift\n"
        var line = 0
        while out.utf8.count < bytes {
            line += 1
            out += "let value\(line) = compute(\(line), scale: \(line % 7)) // step \(line)\n"
        }
        return out + "```\n"
    }

    static func run(quick: Bool) {
        let renderer = TerminalRenderer(width: 100, capabilities: .full, theme: .dark)
        let rate = 1000.0
        print("\nStreaming (4-byte deltas, at most 60 frames a second, CPU time of all threads):\n")
        print(
            "| reply | stream ÷ one-shot render | naive re-render per delta ÷ one-shot (estimated) "
                + "| at 4 KB/s: CPU, share of one core | at 4 KB/s: live bytes ÷ batch bytes |")
        print("| --- | --- | --- | --- | --- |")
        let kinds: [(name: String, make: (Int) -> String)] = [
            ("reply", reply(bytes:)), ("one open code block", listing(bytes:)),
        ]
        var costs: [String: [(fast: Double, paced: Double)]] = [:]
        for kind in kinds {
            for size in quick ? [100_000] : [100_000, 1_000_000] {
                let text = kind.make(size)
                let once = (0..<3).map { _ in oneShot(text, renderer: renderer) }.min() ?? 1
                let fast = stream(text, delta: 4, rate: nil, renderer: renderer)
                let paced = stream(text, delta: 4, rate: rate, renderer: renderer)
                let naiveCost = naive(text, delta: 4, renderer: renderer)
                let batchBytes = renderer.render(markdown: text).utf8.count
                costs[kind.name, default: []].append((fast.cpu, paced.cpu))
                print(
                    String(
                        format: "| %@, %d KB | %.2f× (goal ≤ 3) | %.0f× | %.2f%% | %.2f (goal ≤ 1.5) |", kind.name,
                        size / 1000, fast.cpu / once, naiveCost / once, 100 * paced.cpu / paced.duration,
                        Double(paced.bytes) / Double(batchBytes)))
            }
        }
        print()
        for kind in kinds {
            guard let pair = costs[kind.name], pair.count == 2 else { continue }
            print(
                String(
                    format: "Streaming 1 MB ÷ streaming 100 KB (%@): %.1f× as fast as it comes, %.1f× at 4 KB/s "
                        + "(goal ≤ 12: cost grows linearly)",
                    kind.name, pair[1].fast / pair[0].fast, pair[1].paced / pair[0].paced))
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
        let row = streamingRow(reply(bytes: quick ? 30_000 : 100_000), updates: 200)
        print(
            String(
                format: "A %d KB reply written into its conversation row, 200 updates: drawing it anew each time ÷ "
                    + "the row caches: %.1f×", quick ? 30 : 100, row.fresh / row.incremental))
    }

    /// A reply streamed into the latest row of a conversation: the CPU of `updates` updates through
    /// the row and line caches (which parse only the open tail and draw only the open blocks), and of
    /// laying out and drawing the row anew at each.
    static func streamingRow(_ answer: String, updates: Int) -> (incremental: Double, fresh: Double) {
        let bytes = Array(answer.utf8)
        let layout = ConversationLayout()
        let renderer = ConversationTerminalRenderer(width: 100, capabilities: .full)
        func run(cached: Bool) -> Double {
            var messages = [
                Message(id: "q", role: .user, text: "Tell me everything."),
                Message(id: "a", role: .assistant, text: "", isGenerating: true),
            ]
            var rows = ConversationRowCache()
            var lines = ConversationLineCache(renderer: renderer)
            let start = cpu()
            for update in 1...updates {
                let end = bytes.count * update / updates
                messages[1].text = String(decoding: bytes[..<end], as: UTF8.self)
                if cached {
                    _ = lines.lines(rows.rows(for: messages, layout: layout))
                } else {
                    _ = renderer.lines(layout.rows(for: messages))
                }
            }
            return cpu() - start
        }
        return (run(cached: true), run(cached: false))
    }
}
