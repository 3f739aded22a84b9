import TeletypeTestSupport
import Testing

@testable import TeletypeMarkdown

/// Definitions read straight from plain lines are those cmark-gfm reads: wherever the lines are
/// read without a parse, they give exactly what the parse gives, a label's first definition first.
@Suite struct PlainDefinitionsTests {
    func expectSameAsParse(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let bytes = Array(text.utf8)[...]
        guard let plain = PlainDefinitions.read(bytes) else { return false }
        var parsed = 0
        let byParse = ReferenceDefinitions.probeByParsing(bytes, options: .init(), bytesParsed: &parsed)
        #expect(plain == byParse, "\(text.debugDescription)", sourceLocation: sourceLocation)
        return true
    }

    /// Runs of definitions made at random: labels in any case and spacing, repeated; destinations
    /// with parentheses, angle brackets, other scripts; every kind of title; blank lines between runs.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomDefinitionsReadAsTheParseReadsThem(_ seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        func pick(_ choices: [String]) -> String { choices.randomElement(using: &generator)! }
        let words = ["a", "B", "napi_value", "`Buffer`", "#12345", "@user", "Foo  Bar", "foo bar", "x-y.z", "ü"]
        let destinations = [
            "https://example.com/a", "#anchor", "fs.md#class-fsdir", "/u(x)y", "/a(b(c))", "<with space>", "<>",
            "https://ja.wikipedia.org/wiki/日本", "/url\"t\"", "https://x.org/?q=1&b=2", "/a&b", "/&;",
        ]
        let titles = ["", " \"title\"", " 'it is'", " (paren)", " \"a 'b' c\""]
        // What sends a run to the parse, now and then.
        let others = [
            "/a)b", "<a<b>", "/u(x", "/a&amp;b", "/&#35;", "/a\\_b", "/$5", "/u \"&amp;\"", "/u (a(b))", "/u \"x\" y",
        ]
        var read = 0
        for _ in 0..<200 {
            var text = ""
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                let label = pick(words) + (Bool.random(using: &generator) ? "" : " " + pick(words))
                let rest =
                    Int.random(in: 0..<40, using: &generator) == 0 ? pick(others) : pick(destinations) + pick(titles)
                text += "[\(label)]:" + pick([" ", "  ", "\t", ""]) + rest
                text += pick(["", " ", "  "]) + pick(["\n", "\n", "\r\n", "\n\n", "\n  \n"])
            }
            if expectSameAsParse(text) { read += 1 }
        }
        // Some runs have a line that must go to the parse (a label in another script, an escape); enough
        // do not for the check to count.
        #expect(read >= 50, "only \(read) of 200 runs read without a parse")
    }

    /// Lines cmark-gfm reads as more than their bytes, or not as one definition each, go to the parse.
    @Test(arguments: [
        "[a]: /url &amp;", "[a]: /u?x=1&amp;y", "[a]: /u \"&#x41;\"", "[a]: /a\\_b", "[a]: /url \"$x$\"", "[ü]: /url",
        "[a]: /url\nnot a definition",
        "[a]: /url\n\"title on the next line\"", "[a]:\n/url", "text\n[a]: /url", "[a]: /url \"t\" extra",
        "[a]: /" + String(repeating: "(", count: 33) + String(repeating: ")", count: 33), "[a]: /url\u{1}",
        "    [a]: /url", "> [a]: /url", "[^note]: a footnote",
    ])
    func linesWithMoreInThemGoToTheParse(_ text: String) {
        #expect(PlainDefinitions.read(Array(text.utf8)[...]) == nil)
    }

    /// Release notes' and API references' definitions are read without a parse.
    @Test func plainRunsAreReadWithoutAParse() {
        let text =
            "[#12345]: https://github.com/rust-lang/rust/pull/12345/\n[`Buffer`]: buffer.md#class-buffer\n\n"
            + "[a]: <with space> (title)\n[A]: /second-definition-of-a\n"
        #expect(expectSameAsParse(text))
        #expect(
            PlainDefinitions.read(Array(text.utf8)[...])?.map(\.destination) == [
                "https://github.com/rust-lang/rust/pull/12345/", "buffer.md#class-buffer", "with space",
            ])
    }

    /// The definition regions of the corpus's documents, joined as the planner joins them.
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func theCorpusDefinitionsReadAsTheParseReadsThem() {
        var read = 0
        for file in Corpus.markdown {
            var text = file.text
            let regions = text.withUTF8 { buffer -> [UInt8] in
                let bytes = UnsafeRawBufferPointer(buffer)
                var joined: [UInt8] = []
                for region in ChunkPlanner.plan(bytes, pieces: 64).definitionRegions {
                    joined.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[region]))
                    if joined.last != 0x0A { joined.append(0x0A) }
                    joined.append(0x0A)
                }
                return joined
            }
            guard !regions.isEmpty else { continue }
            if expectSameAsParse(String(decoding: regions, as: UTF8.self)) { read += 1 }
        }
        #expect(read > 0)
    }
}
