import TeletypeTestSupport
import Testing

@testable import TeletypeMarkdown

/// Generated text that mixes math delimiters, escapes, reference links and the places where a
/// dollar is not math (``MixedMarkdown``): streamed under random splits and pauses, it reads as the
/// one-shot parse; parsed in pieces on every core, as parsed whole; and whether a block reads math
/// is decided by that block alone.
@Suite struct MixedMathStreamingTests {
    @Test(arguments: MixedMarkdown.seeds)
    func mixturesStreamToTheirOneShotParse(_ seed: UInt64) {
        let text = MixedMarkdown.document(seed: seed)
        let whole = MarkdownDocument(parsing: text)
        for (split, maximum, pause) in [(1, 6, 1), (2, 24, 5), (3, 200, 2)] as [(UInt64, Int, UInt64)] {
            let (parser, stable) = CorpusStreamingTests.stream(
                Array(text.utf8), seed: seed &* 31 &+ split, maximum: maximum, pause: pause)
            #expect(parser.document == whole, "seed \(seed) split \(split)")
            #expect(stable, "seed \(seed) split \(split)")
        }
    }

    @Test(arguments: MixedMarkdown.seeds)
    func mixturesParseInPiecesAsWhole(_ seed: UInt64) {
        let text = MixedMarkdown.document(seed: seed, sections: 60)
        var serial = MarkdownParser()
        serial.maximumPieces = 1
        var pieces = MarkdownParser()
        pieces.maximumPieces = 8
        #expect(pieces.parse(text) == serial.parse(text), "seed \(seed)")
    }

    /// A block in which the scan took code for text reads as written; the blocks around it keep
    /// their math, in whatever company they are parsed.
    @Test func aStrayMarkerUndoesMathInItsOwnBlockOnly() {
        let math = "The area is $\\pi r^2$ and \\(x_i\\)."
        let code = "    echo $PATH:$HOME\n    echo $x$"
        let span = "A span `that goes on\n$over$ two` lines."
        for stray in [code, span, "<!-- $x$\n\n$y$ -->"] {
            let together = MarkdownDocument(parsing: [math, stray, math].joined(separator: "\n\n") + "\n")
            let alone = MarkdownDocument(parsing: math + "\n")
            #expect(together.blocks.count >= 3)
            #expect(together.blocks.first.map(Self.stripped) == alone.blocks.first.map(Self.stripped), "\(stray)")
            #expect(together.blocks.last.map(Self.stripped) == alone.blocks.first.map(Self.stripped), "\(stray)")
            var plain = MarkdownParseOptions()
            plain.recognizesMath = false
            let written = MarkdownDocument(parsing: stray + "\n", options: plain)
            #expect(
                Array(together.blocks.dropFirst().dropLast()).map(Self.stripped) == written.blocks.map(Self.stripped),
                "\(stray)")
        }
    }

    @Test(arguments: [
        ("need [re2c] \\(>= 0.14.2\\), which", false), ("the area \\(\\pi r^2\\)", true), ("\\(x\\)", true),
        ("\\(2 + 2\\)", false), ("\\[ 1.5 \\]", false), ("\\[E = mc^2\\]", true),
    ])
    func backslashParenthesesAreMathWithALetter(_ text: String, _ isMath: Bool) {
        let document = MarkdownDocument(parsing: text + "\n")
        guard case .paragraph(let paragraph) = document.blocks.first else {
            Issue.record("no paragraph")
            return
        }
        let hasMath = paragraph.inlines.contains { if case .math = $0 { true } else { false } }
        #expect(hasMath == isMath, "\(text)")
    }

    /// A block with its source positions set aside, so that blocks from different places compare.
    static func stripped(_ block: Block) -> String {
        String(describing: block).replacing(/line: \d+, column: \d+/, with: "_")
    }
}
