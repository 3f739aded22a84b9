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

    /// Listings that stay open while they stream, with what makes fenced code tricky: indented fences,
    /// tabs, CRLF, NUL, fence-like lines that do not close, closing fences with text after them.
    static let listings = [
        "Here is the code:\n\n```swift\nlet a = 1\n\tlet b = \"é 漢字\"\n\nprint(a)\n``\n~~~\n```\n\nDone.\n",
        "  ```py\n  def f():\n      return 1\n \tx = 2\n    y\n  ```\nafter\n",
        "~~~~ text\r\nline one\r\n~~~\r\n``` not closing\r\n~~~~~  \r\nNext paragraph\r\n",
        "```\nnul \u{0}\u{0} here\n" + (1...60).map { "line \($0) with some code();" }.joined(separator: "\n") + "\n",
        "- item\n\n```\nfirst\n```\n\n```c\nint main(void) {\n  return 0;\n}\n```\n\n```\nsecond open\nstill open",
    ]

    @Test(arguments: listings.indices)
    func openListingsShowAFreshRenderOfTheTextSoFarLessTheFrameBottom(_ index: Int) {
        let text = Self.listings[index]
        let characters = Array(text)
        for (width, seed) in [(40, 1), (12, 2), (3, 3)] {
            let renderer = TerminalRenderer(width: width, capabilities: .full)
            var generator = SeededGenerator(seed: UInt64(seed))
            var stream = MarkdownStreamRenderer(renderer: renderer)
            var offset = 0
            var sawOpenListing = false
            while offset < characters.count {
                let length = min(characters.count - offset, Int(generator.next() % 9) + 1)
                stream.append(String(characters[offset..<offset + length]))
                offset += length
                stream.update()
                sawOpenListing = sawOpenListing || stream.parser.settledOpenCodeCount != nil
                let prefix = String(characters[..<offset])
                // Only listings are compared mid-stream: elsewhere healing may differ from a fresh parse.
                guard stream.parser.settledOpenCodeCount != nil else { continue }
                // The open listing's frame has no bottom yet.
                var fresh = renderer.render(markdown: prefix).split(separator: "\n", omittingEmptySubsequences: false)
                fresh.removeLast(width >= 4 ? 2 : 1)
                #expect(
                    ANSIWriter.write(stream.lines, capabilities: .full) == fresh.joined(separator: "\n") + "\n",
                    "after \(offset) characters at width \(width)")
            }
            #expect(sawOpenListing)
            stream.finish()
            #expect(ANSIWriter.write(stream.lines, capabilities: .full) == renderer.render(markdown: text))
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

    @Test func framesKeepToTheRateCapAndTheDrawingBudget() {
        var pacer = FramePacer(maximumRate: 60, budget: 0.25)
        #expect(pacer.isDue(at: 0))
        // A cheap frame: the rate cap decides.
        pacer.drew(from: 0, to: 0.001)
        #expect(!pacer.isDue(at: 0.010))
        #expect(pacer.isDue(at: 1.0 / 60))
        // A frame that took 40 ms: the next waits three times as long, so drawing stays at a quarter.
        pacer.drew(from: 1.0, to: 1.040)
        #expect(!pacer.isDue(at: 1.100))
        #expect(pacer.isDue(at: 1.160 + 1e-9))
        // After a resize the next frame is due at once.
        pacer.reset()
        #expect(pacer.isDue(at: 1.041))
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
            let live = Array(stream.liveLines)
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
        // Up to the fifth line only, rewritten from its sixth cell.
        #expect(frame.contains("\u{1B}[?2026h\u{1B}[1F\u{1B}[6Gfive\r\n\u{1B}[?2026l"))
        #expect(frame.hasPrefix("\u{1B}[?2026h") && frame.hasSuffix("\u{1B}[?2026l"))
        // A line that got shorter has the rest erased; one changed from its first cell is written whole.
        var shorter = changed
        shorter[3] = StyledLine(text: "line")
        shorter[4] = StyledLine(text: "other")
        let next = String(decoding: region.frame(committed: [], live: shorter), as: UTF8.self)
        #expect(next.contains("\u{1B}[2F\u{1B}[5G\u{1B}[K\r\n\rother\u{1B}[K\r\n"))
        // A frame with nothing new writes nothing.
        #expect(region.frame(committed: [], live: shorter).isEmpty)
    }

    @Test func aStyleChangeRewritesFromWhereItStarts() {
        var bold = StyledLine(text: "say ")
        bold.segments.append(StyledSegment(text: "hi", style: TextStyle(bold: true)))
        bold.width = 6
        var region = LiveRegion(capabilities: .full, height: 10)
        _ = region.frame(committed: [], live: [StyledLine(text: "say hi")])
        let frame = String(decoding: region.frame(committed: [], live: [bold]), as: UTF8.self)
        #expect(frame.contains("\u{1B}[5G\u{1B}[0;1mhi\u{1B}[0m\r\n"))
    }
}
