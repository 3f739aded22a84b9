import TeletypeANSI
import TeletypeLayout
import TeletypeMarkdown
import TeletypeTestSupport
import Testing

/// Streamed rendering: committed lines followed by the tail equal the batch render, in plain and ANSI,
/// for any split; and the typing pace follows the reference.
@Suite struct StreamingRenderTests {
    static func streamed(_ text: String, renderer: TerminalRenderer, seed: UInt64) -> String {
        var generator = SeededGenerator(seed: seed)
        var stream = MarkdownStreamRenderer(renderer: renderer)
        let bytes = Array(text.utf8)
        var offset = 0
        var written: [StyledLine] = []
        while offset < bytes.count {
            let length = min(bytes.count - offset, Int(generator.next() % 24) + 1)
            stream.append(utf8: Array(bytes[offset..<offset + length]))
            written += stream.update()
            offset += length
        }
        written += stream.finish()
        #expect(written == stream.committedLines)
        return ANSIWriter.write(stream.lines, capabilities: renderer.capabilities)
    }

    @Test(arguments: SpecExample.all.indices.filter { $0 % 3 == 0 })
    func specExamplesStreamToTheBatchRender(_ index: Int) {
        let markdown = SpecExample.all[index].markdown
        for capabilities in [TerminalCapabilities.plain, .full] {
            let renderer = TerminalRenderer(width: 40, capabilities: capabilities)
            #expect(
                Self.streamed(markdown, renderer: renderer, seed: UInt64(index)) == renderer.render(markdown: markdown))
        }
    }

    @Test(arguments: [20, 57, 100])
    func documentsStreamToTheBatchRender(_ width: Int) {
        for text in [SampleDocuments.demo, LargeDocuments.sections(20)] {
            let renderer = TerminalRenderer(width: width, capabilities: .full)
            #expect(Self.streamed(text, renderer: renderer, seed: UInt64(width)) == renderer.render(markdown: text))
        }
    }

    @Test func typingPaceIsSteadyThenCatchesUp() {
        var pacer = TypingPacer()
        #expect(pacer.advance(to: 0, available: 10) == 1)
        // One cluster per 5 ms while the backlog is small.
        #expect(pacer.advance(to: 0.025, available: 10) == 6)
        #expect(pacer.advance(to: 0.100, available: 10) == 10)
        // A backlog of 4000 clusters: a twentieth of it per tick, so it clears in well under a second.
        var fast = TypingPacer()
        _ = fast.advance(to: 0, available: 4000)
        let afterTick = fast.advance(to: 0.005, available: 4000)
        #expect(afterTick > 190)
        var time = 0.005
        while fast.shown < 4000 && time < 2 {
            time += 0.005
            _ = fast.advance(to: time, available: 4000)
        }
        #expect(time < 1.0, "caught up after \(time)s")
        // When generation ends, the rest shows at once.
        var ending = TypingPacer()
        _ = ending.advance(to: 0, available: 500)
        #expect(ending.finish(available: 500) == 500)
    }
}

/// The live region never goes back above the open lines: a committed line, once written, is never
/// rewritten.
@Suite struct LiveRegionTests {
    /// The `n` of each `ESC [ n F` (cursor up to the start of the live region) in a frame.
    static func cursorUps(_ frame: [UInt8]) -> [Int] {
        let text = String(decoding: frame, as: UTF8.self)
        var ups: [Int] = []
        var rest = Substring(text)
        while let range = rest.range(of: "\u{1B}[") {
            rest = rest[range.upperBound...]
            let digits = rest.prefix { $0.isNumber }
            if rest.dropFirst(digits.count).first == "F", let value = Int(digits) { ups.append(value) }
        }
        return ups
    }

    @Test(arguments: [8, 24, 60])
    func committedLinesAreNeverRewritten(_ height: Int) {
        let text = SampleDocuments.demo + "\n\n" + LargeDocuments.sections(5)
        var stream = MarkdownStreamRenderer(renderer: TerminalRenderer(width: 50, capabilities: .full))
        var region = LiveRegion(capabilities: .full, height: height)
        var previousLive = 0
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            stream.append(utf8: Array(bytes[offset..<min(bytes.count, offset + 13)]))
            offset += 13
            let committed = stream.update()
            let live = stream.tailLinesAfter()
            let frame = region.frame(committed: committed, live: live)
            for up in Self.cursorUps(frame) {
                #expect(up <= min(previousLive, height - 1), "moved up \(up) over \(previousLive) open lines")
            }
            previousLive = live.count
        }
    }

    @Test func unchangedLinesAreNotWrittenAgain() {
        var region = LiveRegion(capabilities: .plain, height: 20)
        let lines = (1...5).map { StyledLine(text: "line \($0)") }
        _ = region.frame(committed: [], live: lines)
        var changed = lines
        changed[4] = StyledLine(text: "line five")
        let frame = String(decoding: region.frame(committed: [], live: changed), as: UTF8.self)
        #expect(!frame.contains("line 1") && !frame.contains("line 4"))
        #expect(frame.contains("line five\u{1B}[K"))
        #expect(frame.hasPrefix("\u{1B}[?2026h") && frame.hasSuffix("\u{1B}[?2026l"))
    }
}
