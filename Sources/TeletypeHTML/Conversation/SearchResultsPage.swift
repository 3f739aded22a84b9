/// A page of search results (`teletype search --html`): each hit where it was found, its snippet
/// with the matches in `<mark>`, and the command that opens the conversation there. Every text is
/// escaped; the page has the exported pages' Content-Security-Policy (no script).
public struct SearchResultsPage: Sendable {
    /// One hit.
    public struct Row: Sendable, Equatable {
        /// Where it was found, on one line: agent, project, title, time, message.
        public var place: String
        /// The words around the match.
        public var snippet: String
        /// Where the matched words are in ``snippet``, as ranges of its Unicode scalars.
        public var marks: [Range<Int>]
        /// The command that opens the conversation at the message.
        public var command: String

        /// A row.
        public init(place: String, snippet: String, marks: [Range<Int>], command: String) {
            self.place = place
            self.snippet = snippet
            self.marks = marks
            self.command = command
        }
    }

    /// What was searched for: the page's title.
    public var query: String
    /// The hits, best first.
    public var rows: [Row]
    /// The colours of the page.
    public var colorScheme: HTMLPage.ColorScheme

    /// A page of `rows` found for `query`.
    public init(query: String, rows: [Row], colorScheme: HTMLPage.ColorScheme = .auto) {
        self.query = query
        self.rows = rows
        self.colorScheme = colorScheme
    }

    /// The whole page.
    public var html: String {
        var out = HTMLBuffer(capacity: 4096 + rows.count * 600)
        var page = HTMLPage(title: "Search: " + query, colorScheme: colorScheme)
        page.isIndex = true
        out.raw(page.header)
        out.raw(page.heading)
        out.raw("<p class=\"tt-archive-count\">\(rows.count) \(rows.count == 1 ? "message" : "messages")</p>\n")
        out.markup("<ol class=\"tt-hits\">\n")
        for row in rows {
            out.text(row.place, between: "<li><p class=\"tt-hit-place\">", and: "</p>\n<p class=\"tt-hit-snippet\">")
            Self.marked(row.snippet, row.marks, into: &out)
            out.text(row.command, between: "</p>\n<p><code>", and: "</code></p></li>\n")
        }
        out.markup("</ol>\n")
        out.raw(page.footer)
        return out.string
    }

    /// `text` with each range of `marks` (Unicode scalars) in `<mark>`.
    static func marked(_ text: String, _ marks: [Range<Int>], into out: inout HTMLBuffer) {
        var piece = String.UnicodeScalarView()
        var inMark = false
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            let marked = marks.contains { $0.contains(offset) }
            if marked != inMark {
                out.text(String(piece))
                piece.removeAll()
                out.raw(marked ? "<mark>" : "</mark>")
                inMark = marked
            }
            piece.append(scalar)
        }
        out.text(String(piece))
        if inMark { out.markup("</mark>") }
    }
}
