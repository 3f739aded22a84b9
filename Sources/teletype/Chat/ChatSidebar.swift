import Teletype
import TeletypeANSI
import TeletypeLayout

/// The side menu of `teletype chat` (the reference's `SidebarView`): the saved conversations, newest
/// first, after a "New conversation" entry; Up/Down choose, Enter opens, Esc closes.
struct ChatSidebar {
    let conversations: [ConversationSummary]
    let current: String
    /// The chosen row: 0 is "New conversation", then the conversations.
    private(set) var row = 0

    init(conversations: [ConversationSummary], current: String) {
        self.conversations = conversations
        self.current = current
        row = (conversations.firstIndex { $0.id == current }).map { $0 + 1 } ?? 0
    }

    mutating func move(_ step: Int) {
        row = min(max(0, row + step), conversations.count)
    }

    /// The conversation to open: `.some(nil)` for a new one.
    var selected: String?? {
        row == 0 ? .some(nil) : .some(conversations[row - 1].id)
    }

    /// The menu, in place of the conversation: `height` rows of `width` cells.
    func rows(width: Int, height: Int) -> [String] {
        var menu = ["Conversations · Enter opens · Esc closes", String(repeating: "─", count: min(width, 40))]
        let entries =
            ["+ New conversation"]
            + conversations.map { summary in
                (summary.id == current ? "• " : "  ") + (summary.title ?? summary.id)
            }
        // Keep the chosen row in view.
        let room = max(1, height - menu.count)
        let first = max(0, min(row - room + 1, entries.count - room))
        for (index, entry) in entries.enumerated().dropFirst(first).prefix(room) {
            let text = ChatSession.fit(TerminalSafeText.sanitize(entry), width: width)
            menu.append(index == row ? "\u{1B}[7m" + text + "\u{1B}[0m" : text)
        }
        return Array(menu.prefix(height))
    }
}
