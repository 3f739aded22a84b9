import Teletype

/// A long history shown a page at a time: the transport keeps every message (an agent still gets them
/// all), the conversation is told of the latest page, and ``AIConversation/loadOlderMessages()``
/// brings the page before.
package struct HistoryWindow: Sendable {
    /// How many messages a page holds; `nil` shows everything at once.
    package let pageSize: Int?
    /// How many messages at the start are not shown yet.
    package private(set) var hidden: Int

    package init(pageSize: Int?, historyCount: Int) {
        self.pageSize = pageSize.map { max(1, $0) }
        hidden = pageSize.map { max(0, historyCount - max(1, $0)) } ?? 0
    }

    /// Whether there are messages before the first shown.
    package var hasOlderMessages: Bool { hidden > 0 }

    /// The messages the conversation is told of.
    package func visible(_ messages: [Message]) -> [Message] {
        hidden == 0 ? messages : Array(messages.dropFirst(min(hidden, messages.count)))
    }

    /// Shows the page before; false when there is none.
    package mutating func showOlder() -> Bool {
        guard hidden > 0, let pageSize else { return false }
        hidden = max(0, hidden - pageSize)
        return true
    }

    /// Tells `feed` the messages it shows of `messages`.
    @MainActor
    package func publish(_ messages: [Message], to feed: AIConversationFeed<Message>?) {
        feed?.update(messages: visible(messages))
    }

    /// Tells a newly connected `feed` the latest page of `messages` and whether there are older ones.
    @MainActor
    package func start(_ messages: [Message], on feed: AIConversationFeed<Message>) {
        publish(messages, to: feed)
        feed.update(hasOlderMessages: hasOlderMessages)
    }

    /// Shows the page before, and tells `feed`.
    @MainActor
    package mutating func loadOlder(_ messages: [Message], to feed: AIConversationFeed<Message>?) {
        guard showOlder() else { return }
        publish(messages, to: feed)
        feed?.update(hasOlderMessages: hasOlderMessages)
    }
}
