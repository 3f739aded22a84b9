/// A conversation the search index holds, as a list of them shows it: no file is read to list it.
public struct IndexedConversation: Sendable, Equatable, Identifiable {
    /// Its number in the index (it grows with the time the conversation was indexed).
    public var id: Int64
    /// The agent or app that wrote it, as people call it (`Claude Code`, `ChatGPT`).
    public var agent: String
    /// The folder the agent worked in, when known.
    public var project: String?
    /// Its title, when known.
    public var title: String?
    /// The file (or store) that holds it.
    public var path: String
    /// Its id within a store or export of many (`render --conversation`).
    public var conversation: String?
    /// When it was last written (seconds since 1970).
    public var updated: Double
    /// How many messages it has.
    public var messages: Int

    /// The arguments `teletype render` takes to open it.
    public var arguments: [String] {
        [path] + (conversation.map { ["--conversation", $0] } ?? [])
    }
}

extension SearchIndex {
    /// Every conversation of the files under `roots` ("" for the agents' own folders), the most
    /// recently written first: one query of the index, however many there are.
    public func conversations(roots: [String] = [""]) throws -> [IndexedConversation] {
        let sql = """
            SELECT c.id, c.agent, c.project, c.title, c.file, c.key, c.updated, c.messages
            FROM conversation c JOIN file f ON f.path = c.file
            WHERE c.first IS NULL AND f.root IN (\(roots.map { _ in "?" }.joined(separator: ", ")))
            ORDER BY c.updated DESC, c.id DESC
            """
        var found: [IndexedConversation] = []
        try database.forEachRow(sql, roots.map { .text($0) }) { (row: [SQLiteDatabase.Value]) in
            guard case .integer(let id) = row[0] else { return }
            found.append(
                IndexedConversation(
                    id: id, agent: row[1].text ?? "", project: row[2].text, title: row[3].text, path: row[4].text ?? "",
                    conversation: row[5].text, updated: row[6].number ?? 0, messages: (row[7].number ?? 0).clampedToInt)
            )
        }
        return found
    }

    /// The first `limit` pieces of what was said in conversation `id`, in order: which message
    /// (from 1), who said it, and the text as indexed (cleaned, each piece at most
    /// ``SearchableText/limit`` bytes). The title is not among them.
    public func opening(of id: Int64, limit: Int) throws -> [(message: Int, kind: SearchableText.Kind, text: String)] {
        // Its parts in order (a conversation that grew has its later messages in later parts).
        let parts = try database.rows(
            "SELECT id FROM conversation WHERE id = ? OR first = ? ORDER BY id", [.integer(id), .integer(id)]
        ).compactMap { row -> Int64? in
            guard case .integer(let part) = row[0] else { return nil }
            return part
        }
        var pieces: [(Int, SearchableText.Kind, String)] = []
        for part in parts where pieces.count < limit {
            for piece in try self.pieces(in: Self.rowIDs(of: part), limit: limit - pieces.count + 1)
            where pieces.count < limit {
                let place = Self.place(of: piece.row)
                if place.message > 0 { pieces.append((place.message, place.kind, piece.text)) }
            }
        }
        return pieces
    }
}
