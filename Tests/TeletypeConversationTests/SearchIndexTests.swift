import Foundation
import Teletype
import TeletypeSessions
import TeletypeTestSupport
import TeletypeTranscripts
import Testing

/// `teletype search`'s index: every agent's sessions of a generated home found by their words,
/// at the message `render --at` opens; brought up to date by reading only what changed; narrowed
/// by who said it, the agent and the time; a damaged index made again; the query syntax.
@Suite struct SearchIndexTests {
    /// An index of its own in a fresh folder, and the home of every agent's fixtures.
    struct Place {
        var home: URL
        var index: String
        var environment: [String: String] { ["HOME": home.path, "TELETYPE_CACHE_DIR": "off"] }

        init() throws {
            home = try SessionDiscoveryTests.home()
            index = home.appendingPathComponent("cache/index.sqlite").path
        }

        func update(_ index: SearchIndex, in roots: [String] = []) throws -> SearchIndex.Report {
            var sources = SearchIndex.homeSources(environment: environment)
            for root in roots {
                let files = try FileManager.default.contentsOfDirectory(atPath: root).map { root + "/" + $0 }
                sources += SearchIndex.sources(files, root: root)
            }
            return try index.update(sources, roots: [""] + roots)
        }

        func remove() { try? FileManager.default.removeItem(at: home) }

        /// A folder `exports` in the home holding the ChatGPT and Claude.ai export fixtures.
        func chatExports() throws -> URL {
            let folder = home.appendingPathComponent("exports")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for name in ["chatgpt.json", "claude-ai.json"] {
                try FileManager.default.copyItem(
                    at: PackageRoot.url.appendingPathComponent("Tests/Fixtures/exports/\(name)"),
                    to: folder.appendingPathComponent(name))
            }
            return folder
        }
    }

    /// Words of each agent's fixture, and the agent whose conversation they are found in.
    static let findings: [(words: String, agent: String)] = [
        ("flaky upload", "Cursor"), ("AppExtras", "Cursor"), ("TODO comments", "Copilot CLI"),
        ("last 100 responses", "Copilot Chat"), ("failing date test", "Cline"),
        ("rate limiting", "OpenCode"), ("scripts", "Antigravity"), ("port", "Gemini CLI"),
        ("\"go version\"", "Qwen Code"), ("licences", "Kimi Code"), ("main.py", "Grok Build"),
        ("README", "Kiro"),
    ]

    @Test func everyAgentsConversationIsFoundAtItsMessage() throws {
        let place = try Place()
        defer { place.remove() }
        let index = try SearchIndex(path: place.index)
        let report = try place.update(index)
        #expect(report.read > 10 && report.failures.isEmpty, "\(report)")
        for (words, agent) in Self.findings {
            let hits = try index.search(SearchQuery(words))
            let hit = try #require(hits.first { $0.agent == agent }, "\(words) in \(agent): \(hits.map(\.agent))")
            #expect(hit.message >= 1 && !hit.marks.isEmpty, "\(hit)")
            let first = words.trimmingCharacters(in: ["\""]).split(separator: " ")[0].lowercased()
            if hit.inTitle {
                #expect(hit.title?.lowercased().contains(first) == true && hit.message == 1, "\(hit)")
                continue
            }
            // The message the hit names is the one `render --at` starts at, and holds the words.
            var messages: [Message] = []
            if let conversation = hit.conversation {
                let collection = try #require(try ConversationCollections.open(hit.path))
                messages = try collection.read(try collection.find(conversation)).messages
            } else {
                try ConversationStream().forEachMessage(inFileAt: hit.path, name: hit.path) { messages.append($0) }
            }
            let message = try #require(messages.count >= hit.message ? messages[hit.message - 1] : nil)
            let said = SearchableText.pieces(of: message).map(\.text).joined(separator: "\n").lowercased()
            #expect(said.contains(first), "\(words): message \(hit.message) of \(hit.path) says \(said)")
        }
    }

    /// Queries of one word and of several, common and rare, in the fixtures' index.
    static let rankedQueries = [
        "\"upload\"", "\"the\"", "\"the\" \"test\"", "\"rate\" OR \"limiting\"", "\"a\" \"to\" \"and\"",
        "\"port\" AND \"the\"",
    ]

    /// The ranking counts a phrase's rows only up to a limit: below it, its scores are FTS5's
    /// `bm25()`'s; past it, a query of one phrase still orders its rows as `bm25()` does (the
    /// phrase's weight is the same for every row) and every score stays a number.
    @Test func rankingIsBM25AndCountsUpToALimit() throws {
        let place = try Place()
        defer { place.remove() }
        let index = try SearchIndex(path: place.index)
        _ = try place.update(index)
        var compared = 0
        for expression in Self.rankedQueries {
            let whole = try index.ranksBesideBM25(expression, limit: 1 << 40)
            compared += whole.count
            for row in whole {
                #expect(abs(row.rank - row.bm25) <= 1e-9 * max(1, abs(row.bm25)), "\(expression): \(row)")
            }
            let cut = try index.ranksBesideBM25(expression, limit: 2)
            #expect(cut.allSatisfy { $0.rank.isFinite && $0.rank <= 0 }, "\(expression): \(cut)")
            guard !expression.contains(" ") else { continue }
            let byRank = cut.sorted { $0.rank != $1.rank ? $0.rank < $1.rank : $0.row < $1.row }.map(\.row)
            let byBM25 = cut.sorted { $0.bm25 != $1.bm25 ? $0.bm25 < $1.bm25 : $0.row < $1.row }.map(\.row)
            #expect(byRank == byBM25, "\(expression)")
        }
        #expect(compared > 40, "too few rows matched to compare: \(compared)")
    }

    /// A count stopped at its limit is scaled by the share of the index's row ids it went through,
    /// never below what was counted nor above the index's rows.
    @Test func aStoppedCountIsEstimatedFromHowFarItGot() {
        #expect(
            SearchIndex.estimatedRows(counted: 100, lastCounted: 1_000, first: 0, last: 10_000, rowCount: 5_000)
                == 1_000)
        #expect(
            SearchIndex.estimatedRows(counted: 100, lastCounted: 5_000, first: 0, last: 10_000, rowCount: 5_000) == 200)
        #expect(
            SearchIndex.estimatedRows(counted: 100, lastCounted: 1, first: 0, last: 10_000, rowCount: 5_000) == 5_000)
        #expect(
            SearchIndex.estimatedRows(counted: 100, lastCounted: 10_000, first: 0, last: 10_000, rowCount: 5_000) == 100
        )
    }

    @Test func filtersNarrowByRoleAgentAndTime() throws {
        let place = try Place()
        defer { place.remove() }
        let index = try SearchIndex(path: place.index)
        _ = try place.update(index)
        var query = SearchQuery("upload")
        let all = try index.search(query)
        #expect(Set(all.map(\.kind)).count > 1, "\(all.map(\.kind))")
        query.kinds = [.tool]
        #expect(try index.search(query).allSatisfy { $0.kind == .tool })
        query.kinds = []
        query.agents = ["cursor"]
        let cursor = try index.search(query)
        #expect(!cursor.isEmpty && cursor.allSatisfy { $0.agent == "Cursor" }, "\(cursor.map(\.agent))")
        query.agents = ["cline"]
        #expect(try index.search(query).isEmpty)
        query.agents = []
        query.since = Date().timeIntervalSince1970 + 3600
        #expect(try index.search(query).isEmpty)
        query.since = nil
        query.limit = 2
        #expect(try index.search(query).count == 2)
        query.limit = 100
        query.perConversation = 1
        let one = try index.search(query)
        #expect(Set(one.map { $0.path + ($0.conversation ?? "") }).count == one.count)
    }

    /// A second update reads nothing; a changed file is read again, a deleted one leaves.
    @Test func anUpdateReadsOnlyWhatChanged() throws {
        let place = try Place()
        defer { place.remove() }
        let index = try SearchIndex(path: place.index)
        let first = try place.update(index)
        let counts = try index.counts()
        // What people said, secrets among it, is for its owner alone.
        let mode = try FileManager.default.attributesOfItem(atPath: place.index)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let second = try place.update(index)
        #expect(second.read == 0 && second.unchanged == first.read + first.unchanged && second.removed == 0)
        #expect(try index.counts() == counts)
        let qwen = place.home.appendingPathComponent(".qwen/projects/-home-dev-app/chats/q1.jsonl")
        let renamed = try String(contentsOf: qwen, encoding: .utf8).replacingOccurrences(
            of: "Show the Go version", with: "Show the Zig version")
        try renamed.write(to: qwen, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: qwen.path)
        try FileManager.default.removeItem(at: place.home.appendingPathComponent(".kiro/sessions/cli/k1.jsonl"))
        let third = try place.update(index)
        #expect(third.read == 1 && third.removed == 1, "\(third)")
        #expect(try !index.search(SearchQuery("zig")).isEmpty)
        // The changed file's old words left the index with it (they are taken out by reading the
        // compressed text they were made of); its preview reads the new text.
        #expect(try index.search(SearchQuery("\"Show the Go version\"")).isEmpty)
        let qwenConversation = try #require(try index.conversations().first { $0.agent == "Qwen Code" })
        let opening = try index.opening(of: qwenConversation.id, limit: 5).map(\.text).joined(separator: " ")
        #expect(opening.contains("Show the Zig version") && !opening.contains("Show the Go version"), "\(opening)")
        #expect(try index.search(SearchQuery("\"Summarise the README\"")).isEmpty)
        #expect(try index.counts().conversations == counts.conversations - 1)
    }

    /// A session that grew keeps what the index held of it: only its new messages are written,
    /// as a later part of the same conversation (one conversation in the list and the hits, its
    /// preview in order); a store touched but unchanged writes nothing; an earlier message
    /// changed is written again from there, its old words gone.
    @Test func aSessionThatGrewWritesOnlyItsNewMessages() throws {
        let place = try Place()
        defer { place.remove() }
        let index = try SearchIndex(path: place.index)
        _ = try place.update(index)
        let counts = try index.counts()
        let qwen = place.home.appendingPathComponent(".qwen/projects/-home-dev-app/chats/q1.jsonl")
        let before = try #require(try index.conversations().first { $0.agent == "Qwen Code" })
        func line(_ id: String, _ parent: String, _ type: String, _ role: String, _ text: String) -> String {
            #"{"uuid": "\#(id)", "parentUuid": "\#(parent)", "sessionId": "q1", "timestamp": "2026-09-13T10:01:00.000Z", "type": "\#(type)", "cwd": "/home/dev/app", "message": {"role": "\#(role)", "parts": [{"text": "\#(text)"}]}}"#
                + "\n"
        }
        let handle = try FileHandle(forWritingTo: qwen)
        try handle.seekToEnd()
        try handle.write(
            contentsOf: Data(
                (line("a5", "a4", "user", "user", "Now check the quokka toolchain")
                    + line("a6", "a5", "assistant", "model", "The quokka toolchain is fine.")).utf8))
        try handle.close()
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: qwen.path)
        let grown = try place.update(index)
        #expect(grown.read == 1 && grown.piecesKept >= 3 && grown.piecesWritten == 2, "\(grown)")
        let quokka = try index.search(SearchQuery("quokka"))
        #expect(quokka.count == 2 && Set(quokka.map(\.path)) == [qwen.path], "\(quokka)")
        #expect(Set(quokka.map(\.message)) == [before.messages + 1, before.messages + 2], "\(quokka)")
        #expect(try !index.search(SearchQuery("\"Show the Go version\"")).isEmpty)
        #expect(try index.counts().conversations == counts.conversations)
        let after = try #require(try index.conversations().filter { $0.agent == "Qwen Code" }.first)
        #expect(after.id == before.id && after.messages == before.messages + 2)
        #expect(try index.conversations().count { $0.agent == "Qwen Code" } == 1)
        let opening = try index.opening(of: after.id, limit: 50)
        #expect(
            opening.map(\.message) == opening.map(\.message).sorted() && opening.last?.text.contains("quokka") == true)
        // One conversation's hits, however many parts they are in, count as one conversation's.
        var capped = SearchQuery("quokka OR version")
        capped.perConversation = 1
        #expect(try index.search(capped).count { $0.path == qwen.path } == 1)

        // A store whose time changed but not its conversations: nothing is written.
        let store = place.home.appendingPathComponent(".local/share/opencode/opencode.db")
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(10)], ofItemAtPath: store.path)
        let touched = try place.update(index)
        #expect(touched.read == 1 && touched.piecesWritten == 0 && touched.piecesKept > 0, "\(touched)")
        #expect(try !index.search(SearchQuery("\"rate limiting\"")).isEmpty)

        // An earlier message changed: written again from there.
        let edited = try String(contentsOf: qwen, encoding: .utf8).replacingOccurrences(
            of: "Go 1.25.1.", with: "Go 1.26.0, says the wombat.")
        try edited.write(to: qwen, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(20)], ofItemAtPath: qwen.path)
        let rewritten = try place.update(index)
        #expect(rewritten.read == 1 && rewritten.piecesWritten >= 3, "\(rewritten)")
        #expect(try index.search(SearchQuery("\"Go 1.25.1\"")).isEmpty)
        #expect(try !index.search(SearchQuery("wombat")).isEmpty && !index.search(SearchQuery("quokka")).isEmpty)
        #expect(try index.counts().conversations == counts.conversations)
        let last = try index.opening(of: after.id, limit: 50)
        #expect(last.map(\.message) == last.map(\.message).sorted() && last.contains { $0.text.contains("wombat") })

        // Its last message gone: its words leave, nothing else is written.
        let lines = try String(contentsOf: qwen, encoding: .utf8).split(separator: "\n")
        try (lines.dropLast().joined(separator: "\n") + "\n").write(to: qwen, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(30)], ofItemAtPath: qwen.path)
        let cut = try place.update(index)
        #expect(cut.read == 1 && cut.piecesWritten == 0, "\(cut)")
        #expect(try index.search(SearchQuery("\"toolchain is fine\"")).isEmpty)
        #expect(try index.search(SearchQuery("quokka")).count == 1)
        let shorter = try #require(try index.conversations().first { $0.agent == "Qwen Code" })
        #expect(shorter.messages == after.messages - 1)
    }

    /// Folders named with `--in`: a chat export's conversations each, a transcript; hostile text
    /// is searched but never printed as escapes.
    @Test func namedFoldersAndExportsAreSearchedToo() throws {
        let place = try Place()
        defer { place.remove() }
        let folder = try place.chatExports()
        let hostile = #"{"role":"user","text":"the \u001b[31mcrimson\u001b[0m bell \u0007 rings"}"# + "\n"
        try Data(hostile.utf8).write(to: folder.appendingPathComponent("hostile.jsonl"))
        let index = try SearchIndex(path: place.index)
        let report = try place.update(index, in: [folder.path])
        #expect(report.failures.isEmpty, "\(report.failures)")
        let crimson = try #require(try index.search(SearchQuery("crimson"), roots: ["", folder.path]).first)
        #expect(!crimson.snippet.unicodeScalars.contains { $0.value < 0x20 }, "\(crimson.snippet.debugDescription)")
        #expect(crimson.snippet.contains("the crimson bell rings"), "\(crimson.snippet)")
        let lisbon = try index.search(SearchQuery("lisbon"), roots: [folder.path])
        #expect(lisbon.first?.agent == "ChatGPT" && lisbon.first?.conversation != nil, "\(lisbon)")
        let notes = try index.search(SearchQuery("notes"), roots: [folder.path])
        #expect(notes.contains { $0.agent == "Claude.ai" }, "\(notes)")
        // Without the folder named, its conversations are not among the hits.
        #expect(try index.search(SearchQuery("crimson")).isEmpty)
        let conversations = try index.counts().conversations
        #expect(conversations > 3)
    }

    /// A store (a database, a chat export) is read in shares on every core: read in as many as it
    /// allows (more shares than conversations, some empty), the index holds what it holds of the
    /// store read whole; a store that cannot be read fails once, whatever its shares.
    @Test func aStoreReadInSharesIsIndexedAsWhole() throws {
        let place = try Place()
        defer { place.remove() }
        let exports = try place.chatExports()
        let roots = ["", exports.path]
        let whole = try SearchIndex(path: place.index)
        _ = try place.update(whole, in: [exports.path])
        let shared = try SearchIndex(path: place.home.appendingPathComponent("cache/shares.sqlite").path)
        shared.storeShare = 1
        let report = try place.update(shared, in: [exports.path])
        #expect(report.failures.isEmpty, "\(report)")
        let conversations = try shared.conversations(roots: roots)
        #expect(conversations == (try whole.conversations(roots: roots)))
        let agents = Set(conversations.filter { $0.conversation != nil }.map(\.agent))
        #expect(agents.isSuperset(of: ["ChatGPT", "Claude.ai", "OpenCode", "Cursor"]), "\(agents)")
        for (words, _) in Self.findings + [("\"rate limiting\" OR flaky", ""), ("lisbon OR notes", "")] {
            let query = SearchQuery(words)
            #expect(try shared.search(query, roots: roots) == whole.search(query, roots: roots), "\(words)")
        }

        let store = place.home.appendingPathComponent(".local/share/opencode/opencode.db")
        try Data(repeating: 0x41, count: 8192).write(to: store)
        let broken = try place.update(shared, in: [exports.path])
        #expect(broken.failures.count == 1 && broken.failures[0].contains("opencode.db"), "\(broken.failures)")
        #expect(try shared.search(SearchQuery("\"rate limiting\"")).isEmpty)
    }

    @Test func aDamagedIndexIsMadeAgain() throws {
        let place = try Place()
        defer { place.remove() }
        try FileManager.default.createDirectory(
            atPath: (place.index as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(repeating: 0x41, count: 8192).write(to: URL(fileURLWithPath: place.index))
        var notices: [String] = []
        let index = try SearchIndex(path: place.index) { notices.append($0) }
        #expect(notices.count == 1 && notices[0].contains("damaged"), "\(notices)")
        _ = try place.update(index)
        #expect(try !index.search(SearchQuery("licences")).isEmpty)
    }

    /// An index made by another version of Teletype (zlib's compressed text, before) is made again
    /// with a notice, and finds what the home holds.
    @Test func anIndexOfAnotherVersionIsMadeAgain() throws {
        let place = try Place()
        defer { place.remove() }
        try FileManager.default.createDirectory(
            atPath: (place.index as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try SQLiteFixture.make(
            at: place.index, sql: "CREATE TABLE said_text(id INTEGER PRIMARY KEY, z BLOB); PRAGMA user_version = 2;")
        var notices: [String] = []
        let index = try SearchIndex(path: place.index) { notices.append($0) }
        #expect(notices.count == 1 && notices[0].contains("another version"), "\(notices)")
        _ = try place.update(index)
        #expect(try !index.search(SearchQuery("licences")).isEmpty)
    }

    /// Texts as the index keeps them: short and long, every script, repeated and not.
    static let keptTexts: [String] = [
        "", "a", "naïve café — ok 😀", String(repeating: "the same line again\n", count: 5_000),
        (0..<20_000).map { String(UnicodeScalar(UInt8(32 + ($0 * 7919) % 95))) }.joined(),
        "中文 العربية עברית हिन्दी " + String(repeating: "🙂", count: 300),
    ]

    /// What is compressed reads back as it was, with one context for many pieces or one each; what
    /// is not a compressed text (cut, damaged, too short) reads as nothing, never as other text.
    @Test func compressedTextReadsBackAsItWas() {
        let compressor = CompressedText.Compressor()
        let decompressor = CompressedText.Decompressor()
        for text in Self.keptTexts {
            let kept = compressor.compress(text)
            #expect(kept == CompressedText.compress(text))
            #expect(kept.withUnsafeBytes { CompressedText.decompress($0) } == text)
            Self.expectReadsBackOnlyWhole(kept, as: text, by: decompressor)
        }
        #expect([UInt8]([1, 2]).withUnsafeBytes { decompressor.decompress($0) } == nil)
        #expect(Self.keptTexts[3].utf8.count > 10 * CompressedText.compress(Self.keptTexts[3]).count)
    }

    /// Pieces shaped like a session's: prompts, commands, their output, paths and numbers, from a
    /// vocabulary of a few hundred words (seeded, so every run has the same).
    static func sessionPieces(count: Int, seed: UInt64 = 7) -> [String] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let words =
            ("the a to of and in is it for that with on this be as are at by not or from file test build run "
            + "error line function return value swift package target module import struct class enum case let "
            + "var self true false nil string array index count path folder session agent prompt reply tool "
            + "command output render terminal width cell grapheme markdown table list quote code block stream "
            + "delta message conversation user assistant thinking result status failed passed warning fix add "
            + "remove change update read write search find replace edit diff patch commit branch merge main "
            + "origin remote server client request response header body json yaml config option flag argument").split(
                separator: " ")
        let shapes = ["$ swift build --target %w", "Error: %w.swift:%n:%n: %w %w", "/home/dev/%w/Sources/%w/%w.swift"]
        return (0..<count).map { _ in
            var words_: [String] = []
            for _ in 0..<(4 + next(40)) {
                if next(9) == 0 {
                    var shape = shapes[next(shapes.count)]
                    while let range = shape.range(of: "%w") {
                        shape.replaceSubrange(range, with: words[next(words.count)])
                    }
                    while let range = shape.range(of: "%n") { shape.replaceSubrange(range, with: String(next(900))) }
                    words_.append(shape)
                } else {
                    words_.append(String(words[next(words.count)]))
                }
            }
            return words_.joined(separator: " ")
        }
    }

    /// Short pieces compressed with a dictionary trained on others like them take far less room
    /// than alone; they read back as they were with it and as nothing without it; too little text
    /// trains none.
    @Test func aDictionaryKeepsShortPiecesSmaller() throws {
        let pieces = Self.sessionPieces(count: 5_000)
        #expect(CompressedText.Dictionary.train(on: pieces.prefix(20)) == nil)
        let dictionary = try #require(CompressedText.Dictionary.train(on: pieces.prefix(4_000)))
        #expect(dictionary.bytes.count <= CompressedText.Dictionary.size)
        let with = CompressedText.Compressor(dictionary: dictionary)
        let alone = CompressedText.Compressor()
        let reader = CompressedText.Decompressor(dictionary: dictionary)
        let stranger = CompressedText.Decompressor()
        var sizes = (with: 0, alone: 0)
        for piece in pieces.suffix(1_000) {
            let kept = with.compress(piece)
            sizes.with += kept.count
            sizes.alone += alone.compress(piece).count
            #expect(kept.withUnsafeBytes { reader.decompress($0) } == piece)
            #expect(kept.withUnsafeBytes { stranger.decompress($0) } == nil)
            #expect(kept.withUnsafeBytes { CompressedText.length($0) } == piece.utf8.count)
        }
        #expect(Double(sizes.with) < 0.75 * Double(sizes.alone), "\(sizes)")
        // Every kind of text reads back through the dictionary too; a damaged piece never as itself.
        for text in Self.keptTexts { Self.expectReadsBackOnlyWhole(with.compress(text), as: text, by: reader) }
    }

    /// `kept` reads back as `text`; cut, or with a byte of its frame changed, it never does.
    static func expectReadsBackOnlyWhole(
        _ kept: [UInt8], as text: String, by decompressor: CompressedText.Decompressor
    ) {
        #expect(kept.withUnsafeBytes { decompressor.decompress($0) } == text)
        guard !text.isEmpty else { return }
        #expect(kept.dropLast(3).withUnsafeBytes { decompressor.decompress($0) } == nil)
        var damaged = kept
        damaged[6] ^= 0xFF
        #expect(damaged.withUnsafeBytes { decompressor.decompress($0) } != text)
    }

    /// The words the reading threads work out and hand over packed make the same word lists,
    /// byte for byte, as the writer tokenizing the text itself: every agent's fixtures, chat
    /// exports, and text of every script, case, length and edge the tokenizer has.
    @Test func wordsPackedWhileReadingMakeTheSameIndex() throws {
        let place = try Place()
        defer { place.remove() }
        let exports = try place.chatExports()
        let folder = place.home.appendingPathComponent("transcripts")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var generator = SeededGenerator(seed: 31)
        // Words of every length a packed word's length takes bytes for (1, 2 and 3).
        let long = [100, 300, 20_000].map { String(repeating: "abcd", count: $0 / 4) }
        let words = SearchTokenizerTests.pieces + Self.keptTexts + long + Self.sessionPieces(count: 600)
        for number in 0..<12 {
            let lines = (0..<50).map { line in
                let said = (0..<Int.random(in: 1...30, using: &generator)).map { _ in
                    words.randomElement(using: &generator)!
                }.joined(separator: [" ", "", ", ", "\n"].randomElement(using: &generator)!)
                let record = ["role": line % 2 == 0 ? "user" : "assistant", "text": said]
                return String(decoding: try! JSONSerialization.data(withJSONObject: record), as: UTF8.self)
            }
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(
                to: folder.appendingPathComponent("t\(number).jsonl"))
        }
        let roots = [exports.path, folder.path]
        let packed = try SearchIndex(path: place.index)
        let tokenized = try SearchIndex(path: place.home.appendingPathComponent("cache/tokenized.sqlite").path)
        tokenized.packsWords = false
        let reports = (try place.update(packed, in: roots), try place.update(tokenized, in: roots))
        #expect(reports.0 == reports.1 && reports.0.read > 20 && reports.0.failures.isEmpty, "\(reports)")
        let rows = try packed.wordListRows()
        #expect(rows.count > 20)
        #expect(rows == (try tokenized.wordListRows()))
        for query in ["licences", "café", "run*", "\"rate limiting\" OR flaky", "日本語"] {
            #expect(
                try packed.search(SearchQuery(query), roots: [""] + roots)
                    == tokenized.search(SearchQuery(query), roots: [""] + roots), "\(query)")
        }
    }

    /// An index of much text trains its dictionary on its first files and compresses the rest with
    /// it; a search opened before the dictionary was made reads the text with it all the same, and
    /// a file that changed leaves the index by that text.
    @Test func anIndexTrainsItsDictionaryOnItsFirstText() throws {
        let place = try Place()
        defer { place.remove() }
        let folder = place.home.appendingPathComponent("transcripts")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let pieces = Self.sessionPieces(count: 16_000)
        func transcript(_ number: Int, marker: String) -> Data {
            let lines = pieces[(number * 400)..<(number * 400 + 400)].enumerated().map { offset, text in
                let said = offset == 0 ? "\(marker) \(text)" : text
                let line = ["role": offset % 2 == 0 ? "user" : "assistant", "text": said]
                return String(decoding: try! JSONSerialization.data(withJSONObject: line), as: UTF8.self)
            }
            return Data((lines.joined(separator: "\n") + "\n").utf8)
        }
        for number in 0..<40 {
            try transcript(number, marker: "marker\(number)").write(
                to: folder.appendingPathComponent("t\(number).jsonl"))
        }
        let earlier = try SearchIndex(path: place.index)
        let index = try SearchIndex(path: place.index)
        let report = try place.update(index, in: [folder.path])
        #expect(report.failures.isEmpty && report.read >= 40, "\(report)")
        // The files after the first few were compressed with it.
        let kept = try index.keptText()
        #expect(kept.hasDictionary && kept.withDictionary > 5_000 && kept.pieces > 16_000, "\(kept)")
        #expect(kept.textBytes >= pieces.reduce(0) { $0 + $1.utf8.count })
        let hits = try earlier.search(SearchQuery("marker39"), roots: [folder.path])
        #expect(!hits.isEmpty && hits.allSatisfy { $0.snippet.contains("marker39") }, "\(hits)")
        try transcript(39, marker: "changed39").write(to: folder.appendingPathComponent("t39.jsonl"))
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(5)],
            ofItemAtPath: folder.appendingPathComponent("t39.jsonl").path)
        let second = try place.update(index, in: [folder.path])
        #expect(second.read == 1, "\(second)")
        #expect(try index.search(SearchQuery("marker39"), roots: [folder.path]).isEmpty)
        #expect(try !index.search(SearchQuery("changed39"), roots: [folder.path]).isEmpty)
    }

    static let expressions: [(query: String, expression: String)] = [
        ("auth redirect", #""auth" AND "redirect""#),
        (#""exact phrase" here"#, #""exact phrase" AND "here""#),
        ("auth*", #""auth"*"#),
        ("a OR b NOT c", #""a" OR "b" NOT "c""#),
        ("(postgres OR sqlite) migrat*", #"( "postgres" OR "sqlite" ) AND "migrat"*"#),
        ("foo-bar.baz", #""foo-bar.baz""#),
        (#"say "he said ""hi"""#, #""say" AND "he said " AND "hi""#),
        ("and or not", #""and" AND "or" AND "not""#),
        ("-- ok", #""ok""#),
    ]

    @Test(arguments: expressions)
    func queriesAreQuotedAndTheirOperatorsKept(_ example: (query: String, expression: String)) throws {
        #expect(try SearchQuery(example.query).expression() == example.expression)
    }

    @Test(arguments: ["NOT a", "a AND", "(a", "a)", "", "  ", "-- ..", "a OR OR b"])
    func badQueriesSayWhatIsWrong(_ text: String) {
        #expect(throws: SearchQuery.Failure.self) { try SearchQuery(text).expression() }
    }

    static let cleanings: [(text: String, cleaned: String)] = [
        ("plain words\n\tkept", "plain words\n\tkept"),
        ("the \u{1B}[31mred\u{1B}[0m word", "the  red  word"),
        ("a \u{1B}]8;;https://x.example\u{7}link\u{1B}]8;;\u{1B}\\ end", "a  link  end"),
        ("bell\u{7}and\u{0}nul\u{7F}del", "bell and nul del"),
        ("c1\u{85}next \u{9B}31m", "c1 next  31m"),
        ("bidi \u{202E}evil\u{2066}x\u{2069}", "bidi  evil x "),
        ("naïve café — ok \u{1F600}", "naïve café — ok \u{1F600}"),
        ("cut\u{1B}", "cut "),
    ]

    @Test(arguments: cleanings)
    func indexedTextHasNoControls(_ example: (text: String, cleaned: String)) {
        #expect(SearchableText.cleaned(example.text) == example.cleaned)
    }

    /// Each control, C1 control and bidirectional override is found at every place among eight
    /// bytes (the check reads them a word at a time), next to the characters whose first bytes
    /// they share (a C2 or E2 that starts none), and none is found in text without one.
    @Test func aControlIsFoundWhereverItIs() {
        let controls = [
            "\u{0}", "\u{7}", "\u{1B}[1m", "\u{1F}", "\u{7F}", "\u{85}", "\u{9F}", "\u{202A}", "\u{202E}", "\u{2066}",
            "\u{2069}",
        ]
        let lookalikes = [
            "\u{A0}", "©", "\u{2014}", "\u{2019}", "\u{2026}", "\u{20AC}", "\u{2070}", "é", "\u{1F600}", "\n", "\t",
            "~",
        ]
        var generator = SeededGenerator(seed: 43)
        for number in 0..<2_000 {
            var text = (0..<Int.random(in: 0...24, using: &generator)).map { _ in
                lookalikes.randomElement(using: &generator)!
                    + String(repeating: "a", count: Int.random(in: 0...9, using: &generator))
            }.joined()
            let plain = SearchableText.cleaned(text)
            #expect(plain == text, "lookalikes \(number): \(text.debugDescription)")
            let at = Int.random(in: 0...text.unicodeScalars.count, using: &generator)
            let control = controls.randomElement(using: &generator)!
            var scalars = Array(text.unicodeScalars)
            scalars.insert(contentsOf: control.unicodeScalars, at: at)
            text = String(String.UnicodeScalarView(scalars))
            #expect(SearchableText.cleaned(text) != text, "control \(number): \(text.debugDescription)")
        }
    }

    @Test func longTextIsCutAtACharactersEdge() {
        for piece in ["é", "\u{1F600}", "ab", "\u{1B}[1m€"] {
            let cleaned = SearchableText.cleaned(String(repeating: piece, count: SearchableText.limit))
            #expect(cleaned.utf8.count <= SearchableText.limit && cleaned.utf8.count > SearchableText.limit - 8)
            #expect(!cleaned.unicodeScalars.contains("\u{FFFD}") && !cleaned.contains("\u{1B}"))
        }
    }

    @Test func timesAreDatesOrAges() {
        let now = 1_800_000_000.0
        #expect(SearchQuery.time("7d", now: now) == now - 7 * 86_400)
        #expect(SearchQuery.time("90m", now: now) == now - 5400)
        #expect(SearchQuery.time("2026-11-30", now: now) == 1_795_996_800)
        #expect(SearchQuery.time("2026-11-30T14:00", now: now) == 1_796_047_200)
        for bad in ["yesterday", "2026-13-01", "7x", "2026/11/30", ""] {
            #expect(SearchQuery.time(bad, now: now) == nil)
        }
    }

    /// A large update merges its word lists once, before its end, whatever size its groups are
    /// committed in (up to the 64 MB of a group): the window is wider than a group, and leaves
    /// at least 32 MB to be read while it merges. A smaller update never merges early.
    @Test func aLargeUpdateMergesOnceBeforeItsEnd() {
        let megabyte = 1 << 20
        for total in stride(from: 256 * megabyte, through: 4096 * megabyte, by: 97 * megabyte) {
            for group in [1, 7, 32, 64].map({ $0 * megabyte }) {
                var merges: [Int] = []
                for done in stride(from: group, through: total, by: group)
                where SearchIndex.mergesEarly(done: done, total: total) {
                    merges.append(done)
                }
                #expect(!merges.isEmpty, "\(total / megabyte) MB in groups of \(group / megabyte) MB")
                if let first = merges.first {
                    #expect(total - first >= 32 * megabyte && total - first <= total / 4)
                }
            }
        }
        for total in [0, 10 * megabyte, 255 * megabyte] {
            #expect(
                !stride(from: 0, through: total, by: 4096).contains { SearchIndex.mergesEarly(done: $0, total: total) })
        }
    }
}
