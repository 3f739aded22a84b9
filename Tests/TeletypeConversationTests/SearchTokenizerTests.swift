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
    static func check() throws -> SearchTokenizerCheck { try #require(SearchTokenizerCheck()) }

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
        let check = try Self.check()
        var generator = SeededGenerator(seed: 7)
        let separators = [" ", ",", ".", "-", "_", "(", ")", "", "\n", "é", "日", "🙂", "'", "\""]
        for number in 0..<400 {
            let text = (0..<Int.random(in: 1...40, using: &generator)).map { _ in
                Self.pieces.randomElement(using: &generator)! + separators.randomElement(using: &generator)!
            }.joined()
            #expect(check.difference(in: text) == nil, Comment(rawValue: "made text \(number)"))
        }
        for piece in Self.pieces {
            #expect(check.difference(in: piece) == nil, Comment(rawValue: "\(piece.debugDescription)"))
        }
    }

    /// Bytes that are not UTF-8 among ASCII words (FTS5 reads them as letters): what the fuzz
    /// target feeds it.
    @Test func anyBytesTokenizeAsFTS5Does() throws {
        let check = try Self.check()
        var generator = SeededGenerator(seed: 23)
        let bytes: [UInt8] = Array("The Quick brown fox, 42 runs".utf8) + [0x80, 0xBF, 0xC3, 0xFF, 0x00, 0xE2, 0x82]
        for number in 0..<300 {
            let text = (0..<Int.random(in: 1...200, using: &generator)).map { _ in
                bytes.randomElement(using: &generator)!
            }
            #expect(
                text.withUnsafeBytes { check.difference(in: $0) } == nil, Comment(rawValue: "bytes \(number): \(text)"))
        }
    }

    /// More distinct words than it remembers, so that words take each other's places in its
    /// memory between two remembered ones and within what is handed to FTS5's own.
    @Test func manyWordsTokenizeAsFTS5Does() throws {
        let check = try Self.check()
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
            #expect(check.difference(in: text) == nil, Comment(rawValue: "many words \(number)"))
        }
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func corpusTextTokenizesAsFTS5Does() throws {
        let check = try Self.check()
        for file in Corpus.markdown {
            #expect(check.difference(in: file.text) == nil, Comment(rawValue: file.name))
        }
        for path in Corpus.agentSessions {
            guard let data = FileManager.default.contents(atPath: Corpus.sessionPath(path)) else { continue }
            #expect(
                check.difference(in: String(decoding: data.prefix(2_000_000), as: UTF8.self)) == nil,
                Comment(rawValue: path))
        }
    }

    /// As the index's table takes a document (and as the reading threads pack it), each word is
    /// given once, at its first place: every word's first coming, in order, and nothing else; a
    /// query's words are all given. Held on made text and on the corpus's.
    @Test func aDocumentsWordsAreGivenOnceEach() throws {
        let every = try #require(SearchTokenizer.standalone(rememberingStems: true))
        let once = try #require(SearchTokenizer.standalone(rememberingStems: true, wordsOnce: true))
        func expectFirstComings(_ text: String, _ name: String) {
            let all = every.words(of: text)
            var seen = Set<[UInt8]>()
            let first = all.tokens.indices.filter { seen.insert(all.word($0)).inserted }
            let got = once.words(of: text)
            #expect(got.tokens.count == first.count, Comment(rawValue: name))
            #expect(
                got.tokens.map(\.start) == first.map { all.tokens[$0].start }
                    && got.tokens.indices.map(got.word) == first.map(all.word), Comment(rawValue: name))
            #expect(once.words(of: text, query: true).tokens == every.words(of: text, query: true).tokens)
        }
        let made = once.words(of: "The cat, the CAT and cats ran; running runs run.")
        #expect(
            made.tokens.indices.map { String(decoding: made.word($0), as: UTF8.self) } == [
                "the", "cat", "and", "ran", "run",
            ])
        var generator = SeededGenerator(seed: 41)
        for number in 0..<200 {
            let text = (0..<Int.random(in: 1...300, using: &generator)).map { _ in
                Self.pieces.randomElement(using: &generator)!
            }.joined(separator: [" ", "", "-", "\n"].randomElement(using: &generator)!)
            expectFirstComings(text, "made text \(number)")
        }
        // More distinct words than a text's length promised room for, so that its table grows:
        // in a larger allocation, then (after a longer text) within the one it has.
        let letters = "abcdefghijklmnopqrstuvwxyz".map(String.init)
        let short = letters.flatMap { a in letters.flatMap { b in letters.map { a + b + $0 } } }
        expectFirstComings((short + short).joined(separator: " "), "short words")
        expectFirstComings((0..<5_000).map { "word\($0 % 3_000)x" }.joined(separator: " "), "many words")
        let two = letters.flatMap { a in letters.map { a + $0 } }
        expectFirstComings((two + two).joined(separator: " "), "two letters")
        guard Corpus.isAvailable else { return }
        for file in Corpus.markdown.prefix(40) { expectFirstComings(file.text, file.name) }
    }
}
