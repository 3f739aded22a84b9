import CSQLite
import Teletype
import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The full-text index of every conversation `teletype search` looks through: a SQLite database
/// with an FTS5 table of what was said (user prompts, replies, thinking, tool calls and their
/// output), a row a message and speaker, and the conversations and files it came from.
///
/// It is brought up to date before each search (``update(_:roots:progress:)``): a file whose size and
/// time are unchanged is not read again, a changed one is read again, a deleted one leaves. Two
/// processes may use it at once: one updates while the other waits for it, and searches read
/// what is committed. A damaged index, or one another version of Teletype made, is made again.
public final class SearchIndex {
    let database: SearchDatabase
    /// The index file.
    public let path: String
    /// About how many bytes of a store (a database, a chat export) an update reads as one share
    /// of it, the shares read on every core (``ReadPart``).
    package var storeShare = SearchIndex.defaultStoreShare
    /// Whether the reading threads work out the words of what they read (``PackedWords``), or
    /// the writing thread tokenizes the text itself (what the tests hold the one to).
    package var packsWords = true

    /// The version of the index's tables; an index of another is made again.
    static let version = 7
    /// Around each match in a snippet, before it is shown.
    static let markStart: Unicode.Scalar = "\u{2}"
    static let markEnd: Unicode.Scalar = "\u{3}"
    /// How a row of the text table packs its conversation, message and speaker into its id.
    static let messageBits: Int64 = 22
    static let kindBits: Int64 = 2

    /// Why the index cannot be used.
    public struct Failure: Error, CustomStringConvertible {
        /// What is wrong, naming the index.
        public var description: String
    }

    /// Where the index is kept for `environment`: `index.sqlite` in Teletype's cache folder
    /// (`$TELETYPE_CACHE_DIR`, else `$XDG_CACHE_HOME/teletype`, `~/.cache/teletype`, or
    /// `~/Library/Caches/teletype` on macOS); nil when caching is off (`TELETYPE_CACHE_DIR=off`).
    public static func location(environment: [String: String]) -> String? {
        SessionListingCache.folder(environment).map { $0 + "/index.sqlite" }
    }

    /// Opens the index at `path`, making it (and its folder) when there is none. `notice` hears
    /// when an index is made again, and why.
    public init(path: String, notice: (String) -> Void = { _ in }) throws {
        self.path = path
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        if !folder.isEmpty {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        // Made (or made again) by one process at a time: another waits, then opens what it made.
        let lock = try UpdateLock(path: path + ".lock")
        defer { lock.release() }
        do {
            let database = try SearchDatabase(path: path)
            if try Self.prepare(database) {
                self.database = database
                return
            }
            notice("the search index at \(path) was made by another version of Teletype: making it again")
        } catch let failure as SearchDatabase.Failure where failure.isDamaged {
            notice("the search index at \(path) is damaged (\(failure.message)): making it again")
        } catch let failure as SearchDatabase.Failure {
            throw Failure(description: "\(path): \(failure.message)")
        }
        for suffix in ["", "-wal", "-shm"] { unlink(path + suffix) }
        do {
            let database = try SearchDatabase(path: path)
            _ = try Self.prepare(database)
            self.database = database
        } catch {
            throw Failure(description: "\(path): \(error)")
        }
    }

    /// Makes the tables of an empty index; false when the index is of another version.
    static func prepare(_ database: SearchDatabase) throws -> Bool {
        let version = try database.rows("PRAGMA user_version").first?.first?.number.map(Int.init) ?? 0
        let tables = try database.rows("SELECT count(*) FROM sqlite_master").first?.first?.number ?? 0
        if tables > 0 { return version == Self.version }
        try database.execute(
            """
            BEGIN IMMEDIATE;
            CREATE TABLE IF NOT EXISTS file(
                path TEXT PRIMARY KEY, size INTEGER NOT NULL, modified REAL NOT NULL, root TEXT NOT NULL,
                failure TEXT) WITHOUT ROWID;
            CREATE TABLE IF NOT EXISTS conversation(
                id INTEGER PRIMARY KEY, file TEXT NOT NULL, key TEXT, agent TEXT NOT NULL, project TEXT,
                title TEXT, updated REAL NOT NULL, messages INTEGER NOT NULL, first INTEGER);
            CREATE INDEX IF NOT EXISTS conversation_file ON conversation(file);
            CREATE TABLE IF NOT EXISTS said_block(id INTEGER PRIMARY KEY, z BLOB NOT NULL);
            CREATE TABLE IF NOT EXISTS said_dictionary(id INTEGER PRIMARY KEY, bytes BLOB NOT NULL);
            CREATE VIRTUAL TABLE IF NOT EXISTS said USING fts5(
                text, content = '', detail = none, tokenize = 'porter unicode61 remove_diacritics 2');
            INSERT INTO said(said, rank) VALUES ('hashsize', \(Self.wordListMemory));
            INSERT INTO said(said, rank) VALUES ('automerge', \(Self.segmentsMerged));
            PRAGMA user_version = \(Self.version);
            COMMIT;
            """)
        return true
    }

    /// How much memory FTS5 gathers word lists in before it writes them out as a segment (its
    /// default is 1 MB): a home's first index wrote hundreds of small segments and merged them
    /// again and again, a third of its time.
    static let wordListMemory = 64 << 20

    /// How many segments of one size FTS5 lets gather before it merges them (its default is 4):
    /// fewer merges while an index is made (a home's first index 15–20 s with 4, 13–14 s with
    /// 16). A large update ends with its segments merged into one (``mergedAfter``): left as
    /// they were, the next small update went on to merge large ones (3 s to add ten sessions
    /// instead of 0.4 s).
    static let segmentsMerged = 16

    /// An update that read this many bytes or more ends by merging the word lists into one.
    static let mergedAfter = 64 << 20

    /// How many conversations and messages the index holds (read through every block's header).
    public func counts() throws -> (conversations: Int, pieces: Int) {
        let conversations =
            try database.rows("SELECT count(*) FROM conversation WHERE first IS NULL").first?.first?.number ?? 0
        let kept = try keptText(readingText: false)
        return (Int(conversations), kept.pieces)
    }

    /// What the index keeps of the text it holds: how many pieces, how many of them compressed
    /// with its dictionary, their bytes as they read back and as they are kept.
    package struct KeptText: Equatable, Sendable {
        /// The pieces of text.
        package var pieces = 0
        /// The blocks they are kept in.
        package var blocks = 0
        /// Those compressed with the index's dictionary.
        package var withDictionary = 0
        /// Their bytes as they read back.
        package var textBytes = 0
        /// Their bytes as they are kept, compressed.
        package var keptBytes = 0
        /// Whether the index has a dictionary.
        package var hasDictionary = false
    }

    /// What the index keeps of the text it holds (read through every block: for measuring);
    /// `readingText` decompresses each block too, to count only those that read back.
    package func keptText(readingText: Bool = true) throws -> KeptText {
        var kept = KeptText(hasDictionary: database.storedDictionary() != nil)
        try database.forEachRow("SELECT z FROM said_block") { row in
            guard case .blob(let bytes) = row[0] else { return }
            try bytes.withUnsafeBytes { bytes in
                var offset = 0
                let count = Int(TextBlock.readVarint(bytes, &offset) ?? 0)
                if readingText {
                    guard let pieces = TextBlock.decode(bytes, decompressor: database.decompressor) else {
                        throw Failure(description: "\(path): a block of the index's text is damaged")
                    }
                    kept.textBytes += pieces.reduce(0) { $0 + $1.text.utf8.count }
                } else {
                    kept.textBytes += TextBlock.textLength(bytes) ?? 0
                }
                kept.blocks += 1
                kept.pieces += count
                kept.keptBytes += bytes.count
                if let compressed = TextBlock.compressedPart(bytes), CompressedText.usesDictionary(compressed) {
                    kept.withDictionary += count
                }
            }
        }
        return kept
    }

    /// FTS5's own tables of the word lists (each word's rows, each row's length), every row in
    /// order, as hexadecimal: two indexes made of the same text the same way hold the same.
    package func wordListRows() throws -> [String] {
        var rows: [String] = []
        for table in ["said_data", "said_idx", "said_docsize"] {
            try database.forEachRow("SELECT * FROM \(table) ORDER BY 1, 2") { row in
                rows.append(
                    table + " "
                        + row.map { value in
                            switch value {
                            case .blob(let bytes): bytes.map { String($0, radix: 16) }.joined(separator: ".")
                            default: value.text ?? "null"
                            }
                        }.joined(separator: " "))
            }
        }
        return rows
    }

    /// The id of the text row of `conversation`'s message `number` (from 1), said by `kind`.
    static func rowID(conversation: Int64, message number: Int, kind: SearchableText.Kind) -> Int64 {
        conversation << (messageBits + kindBits) | place(message: number, kind: kind)
    }

    /// Where message `number`'s words said by `kind` are in their conversation part: the low bits
    /// of their row id.
    static func place(message number: Int, kind: SearchableText.Kind) -> Int64 {
        Int64(number) << kindBits | Int64(kind.rawValue)
    }

    /// The message and speaker a text row's id packs.
    static func place(of rowID: Int64) -> (message: Int, kind: SearchableText.Kind) {
        (
            Int((rowID >> kindBits) & ((1 << messageBits) - 1)),
            SearchableText.Kind(rawValue: Int(rowID & ((1 << kindBits) - 1))) ?? .agent
        )
    }

    /// The first text row id of the conversation part that row `rowID` belongs to (its title's):
    /// a piece's place added to it makes the piece's row id.
    static func partStart(of rowID: Int64) -> Int64 {
        rowID & ~((1 << (messageBits + kindBits)) - 1)
    }

    /// The first and last text row ids a conversation may use.
    static func rowIDs(of conversation: Int64) -> ClosedRange<Int64> {
        (conversation << (messageBits + kindBits))...((conversation + 1) << (messageBits + kindBits) - 1)
    }

    /// The most messages a conversation has indexed (its later ones are not).
    static let messageLimit = Int(1 << messageBits) - 1
}
