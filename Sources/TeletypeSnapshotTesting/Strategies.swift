import Teletype
import TeletypeANSI
import TeletypeHTML
import TeletypeLayout
import TeletypeMarkdown

/// A conversation as its view shows it: the messages and what shows besides them. Snapshot an
/// `AIConversation` through `init(conversation:)`. Times show in UTC, so that a snapshot reads the
/// same on every machine: making the first snapshot sets the process's time zone (`TZ`) to UTC.
public struct ConversationSnapshot: Sendable {
    /// The messages, oldest first.
    public var messages: [any AIMessage]
    /// What shows besides them: thinking, the pending message, the footer, actions.
    public var state: ConversationViewState
    /// How it looks.
    public var appearance: AIAppearance

    /// A snapshot of `messages` shown with `state`.
    public init(
        messages: [any AIMessage], state: ConversationViewState = ConversationViewState(),
        appearance: AIAppearance = .dark
    ) {
        _ = Self.utc
        self.messages = messages
        self.state = state
        self.appearance = appearance
    }

    private static let utc: Void = CalendarTime.useUTC()

    /// A snapshot of a conversation as it stands.
    @MainActor
    public init<Message: AIMessage>(conversation: AIConversation<Message>, appearance: AIAppearance = .dark) {
        self.init(
            messages: conversation.messages, state: ConversationViewState(conversation: conversation),
            appearance: appearance)
    }

    var rows: [ConversationRow] { ConversationLayout(appearance: appearance).rows(for: messages, state: state) }
}

extension Snapshotting where Value == String {
    /// Markdown as plain text at `width` columns: no escape sequences at all.
    public static func plain(width: Int = 80) -> Snapshotting {
        Snapshotting(pathExtension: "txt") { TerminalRenderer(width: width, capabilities: .plain).render(markdown: $0) }
    }

    /// Markdown as a terminal gets it, escape sequences written visibly (`⟪bold⟫`).
    public static func ansi(
        width: Int = 80, capabilities: TerminalCapabilities = .full, theme: Theme = .dark
    ) -> Snapshotting {
        Snapshotting(pathExtension: "ansi.txt") {
            VisibleEscapes.describe(
                TerminalRenderer(width: width, capabilities: capabilities, theme: theme).render(markdown: $0))
        }
    }

    /// Markdown as HTML, one element per line.
    public static var html: Snapshotting {
        Snapshotting(pathExtension: "html") { HTMLLines.format(MarkdownHTMLRenderer().render(markdown: $0)) }
    }

    /// What a terminal of `width` × `height` shows after Markdown is streamed into it live, a few
    /// bytes at a time (`teletype md` from a pipe): scrollback, then screen.
    public static func screen(width: Int = 80, height: Int = 24) -> Snapshotting {
        Snapshotting(pathExtension: "screen.txt") { markdown in
            let renderer = TerminalRenderer(width: width, capabilities: .full)
            var stream = MarkdownStreamRenderer(renderer: renderer)
            var region = LiveRegion(capabilities: .full, height: height)
            var terminal = TerminalEmulator(width: width, height: height)
            let bytes = Array(markdown.utf8)
            var offset = 0
            while offset < bytes.count {
                stream.append(utf8: Array(bytes[offset..<min(bytes.count, offset + 16)]))
                offset += 16
                let committed = stream.update()
                terminal.feed(region.frame(committed: committed, live: stream.liveLines))
            }
            let committed = stream.finish()
            terminal.feed(region.frame(committed: committed + Array(stream.liveLines), live: []))
            return terminal.text
        }
    }
}

extension Snapshotting where Value == [UInt8] {
    /// What a terminal of `width` × `height` shows after this output (captured from a live view, say).
    public static func screen(width: Int = 80, height: Int = 24) -> Snapshotting {
        Snapshotting(pathExtension: "screen.txt") { bytes in
            var terminal = TerminalEmulator(width: width, height: height)
            terminal.feed(bytes)
            return terminal.text
        }
    }
}

extension Snapshotting where Value == ConversationSnapshot {
    /// The conversation view as plain text at `width` columns.
    public static func plain(width: Int = 80) -> Snapshotting {
        Snapshotting(pathExtension: "txt") { value in
            ConversationTerminalRenderer(width: width, capabilities: .plain, appearance: value.appearance)
                .render(value.rows)
        }
    }

    /// The conversation view as a terminal gets it, escape sequences written visibly.
    public static func ansi(width: Int = 80, capabilities: TerminalCapabilities = .full, theme: Theme? = nil)
        -> Snapshotting
    {
        Snapshotting(pathExtension: "ansi.txt") { value in
            var appearance = value.appearance
            if let theme { appearance.theme = theme }
            var shown = value
            shown.appearance = appearance
            return VisibleEscapes.describe(
                ConversationTerminalRenderer(width: width, capabilities: capabilities, appearance: appearance)
                    .render(shown.rows))
        }
    }

    /// The conversation's rows as an HTML fragment, one element per line.
    public static var html: Snapshotting {
        Snapshotting(pathExtension: "html") { value in
            HTMLLines.format(ConversationHTMLRenderer(appearance: value.appearance).render(value.rows))
        }
    }

    /// What a terminal of `width` × `height` shows after the conversation is drawn live, row by row.
    public static func screen(width: Int = 80, height: Int = 24) -> Snapshotting {
        Snapshotting(pathExtension: "screen.txt") { value in
            let renderer = ConversationTerminalRenderer(width: width, capabilities: .full, appearance: value.appearance)
            var region = LiveRegion(capabilities: .full, height: height)
            var terminal = TerminalEmulator(width: width, height: height)
            var lines: [StyledLine] = []
            for (index, row) in value.rows.enumerated() {
                if index > 0 { lines.append(StyledLine()) }
                lines += renderer.lines(row)
                terminal.feed(region.frame(committed: [], live: lines))
            }
            terminal.feed(region.frame(committed: lines, live: []))
            return terminal.text
        }
    }
}

extension Snapshotting where Value == [any AIMessage] {
    /// Messages as the conversation view shows them, in plain text.
    public static func plain(width: Int = 80) -> Snapshotting {
        Snapshotting<ConversationSnapshot>.plain(width: width).pullback { ConversationSnapshot(messages: $0) }
    }

    /// Messages as the conversation view shows them, escape sequences written visibly.
    public static func ansi(width: Int = 80, capabilities: TerminalCapabilities = .full, theme: Theme? = nil)
        -> Snapshotting
    {
        Snapshotting<ConversationSnapshot>.ansi(width: width, capabilities: capabilities, theme: theme).pullback {
            ConversationSnapshot(messages: $0)
        }
    }

    /// Messages as HTML rows, one element per line.
    public static var html: Snapshotting {
        Snapshotting<ConversationSnapshot>.html.pullback { ConversationSnapshot(messages: $0) }
    }

    /// What a terminal shows after the messages are drawn live.
    public static func screen(width: Int = 80, height: Int = 24) -> Snapshotting {
        Snapshotting<ConversationSnapshot>.screen(width: width, height: height).pullback {
            ConversationSnapshot(messages: $0)
        }
    }
}

/// HTML laid out one element per line, so that a diff names the element that changed.
public enum HTMLLines {
    /// `html` with a line break before and after each tag of a block element; text is not touched.
    public static func format(_ html: String) -> String {
        var out = ""
        var index = html.startIndex
        while index < html.endIndex {
            let character = html[index]
            if character == "<" {
                let rest = html[index...]
                let name = rest.dropFirst().drop { $0 == "/" }.prefix { $0.isLetter || $0.isNumber }.lowercased()
                if blockElements.contains(name), !out.isEmpty, out.last != "\n" { out.append("\n") }
                guard let close = rest.firstIndex(of: ">") else {
                    out += rest
                    break
                }
                out += html[index...close]
                index = html.index(after: close)
                if blockElements.contains(name), index < html.endIndex, html[index] != "\n" { out.append("\n") }
                continue
            }
            out.append(character)
            index = html.index(after: index)
        }
        // Text is kept exactly (also inside `<pre>`): only line breaks are added.
        return out.hasSuffix("\n") ? out : out + "\n"
    }

    static let blockElements: Set<String> = [
        "html", "head", "body", "main", "article", "section", "header", "footer", "nav", "aside", "div", "p", "ul",
        "ol", "li", "dl", "dt", "dd", "pre", "blockquote", "table", "thead", "tbody", "tr", "th", "td", "details",
        "summary", "h1", "h2", "h3", "h4", "h5", "h6", "hr", "figure", "figcaption", "form", "br", "img", "meta",
        "style", "title", "link",
    ]
}
