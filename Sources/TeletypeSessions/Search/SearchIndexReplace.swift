/// How a changed file's conversations take the place of what the index held of them: what was
/// already indexed as it is now stays, and only what changed is written again.
///
/// A session an agent is writing grows at its end, and a store (OpenCode's database, Cursor's)
/// changes one conversation at a time; reading such a file again and writing every word of it
/// again into the full-text index made each search during a long session cost seconds (FTS5
/// tokenizes a text to take it out as to put it in). Each conversation read is compared, piece by
/// piece, with the compressed text the index holds of it (the same text compresses to the same
/// bytes): from the first message that differs on, its rows are taken out and the messages
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
        // What the index holds, and what was read: each piece by its message and speaker.
        var stored: [Int: [SearchableText.Kind: (row: Int64, bytes: [UInt8])]] = [:]
        for part in kept.parts {
            let rows = Self.rowIDs(of: part)
            try database.forEachRow(
                "SELECT id, z FROM said_text WHERE id BETWEEN ? AND ?",
                [.integer(rows.lowerBound), .integer(rows.upperBound)]
            ) { (row: [SQLiteDatabase.Value]) in
                guard case .integer(let id) = row[0], case .blob(let bytes) = row[1] else { return }
                let place = Self.place(of: id)
                stored[place.message, default: [:]][place.kind] = (id, bytes)
            }
        }
        var read: [Int: [SearchableText.Kind: (text: String, compressed: [UInt8])]] = [:]
        if let title = conversation.searchedTitle { read[0] = [.user: title] }
        for piece in conversation.pieces {
            read[piece.message, default: [:]][piece.kind] = (piece.text, piece.compressed)
        }
        // A piece kept compressed otherwise than it is now (before the index had its dictionary,
        // or with it) is compared by its text, and when it is the same, kept compressed as now:
        // the next comparison is of bytes again.
        var decompressor: CompressedText.Decompressor?
        var recompressed: [(message: Int, row: Int64, bytes: [UInt8])] = []
        func same(_ kept: (row: Int64, bytes: [UInt8]), _ now: (text: String, compressed: [UInt8]), _ message: Int)
            -> Bool
        {
            if kept.bytes == now.compressed { return true }
            let (a, b) = (
                kept.bytes.withUnsafeBytes(CompressedText.usesDictionary),
                now.compressed.withUnsafeBytes(CompressedText.usesDictionary)
            )
            guard a != b else { return false }
            if decompressor == nil {
                decompressor = CompressedText.Decompressor(dictionary: database.storedDictionary())
            }
            let isSame =
                kept.bytes.withUnsafeBytes { decompressor?.decompress($0) }.map { $0.utf8.elementsEqual(now.text.utf8) }
                ?? false
            if isSame { recompressed.append((message, kept.row, now.compressed)) }
            return isSame
        }
        func sameMessage(_ message: Int) -> Bool {
            guard let kept = stored[message], let now = read[message], kept.count == now.count else { return false }
            return kept.allSatisfy { kind, piece in now[kind].map { same(piece, $0, message) } ?? false }
        }
        let changedFrom = Set(stored.keys).union(read.keys).sorted().first { !sameMessage($0) }
        for piece in recompressed where piece.message < changedFrom ?? Int.max {
            try database.run("UPDATE said_text SET z = ? WHERE id = ?", [.blob(piece.bytes), .integer(piece.row)])
        }
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
            let rows = Self.rowIDs(of: part)
            let lower = rows.lowerBound + Int64(from) << Self.kindBits
            try database.run(
                "DELETE FROM said WHERE rowid BETWEEN ? AND ?", [.integer(lower), .integer(rows.upperBound)])
            try database.run(
                "DELETE FROM said_text WHERE id BETWEEN ? AND ?", [.integer(lower), .integer(rows.upperBound)])
            let isEmpty = try database.rows(
                "SELECT 1 FROM said_text WHERE id BETWEEN ? AND ? LIMIT 1",
                [.integer(rows.lowerBound), .integer(rows.upperBound)]
            ).isEmpty
            if part != kept.first, isEmpty {
                try database.run("DELETE FROM conversation WHERE id = ?", [.integer(part)])
            }
        }
        report.piecesWritten += try insert(conversation, of: path, first: kept.first, from: from)
        try describe(kept.first, as: conversation)
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
        let id = database.lastInsertedRow
        var written = 0
        // The title is searched too, as the conversation's message 0.
        if from == 0, let title = conversation.searchedTitle {
            try insert(Self.rowID(conversation: id, message: 0, kind: .user), title.text, title.compressed)
            written += 1
        }
        for piece in conversation.pieces where piece.message >= from {
            try insert(
                Self.rowID(conversation: id, message: piece.message, kind: piece.kind), piece.text, piece.compressed)
            written += 1
        }
        return written
    }

    /// One piece of text: its compressed copy, and its words in the full-text index.
    private func insert(_ row: Int64, _ text: String, _ compressed: [UInt8]) throws {
        try database.run("INSERT INTO said_text(id, z) VALUES (?, ?)", [.integer(row), .blob(compressed)])
        try database.run("INSERT INTO said(rowid, text) VALUES (?, ?)", [.integer(row), .text(text)])
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
            // The word lists first: they are taken out by reading the text they were made of.
            try database.run(
                "DELETE FROM said WHERE rowid BETWEEN ? AND ?", [.integer(rows.lowerBound), .integer(rows.upperBound)])
            try database.run(
                "DELETE FROM said_text WHERE id BETWEEN ? AND ?",
                [.integer(rows.lowerBound), .integer(rows.upperBound)])
            try database.run("DELETE FROM conversation WHERE id = ?", [.integer(part)])
        }
    }
}
