import Teletype

/// What joins the pages of a conversation too long for one page: each page's links to the pages
/// beside it and to the list of prompts, the anchor each prompt is linked to, and that list, a page
/// of its own. Plain links and anchors, no script.
public enum ConversationPages {
    /// One prompt, as the list of prompts shows it.
    public struct Prompt: Sendable, Equatable {
        /// Its number in the conversation, from 1.
        public var number: Int
        /// The page it is on, from 1.
        public var page: Int
        /// Its first line.
        public var firstLine: String
        /// When it was written (seconds since 1970), when the log says.
        public var createdAt: Double?

        /// A prompt of the list.
        public init(number: Int, page: Int, firstLine: String, createdAt: Double?) {
            self.number = number
            self.page = page
            self.firstLine = firstLine
            self.createdAt = createdAt
        }
    }

    /// The anchor before prompt `number`, what the list of prompts links to.
    public static func anchor(prompt number: Int) -> String {
        "<div class=\"tt-anchor\" id=\"prompt-\(number)\"></div>\n"
    }

    /// The links of page `page` (from 1) whose file names are `name(page)`: the page before, the
    /// list of prompts (`index`), and the page after when there is one. At the page's top or its
    /// end (`atEnd`), each named for what it is.
    public static func navigation(
        page: Int, hasNext: Bool, index: String, atEnd: Bool, name: (Int) -> String
    ) -> String {
        var out = HTMLBuffer(capacity: 256)
        out.raw("<nav class=\"tt-pages\" aria-label=\"\(atEnd ? "Pages, at the end" : "Pages")\">")
        if page > 1 {
            out.markup("<a rel=\"prev\" href=\"")
            out.href(ArchiveIndexPage.relativeURL(name(page - 1)))
            out.raw("\">← Page \(page - 1)</a>")
        }
        out.markup("<a href=\"")
        out.href(ArchiveIndexPage.relativeURL(index))
        out.raw("\">All prompts</a><span class=\"tt-page-number\">Page \(page)</span>")
        if hasNext {
            out.markup("<a rel=\"next\" href=\"")
            out.href(ArchiveIndexPage.relativeURL(name(page + 1)))
            out.raw("\">Page \(page + 1) →</a>")
        }
        out.markup("</nav>\n")
        return out.string
    }

    /// The list of every prompt of a conversation cut into `pageCount` pages: each prompt's first
    /// line linked to its place, with its time, under the page it is on. `header` is what the page
    /// says first of the session (its header row, what was redacted), HTML already made.
    public static func index(
        title: String, prompts: [Prompt], pageCount: Int, header: String, colorScheme: HTMLPage.ColorScheme,
        name: (Int) -> String
    ) -> String {
        String(
            decoding: indexBytes(
                title: title, prompts: prompts, pageCount: pageCount, header: header, colorScheme: colorScheme,
                name: name), as: UTF8.self)
    }

    /// ``index(title:prompts:pageCount:header:colorScheme:name:)`` as UTF-8, for a file written as
    /// bytes: a long conversation's list is not made a `String`.
    package static func indexBytes(
        title: String, prompts: [Prompt], pageCount: Int, header: String, colorScheme: HTMLPage.ColorScheme,
        name: (Int) -> String
    ) -> [UInt8] {
        var out = HTMLBuffer(capacity: 20_480 + prompts.count * 200)
        let page = HTMLPage(title: title, colorScheme: colorScheme)
        // Each page's address, made once.
        let addresses = (0...max(pageCount, 1)).map { ArchiveIndexPage.relativeURL(name($0)) }
        out.raw(page.headerBytes)
        out.raw(page.heading)
        out.raw(header)
        let count = prompts.count
        out.raw(
            "<p class=\"tt-archive-count\">\(count) \(count == 1 ? "prompt" : "prompts") on \(pageCount) pages</p>\n")
        var start = 0
        for number in 1...max(pageCount, 1) {
            var end = start
            while end < prompts.count, prompts[end].page == number { end += 1 }
            out.markup("<h2 class=\"tt-pages-heading\"><a href=\"")
            out.href(addresses[number])
            out.raw("\">Page \(number)</a></h2>\n")
            if end > start {
                out.raw("<ol class=\"tt-prompts\" start=\"\(prompts[start].number)\">\n")
                for prompt in prompts[start..<end] {
                    // Written piece by piece: a long conversation lists thousands of prompts.
                    out.markup("<li><a href=\"")
                    out.href(
                        prompt.page < addresses.count
                            ? addresses[prompt.page] : ArchiveIndexPage.relativeURL(name(prompt.page)))
                    out.markup("#prompt-")
                    out.raw(String(prompt.number))
                    out.markup("\">")
                    out.text(prompt.firstLine.isEmpty ? "Prompt \(prompt.number)" : prompt.firstLine)
                    out.markup("</a>")
                    if let time = prompt.createdAt {
                        let utc = CalendarTime(time, utc: true)
                        out.markup(" <time class=\"tt-time\" datetime=\"")
                        out.raw(utc.date)
                        out.markup("T")
                        out.raw(utc.clockWithSeconds)
                        out.markup("Z\">")
                        out.text(CalendarTime(time).dateAndClock)
                        out.markup("</time>")
                    }
                    out.markup("</li>\n")
                }
                out.markup("</ol>\n")
            }
            start = end
        }
        out.raw(page.footer)
        return out.take()
    }
}
