/// How a changed file's conversations take the place of what the index held of them: what was
/// already indexed as it is now stays, and only what changed is written again.
///
/// A session an agent is writing grows at its end, and a store (OpenCode's database, Cursor's)
/// changes one conversation at a time; reading such a file again and writing every word of it
/// again into the full-text index made each search during a long session cost seconds (FTS5
/// tokenizes a text to take it out as to put it in). Each conversation read is compared, piece by
/// piece, with the text the index holds of it: from the first message that differs on, its rows
/// are taken out and the messages
/// written as a new *part* of the conversation, a row of its own in the conversation table whose
/// `first` names the conversation's first part. A part's id is new, so that the latest messages
/// have the latest row ids, which a search's window of the latest matches leans on. A conversation
/// unchanged has only its description brought up to date; one whose title changed, or with
/// ``mostParts`` parts already, is written again whole.
extension SearchIndex {
    /// How many parts a conversation may have before it is written again whole, in one part.
    static let mostParts = 16

    /// A conversation the index holds: its first part, and all its parts in order.
    struct HeldConversation {
        var first: Int64
        var parts: [Int64]
    }

    /// Puts what was read of `file` into the index in place of what it held of it, keeping what
    /// is unchanged; counts the pieces kept and written into `report`.
    func replace(_ file: ReadFile, report: inout Report) throws {
        let path = file.source.path
        var held: [String: HeldConversation] = [:]
        var keyOfFirst: [Int64: String] = [:]
        var ambiguous = false
        for row in try database.rows(
            "SELECT id, key, first FROM conversation WHERE file = ? ORDER BY id", [.text(path)])
        {
            guard case .integer(let id) = row[0] else { continue }
            if case .integer(let first) = row[2] {
                if let key = keyOfFirst[first] { held[key]?.parts.append(id) }
                continue
            }
            let key = row[1].text ?? ""
            if held[key] != nil { ambiguous = true }
            held[key] = HeldConversation(first: id, parts: [id])
            keyOfFirst[id] = key
        }
        let keys = file.conversations.map { $0.key ?? "" }
        // Two conversations of one key (a store that repeats an id): each is written again whole.
        if ambiguous || Set(keys).count != keys.count {
            for conversation in held.values { try remove(conversation.parts) }
            held = [:]
        }
        for conversation in file.conversations {
            if let kept = held.removeValue(forKey: conversation.key ?? "") {
                try update(kept, with: conversation, of: path, report: &report)
            } else {
                report.piecesWritten += try insert(conversation, of: path, first: nil, from: 0)
            }
        }
        for conversation in held.values { try remove(conversation.parts) }
        try database.run(
            "INSERT OR REPLACE INTO file(path, size, modified, root, failure) VALUES (?, ?, ?, ?, ?)",
            [
                .text(path), .integer(Int64(file.source.stamp.size)), .real(file.source.stamp.modified),
                .text(file.source.root), file.failure.map { .text($0) } ?? .null,
            ])
    }

    /// Brings `kept` up to date with `conversation` as read now.
    private func update(
        _ kept: HeldConversation, with conversation: ReadConversation, of path: String, report: inout Report
    ) throws {
        // What the index holds, and what was read: each piece by its message and speaker. A part
        // whose text does not read back is taken as changed from its start.
        var stored: [Int: [SearchableText.Kind: String]] = [:]
        var damaged = false
        for part in kept.parts {
            do {
                for piece in try pieces(in: Self.rowIDs(of: part), strict: true) {
                    let place = Self.place(of: piece.row)
                    stored[place.message, default: [:]][place.kind] = piece.text
                }
            } catch is Failure {
                damaged = true
            }
        }
        var read: [Int: [SearchableText.Kind: String]] = [:]
        if let title = conversation.searchedTitle { read[0] = [.user: title] }
        for piece in conversation.pieces {
            read[piece.message, default: [:]][piece.kind] = piece.text
        }
        let changedFrom =
            damaged ? 0 : Set(stored.keys).union(read.keys).sorted().first { stored[$0] != read[$0] }
        guard let from = changedFrom else {
            report.piecesKept += read.values.reduce(0) { $0 + $1.count }
            try describe(kept.first, as: conversation)
            return
        }
        if from == 0 || kept.parts.count >= Self.mostParts {
            try remove(kept.parts)
            report.piecesWritten += try insert(conversation, of: path, first: nil, from: 0)
            return
        }
        report.piecesKept += read.filter { $0.key < from }.values.reduce(0) { $0 + $1.count }
        // The rows from the first changed message on leave, from whichever part holds them.
        for part in kept.parts {
            try removeRows(of: part, from: from, isFirst: part == kept.first)
        }
        report.piecesWritten += try insert(conversation, of: path, first: kept.first, from: from)
        try describe(kept.first, as: conversation)
    }

    /// Takes the rows of messages `from` on out of the conversation part `part`: their words,
    /// and their text from its blocks (a block holding earlier messages too is written again
    /// with those). A later part left empty leaves the conversation table.
    private func removeRows(of part: Int64, from: Int, isFirst: Bool) throws {
        let rows = Self.rowIDs(of: part)
        let lower = rows.lowerBound + Int64(from) << Self.kindBits
        var blocks: [(id: Int64, pieces: [TextBlock.Piece])] = []
        try database.forEachRow(
            "SELECT id, z FROM said_block WHERE id BETWEEN ? AND ? ORDER BY id",
            [.integer(rows.lowerBound), .integer(rows.upperBound)]
        ) { (row: [SQLiteDatabase.Value]) in
            guard case .integer(let id) = row[0], case .blob(let bytes) = row[1] else { return }
            let pieces = bytes.withUnsafeBytes { TextBlock.decode($0, decompressor: database.decompressor) }
            guard let pieces else { throw Failure(description: "\(path): a block of the index's text is damaged") }
            blocks.append((id, pieces))
        }
        var left = false
        for block in blocks {
            let keep = block.pieces.filter { rows.lowerBound | $0.place < lower }
            for piece in block.pieces where rows.lowerBound | piece.place >= lower {
                try forgetWords(row: rows.lowerBound | piece.place, text: piece.text)
            }
            if keep.isEmpty {
                try database.run("DELETE FROM said_block WHERE id = ?", [.integer(block.id)])
            } else if keep.count < block.pieces.count {
                let bytes = TextBlock.encode(keep[...], compressor: tailCompressor())
                try database.run("UPDATE said_block SET z = ? WHERE id = ?", [.blob(bytes), .integer(block.id)])
            }
            left = left || !keep.isEmpty
        }
        if !isFirst, !left {
            try database.run("DELETE FROM conversation WHERE id = ?", [.integer(part)])
        }
    }

    /// A compressor for text the writer packs itself (a conversation's changed messages), with
    /// the index's dictionary.
    private func tailCompressor() -> CompressedText.Compressor {
        CompressedText.Compressor(dictionary: database.decompressor.dictionary ?? database.storedDictionary())
    }

    /// Takes a row's words out of the word lists (which need its text to: they keep no copy).
    private func forgetWords(row: Int64, text: String) throws {
        try database.run("INSERT INTO said(said, rowid, text) VALUES ('delete', ?, ?)", [.integer(row), .text(text)])
    }

    /// Writes `conversation` (its messages from `from` on, and its title when `from` is 0) as a
    /// conversation of the file at `path`, or as a later part of the one whose first part is
    /// `first`; how many pieces were written.
    private func insert(_ conversation: ReadConversation, of path: String, first: Int64?, from: Int) throws -> Int {
        // A conversation that lost its last messages has nothing after them: no part is made.
        if first != nil, !conversation.pieces.contains(where: { $0.message >= from }) { return 0 }
        try database.run(
            "INSERT INTO conversation(file, key, agent, project, title, updated, messages, first) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            [
                .text(path), conversation.key.map { .text($0) } ?? .null, .text(conversation.agent),
                conversation.project.map { .text($0) } ?? .null, conversation.title.map { .text($0) } ?? .null,
                .real(conversation.updated), .integer(Int64(conversation.messages)),
                first.map { .integer($0) } ?? .null,
            ])
        let base = Self.rowID(conversation: database.lastInsertedRow, message: 0, kind: .user)
        let placed = conversation.placed(from: from)
        // Packed on the reading thread when the whole conversation is written; here otherwise.
        let blocks =
            from == 0 ? conversation.blocks : TextBlock.blocks(of: placed, compressor: tailCompressor())
        for block in blocks {
            try database.run(
                "INSERT INTO said_block(id, z) VALUES (?, ?)", [.integer(base | block.place), .blob(block.bytes)])
        }
        // Their words as the reading thread worked them out, when it did.
        if from == 0, let words = conversation.words, words.count == placed.count {
            for (index, piece) in placed.enumerated() {
                try words.withPiece(index) { try database.insertWords(row: base | piece.place, packed: $0) }
            }
            return placed.count
        }
        for piece in placed {
            try database.run(
                "INSERT INTO said(rowid, text) VALUES (?, ?)", [.integer(base | piece.place), .text(piece.text)])
        }
        return placed.count
    }

    /// Brings the description of the conversation whose first part is `first` up to date.
    private func describe(_ first: Int64, as conversation: ReadConversation) throws {
        try database.run(
            "UPDATE conversation SET agent = ?, project = ?, title = ?, updated = ?, messages = ? WHERE id = ?",
            [
                .text(conversation.agent), conversation.project.map { .text($0) } ?? .null,
                conversation.title.map { .text($0) } ?? .null, .real(conversation.updated),
                .integer(Int64(conversation.messages)), .integer(first),
            ])
    }

    /// Takes the conversation of `parts` out of the index: its words, its text, its rows.
    func remove(_ parts: [Int64]) throws {
        for part in parts {
            let rows = Self.rowIDs(of: part)
            // The word lists first: they are taken out by the text they were made of. A block that
            // does not read back leaves its words behind (a search then finds rows with no text,
            // and passes over them).
            for piece in try pieces(in: rows) { try forgetWords(row: piece.row, text: piece.text) }
            try database.run(
                "DELETE FROM said_block WHERE id BETWEEN ? AND ?",
                [.integer(rows.lowerBound), .integer(rows.upperBound)])
            try database.run("DELETE FROM conversation WHERE id = ?", [.integer(part)])
        }
    }
}
