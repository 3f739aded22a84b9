import TeletypeANSI
import TeletypeLayout
import TeletypeTestSupport

/// Markdown streamed in pieces: what was written plus the tail equals the batch render, the lines
/// written are never taken back, and every frame is safe.
enum StreamedMarkdownFuzzing {
    static func problems(in bytes: [UInt8]) -> [String] {
        var generator = SeededGenerator(seed: InputHash.of(bytes))
        let width = Int(generator.next() % 100) + 20
        let text = String(decoding: bytes, as: UTF8.self)
        let utf8 = Array(text.utf8)
        var problems: [String] = []
        for capabilities in [TerminalCapabilities.plain, .full] {
            let renderer = TerminalRenderer(width: width, capabilities: capabilities)
            var stream = MarkdownStreamRenderer(renderer: renderer)
            var written: [StyledLine] = []
            var offset = 0
            let longest = Int(generator.next() % 32) + 1
            while offset < utf8.count {
                let length = min(utf8.count - offset, Int(generator.next() % UInt64(longest)) + 1)
                stream.append(utf8: Array(utf8[offset..<offset + length]))
                written += stream.update()
                offset += length
                let frame = ANSIWriter.write(stream.lines, capabilities: capabilities)
                if capabilities == .full {
                    problems += RenderedOutputChecks.ansi(frame, "frame after \(offset) bytes")
                } else {
                    problems += RenderedOutputChecks.plain(frame, "frame after \(offset) bytes")
                }
                if !problems.isEmpty { return problems }
            }
            written += stream.finish()
            let context = "\(capabilities == .full ? "ANSI" : "plain") at width \(width), pieces up to \(longest)"
            if written != stream.committedLines {
                problems.append("\(context): the lines written differ from the committed lines")
            }
            let streamed = ANSIWriter.write(stream.lines, capabilities: capabilities)
            let batch = renderer.render(markdown: text)
            if streamed != batch {
                problems.append(
                    "\(context): streamed output differs from the batch render\n" + firstDifference(streamed, batch))
            }
        }
        return problems
    }

    /// The first line where two renders differ, both ways.
    static func firstDifference(_ streamed: String, _ batch: String) -> String {
        let a = streamed.split(separator: "\n", omittingEmptySubsequences: false)
        let b = batch.split(separator: "\n", omittingEmptySubsequences: false)
        let line = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
        let shown = { (lines: [Substring]) in line < lines.count ? String(lines[line]).debugDescription : "(no line)" }
        return "  line \(line + 1) streamed: \(shown(a))\n  line \(line + 1) batch:    \(shown(b))"
    }
}
