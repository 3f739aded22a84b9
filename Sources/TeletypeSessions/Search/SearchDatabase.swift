import CSQLite
import CSearchTokenizer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The search index's own SQLite database, read and written (the agents' databases are only ever
/// read, by ``SQLiteDatabase``): in WAL mode, so that a search reads while another process writes,
/// with its statements prepared once and kept.
final class SearchDatabase {
    private let handle: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]
    /// The database file.
    let path: String
    /// What reads the index's compressed text back, with the index's dictionary once it has one.
    let decompressor = CompressedText.Decompressor()
    /// The words of a text as the index's word lists hold them.
    private(set) var tokenizer: SearchTokenizer!
    /// The connection's porter, which takes a row's words packed (``insertWords(row:packed:)``).
    private var porter: UnsafeMutableRawPointer?

    /// Why the database could not be used: SQLite's words and its result code.
    struct Failure: Error, CustomStringConvertible {
        var message: String
        var code: Int32
        var description: String { message }
        /// The file is damaged or is not a database: it is to be made again.
        var isDamaged: Bool { code & 0xFF == SQLITE_CORRUPT || code & 0xFF == SQLITE_NOTADB }
    }

    /// Opens (making it when there is none) the database at `path`.
    init(path: String) throws {
        self.path = path
        var handle: OpaquePointer?
        let status = sqlite3_open_v2(
            path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot be opened"
            sqlite3_close(handle)
            throw Failure(message: "\(path): \(message)", code: status)
        }
        self.handle = handle
        // What people said to their agents, secrets among it: for the user's eyes alone (SQLite
        // gives its -wal and -shm files the database's permissions).
        chmod(path, 0o600)
        // Another process writing holds the lock a moment per batch: wait for it.
        sqlite3_busy_timeout(handle, 60_000)
        // Pages of 32 KB: a first index writes and reads back about five times its size (the log,
        // then the database; the word lists merged), far fewer calls than with 4 KB pages; and a
        // page holds whole rows only, so that one of blocks of text (4 KB each, compressed) left
        // a sixth of each 16 KB page empty, and a twentieth of a 32 KB one. And
        // pages a merge of the word lists frees are given back to the file system (see `PRAGMA
        // incremental_vacuum`). Both take only on a new database, before anything is written.
        // Asked of a database that has them already, `auto_vacuum` writes its first page again: a
        // write transaction, and its log synced to the disk four times, at every search.
        if try rows("PRAGMA page_count").first?.first?.number == 0 {
            try execute("PRAGMA page_size = 32768")
            try execute("PRAGMA auto_vacuum = INCREMENTAL")
        }
        // Set once, when the database is made (changing it needs the database to itself).
        if try rows("PRAGMA journal_mode").first?.first?.text?.lowercased() != "wal" {
            try execute("PRAGMA journal_mode = WAL")
        }
        try execute("PRAGMA synchronous = NORMAL; PRAGMA cache_size = -65536")
        // The relevance a search ranks by, without counting every row of a common word first.
        guard SearchRank.register(on: handle) else {
            throw Failure(message: "\(path): SQLite's FTS5 takes no ranking function", code: SQLITE_ERROR)
        }
        // FTS5's porter, each word's stem remembered (the same tokens; a first index's words
        // stemmed once each rather than every time they come).
        guard let porter = SearchTokenizer.rememberStems(on: handle) else {
            throw Failure(message: "\(path): SQLite's FTS5 takes no tokenizer", code: SQLITE_ERROR)
        }
        self.porter = porter
        guard let tokenizer = SearchTokenizer(handle: handle) else {
            throw Failure(message: "\(path): SQLite's FTS5 has no porter tokenizer", code: SQLITE_ERROR)
        }
        self.tokenizer = tokenizer
        self.decompressor.findDictionary = { [unowned self] in self.storedDictionary() }
    }

    /// The dictionary the index's text is compressed with; nil while it has none.
    func storedDictionary() -> CompressedText.Dictionary? {
        guard
            case .blob(let bytes)? = (try? rows("SELECT bytes FROM said_dictionary ORDER BY id LIMIT 1"))?.first?.first
        else { return nil }
        return CompressedText.Dictionary(bytes)
    }

    deinit {
        tokenizer = nil
        for statement in statements.values { sqlite3_finalize(statement) }
        sqlite3_close(handle)
    }

    private func failure() -> Failure {
        Failure(message: String(cString: sqlite3_errmsg(handle)), code: sqlite3_extended_errcode(handle))
    }

    /// Runs `sql`, one or more statements without arguments.
    func execute(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else { throw failure() }
    }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let statement = statements[sql] {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
            return statement
        }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK,
            let statement
        else { throw failure() }
        statements[sql] = statement
        return statement
    }

    /// Runs `sql` with `arguments` bound to its `?`s, for what it changes.
    func run(_ sql: String, _ arguments: [SQLiteDatabase.Value] = []) throws {
        try forEachRow(sql, arguments) { _ in }
    }

    /// Calls `body` with each row `sql` selects, until it returns false.
    func forEachRow(
        _ sql: String, _ arguments: [SQLiteDatabase.Value] = [], _ body: ([SQLiteDatabase.Value]) throws -> Bool
    ) throws {
        let statement = try prepared(sql)
        defer { sqlite3_reset(statement) }
        SQLiteDatabase.bind(arguments, to: statement)
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { return }
            guard step == SQLITE_ROW else { throw failure() }
            guard try body(SQLiteDatabase.row(of: statement)) else { return }
        }
    }

    /// Calls `body` with each row `sql` selects.
    func forEachRow(
        _ sql: String, _ arguments: [SQLiteDatabase.Value] = [], _ body: ([SQLiteDatabase.Value]) throws -> Void
    ) throws {
        try forEachRow(sql, arguments) { (row: [SQLiteDatabase.Value]) -> Bool in
            try body(row)
            return true
        }
    }

    /// The rows `sql` selects.
    func rows(_ sql: String, _ arguments: [SQLiteDatabase.Value] = []) throws -> [[SQLiteDatabase.Value]] {
        var rows: [[SQLiteDatabase.Value]] = []
        try forEachRow(sql, arguments) { (row: [SQLiteDatabase.Value]) in rows.append(row) }
        return rows
    }

    /// Puts row `row`'s words, packed on a reading thread (``PackedWords``), in the word lists:
    /// as inserting its text does, without tokenizing it here.
    func insertWords(row: Int64, packed: UnsafeRawBufferPointer) throws {
        guard let words = packed.baseAddress?.assumingMemoryBound(to: CChar.self) else {
            throw Failure(message: "\(path): a row's words are not packed", code: SQLITE_MISUSE)
        }
        let statement = try prepared("INSERT INTO said(rowid, text) VALUES (?, ?)")
        defer { sqlite3_reset(statement) }
        sqlite3_bind_int64(statement, 1, row)
        // The bytes stay put until the statement is reset: SQLite need not copy them.
        sqlite3_bind_text(statement, 2, words, Int32(packed.count), nil)
        teletype_porter_next_is_packed(porter, 1)
        defer { teletype_porter_next_is_packed(porter, 0) }
        guard sqlite3_step(statement) == SQLITE_DONE else { throw failure() }
    }

    /// The row id the last insert made.
    var lastInsertedRow: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Runs `body` in one write transaction, taken at once (`BEGIN IMMEDIATE`), so that two
    /// writers wait for each other instead of failing half-way.
    func transaction(_ body: () throws -> Void) throws {
        try execute("BEGIN IMMEDIATE")
        do {
            try body()
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }
}
