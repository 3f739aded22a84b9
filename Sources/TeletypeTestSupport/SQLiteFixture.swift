import CSQLite
import Foundation

/// A SQLite database made for a test from SQL text (a fixture's `.sql`), as an agent's database
/// would be: the tests keep their databases as text, readable and diffable, and build them when
/// they run.
public enum SQLiteFixture {
    /// A database failed to build: SQLite's message.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Makes the database at `path` (replacing any file there) by running `sql`; with `walMode`,
    /// the database is in WAL mode and stays open, its write-ahead log unmerged, while `body`
    /// runs, as a running app holds it; `body` may write more through the SQL runner it is given.
    public static func make(
        at path: String, sql: String, walMode: Bool = false,
        while body: (_ run: (String) throws -> Void) throws -> Void = { _ in }
    ) throws {
        unlink(path)
        var handle: OpaquePointer?
        guard sqlite3_open(path, &handle) == SQLITE_OK, let handle else {
            throw Failure(description: "cannot create \(path)")
        }
        defer { sqlite3_close(handle) }
        func run(_ script: String) throws {
            var error: UnsafeMutablePointer<CChar>?
            guard sqlite3_exec(handle, script, nil, nil, &error) == SQLITE_OK else {
                let message = error.map { String(cString: $0) } ?? "error"
                sqlite3_free(error)
                throw Failure(description: message)
            }
        }
        // In WAL mode, nothing is merged back into the database while the test looks.
        try run((walMode ? "PRAGMA journal_mode=WAL; PRAGMA wal_autocheckpoint=0;" : "") + sql)
        try body(run)
    }
}
