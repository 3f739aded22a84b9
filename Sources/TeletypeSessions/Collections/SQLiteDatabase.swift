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

/// An agent's SQLite database (Cursor's `state.vscdb`, OpenCode's `opencode.db`, Kiro's store),
/// opened read-only without disturbing the app that owns it, which may be running and writing it:
/// with its write-ahead log beside it, it is opened read-only and reads what is committed (a reader
/// never blocks the writer in WAL mode); without one, it is opened immutable, taking no lock and
/// making no `-wal` or `-shm` file. Nothing is ever written.
final class SQLiteDatabase {
    private let handle: OpaquePointer
    /// How errors name the file.
    let name: String

    /// Why a database could not be read, in a person's words, naming the file.
    struct Failure: Error, CustomStringConvertible {
        /// The file, as errors name it.
        var name: String
        /// What is wrong with it.
        var reason: String
        var description: String { "\(name): \(reason)" }

        /// The failure as a reader's error, which names the file.
        var transcriptError: TranscriptError { TranscriptError(file: name, line: 0, column: 0, message: reason) }
    }

    /// Whether `bytes` (a file's first bytes) are a SQLite database's.
    static func isDatabase(_ bytes: UnsafeRawBufferPointer) -> Bool {
        bytes.count >= 16 && bytes.starts(with: Array("SQLite format 3\0".utf8))
    }

    /// Opens the database at `path`, read-only.
    init(path: String, name: String? = nil) throws {
        let name = name ?? path
        self.name = name
        guard let reader = FileReader(path: path), let head = try? reader.read(upToCount: 100) else {
            throw Failure(name: name, reason: "the file cannot be opened")
        }
        guard head.withUnsafeBytes({ Self.isDatabase($0) }) else {
            throw Failure(name: name, reason: "not a SQLite database (or an encrypted one, which Teletype cannot read)")
        }
        let hasLog = FileManager.default.fileExists(atPath: path + "-wal")
        var uri = "file:" + Self.uriPath(path) + (hasLog ? "?mode=ro" : "?immutable=1")
        var handle: OpaquePointer?
        var status = sqlite3_open_v2(uri, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nil)
        if status != SQLITE_OK, hasLog {
            // A log that cannot be shared (its folder read-only): the last checkpoint, read as is.
            sqlite3_close(handle)
            handle = nil
            uri = "file:" + Self.uriPath(path) + "?immutable=1"
            status = sqlite3_open_v2(uri, &handle, SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, nil)
        }
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot be opened"
            sqlite3_close(handle)
            throw Failure(name: name, reason: "\(message)")
        }
        self.handle = handle
        sqlite3_busy_timeout(handle, 2000)
        // A database encrypted by its app reads as one whose every page is garbage.
        do {
            _ = try rows("SELECT count(*) FROM sqlite_master")
        } catch {
            sqlite3_close(handle)
            throw Failure(name: name, reason: "not a readable SQLite database (encrypted, or damaged)")
        }
    }

    deinit { sqlite3_close(handle) }

    /// A path written into a `file:` URI: `%`, `?` and `#` escaped.
    static func uriPath(_ path: String) -> String {
        var out = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "?": out += "%3F"
            case "#": out += "%23"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A value of a row.
    enum Value: Sendable, Equatable {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)
        case blob([UInt8])

        /// The value as text: text itself, a blob's bytes as UTF-8, a number written out.
        var text: String? {
            switch self {
            case .text(let text): text
            case .blob(let bytes): String(decoding: bytes, as: UTF8.self)
            case .integer(let number): String(number)
            case .real(let number): String(number)
            case .null: nil
            }
        }

        /// The value as a number.
        var number: Double? {
            switch self {
            case .integer(let number): Double(number)
            case .real(let number): number
            case .text(let text): Double(text)
            default: nil
            }
        }

        /// The value's JSON, when it holds some.
        var json: JSONValue? {
            switch self {
            case .text(let text): try? JSONParser.parse(text)
            case .blob(let bytes): bytes.withUnsafeBytes { try? JSONParser.parse($0) }
            default: nil
            }
        }
    }

    /// The rows `sql` selects, `arguments` bound to its `?`s in order.
    func rows(_ sql: String, _ arguments: [Value] = []) throws -> [[Value]] {
        var result: [[Value]] = []
        try forEachRow(sql, arguments) { result.append($0) }
        return result
    }

    /// Calls `body` with each row `sql` selects.
    func forEachRow(_ sql: String, _ arguments: [Value] = [], _ body: ([Value]) throws -> Void) throws {
        try forEachRowInPlace(sql, arguments) { try body(SQLiteDatabase.row(of: $0.statement)) }
    }

    /// Calls `body` with each row `sql` selects, its columns read where SQLite keeps them, only
    /// as `body` asks (see ``Row``): a store's messages are JSON of many kilobytes a row, parsed
    /// from the column's bytes rather than first made a string and checked once more.
    func forEachRowInPlace(_ sql: String, _ arguments: [Value] = [], _ body: (Row) throws -> Void) throws {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw Failure(name: name, reason: "\(String(cString: sqlite3_errmsg(handle)))")
        }
        defer { sqlite3_finalize(statement) }
        SQLiteDatabase.bind(arguments, to: statement)
        let count = Int(sqlite3_column_count(statement))
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else {
                throw Failure(name: name, reason: "\(String(cString: sqlite3_errmsg(handle)))")
            }
            try body(Row(statement: statement, count: count))
        }
    }

    /// The first column of the first row `sql` selects, as JSON parsed where SQLite keeps it; nil
    /// when there is no row or it is not JSON.
    func firstJSON(_ sql: String, _ arguments: [Value] = []) throws -> JSONValue? {
        var found: JSONValue?
        var seen = false
        try forEachRowInPlace(sql, arguments) { row in
            guard !seen else { return }
            seen = true
            found = row.json(0)
        }
        return found
    }

    /// The row a statement stands on, during ``forEachRowInPlace(_:_:_:)`` only: each column is
    /// read from SQLite's own copy when asked, valid until the statement steps on.
    struct Row {
        let statement: OpaquePointer
        /// How many columns the row has.
        let count: Int

        /// The column's bytes as `body` reads them, for text and blobs; nil for other values.
        func withBytes<Result>(_ column: Int, _ body: (UnsafeRawBufferPointer) throws -> Result) rethrows
            -> Result?
        {
            guard column < count else { return nil }
            let place = Int32(column)
            let base: UnsafeRawPointer?
            switch sqlite3_column_type(statement, place) {
            case SQLITE_TEXT: base = sqlite3_column_text(statement, place).map { UnsafeRawPointer($0) }
            case SQLITE_BLOB: base = sqlite3_column_blob(statement, place)
            default: return nil
            }
            // The length is asked after the pointer, as SQLite's documentation has it.
            let length = Int(sqlite3_column_bytes(statement, place))
            return try body(UnsafeRawBufferPointer(start: length > 0 ? base : nil, count: length))
        }

        /// The column as text (see ``SQLiteDatabase/Value/text``).
        func text(_ column: Int) -> String? {
            guard column < count else { return nil }
            switch sqlite3_column_type(statement, Int32(column)) {
            case SQLITE_TEXT, SQLITE_BLOB: return withBytes(column) { String(decoding: $0, as: UTF8.self) }
            default: return value(column).text
            }
        }

        /// The column as a number (see ``SQLiteDatabase/Value/number``).
        func number(_ column: Int) -> Double? {
            guard column < count else { return nil }
            switch sqlite3_column_type(statement, Int32(column)) {
            case SQLITE_INTEGER: return Double(sqlite3_column_int64(statement, Int32(column)))
            case SQLITE_FLOAT: return sqlite3_column_double(statement, Int32(column))
            default: return value(column).number
            }
        }

        /// The column's JSON, parsed from its bytes in place; nil when it holds none.
        func json(_ column: Int) -> JSONValue? {
            withBytes(column) { try? JSONParser.parse($0) } ?? nil
        }

        /// The column as a value of its own.
        func value(_ column: Int) -> Value {
            guard column < count else { return .null }
            return SQLiteDatabase.value(of: statement, column: Int32(column))
        }
    }

    /// Binds `arguments` to the `?`s of `statement`, in order.
    static func bind(_ arguments: [Value], to statement: OpaquePointer) {
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        for (index, argument) in arguments.enumerated() {
            let place = Int32(index + 1)
            switch argument {
            case .null: sqlite3_bind_null(statement, place)
            case .integer(let number): sqlite3_bind_int64(statement, place, number)
            case .real(let number): sqlite3_bind_double(statement, place, number)
            case .text(let text): sqlite3_bind_text(statement, place, text, -1, transient)
            case .blob(let bytes):
                _ = bytes.withUnsafeBytes {
                    sqlite3_bind_blob(statement, place, $0.baseAddress, Int32($0.count), transient)
                }
            }
        }
    }

    /// The values of the row `statement` stands on.
    static func row(of statement: OpaquePointer) -> [Value] {
        let columns = sqlite3_column_count(statement)
        var row: [Value] = []
        row.reserveCapacity(Int(columns))
        for column in 0..<columns { row.append(value(of: statement, column: column)) }
        return row
    }

    /// The value of `column` of the row `statement` stands on; text is read to its length (a NUL
    /// within it kept).
    static func value(of statement: OpaquePointer, column: Int32) -> Value {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: return .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: return .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT:
            guard let base = sqlite3_column_text(statement, column) else { return .text("") }
            let count = Int(sqlite3_column_bytes(statement, column))
            return .text(String(decoding: UnsafeRawBufferPointer(start: base, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(statement, column))
            guard let base = sqlite3_column_blob(statement, column), count > 0 else { return .blob([]) }
            return .blob(Array(UnsafeRawBufferPointer(start: base, count: count)))
        default: return .null
        }
    }

    /// The names of its tables.
    func tables() throws -> Set<String> {
        Set(try rows("SELECT name FROM sqlite_master WHERE type = 'table'").compactMap { $0.first?.text })
    }

    /// The names of `table`'s columns.
    func columns(of table: String) throws -> Set<String> {
        Set(try rows("SELECT name FROM pragma_table_info(?)", [.text(table)]).compactMap { $0.first?.text })
    }

    /// Fails, naming what is missing, unless the database has `table` (with `columns`).
    func require(_ table: String, columns wanted: [String] = [], for app: String) throws {
        guard try tables().contains(table) else {
            throw Failure(name: name, reason: "a \(app) database Teletype does not know: it has no table \"\(table)\"")
        }
        let have = try columns(of: table)
        for column in wanted where !have.contains(column) {
            throw Failure(
                name: name,
                reason: "a \(app) database Teletype does not know: table \"\(table)\" has no column \"\(column)\"")
        }
    }
}
