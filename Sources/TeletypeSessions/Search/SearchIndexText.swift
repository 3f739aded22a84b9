extension SearchIndex {
    /// The pieces of text a conversation part holds (its rows `rows`), in order, each with its
    /// row id, read from its blocks (``TextBlock``); a block that does not read back is skipped,
    /// or throws when `strict`.
    /// At most `limit` pieces are read (a block at a time).
    func pieces(in rows: ClosedRange<Int64>, strict: Bool = false, limit: Int = .max) throws -> [(
        row: Int64, text: String
    )] {
        let base = rows.lowerBound
        var pieces: [(Int64, String)] = []
        try database.forEachRow(
            "SELECT z FROM said_block WHERE id BETWEEN ? AND ? ORDER BY id",
            [.integer(rows.lowerBound), .integer(rows.upperBound)]
        ) { (row: [SQLiteDatabase.Value]) -> Bool in
            guard case .blob(let bytes) = row[0],
                let block = bytes.withUnsafeBytes({ TextBlock.decode($0, decompressor: database.decompressor) })
            else {
                if strict { throw Failure(description: "\(path): a block of the index's text is damaged") }
                return true
            }
            for piece in block { pieces.append((base | piece.place, piece.text)) }
            return pieces.count < limit
        }
        return pieces
    }

    /// Reads the text of rows for a search, a block at a time, keeping the blocks it read (the
    /// hits of one conversation are often in one block).
    final class TextReader {
        private let index: SearchIndex
        private var blocks: [Int64: [Int64: String]] = [:]
        private var rowsOf: [Int64: Int64] = [:]

        init(_ index: SearchIndex) {
            self.index = index
        }

        /// The text of row `row`; nil when the index holds none.
        func text(of row: Int64) throws -> String? {
            if let block = rowsOf[row] { return blocks[block]?[row] }
            var found: String?
            try index.database.forEachRow(
                "SELECT id, z FROM said_block WHERE id <= ? ORDER BY id DESC LIMIT 1", [.integer(row)]
            ) { (values: [SQLiteDatabase.Value]) in
                guard case .integer(let id) = values[0], case .blob(let bytes) = values[1],
                    let block = bytes.withUnsafeBytes({
                        TextBlock.decode($0, decompressor: index.database.decompressor)
                    })
                else { return }
                if blocks.count >= 256 {
                    blocks = [:]
                    rowsOf = [:]
                }
                let base = SearchIndex.partStart(of: id)
                var texts: [Int64: String] = [:]
                for piece in block {
                    texts[base | piece.place] = piece.text
                    rowsOf[base | piece.place] = id
                }
                blocks[id] = texts
                found = texts[row]
            }
            return found
        }
    }
}
