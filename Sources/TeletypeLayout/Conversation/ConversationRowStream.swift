import Teletype

/// Lays a recorded conversation out as its messages are read, so that a long one is drawn from
/// its start while the rest is still being read. A message is settled — its row cannot change —
/// once a later message that is not a system message has arrived: then it is known whether it
/// ends its reply and that it is not the latest reply. The rows of all settled messages and then
/// of ``finish()`` are, in order, the rows ``ConversationLayout/rows(for:state:)`` makes of the
/// whole conversation.
public struct ConversationRowStream: Sendable {
    /// A message whose row is settled, with what its row depends on besides itself.
    public struct Settled: Sendable {
        /// The message.
        public var message: Message
        /// Whether it is the conversation's first message.
        public var isFirst: Bool
        /// Whether it ends its reply (the reply's actions go under it).
        public var endsReply: Bool
        /// Whether it belongs to the conversation's latest reply.
        public var isLatestReply: Bool
    }

    /// How the rows are laid out.
    public let layout: ConversationLayout
    /// The view's state: no older-messages line, pending message or footer (a record has none).
    public let state: ConversationViewState
    /// Messages not yet settled: the last one that is not a system message, and those after it.
    private var open: [Message] = []
    /// How many messages were handed over settled.
    private var settledCount = 0

    /// A stream laying out with `layout` in `state`.
    public init(layout: ConversationLayout, state: ConversationViewState) {
        self.layout = layout
        self.state = state
    }

    /// Adds the next message; returns the messages it settles, in order.
    public mutating func add(_ message: Message) -> [Settled] {
        guard message.role != .system, !open.isEmpty else {
            open.append(message)
            return []
        }
        // The open messages end their reply when the message after them (past system
        // messages) is the user's; none of them is the latest reply, a later message has come.
        let nextIsUser = message.role.isUser
        var settled: [Settled] = []
        settled.reserveCapacity(open.count)
        for (offset, earlier) in open.enumerated() {
            let endsReply = offset == 0 ? nextIsUser : true
            settled.append(
                Settled(
                    message: earlier, isFirst: settledCount + offset == 0,
                    endsReply: earlier.role == .system ? true : endsReply, isLatestReply: false))
        }
        settledCount += open.count
        open = [message]
        return settled
    }

    /// The row of a settled message (`nil` for one that shows nothing).
    public func row(_ settled: Settled) -> ConversationRow? {
        layout.row(
            for: settled.message, isFirst: settled.isFirst, isLatestReply: settled.isLatestReply,
            endsReply: settled.endsReply, state: state)
    }

    /// The rows of what is still open, once every message has been added: the last messages'
    /// rows and the view's own rows after them (an empty conversation's notice, the thinking line
    /// of a latest reply that shows nothing).
    public mutating func finish() -> [ConversationRow] {
        let messages: [any AIMessage] = open
        defer {
            settledCount += open.count
            open = []
        }
        // With earlier messages drawn, the latest reply is among these, after the last question.
        let latestReply = ConversationLayout.latestReplyIndex(messages)
        let rows = messages.indices.map { index in
            layout.row(
                for: messages[index], isFirst: settledCount + index == 0, isLatestReply: index == latestReply,
                endsReply: ConversationLayout.endsReply(messages, at: index), state: state)
        }
        if messages.isEmpty && settledCount > 0 { return [] }
        return layout.rows(for: messages, messageRows: rows, latestReply: latestReply, state: state)
    }
}
