import Teletype
import TeletypeANSI
import TeletypeCommandLine
import TeletypeLayout

/// The side menu of `teletype chat` (the reference's `SidebarView`): the saved conversations from a
/// ``ConversationList``, newest first, after a "New conversation" entry; Up/Down choose (the next
/// page loads on reaching the end), Enter opens, Esc closes.
@MainActor
struct ChatSidebar {
    let list: ConversationList
    let current: String
    /// The chosen row: 0 is "New conversation", then the conversations.
    private(set) var row = 0

    init(list: ConversationList, current: String) {
        self.list = list
        self.current = current
    }

    var conversations: [ConversationSummary] { list.conversations }

    /// Chooses the current conversation's row, once the list has loaded.
    mutating func chooseCurrent() {
        row = (conversations.firstIndex { $0.id == current }).map { $0 + 1 } ?? 0
    }

    /// Moves the choice; true when it reached the end of what is loaded and more can load.
    mutating func move(_ step: Int) -> Bool {
        row = min(max(0, row + step), conversations.count)
        return row == conversations.count && list.hasMore
    }

    /// The conversation to open: `.some(nil)` for a new one.
    var selected: String?? {
        row == 0 || row > conversations.count ? .some(nil) : .some(conversations[row - 1].id)
    }

    /// The menu, in place of the conversation: at most `height` rows of `width` cells.
    func rows(width: Int, height: Int) -> [String] {
        var menu = ["Conversations · Enter opens · Esc closes", String(repeating: "─", count: min(width, 40))]
        var entries =
            ["+ New conversation"]
            + conversations.map { summary in
                (summary.id == current ? "• " : "  ") + (summary.title ?? summary.id)
            }
        if list.isLoading { entries.append("  Loading…") }
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
