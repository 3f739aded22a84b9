import Foundation
import TeletypeTestSupport
import Testing

@testable import TeletypeMarkdown

/// Streaming on real documents (`../shared/corpus/markdown`): for random splits and random pauses
/// (the tail parsed after some deltas only, so in the middle of any construct), the streamed
/// document equals the one-shot parse, and blocks committed for output never change.
@Suite struct CorpusStreamingTests {
    /// Streams `bytes` in pieces of 1 to `maximum` bytes, updating after a piece with probability
    /// 1/`pause`; checks after every update that committed blocks stayed as they were.
    static func stream(_ bytes: [UInt8], seed: UInt64, maximum: Int, pause: UInt64, tracksOpenTail: Bool = true)
        -> (parser: StreamingMarkdownParser, stable: Bool)
    {
        var generator = SeededGenerator(seed: seed)
        var parser = StreamingMarkdownParser(tracksOpenTail: tracksOpenTail)
        var offset = 0
        var stable = true
        var checked = 0
        while offset < bytes.count {
            let length = min(bytes.count - offset, Int(generator.next() % UInt64(maximum)) + 1)
            parser.append(utf8: Array(bytes[offset..<offset + length]))
            offset += length
            if generator.next() % pause == 0 {
                let count = parser.committed.count
                parser.update()
                // Only what was committed before is compared: the rest is new.
                if parser.committed.count < count { stable = false }
                checked = count
            }
        }
        let before = Array(parser.committed.prefix(checked))
        parser.finish()
        if Array(parser.committed.prefix(before.count)) != before { stable = false }
        return (parser, stable)
    }

    /// Whether the update after every piece of at most 8 bytes (the costliest split, a quadratic
    /// number of updates) runs on `name`: on every document in `make test-corpus`
    /// (`TELETYPE_CORPUS_SWEEP=full`), on a seeded third of them in `make test`.
    static func updatesEveryPiece(_ name: String) -> Bool {
        if ProcessInfo.processInfo.environment["TELETYPE_CORPUS_SWEEP"] == "full" { return true }
        return name.utf8.reduce(UInt32(2_166_136_261)) { ($0 ^ UInt32($1)) &* 16_777_619 } % 3 == 0
    }

    @Test(arguments: Corpus.markdownNames)
    func realDocumentsStreamToTheirOneShotParse(_ name: String) {
        let file = Corpus.markdown(named: name)
        let whole = MarkdownDocument(parsing: file.text)
        let splits: [(UInt64, Int, UInt64)] =
            (Self.updatesEveryPiece(name) ? [(1, 8, 1)] : []) + [(2, 16, 7), (3, 64, 31), (4, 400, 3)]
        for (seed, maximum, pause) in splits {
            let (parser, stable) = Self.stream(file.bytes, seed: seed, maximum: maximum, pause: pause)
            #expect(parser.document == whole, "\(name) seed \(seed)")
            #expect(stable, "\(name) seed \(seed)")
        }
    }
}
