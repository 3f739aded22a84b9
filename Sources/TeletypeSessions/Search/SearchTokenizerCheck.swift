/// The index's tokenizer held to FTS5's own (see ``SearchTokenizer/rememberStems(on:)``): the
/// tokenizer that remembers stems is C code reading untrusted text, and must give exactly the
/// tokens FTS5's own gives, its memory cold or holding earlier texts' words. For the fuzz target
/// and the tests.
package struct SearchTokenizerCheck {
    private let stock: SearchTokenizer
    private let remembering: SearchTokenizer
    /// The remembering one as the index's table has it: each word of a document given once.
    private let once: SearchTokenizer

    /// The tokenizers, each on an in-memory database of its own; nil when SQLite has no FTS5.
    package init?() {
        guard let stock = SearchTokenizer.standalone(rememberingStems: false),
            let remembering = SearchTokenizer.standalone(rememberingStems: true),
            let once = SearchTokenizer.standalone(rememberingStems: true, wordsOnce: true)
        else { return nil }
        self.stock = stock
        self.remembering = remembering
        self.once = once
    }

    /// How the two differ on `bytes` (as a document, a second time with its words remembered, then
    /// as a query), or how the words given once, and packed for the index's writer, differ from
    /// each of FTS5's own words at its first coming; nil when they agree. The remembering ones
    /// keep what they remembered for the next.
    package func difference(in bytes: UnsafeRawBufferPointer) -> String? {
        var all = SearchTokenizer.Words()
        for (pass, query) in [("first", false), ("second", false), ("query", true)] {
            let expected = stock.words(ofUTF8: bytes, query: query)
            let got = remembering.words(ofUTF8: bytes, query: query)
            if got.tokens != expected.tokens || got.held != expected.held {
                return Self.describe(got, against: expected, pass: pass)
            }
            if !query { all = expected }
        }
        var seen = Set<[UInt8]>()
        let firstComings = all.tokens.indices.filter { seen.insert(all.word($0)).inserted }.map(all.word)
        let given = once.words(ofUTF8: bytes)
        if given.tokens.indices.map(given.word) != firstComings {
            return "once: \(given.tokens.count) words given, \(firstComings.count) first comings of FTS5's own"
        }
        guard let packed = once.packedWords(ofUTF8: bytes) else { return "packed: the words could not be packed" }
        if SearchTokenizer.unpacked(packed) == firstComings { return nil }
        return "packed: the words do not read back as the \(firstComings.count) first comings of FTS5's own"
    }

    /// How the two differ on `text`.
    package func difference(in text: String) -> String? {
        var text = text
        return text.withUTF8 { difference(in: UnsafeRawBufferPointer($0)) }
    }

    /// How the two differ on `bytes`, each made afresh.
    package static func difference(in bytes: [UInt8]) -> String? {
        guard let check = SearchTokenizerCheck() else { return nil }
        return bytes.withUnsafeBytes { check.difference(in: $0) }
    }

    /// The first token where `got` and `expected` part.
    static func describe(_ got: SearchTokenizer.Words, against expected: SearchTokenizer.Words, pass: String) -> String
    {
        func token(_ words: SearchTokenizer.Words, _ index: Int) -> String {
            guard index < words.tokens.count else { return "none" }
            let token = words.tokens[index]
            return
                "\(String(decoding: words.word(index), as: UTF8.self).debugDescription)@\(token.start)..<\(token.end)"
        }
        let count = min(got.tokens.count, expected.tokens.count)
        let first =
            (0..<count).first {
                got.tokens[$0].start != expected.tokens[$0].start || got.tokens[$0].end != expected.tokens[$0].end
                    || got.word($0) != expected.word($0)
            } ?? count
        return """
            \(pass) pass: token \(first) is \(token(got, first)), FTS5's own gives \(token(expected, first)) \
            (\(got.tokens.count) tokens, FTS5's own \(expected.tokens.count))
            """
    }
}
