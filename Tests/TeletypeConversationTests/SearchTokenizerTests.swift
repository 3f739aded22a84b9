import Foundation
import TeletypeTestSupport
import Testing

@testable import TeletypeSessions

/// The index's tokenizer folds ASCII words itself and remembers each word's stem; what it gives
/// must be exactly what FTS5's own porter gives (the index stays a plain FTS5 database, and a
/// query's words must meet the index's). Held to FTS5's own on the corpus's text, and on text made
/// to catch the edges: case, digits, words longer than it remembers, letters beyond ASCII within
/// and beside a word, marks, scripts without spaces, punctuation of every kind.
@Suite struct SearchTokenizerTests {
    /// Tokens and the words as held, side by side, for a message that names the first difference.
    static func tokens(_ words: SearchTokenizer.Words) -> [String] {
        words.tokens.indices.map { index in
            let token = words.tokens[index]
            return "\(String(decoding: words.word(index), as: UTF8.self))@\(token.start)..<\(token.end)"
        }
    }

    /// Compares the two on `text`: the remembering one first with its memory as it is, then again
    /// (its memory holding the text's words), and as a query.
    static func expectSame(_ text: String, stock: SearchTokenizer, remembering: SearchTokenizer, _ name: String) {
        let expected = tokens(stock.words(of: text))
        for pass in ["first", "second"] {
            let got = tokens(remembering.words(of: text))
            guard got != expected else { continue }
            let first =
                zip(got, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(got.count, expected.count)
            Issue.record(
                """
                \(name), \(pass) pass: token \(first) is \(first < got.count ? got[first] : "missing"), \
                FTS5's own gives \(first < expected.count ? expected[first] : "none") \
                (\(got.count) tokens, FTS5's own \(expected.count))
                """)
            return
        }
        #expect(
            tokens(remembering.words(of: text, query: true)) == tokens(stock.words(of: text, query: true)),
            "\(name), as a query")
    }

    static func pair() throws -> (stock: SearchTokenizer, remembering: SearchTokenizer) {
        let stock = try #require(SearchTokenizer.standalone(rememberingStems: false))
        let remembering = try #require(SearchTokenizer.standalone(rememberingStems: true))
        return (stock, remembering)
    }

    /// Pieces text is made of: ASCII words and their edges, and what is not ASCII.
    static let pieces = [
        "running", "Runs", "RUNNER", "connection", "connected", "ab", "a", "I", "x86", "64", "3rd", "iOS",
        "caresses", "ponies", "generalizations", "oscillators", "hopeful", "relational", "conditional",
        String(repeating: "supercalifragilistic", count: 2), String(repeating: "a", count: 30),
        String(repeating: "b", count: 31), String(repeating: "ing", count: 25), "café", "CAFÉ", "naïve", "Ärger",
        "straße", "ﬁle", "e\u{301}t\u{301}e", "日本語のテキスト", "中文", "🙂", "👩‍💻", "Ωmega", "über-running",
        "don't", "snake_case_words", "kebab-case", "dot.separated", "path/to/file.swift", "x=1;y=2",
        "\u{0}", "\t", "\n", "  ", "\u{7F}", "\u{A0}", "\u{2028}", "\u{FEFF}", "ⅷ", "١٢٣", "Ⅻ", "ǅ",
    ]

    @Test func madeTextTokenizesAsFTS5Does() throws {
        let (stock, remembering) = try Self.pair()
        var generator = SeededGenerator(seed: 7)
        let separators = [" ", ",", ".", "-", "_", "(", ")", "", "\n", "é", "日", "🙂", "'", "\""]
        for number in 0..<400 {
            let text = (0..<Int.random(in: 1...40, using: &generator)).map { _ in
                Self.pieces.randomElement(using: &generator)! + separators.randomElement(using: &generator)!
            }.joined()
            Self.expectSame(text, stock: stock, remembering: remembering, "made text \(number)")
        }
        for piece in Self.pieces {
            Self.expectSame(piece, stock: stock, remembering: remembering, "\(piece.debugDescription)")
        }
    }

    /// More distinct words than it remembers, so that words take each other's places in its
    /// memory between two remembered ones and within what is handed to FTS5's own.
    @Test func manyWordsTokenizeAsFTS5Does() throws {
        let (stock, remembering) = try Self.pair()
        var generator = SeededGenerator(seed: 19)
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
        let vocabulary = (0..<30_000).map { _ in
            String(
                (0..<Int.random(in: 1...12, using: &generator)).map { _ in letters.randomElement(using: &generator)! })
                + ["", "ing", "ed", "s", "ation", "ness"].randomElement(using: &generator)!
        }
        for number in 0..<20 {
            let text = (0..<5_000).map { _ in
                Int.random(in: 0..<4, using: &generator) == 0
                    ? vocabulary[Int.random(in: 0..<200, using: &generator)]
                    : vocabulary.randomElement(using: &generator)!
            }.joined(separator: number % 2 == 0 ? " " : ", ")
            Self.expectSame(text, stock: stock, remembering: remembering, "many words \(number)")
        }
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func corpusTextTokenizesAsFTS5Does() throws {
        let (stock, remembering) = try Self.pair()
        for file in Corpus.markdown {
            Self.expectSame(file.text, stock: stock, remembering: remembering, file.name)
        }
        for path in Corpus.agentSessions {
            guard let data = FileManager.default.contents(atPath: Corpus.sessionPath(path)) else { continue }
            Self.expectSame(
                String(decoding: data.prefix(2_000_000), as: UTF8.self), stock: stock, remembering: remembering, path)
        }
    }
}
