import TeletypeTranscripts

extension SearchIndex {
    /// A number that changes when another process writes the index (SQLite's `data_version`): a
    /// search made before an update holds only if neither this process's update nor another's
    /// changed it.
    public func othersWrites() throws -> Int {
        Int(try database.rows("PRAGMA data_version").first?.first?.number ?? 0)
    }

    /// The messages that match `query` among the conversations of files under `roots` ("" for
    /// the agents' own folders), best first (by BM25 relevance; the more recent conversation
    /// first where two match as well), at most ``SearchQuery/perConversation`` of one
    /// conversation, each with a snippet around its match. Of a word found in more than 2,000
    /// messages, the latest 2,000 are ranked (those of the most recently written conversations).
    public func search(_ query: SearchQuery, roots: [String] = [""]) throws -> [SearchHit] {
        let match = try SearchMatch(query, tokenizer: database.tokenizer)
        guard let expression = match.expression else { return [] }
        var conditions = ["said MATCH ?"]
        var arguments: [SQLiteDatabase.Value] = [.text(expression)]
        conditions.append("f.root IN (" + roots.map { _ in "?" }.joined(separator: ", ") + ")")
        arguments += roots.map { .text($0) }
        if let since = query.since {
            conditions.append("c.updated >= ?")
            arguments.append(.real(since))
        }
        if let until = query.until {
            conditions.append("c.updated < ?")
            arguments.append(.real(until))
        }
        if let project = query.project {
            conditions.append("instr(lower(c.project), ?) > 0")
            arguments.append(.text(project.lowercased()))
        }
        if !query.agents.isEmpty {
            let names = query.agents.map(Self.agentName)
            conditions.append("lower(c.agent) IN (" + names.map { _ in "?" }.joined(separator: ", ") + ")")
            arguments += names.map { .text($0.lowercased()) }
        }
        if !query.kinds.isEmpty, query.kinds.count < SearchableText.Kind.allCases.count {
            conditions.append(
                "(said.rowid & \((1 << Self.kindBits) - 1)) IN ("
                    + query.kinds.map { String($0.rawValue) }.sorted().joined(separator: ", ") + ")")
            // A title (message 0) is no one's words.
            conditions.append("((said.rowid >> \(Self.kindBits)) & \((1 << Self.messageBits) - 1)) > 0")
        }
        let shift = Self.messageBits + Self.kindBits
        // The latest matches (a conversation's id grows with its time), ranked: ranking every match
        // of a common word would cost in proportion to the whole index. A phrase's rows are those
        // holding all its words, each then read for the phrase, up to a limit.
        let window = max(Self.rankingWindow, query.limit * 50)
        let reader = TextReader(self)
        var looked = 0
        // The first and last row ids: how far through them a common word's count got estimates the rest.
        let ends = try rowIDBounds()
        arguments = [.integer(ends.first), .integer(ends.last), .integer(Int64(SearchRank.countedRows))] + arguments
        let sql = """
            SELECT said.rowid, teletype_rank(said, ?, ?, ?), c.id, c.file, c.key, c.agent, c.project, c.title, c.updated
            FROM said JOIN conversation p ON p.id = (said.rowid >> \(shift))
            JOIN conversation c ON c.id = coalesce(p.first, p.id) JOIN file f ON f.path = c.file
            WHERE \(conditions.joined(separator: " AND "))
            ORDER BY said.rowid DESC \(match.hasPhrase ? "" : "LIMIT \(window)")
            """
        var found: [(row: Int64, score: Double, conversation: Int64, values: [SQLiteDatabase.Value])] = []
        do {
            try database.forEachRow(sql, arguments) { (row: [SQLiteDatabase.Value]) -> Bool in
                guard case .integer(let rowID) = row[0], case .integer(let conversation) = row[2] else { return true }
                if match.hasPhrase {
                    looked += 1
                    guard let text = try reader.text(of: rowID),
                        match.matches(database.tokenizer.words(of: text))
                    else { return looked < Self.phraseRows.looked }
                }
                found.append((rowID, row[1].number ?? 0, conversation, row))
                return match.hasPhrase
                    ? found.count < max(Self.phraseRows.found, query.limit * 10) && looked < Self.phraseRows.looked
                    : found.count < window
            }
        } catch let failure as SearchDatabase.Failure {
            // FTS5's own words for a query it cannot take (the query is quoted, so rarely).
            throw SearchQuery.Failure(message: failure.message)
        }
        // Best first; of two as good, the more recent conversation.
        found.sort { a, b in
            if a.score != b.score { return a.score < b.score }
            let x = a.values[8].number ?? 0
            let y = b.values[8].number ?? 0
            return x != y ? x > y : a.row > b.row
        }
        var hits: [SearchHit] = []
        var perConversation: [Int64: Int] = [:]
        let matched = match
        for match in found where hits.count < query.limit {
            let count = perConversation[match.conversation, default: 0]
            guard count < query.perConversation else { continue }
            perConversation[match.conversation] = count + 1
            let row = match.values
            let (message, kind) = Self.place(of: match.row)
            hits.append(
                SearchHit(
                    agent: row[5].text ?? "", project: row[6].text, title: row[7].text, path: row[3].text ?? "",
                    conversation: row[4].text, updated: row[8].number ?? 0, message: max(message, 1),
                    inTitle: message == 0, kind: kind,
                    marked: try reader.text(of: match.row).map {
                        matched.snippet(of: $0, words: database.tokenizer.words(of: $0))
                    } ?? "",
                    score: match.score))
        }
        return hits
    }

    /// How many of the latest matches a search ranks.
    static let rankingWindow = 2_000

    /// How many rows holding a phrase's words a search reads for the phrase before it stops (the
    /// latest ones: a phrase of common words is looked for in the latest conversations), and how
    /// many of those that hold it are ranked (with at least ten times the hits asked for).
    static let phraseRows = (looked: 10_000, found: 200)

    /// An agent's or app's name as the index keeps it, from its id (`claude-code`) or its name.
    static func agentName(_ name: String) -> String {
        if let agent = SessionAgent(rawValue: name.lowercased()) { return agent.displayName }
        if let app = ChatApp(rawValue: name.lowercased()) { return app.displayName }
        return name
    }
}
