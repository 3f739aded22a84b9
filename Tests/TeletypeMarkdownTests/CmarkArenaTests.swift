import TeletypeTestSupport
import Testing

@testable import TeletypeMarkdown

/// A parse whose cmark-gfm tree lives in the thread's arena converts to the tree of a parse on the C
/// library's allocator: nodes, text that grows past a block (a long code block, a long paragraph),
/// deep nesting, and the corpus.
@Suite struct CmarkArenaTests {
    func converted(_ text: String) -> [Block] {
        let session = CmarkSession(options: MarkdownParseOptions(), validated: false)
        var copy = text
        return copy.withUTF8 { bytes in
            let root = session.parse(UnsafeRawBufferPointer(bytes))
            defer { root.free() }
            var converter = TreeConverter(kinds: session.kinds)
            return converter.convert(root.pointer).blocks
        }
    }

    static let grown: [String] = [
        "```\n" + String(repeating: "let x = 1 // a line of code\n", count: 40_000) + "```\n",
        String(repeating: "word *emphasis* [link](https://example.org) ", count: 20_000) + "\n",
        String(repeating: "> - ", count: 40) + "deep\n",
        String(repeating: "| a | b |\n|---|---|\n| 1 | ~~2~~ |\n\n", count: 3_000),
    ]

    @Test(arguments: grown.indices)
    func anArenaParseEqualsAMallocParse(_ index: Int) {
        let text = Self.grown[index]
        #expect(!CmarkArena.isActive)
        let outside = converted(text)
        let inside = CmarkArena.scope { converted(text) }
        #expect(!CmarkArena.isActive)
        let same = inside == outside
        #expect(same, "text \(index) parses differently in an arena")
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func theCorpusParsesTheSameInAnArena() throws {
        for file in Corpus.markdown {
            let same = CmarkArena.scope { converted(file.text) } == converted(file.text)
            #expect(same, "\(file.name) parses differently in an arena")
        }
    }

    /// A parse inside another's arena (as a renderer that parses while a piece is converted would)
    /// shares it, and the outer parse goes on unharmed.
    @Test func arenasDoNotNest() {
        let text = Self.grown[1]
        let expected = converted(text)
        let (outer, inner) = CmarkArena.scope { () -> ([Block], [Block]) in
            let inner = CmarkArena.scope { converted("# inner *x*\n") }
            #expect(CmarkArena.isActive)
            return (converted(text), inner)
        }
        let same = outer == expected
        #expect(same, "the outer parse changed")
        #expect(inner == converted("# inner *x*\n"))
    }
}
