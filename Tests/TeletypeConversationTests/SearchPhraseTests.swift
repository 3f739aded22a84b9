import Foundation
import TeletypeSessions
import TeletypeTestSupport
import Testing

@testable import TeletypeSessions

/// The index keeps which messages hold a word, not where in them: a phrase is found by reading
/// the messages that hold all its words. Held to a reference that reads every message's words:
/// a phrase is found exactly where its words stand together, in order, with `AND`, `OR` and `NOT`
/// around it; and the text kept in blocks reads back as it was.
@Suite struct SearchPhraseTests {
    /// Words porter's stemmer leaves apart (no two share a stem), few enough that they stand
    /// together by chance and apart as often.
    static let vocabulary = ["red", "blue", "green", "cat", "dog", "sun", "moon", "tree", "fish", "lamp"]

    /// A folder of transcripts of seeded sentences, and each message's words.
    static func transcripts(in folder: URL) throws -> [String: [[String]]] {
        var generator = SeededGenerator(seed: 11)
        var said: [String: [[String]]] = [:]
        for number in 0..<24 {
            var messages: [[String]] = []
            var lines: [String] = []
            for index in 0..<30 {
                let words = (0..<Int.random(in: 2...9, using: &generator)).map { _ in
                    vocabulary.randomElement(using: &generator)!
                }
                messages.append(words)
                // Punctuation and case between the words: not words of their own.
                let text = words.enumerated().map { $0.offset % 3 == 2 ? $0.element.uppercased() + "," : $0.element }
                let line = ["role": index % 2 == 0 ? "user" : "assistant", "text": text.joined(separator: " ")]
                lines.append(String(decoding: try JSONSerialization.data(withJSONObject: line), as: UTF8.self))
            }
            let path = folder.appendingPathComponent("t\(number).jsonl").path
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
            said[path] = messages
        }
        return said
    }

    /// Whether `words` stand together, in order, in `message`.
    static func holds(_ message: [String], _ words: [String]) -> Bool {
        guard message.count >= words.count else { return false }
        return (0...(message.count - words.count)).contains { Array(message[$0..<($0 + words.count)]) == words }
    }

    /// Queries with phrases, and which messages the reference says match each.
    static let queries: [(query: String, matches: @Sendable ([String]) -> Bool)] = [
        (#""red cat""#, { holds($0, ["red", "cat"]) }),
        (#""cat red""#, { holds($0, ["cat", "red"]) }),
        (#""sun moon tree""#, { holds($0, ["sun", "moon", "tree"]) }),
        (#""dog dog""#, { holds($0, ["dog", "dog"]) }),
        (#""blue fish" OR "lamp sun""#, { holds($0, ["blue", "fish"]) || holds($0, ["lamp", "sun"]) }),
        (#"green NOT "green lamp""#, { $0.contains("green") && !holds($0, ["green", "lamp"]) }),
        (#""tree cat" AND moon"#, { holds($0, ["tree", "cat"]) && $0.contains("moon") }),
        (
            #"(red OR blue) "fish lamp""#,
            {
                ($0.contains("red") || $0.contains("blue")) && holds($0, ["fish", "lamp"])
            }
        ),
        (#""dog sun" lam*"#, { holds($0, ["dog", "sun"]) && $0.contains("lamp") }),
    ]

    @Test func phrasesAreFoundWhereTheirWordsStandTogether() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("phrases-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let said = try Self.transcripts(in: folder)
        let index = try SearchIndex(path: folder.appendingPathComponent("index.sqlite").path)
        let files = said.keys.sorted()
        _ = try index.update(SearchIndex.sources(files, root: folder.path), roots: [folder.path])
        var compared = 0
        for (text, matches) in Self.queries {
            var query = SearchQuery(text)
            query.limit = 100_000
            query.perConversation = 100_000
            let hits = try index.search(query, roots: [folder.path])
            let found = Set(hits.filter { !$0.inTitle }.map { "\($0.path)#\($0.message)" })
            var expected = Set<String>()
            for (path, messages) in said {
                for (offset, message) in messages.enumerated() where matches(message) {
                    expected.insert("\(path)#\(offset + 1)")
                }
            }
            #expect(
                found == expected, "\(text): \(found.subtracting(expected)) found, \(expected.subtracting(found)) not")
            compared += expected.count
            // Each hit's snippet marks the words it was found by.
            for hit in hits {
                let scalars = Array(hit.snippet.unicodeScalars)
                // The words marked, without the punctuation between them.
                let marked = hit.marks.map {
                    String(String.UnicodeScalarView(scalars[$0])).lowercased().split { !$0.isLetter }.joined(
                        separator: " ")
                }
                #expect(!marked.isEmpty, "\(text): \(hit.snippet)")
                for words in marked where text.hasPrefix("\"red cat\"") {
                    #expect(words == "red cat", "\(hit.snippet)")
                }
            }
        }
        #expect(compared > 100, "too few messages matched to compare: \(compared)")
    }

    @Test func blocksReadBackAsTheyWere() throws {
        let texts = ["", "a", "naïve café — ok 😀", String(repeating: "the same line again\n", count: 2_000), "中文 🙂"]
        var generator = SeededGenerator(seed: 5)
        var pieces: [TextBlock.Piece] = []
        var place: Int64 = 0
        for _ in 0..<400 {
            place += Int64.random(in: 1...9, using: &generator)
            pieces.append((place, texts.randomElement(using: &generator)!))
        }
        let decompressor = CompressedText.Decompressor()
        let blocks = TextBlock.blocks(of: pieces, compressor: CompressedText.Compressor())
        #expect(blocks.count > 1 && blocks.count < pieces.count, "\(blocks.count) blocks")
        var read: [TextBlock.Piece] = []
        for block in blocks {
            let pieces = try #require(block.bytes.withUnsafeBytes { TextBlock.decode($0, decompressor: decompressor) })
            #expect(pieces.first?.place == block.place)
            #expect(block.bytes.withUnsafeBytes(TextBlock.lastPlace) == pieces.last?.place)
            read += pieces
            // Cut short, it does not read back.
            #expect(block.bytes.dropLast(2).withUnsafeBytes { TextBlock.decode($0, decompressor: decompressor) } == nil)
        }
        #expect(read.map(\.place) == pieces.map(\.place))
        #expect(read.map(\.text) == pieces.map(\.text))
    }
}
