import Foundation
import TeletypeANSI
import TeletypeLayout
import TeletypeMarkdown
import TeletypeSnapshotTesting
import TeletypeTestSupport
import Testing

/// Real documents (`../shared/corpus/markdown`) streamed in random pieces with random pauses, at
/// widths 40 and 100: into a pipe, the lines written are the batch render; live, what a terminal
/// shows at the end (scrollback and screen, read through the emulator) is the batch render: open
/// and held lines never reach the scrollback before they are final.
@Suite struct CorpusStreamingRenderTests {
    /// Feeds `bytes` to `stream` in random pieces, updating now and then; `frame` gets what each
    /// update committed.
    static func feed(
        _ bytes: [UInt8], into stream: inout MarkdownStreamRenderer, seed: UInt64,
        frame: (inout MarkdownStreamRenderer, [StyledLine]) -> Void
    ) {
        var generator = SeededGenerator(seed: seed)
        var offset = 0
        while offset < bytes.count {
            let length = min(bytes.count - offset, Int(generator.next() % 48) + 1)
            stream.append(utf8: Array(bytes[offset..<offset + length]))
            offset += length
            if generator.next() % 5 == 0 { frame(&stream, stream.update()) }
        }
    }

    @Test(arguments: Corpus.markdownNames)
    func pipedOutputIsTheBatchRender(_ name: String) {
        let file = Corpus.markdown(named: name)
        Self.checkPiped(file.text, bytes: file.bytes, label: name)
    }

    @Test(arguments: Corpus.markdownNames)
    func theLiveScreenEndsOnTheBatchRender(_ name: String) {
        let file = Corpus.markdown(named: name)
        Self.checkLive(file.text, bytes: file.bytes, label: name)
    }

    /// Generated mixtures of math delimiters, escapes and reference links (``MixedMarkdown``).
    @Test(arguments: MixedMarkdown.seeds)
    func mixturesPipedAreTheBatchRender(_ seed: UInt64) {
        let text = MixedMarkdown.document(seed: seed)
        Self.checkPiped(text, bytes: Array(text.utf8), label: "mixture \(seed)")
    }

    @Test(arguments: MixedMarkdown.seeds)
    func mixturesLiveEndOnTheBatchRender(_ seed: UInt64) {
        let text = MixedMarkdown.document(seed: seed)
        Self.checkLive(text, bytes: Array(text.utf8), label: "mixture \(seed)")
    }

    static func checkPiped(_ text: String, bytes: [UInt8], label name: String) {
        let file = (text: text, bytes: bytes)
        for width in [40, 100] {
            let renderer = TerminalRenderer(width: width, capabilities: .full)
            var stream = MarkdownStreamRenderer(renderer: renderer, showsOpenLines: false)
            var written: [StyledLine] = []
            Self.feed(file.bytes, into: &stream, seed: UInt64(width)) { _, committed in written += committed }
            written += stream.finish()
            written += stream.liveLines
            let output = ANSIWriter.write(written, capabilities: renderer.capabilities)
            let batch = renderer.render(markdown: file.text)
            #expect(output == batch, "\(name) at width \(width): \(Self.firstDifference(output, batch))")
        }
    }

    static func checkLive(_ text: String, bytes: [UInt8], label name: String) {
        let file = (text: text, bytes: bytes)
        for (width, height) in [(40, 24), (100, 50)] {
            let renderer = TerminalRenderer(width: width, capabilities: .full)
            var stream = MarkdownStreamRenderer(renderer: renderer)
            var region = LiveRegion(capabilities: .full, height: height)
            var terminal = TerminalEmulator(width: width, height: height)
            Self.feed(file.bytes, into: &stream, seed: UInt64(width)) { stream, committed in
                terminal.feed(region.frame(committed: committed, live: stream.liveLines))
            }
            let committed = stream.finish()
            terminal.feed(region.frame(committed: committed + Array(stream.liveLines), live: []))
            let expected = Self.visible(renderer.render(markdown: file.text))
            #expect(
                terminal.text == expected,
                "\(name) at \(width)×\(height): \(Self.firstDifference(terminal.text, expected))")
        }
    }

    /// What a terminal shows of output: each line's text with tabs expanded and trailing spaces
    /// dropped, trailing empty lines dropped.
    static func visible(_ output: String) -> String {
        func expandingTabs(_ line: String) -> String {
            var out = ""
            var column = 0
            for character in line {
                if character == "\t" {
                    let stop = (column / 8 + 1) * 8
                    out += String(repeating: " ", count: stop - column)
                    column = stop
                } else {
                    out.append(character)
                    column += CellWidth.of(character)
                }
            }
            return out
        }
        var lines = TerminalOutput.visibleLines(output).map {
            String(expandingTabs($0).reversed().drop { $0 == " " }.reversed())
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Where two outputs first differ: the line number and both lines.
    static func firstDifference(_ a: String, _ b: String) -> String {
        let left = a.split(separator: "\n", omittingEmptySubsequences: false)
        let right = b.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(left.count, right.count) {
            let l = index < left.count ? String(left[index]) : "<none>"
            let r = index < right.count ? String(right[index]) : "<none>"
            if l != r { return "line \(index + 1): got \(l.debugDescription), want \(r.debugDescription)" }
        }
        return "no difference"
    }
}
