/// Where the latest exchange of a conversation is.
public enum AIConversationStatus: Sendable, Hashable {
    /// Nothing is on its way: the reply is finished or stopped, or nothing was asked yet.
    case ready
    /// A request is on its way and its reply shows nothing yet: the agent is thinking.
    case submitted
    /// The agent is writing the reply.
    case streaming
    /// The latest request failed or the agent could not answer.
    case error

    /// Whether the agent is answering: submitted or streaming.
    public var isAnswering: Bool { self == .submitted || self == .streaming }
}

/// What a conversation's views offer the user.
public struct AIConversationActions: OptionSet, Sendable, Hashable {
    /// The set, as bits.
    public let rawValue: Int
    /// A set from its raw bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Editing the user's latest message.
    public static let edit = AIConversationActions(rawValue: 1 << 0)
    /// Writing the latest reply again.
    public static let regenerate = AIConversationActions(rawValue: 1 << 1)
    /// Rating replies.
    public static let rate = AIConversationActions(rawValue: 1 << 2)
    /// Everything.
    public static let all: AIConversationActions = [.edit, .regenerate, .rate]
}
