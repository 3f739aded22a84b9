import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The relevance a search ranks its matches by: FTS5's BM25, as its own `bm25()` computes it, but
/// with each phrase's document frequency counted only up to a limit. FTS5's `bm25()` counts every
/// row that holds a phrase before it scores the first one, which for a common word of a large
/// index (400,000 rows of "swift") is most of a query's time; past the limit the count is estimated
/// from how far through the index's rows the limit was reached, and a phrase that common weighs
/// little either way.
///
/// Called as `teletype_rank(said, FIRST, LAST, LIMIT)`: the index's first and last row ids, and
/// how many rows of a phrase are counted before the rest is estimated. Lower is better, as
/// `bm25()`'s.
enum SearchRank {
    /// BM25's constants, FTS5's: how soon a word's repetitions stop counting, and how much a
    /// text's length does.
    static let k1 = 1.2
    static let b = 0.75

    /// How many rows of a phrase are counted before the rest is estimated, unless a call says.
    static let countedRows = 20_000

    /// What a query's rows share: each phrase's inverse document frequency and the texts' mean
    /// length, worked out at its first row.
    final class QueryData {
        var idf: [Double] = []
        var meanLength = 1.0
    }

    /// Registers `teletype_rank` with the FTS5 of the database `handle`.
    static func register(on handle: OpaquePointer) -> Bool {
        guard let api = fts5API(of: handle) else { return false }
        let status = api.pointee.xCreateFunction?(api, "teletype_rank", nil, rank, nil)
        return status == SQLITE_OK
    }

    /// The type name FTS5 hands its API pointer under.
    private static let pointerType: StaticString = "fts5_api_ptr"

    /// FTS5's API of the database `handle` (`SELECT fts5(?1)`, its documented way).
    static func fts5API(of handle: OpaquePointer) -> UnsafeMutablePointer<fts5_api>? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, "SELECT fts5(?1)", -1, &statement, nil) == SQLITE_OK, let statement else {
            return nil
        }
        defer { sqlite3_finalize(statement) }
        var api: UnsafeMutablePointer<fts5_api>?
        withUnsafeMutablePointer(to: &api) { pointer in
            let type = UnsafeRawPointer(pointerType.utf8Start).assumingMemoryBound(to: CChar.self)
            sqlite3_bind_pointer(statement, 1, pointer, type, nil)
            _ = sqlite3_step(statement)
        }
        guard let api, api.pointee.iVersion >= 2 else { return nil }
        return api
    }

    /// The function FTS5 calls for each row.
    private static let rank: fts5_extension_function = { api, fts, context, count, values in
        guard let api = api?.pointee, let fts else {
            sqlite3_result_error(context, "teletype_rank: no FTS5 context", -1)
            return
        }
        let arguments = (0..<Int(count)).map { values?[$0] }
        func integer(_ index: Int, _ otherwise: Int64) -> Int64 {
            index < arguments.count ? arguments[index].map(sqlite3_value_int64) ?? otherwise : otherwise
        }
        let data: QueryData
        if let kept = api.xGetAuxdata?(fts, 0) {
            data = Unmanaged<QueryData>.fromOpaque(kept).takeUnretainedValue()
        } else {
            guard
                let made = queryData(
                    api, fts, first: integer(0, 0), last: integer(1, Int64.max),
                    limit: Int(integer(2, Int64(countedRows))))
            else {
                sqlite3_result_error(context, "teletype_rank: the index's counts cannot be read", -1)
                return
            }
            data = made
            let kept = Unmanaged.passRetained(made).toOpaque()
            guard api.xSetAuxdata?(fts, kept, { Unmanaged<QueryData>.fromOpaque($0!).release() }) == SQLITE_OK
            else {
                Unmanaged<QueryData>.fromOpaque(kept).release()
                sqlite3_result_error(context, "teletype_rank: out of memory", -1)
                return
            }
        }
        // The word lists keep which rows hold a word, not how often (`detail=none`): each phrase
        // this row holds counts once, and a row's length is its distinct words (the index's
        // table is given each word of a text once: `teletype_porter_give_words_once`).
        var frequency = [Double](repeating: 0, count: data.idf.count)
        for phrase in frequency.indices {
            var iterator = Fts5PhraseIter()
            var column: Int32 = -1
            if api.xPhraseFirstColumn?(fts, Int32(phrase), &iterator, &column) == SQLITE_OK, column >= 0 {
                frequency[phrase] = 1
            }
        }
        var tokens: Int32 = 0
        _ = api.xColumnSize?(fts, -1, &tokens)
        let length = Double(tokens)
        var score = 0.0
        for (phrase, idf) in data.idf.enumerated() {
            let found = frequency[phrase]
            score += idf * (found * (k1 + 1)) / (found + k1 * (1 - b + b * length / data.meanLength))
        }
        sqlite3_result_double(context, -score)
    }

    /// Counts a phrase's rows, up to a limit: how many, and the row id of the last counted.
    struct Count {
        var rows: Int64 = 0
        var limit: Int64
        var last: Int64 = 0
    }

    /// Each phrase's inverse document frequency and the mean length, for the query of `fts`.
    private static func queryData(
        _ api: Fts5ExtensionApi, _ fts: OpaquePointer, first: Int64, last: Int64, limit: Int
    ) -> QueryData? {
        var rowCount: Int64 = 0
        var tokenCount: Int64 = 0
        guard api.xRowCount?(fts, &rowCount) == SQLITE_OK,
            api.xColumnTotalSize?(fts, -1, &tokenCount) == SQLITE_OK
        else { return nil }
        let data = QueryData()
        data.meanLength = rowCount > 0 ? max(Double(tokenCount) / Double(rowCount), 1e-9) : 1
        let phrases = api.xPhraseCount?(fts) ?? 0
        for phrase in 0..<phrases {
            var count = Count(limit: Int64(max(limit, 1)))
            let status = withUnsafeMutablePointer(to: &count) { pointer in
                api.xQueryPhrase?(fts, phrase, pointer) { api, fts, user in
                    let count = user!.assumingMemoryBound(to: Count.self)
                    count.pointee.rows += 1
                    count.pointee.last = api?.pointee.xRowid?(fts) ?? 0
                    return count.pointee.rows >= count.pointee.limit ? SQLITE_DONE : SQLITE_OK
                }
            }
            guard status == SQLITE_OK else { return nil }
            let rows = Double(estimatedRows(count, first: first, last: last, rowCount: rowCount))
            let idf = log((Double(rowCount) - rows + 0.5) / (rows + 0.5))
            data.idf.append(idf <= 0 ? 1e-6 : idf)
        }
        return data
    }

    /// A phrase's rows: counted, or (its count stopped at the limit) the share of the index's row
    /// ids the counted ones span, scaled up to all of them.
    static func estimatedRows(_ count: Count, first: Int64, last: Int64, rowCount: Int64) -> Int64 {
        guard count.rows >= count.limit, count.last > first, last > first else { return count.rows }
        let share = Double(count.last - first) / Double(last - first)
        let estimate = Double(count.rows) / max(share, 1e-9)
        return min(max(Int64(estimate), count.rows), max(rowCount, count.rows))
    }
}

extension SearchIndex {
    /// Each row matching `expression` (FTS5's syntax) with its rank by ``SearchRank`` (its count of
    /// a phrase's rows stopped at `limit`) beside FTS5's own `bm25()`: what the tests hold the one
    /// to against the other.
    package func ranksBesideBM25(_ expression: String, limit: Int) throws -> [(row: Int64, rank: Double, bm25: Double)]
    {
        let ends = try rowIDBounds()
        var found: [(row: Int64, rank: Double, bm25: Double)] = []
        try database.forEachRow(
            "SELECT rowid, teletype_rank(said, ?, ?, ?), bm25(said) FROM said WHERE said MATCH ? ORDER BY rowid",
            [.integer(ends.first), .integer(ends.last), .integer(Int64(limit)), .text(expression)]
        ) { (row: [SQLiteDatabase.Value]) in
            guard case .integer(let id) = row[0] else { return }
            found.append((id, row[1].number ?? .nan, row[2].number ?? .nan))
        }
        return found
    }

    /// The first and last row ids of the index's text (0 and 0 when it holds none): what
    /// ``SearchRank`` scales a stopped count by. Each is one step down SQLite's table, not a scan.
    func rowIDBounds() throws -> (first: Int64, last: Int64) {
        func integer(_ value: SQLiteDatabase.Value?) -> Int64 {
            if case .integer(let number)? = value { return number }
            return 0
        }
        let first = integer(try database.rows("SELECT min(id) FROM said_block").first?.first)
        // The last block's id, and the place of its last piece.
        var last: Int64 = 0
        try database.forEachRow("SELECT id, z FROM said_block ORDER BY id DESC LIMIT 1") { row in
            guard case .integer(let id) = row[0], case .blob(let bytes) = row[1] else { return }
            let base = SearchIndex.partStart(of: id)
            last = max(id, base | (bytes.withUnsafeBytes(TextBlock.lastPlace) ?? 0))
        }
        return (first, last)
    }

    /// ``SearchRank``'s estimate of a phrase's rows when its count stopped at `counted` rows, the
    /// last of them `lastCounted`, of an index of `rowCount` rows with ids `first` to `last`.
    package static func estimatedRows(counted: Int64, lastCounted: Int64, first: Int64, last: Int64, rowCount: Int64)
        -> Int64
    {
        SearchRank.estimatedRows(
            .init(rows: counted, limit: counted, last: lastCounted), first: first, last: last, rowCount: rowCount)
    }
}
