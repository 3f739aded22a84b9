import Teletype

/// The index of an exported archive: a static table, one row a conversation (title linked to its
/// page, first and last time, messages, models, tools), in the order given. The same page head,
/// Content-Security-Policy and theme as the conversation pages, and no script.
public struct ArchiveIndexPage: Sendable {
    /// One conversation's row.
    public struct Row: Sendable, Equatable {
        /// The conversation's title; an untitled one shows its page's name.
        public var title: String
        /// Its page, relative to the index (a path of the archive's folder, `/`-separated).
        public var page: String
        /// When its first message was written, if known (seconds since 1970).
        public var firstMessageAt: Double?
        /// When its last message was written, if known (seconds since 1970).
        public var lastMessageAt: Double?
        /// How many messages it holds.
        public var messageCount: Int
        /// The models that answered.
        public var models: [String]
        /// The tools they called.
        public var tools: [String]
        /// The agent whose session it is, for an agent's session.
        public var agent: String?
        /// The folder the agent worked in, for an agent's session.
        public var project: String?
        /// How many pages the conversation was cut into, when more than one (its page then lists
        /// its prompts).
        public var pageCount: Int?
        /// The first of those pages, relative to the index.
        public var firstPage: String?

        /// A row.
        public init(
            title: String, page: String, firstMessageAt: Double?, lastMessageAt: Double?, messageCount: Int,
            models: [String], tools: [String]
        ) {
            self.title = title
            self.page = page
            self.firstMessageAt = firstMessageAt
            self.lastMessageAt = lastMessageAt
            self.messageCount = messageCount
            self.models = models
            self.tools = tools
        }
    }

    /// The page's title.
    public var title: String
    /// The rows, in reading order.
    public var rows: [Row]
    /// The page's colours.
    public var colorScheme: HTMLPage.ColorScheme

    /// An index page.
    public init(title: String = "Conversations", rows: [Row], colorScheme: HTMLPage.ColorScheme = .auto) {
        self.title = title
        self.rows = rows
        self.colorScheme = colorScheme
    }

    /// The whole page: a table that fits the window's width (long project paths, models and tools
    /// cut short with their whole text as a tooltip), one row a card on a narrow screen.
    public var html: String {
        var out = HTMLBuffer(capacity: 4096 + rows.count * 500)
        var page = HTMLPage(title: title, colorScheme: colorScheme)
        page.isIndex = true
        out.raw(page.header)
        out.raw(page.heading)
        out.raw(
            "<p class=\"tt-archive-count\">\(rows.count) \(rows.count == 1 ? "conversation" : "conversations")</p>\n")
        // Agents' sessions say which agent and which folder.
        let hasSessions = rows.contains { $0.agent != nil }
        out.markup("<table class=\"tt-archive\">\n<thead><tr>")
        if hasSessions {
            out.markup("<th scope=\"col\" class=\"tt-col-agent\">Agent</th>")
            out.markup("<th scope=\"col\" class=\"tt-col-project\">Project</th>")
        }
        out.markup("<th scope=\"col\">Conversation</th><th scope=\"col\" class=\"tt-col-when\">When</th>")
        out.markup("<th scope=\"col\" class=\"tt-col-messages\">Messages</th>")
        out.markup("<th scope=\"col\" class=\"tt-col-models\">Models</th>")
        out.markup("<th scope=\"col\" class=\"tt-col-tools\">Tools</th>")
        out.markup("</tr></thead>\n<tbody>\n")
        for row in rows {
            out.markup("<tr>")
            if hasSessions {
                Self.clipped(row.agent ?? "—", label: "Agent", into: &out)
                Self.clipped(
                    row.project.map(Self.shortProject) ?? "—", label: "Project", into: &out, whole: row.project)
            }
            out.markup("<td class=\"tt-title\"><a href=\"")
            out.href(Self.relativeURL(row.page))
            out.markup("\">")
            out.text(row.title.isEmpty ? row.page : row.title)
            out.markup("</a>")
            if let count = row.pageCount, let first = row.firstPage {
                out.markup(" <span class=\"tt-page-links\">(<a href=\"")
                out.href(Self.relativeURL(first))
                out.raw("\">page 1</a> of \(count))</span>")
            }
            out.markup("</td><td class=\"tt-when\" data-label=\"When\">")
            out.text(Self.when(first: row.firstMessageAt, last: row.lastMessageAt).first)
            if let until = Self.when(first: row.firstMessageAt, last: row.lastMessageAt).until {
                out.text("– " + until, between: "<br><span class=\"tt-until\">", and: "</span>")
            }
            out.raw("</td><td class=\"tt-number\" data-label=\"Messages\">\(row.messageCount)</td>")
            Self.clipped(row.models.joined(separator: ", "), label: "Models", into: &out)
            Self.clipped(row.tools.joined(separator: ", "), label: "Tools", into: &out)
            out.markup("</tr>\n")
        }
        out.markup("</tbody>\n</table>\n")
        out.raw(HTMLPage(title: title, colorScheme: colorScheme).footer)
        return out.string
    }

    /// A cell of one line, cut short with an ellipsis where it does not fit, its whole text in its
    /// tooltip.
    static func clipped(_ text: String, label: String, into out: inout HTMLBuffer, whole: String? = nil) {
        out.raw("<td class=\"tt-clip\" data-label=\"\(label)\" title=\"")
        out.text(whole ?? text)
        out.markup("\">")
        out.text(text)
        out.markup("</td>")
    }

    /// A project's folder by its last two names (`…/packages/app`): what tells projects apart.
    static func shortProject(_ path: String) -> String {
        let names = path.split(separator: "/", omittingEmptySubsequences: true)
        guard names.count > 2 else { return path }
        return "…/" + names.suffix(2).joined(separator: "/")
    }

    /// When a conversation took place: its first time, and its last after a dash when it differs
    /// (only the time when on the same day).
    static func when(first: Double?, last: Double?) -> (first: String, until: String?) {
        guard let first else { return (last.map(time) ?? "—", nil) }
        let start = time(first)
        guard let last, time(last) != start else { return (start, nil) }
        let end = time(last)
        return (start, end.prefix(10) == start.prefix(10) ? String(end.dropFirst(11)) : end)
    }

    /// A page's path as a relative URL: every byte but letters, digits, `-._~` and the `/` between
    /// folders percent-encoded, so no name can read as a scheme, a query or a fragment.
    static func relativeURL(_ path: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = Array("./".utf8)
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"), UInt8(ascii: "/"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A time as `YYYY-MM-DD HH:MM`, in the local time zone (or UTC, with `--utc`).
    static func time(_ seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e13 else { return "—" }
        let time = CalendarTime(seconds)
        return time.date + " " + time.clock
    }
}
