import CSQLite
import CSearchTokenizer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// FTS5's own tokenizer, as the index's word lists are made with it (`porter unicode61
/// remove_diacritics 2`): the words of a text as the index holds them (folded, stemmed), each
/// with where it is in the text. The word lists keep which rows hold a word, not where: phrases
/// are told, and snippets marked, by reading the words of a row's text with this.
final class SearchTokenizer {
    /// A word of a text: as the index holds it (its bytes in ``Words/held``), and its bytes in
    /// the text.
    struct Token: Equatable {
        var word: Range<Int>
        var start: Int
        var end: Int
    }

    /// The words of a text: each token, and the words as the index holds them, one after another.
    struct Words {
        var tokens: [Token] = []
        var held: [UInt8] = []

        /// Whether token `index`'s word is `word`, or begins with it (`prefix`).
        func word(_ index: Int, is word: [UInt8], prefix: Bool) -> Bool {
            let range = tokens[index].word
            if prefix ? range.count < word.count : range.count != word.count { return false }
            return held.withUnsafeBufferPointer { held in
                word.withUnsafeBufferPointer { word in
                    memcmp(held.baseAddress! + range.lowerBound, word.baseAddress!, word.count) == 0
                }
            }
        }

        /// Token `index`'s word.
        func word(_ index: Int) -> [UInt8] { Array(held[tokens[index].word]) }
    }

    private let module: fts5_tokenizer
    private let instance: OpaquePointer
    /// The in-memory database a tokenizer of its own was made on (see ``standalone(rememberingStems:)``).
    private var ownDatabase: OpaquePointer?

    /// The tokenizer of the FTS5 of the database `handle`, giving every word of a text, or each
    /// once (`wordsOnce`, as the index's table takes a document's words: see
    /// `teletype_porter_give_words_once`); nil when it has none.
    init?(handle: OpaquePointer, wordsOnce: Bool = false) {
        guard let api = SearchRank.fts5API(of: handle) else { return nil }
        var context: UnsafeMutableRawPointer?
        var module = fts5_tokenizer()
        guard api.pointee.xFindTokenizer?(api, "porter", &context, &module) == SQLITE_OK,
            let create = module.xCreate
        else { return nil }
        var made: OpaquePointer?
        let words: [String] = ["unicode61", "remove_diacritics", "2"]
        let arguments = words.map { strdup($0) }
        defer { arguments.forEach { free($0) } }
        var pointers = arguments.map { UnsafePointer<CChar>($0) }
        let status = pointers.withUnsafeMutableBufferPointer { buffer in
            create(context, buffer.baseAddress, Int32(buffer.count), &made)
        }
        guard status == SQLITE_OK, let made else { return nil }
        self.module = module
        instance = made
        _ = withUnsafePointer(to: module) { teletype_porter_give_words_once($0, made, wordsOnce ? 1 : 0) }
    }

    deinit {
        module.xDelete?(instance)
        if let ownDatabase { sqlite3_close(ownDatabase) }
    }

    /// A tokenizer on an in-memory database of its own: FTS5's porter as SQLite has it, or the one
    /// that remembers stems (see ``rememberStems(on:)``), to hold the two to each other.
    static func standalone(rememberingStems: Bool, wordsOnce: Bool = false) -> SearchTokenizer? {
        var handle: OpaquePointer?
        guard sqlite3_open(":memory:", &handle) == SQLITE_OK, let handle,
            !rememberingStems || rememberStems(on: handle) != nil,
            let tokenizer = SearchTokenizer(handle: handle, wordsOnce: wordsOnce)
        else {
            sqlite3_close(handle)
            return nil
        }
        tokenizer.ownDatabase = handle
        return tokenizer
    }

    /// Puts in place of FTS5's porter, on the database `handle`, one that gives the same tokens
    /// and remembers each word's stem (see `search_tokenizer.c`): the index's word lists, its
    /// queries and these words are made by it from then on. What it registered (which takes the
    /// words of a text packed on another thread, see ``pack(_:into:)``), or nil when FTS5 refuses it.
    static func rememberStems(on handle: OpaquePointer) -> UnsafeMutableRawPointer? {
        guard let api = SearchRank.fts5API(of: handle) else { return nil }
        var registered: UnsafeMutableRawPointer?
        guard teletype_register_remembering_porter(api, &registered) == SQLITE_OK else { return nil }
        return registered
    }

    /// The words of the bytes `utf8` as a document, packed (see ``pack(_:into:)``); nil when they
    /// could not be.
    func packedWords(ofUTF8 utf8: UnsafeRawBufferPointer) -> [UInt8]? {
        var packed = TeletypePackedWords()
        defer { teletype_packed_words_free(&packed) }
        guard pack(utf8, into: &packed) else { return nil }
        return Array(UnsafeBufferPointer(start: packed.bytes, count: packed.count))
    }

    /// The words `packed` holds, as the index's porter hands them to FTS5; nil when it is not
    /// packed words.
    static func unpacked(_ packed: [UInt8]) -> [[UInt8]]? {
        var words: [[UInt8]] = []
        let status = packed.withUnsafeBytes { bytes in
            withUnsafeMutablePointer(to: &words) { words in
                teletype_replay_packed(
                    words, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count)
                ) { context, _, word, length, _, _ in
                    let words = context!.assumingMemoryBound(to: [[UInt8]].self)
                    words.pointee.append(
                        word.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(length))) } ?? [])
                    return SQLITE_OK
                }
            }
        }
        return status == SQLITE_OK ? words : nil
    }

    /// Appends the words of `text` as a document, packed (see `teletype_pack_tokens`), to `packed`:
    /// what the index's porter hands FTS5 for the text, worked out on the reading thread. False
    /// when they could not be packed (`packed` is then as it was).
    func pack(_ text: String, into packed: inout TeletypePackedWords) -> Bool {
        var text = text
        return text.withUTF8 { pack(UnsafeRawBufferPointer($0), into: &packed) }
    }

    /// Appends the words of the bytes `utf8` as a document, packed, to `packed`.
    func pack(_ utf8: UnsafeRawBufferPointer, into packed: inout TeletypePackedWords) -> Bool {
        var none: CChar = 0
        return withUnsafePointer(to: module) { module in
            withUnsafePointer(to: &none) { none in
                teletype_pack_tokens(
                    module, instance, utf8.baseAddress?.assumingMemoryBound(to: CChar.self) ?? none,
                    Int32(utf8.count), &packed)
            }
        } == SQLITE_OK
    }

    /// The words of `text`, in order; `query` tokenizes it as a query's words (a prefix's too).
    func words(of text: String, query: Bool = false) -> Words {
        var text = text
        return text.withUTF8 { words(ofUTF8: UnsafeRawBufferPointer($0), query: query) }
    }

    /// The words of the bytes `utf8` (any bytes: FTS5 reads what is not UTF-8 as letters).
    func words(ofUTF8 utf8: UnsafeRawBufferPointer, query: Bool = false) -> Words {
        var words = Words()
        guard let base = utf8.baseAddress, utf8.count > 0 else { return words }
        words.tokens.reserveCapacity(utf8.count / 6)
        words.held.reserveCapacity(utf8.count)
        withUnsafeMutablePointer(to: &words) { context in
            _ = module.xTokenize?(
                instance, context, query ? FTS5_TOKENIZE_QUERY : FTS5_TOKENIZE_DOCUMENT,
                base.assumingMemoryBound(to: CChar.self), Int32(utf8.count)
            ) { context, _, token, count, start, end in
                let words = context!.assumingMemoryBound(to: Words.self)
                let from = words.pointee.held.count
                if let token, count > 0 {
                    words.pointee.held.append(
                        contentsOf: UnsafeRawBufferPointer(start: token, count: Int(count)).bindMemory(to: UInt8.self))
                }
                words.pointee.tokens.append(
                    Token(word: from..<words.pointee.held.count, start: Int(start), end: Int(end)))
                return SQLITE_OK
            }
        }
        return words
    }
}
