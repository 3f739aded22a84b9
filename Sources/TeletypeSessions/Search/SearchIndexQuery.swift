import TeletypeTranscripts

extension SearchIndex {
    /// The messages that match `query` among the conversations of files under `roots` ("" for
    /// the agents' own folders), best first (by BM25 relevance; the more recent conversation
    /// first where two match as well), at most ``SearchQuery/perConversation`` of one
    /// conversation, each with a snippet around its match.
    public func search(_ query: SearchQuery, roots: [String] = [""]) throws -> [SearchHit] {
        let expression = try query.expression()
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
        let sql = """
            SELECT said.rowid, bm25(said) AS score, c.id, c.file, c.key, c.agent, c.project, c.title, c.updated
            FROM said JOIN conversation c ON c.id = (said.rowid >> \(shift)) JOIN file f ON f.path = c.file
            WHERE \(conditions.joined(separator: " AND "))
            ORDER BY score, c.updated DESC
            """
        var hits: [SearchHit] = []
        var perConversation: [Int64: Int] = [:]
        do {
            try database.forEachRow(sql, arguments) { (row: [SQLiteDatabase.Value]) -> Bool in
                guard case .integer(let rowID) = row[0], case .integer(let conversation) = row[2] else { return true }
                let count = perConversation[conversation, default: 0]
                guard count < query.perConversation else { return true }
                perConversation[conversation] = count + 1
                let kind = SearchableText.Kind(rawValue: Int(rowID & ((1 << Self.kindBits) - 1))) ?? .agent
                let message = Int((rowID >> Self.kindBits) & ((1 << Self.messageBits) - 1))
                let marked = try snippet(of: rowID, expression: expression)
                hits.append(
                    SearchHit(
                        agent: row[5].text ?? "", project: row[6].text, title: row[7].text, path: row[3].text ?? "",
                        conversation: row[4].text, updated: row[8].number ?? 0, message: max(message, 1),
                        inTitle: message == 0, kind: kind,
                        marked: marked, score: row[1].number ?? 0))
                return hits.count < query.limit
            }
        } catch let failure as SearchDatabase.Failure {
            // FTS5's own words for a query it cannot take (the query is quoted, so rarely).
            throw SearchQuery.Failure(message: failure.message)
        }
        return hits
    }

    /// The words around the match in one row, marked.
    func snippet(of rowID: Int64, expression: String) throws -> String {
        var marked = ""
        try database.forEachRow(
            "SELECT snippet(said, 0, char(2), char(3), '…', 24) FROM said WHERE said MATCH ? AND rowid = ?",
            [.text(expression), .integer(rowID)]
        ) { (row: [SQLiteDatabase.Value]) in marked = row[0].text ?? "" }
        return marked
    }

    /// An agent's or app's name as the index keeps it, from its id (`claude-code`) or its name.
    static func agentName(_ name: String) -> String {
        if let agent = SessionAgent(rawValue: name.lowercased()) { return agent.displayName }
        if let app = ChatApp(rawValue: name.lowercased()) { return app.displayName }
        return name
    }
}
