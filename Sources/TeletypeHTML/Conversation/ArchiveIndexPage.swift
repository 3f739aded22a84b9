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

    /// The whole page.
    public var html: String {
        var out = HTMLBuffer(capacity: 4096 + rows.count * 400)
        let page = HTMLPage(title: title, colorScheme: colorScheme)
        out.raw(page.header)
        out.raw(page.heading)
        out.raw(
            "<p class=\"tt-archive-count\">\(rows.count) \(rows.count == 1 ? "conversation" : "conversations")</p>\n")
        // Agents' sessions say which agent and which folder.
        let hasSessions = rows.contains { $0.agent != nil }
        out.raw("<table class=\"tt-archive\">\n<thead><tr>")
        if hasSessions { out.raw("<th scope=\"col\">Agent</th><th scope=\"col\">Project</th>") }
        out.raw("<th scope=\"col\">Conversation</th><th scope=\"col\">First</th><th scope=\"col\">Last</th>")
        out.raw("<th scope=\"col\">Messages</th><th scope=\"col\">Models</th><th scope=\"col\">Tools</th>")
        out.raw("</tr></thead>\n<tbody>\n")
        for row in rows {
            out.raw("<tr>")
            if hasSessions {
                out.text(row.agent ?? "—", between: "<td>", and: "</td>")
                out.text(row.project ?? "—", between: "<td>", and: "</td>")
            }
            out.raw("<td><a href=\"")
            out.href(Self.relativeURL(row.page))
            out.raw("\">")
            out.text(row.title.isEmpty ? row.page : row.title)
            out.raw("</a></td><td>")
            out.text(row.firstMessageAt.map(Self.time) ?? "—")
            out.raw("</td><td>")
            out.text(row.lastMessageAt.map(Self.time) ?? "—")
            out.raw("</td><td class=\"tt-number\">\(row.messageCount)</td><td>")
            out.text(row.models.joined(separator: ", "))
            out.raw("</td><td>")
            out.text(row.tools.joined(separator: ", "))
            out.raw("</td></tr>\n")
        }
        out.raw("</tbody>\n</table>\n")
        out.raw(HTMLPage(title: title, colorScheme: colorScheme).footer)
        return out.string
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

    /// A time as `YYYY-MM-DD HH:MM` in UTC.
    static func time(_ seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e13 else { return "—" }
        let total = Int(seconds.rounded(.down))
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let secondsOfDay = total - days * 86_400
        // Days since 1970-01-01 to a civil date (proleptic Gregorian).
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(year)-\(two(month))-\(two(day)) \(two(secondsOfDay / 3600)):\(two(secondsOfDay % 3600 / 60))"
    }
}
