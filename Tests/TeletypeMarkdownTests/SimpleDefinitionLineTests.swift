import TeletypeTestSupport
import Testing

@testable import TeletypeMarkdown

/// A line the planner takes for a definition standing alone is one to cmark-gfm: parsed alone it
/// leaves no block, and two such lines define both their labels, as the run they came from does.
@Suite struct SimpleDefinitionLineTests {
    static let lines = [
        "[#12345]: https://github.com/rust-lang/rust/pull/12345/", "[a]: /url", "[a]: /url \"title\"",
        "[a]: /url 'title'", "[a]: /url (title)", "[a]: <with space>", "[a]:   /url   ", "[a b]: /u(x)y",
        "[a\\]b]: /url", "[@user]: https://github.com/user", "[a]: /url \"unclosed", "[a]: /url \"t\" extra",
        "[a]: /u(x", "[a]:", "[a]: <open", "[^note]: a footnote", "[a[b]]: /url", "[ ]: /url", "[a]: /url\"t\"",
        "[a]: /url (t(x))", "[a]: /url 'it\\'s'", "[a]: <a<b>", "not [a]: /url", "[a] : /url", "[a]: \u{1}x",
    ]

    static func check(_ line: String) {
        let bytes = Array(line.utf8)
        let simple = bytes.withUnsafeBytes { SimpleDefinitionLine.labelEnd($0) != nil }
        guard simple else { return }
        let alone = MarkdownDocument(parsing: line + "\n")
        #expect(alone.blocks.isEmpty, "\(line.debugDescription) is not a definition alone: \(alone.blocks)")
        let pair = line + "\n" + "[zz-other]: /other\n"
        #expect(MarkdownDocument(parsing: pair).blocks.isEmpty, "\(line.debugDescription) then another")
        var parsed = 0
        let definitions = ReferenceDefinitions.probeByParsing(
            Array(pair.utf8)[...], options: .init(), bytesParsed: &parsed)
        #expect(definitions?.count == 2, "\(line.debugDescription): \(String(describing: definitions))")
    }

    @Test(arguments: lines)
    func linesTakenAsDefinitionsAreDefinitions(_ line: String) {
        Self.check(line)
    }

    @Test func someLinesAreTakenAndSomeAreNot() {
        func simple(_ line: String) -> Bool {
            Array(line.utf8).withUnsafeBytes { SimpleDefinitionLine.labelEnd($0) != nil }
        }
        #expect(simple("[#12345]: https://github.com/rust-lang/rust/pull/12345/"))
        #expect(simple("[a]: /url \"title\""))
        #expect(!simple("[a]: /url \"unclosed"))
        #expect(!simple("[^note]: a footnote"))
        #expect(!simple("[a]: /u(x"))
    }

    /// Every definition line of the real documents the planner takes is one.
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func realDefinitionLinesTakenAreDefinitions() throws {
        for file in Corpus.markdown {
            for line in file.text.split(separator: "\n") where line.hasPrefix("[") {
                Self.check(String(line))
            }
        }
    }
}
