import TeletypeSessions
import TeletypeTranscripts

/// The browser's list: every indexed conversation, newest first, narrowed as the filter is typed
/// (every word of it in the title, project or agent, any case); or, once the filter was searched
/// for (Enter), the messages that say it, best first.
struct SessionList {
    /// One line (a conversation) or two (a hit and its snippet) of the list.
    enum Entry: Equatable {
        case conversation(IndexedConversation)
        case hit(SearchHit)

        /// What `render` takes to open it.
        var path: String {
            switch self {
            case .conversation(let conversation): conversation.path
            case .hit(let hit): hit.path
            }
        }
    }

    /// Every conversation the index holds, newest first.
    private(set) var all: [IndexedConversation]
    /// The filter as typed.
    private(set) var filter = ""
    /// The search the hits are of, when the list shows hits.
    private(set) var searched: String?
    /// What the list shows.
    private(set) var entries: [Entry]
    /// The chosen entry.
    private(set) var selected = 0
    /// The first entry in sight.
    private(set) var first = 0

    /// A list of `conversations`, the first chosen.
    init(_ conversations: [IndexedConversation]) {
        all = conversations
        entries = conversations.map(Entry.conversation)
    }

    /// The chosen entry, if any.
    var selection: Entry? { entries.indices.contains(selected) ? entries[selected] : nil }

    /// Whether the list shows hits of a search.
    var showsHits: Bool { searched != nil }

    /// How many lines an entry takes.
    var entryHeight: Int { showsHits ? 2 : 1 }

    /// The conversations anew (the index was brought up to date), the chosen one kept chosen.
    mutating func replace(_ conversations: [IndexedConversation]) {
        let chosen = selection
        all = conversations
        guard !showsHits else { return }
        narrow()
        if case .conversation(let conversation) = chosen,
            let index = entries.firstIndex(where: {
                if case .conversation(let other) = $0 { return other.id == conversation.id }
                return false
            })
        {
            selected = index
        }
    }

    // MARK: The filter

    /// Types a character into the filter.
    mutating func type(_ text: String) {
        filter += text
        searched = nil
        narrow()
    }

    /// Deletes the filter's last character.
    mutating func deleteBackward() {
        guard !filter.isEmpty else { return }
        filter.removeLast()
        searched = nil
        narrow()
    }

    /// Empties the filter; false when it was empty.
    mutating func clear() -> Bool {
        guard !filter.isEmpty || showsHits else { return false }
        filter = ""
        searched = nil
        narrow()
        return true
    }

    /// Shows `hits`, the search of the filter's words.
    mutating func show(_ hits: [SearchHit]) {
        searched = filter
        entries = hits.map(Entry.hit)
        selected = 0
        first = 0
    }

    /// The conversations whose title, project or agent holds every word of the filter.
    private mutating func narrow() {
        let words = filter.lowercased().split(separator: " ").map(String.init)
        if words.isEmpty {
            entries = all.map(Entry.conversation)
        } else {
            entries = all.filter { conversation in
                let text = [conversation.title ?? "", conversation.project ?? "", conversation.agent].joined(
                    separator: " "
                ).lowercased()
                return words.allSatisfy { text.contains($0) }
            }.map(Entry.conversation)
        }
        selected = min(selected, max(0, entries.count - 1))
        if filter.isEmpty { return }
        selected = 0
        first = 0
    }

    // MARK: Moving

    /// Moves the choice by `step` entries, keeping it in sight of `height` lines.
    mutating func move(_ step: Int, height: Int) {
        guard !entries.isEmpty else { return }
        selected = min(max(0, selected + step), entries.count - 1)
        let room = max(1, height / entryHeight)
        if selected < first { first = selected }
        if selected >= first + room { first = selected - room + 1 }
    }

    /// The entries in sight of `height` lines.
    func visible(height: Int) -> ArraySlice<Entry> {
        let room = max(1, height / entryHeight)
        let start = min(first, max(0, entries.count - room))
        return entries[max(0, start)..<min(entries.count, max(0, start) + room)]
    }

    /// The index of the first entry in sight.
    func firstVisible(height: Int) -> Int {
        let room = max(1, height / entryHeight)
        return max(0, min(first, entries.count - room))
    }
}
