/// A message that matched a search: the conversation it is in, where in it, who said it, and a
/// snippet of the words around the match.
public struct SearchHit: Sendable, Equatable {
    /// The agent or app that wrote the conversation, as people call it (`Claude Code`, `ChatGPT`).
    public var agent: String
    /// The folder the agent worked in, when known.
    public var project: String?
    /// The conversation's title, when known.
    public var title: String?
    /// The file (or store) that holds it.
    public var path: String
    /// The conversation's id within a store or export of many (`render --conversation`).
    public var conversation: String?
    /// When the conversation was last written (seconds since 1970).
    public var updated: Double
    /// Which message matched, counted from 1 as `render --at` counts.
    public var message: Int
    /// Whether the match is in the conversation's title (``message`` is then 1, where it starts).
    public var inTitle: Bool
    /// Who said what matched (a title: ``SearchableText/Kind/user``).
    public var kind: SearchableText.Kind
    /// The words around the match, on one line.
    public var snippet: String
    /// Where the matched words are in ``snippet``, as ranges of its characters (Unicode scalars).
    public var marks: [Range<Int>]
    /// How well it matched (SQLite's BM25: lower is better).
    public var score: Double

    /// The arguments `teletype render` takes to open the conversation at the message.
    public var arguments: [String] {
        [path] + (conversation.map { ["--conversation", $0] } ?? []) + ["--at", String(message)]
    }

    /// A hit and the snippet SQLite marked with `start` and `end` around each match.
    init(
        agent: String, project: String?, title: String?, path: String, conversation: String?, updated: Double,
        message: Int, inTitle: Bool, kind: SearchableText.Kind, marked: String, score: Double
    ) {
        self.agent = agent
        self.project = project
        self.title = title
        self.path = path
        self.conversation = conversation
        self.updated = updated
        self.message = message
        self.inTitle = inTitle
        self.kind = kind
        self.score = score
        var plain = String.UnicodeScalarView()
        var marks: [Range<Int>] = []
        var open: Int?
        var count = 0
        var lastWasSpace = false
        for scalar in marked.unicodeScalars {
            switch scalar {
            case SearchIndex.markStart: open = count
            case SearchIndex.markEnd:
                if let start = open, start < count { marks.append(start..<count) }
                open = nil
            case "\n", "\t", " ":
                // One line: runs of spaces and line ends become one space.
                if !lastWasSpace {
                    plain.append(" ")
                    count += 1
                }
                lastWasSpace = true
            default:
                plain.append(scalar)
                count += 1
                lastWasSpace = false
            }
        }
        self.snippet = String(plain)
        self.marks = marks
    }
}
