/// One row of a conversation layout: a message, or an element of the view such as the thinking
/// indicator. Rows are keyed by id and equal when they show the same.
public struct ConversationRow: Sendable, Equatable, Identifiable {
    /// What the row is.
    public enum Kind: String, Sendable, Equatable {
        /// A message from the user: it starts a turn.
        case user
        /// A reply, or a message of another role.
        case assistant
        /// A message being sent.
        case pending
        /// The view's own element: thinking, older messages, footer, empty content.
        case indicator
    }

    /// The row's key: its message's id, or the element's name.
    public var id: String
    /// Whether it is the user's, a reply, a pending message or the view's own element.
    public var kind: Kind
    /// The role of the message, when the row shows one.
    public var role: String?
    /// What the row shows, top to bottom.
    public var blocks: [ConversationBlock]
    /// Whether the row starts a turn (a user message, or the first row).
    public var startsTurn: Bool

    /// A row of a conversation.
    public init(id: String, kind: Kind, role: String? = nil, blocks: [ConversationBlock], startsTurn: Bool = false) {
        self.id = id
        self.kind = kind
        self.role = role
        self.blocks = blocks
        self.startsTurn = startsTurn
    }
}
