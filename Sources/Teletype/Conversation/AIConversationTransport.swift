/// How a conversation reaches its agent: it follows what the conversation holds and tells the
/// conversation through a feed, and it sends what the user asks.
@MainActor
public protocol AIConversationTransport<Message>: AnyObject {
    /// The app's message type.
    associatedtype Message: AIMessage

    /// Starts telling `feed` what the conversation holds. Called once, when the conversation is made.
    func connect(_ feed: AIConversationFeed<Message>)
    /// Sends what the user asks; returns once the agent has the request (the reply arrives through
    /// the feed). A thrown error shows as the conversation's `error`.
    func send(_ request: AIConversationRequest<Message>) async throws
    /// Stops the reply the agent is writing.
    func stop() async throws
    /// Loads the messages before the first one; they arrive through the feed.
    func loadOlderMessages() async throws
    /// Tells the backend how the user rated a reply (`nil`: they took their rating back).
    func rate(_ message: Message, _ rating: AIMessageRating?) async throws
}

extension AIConversationTransport {
    /// Does nothing: there are no older messages to load.
    public func loadOlderMessages() async throws {}
    /// Does nothing: ratings stay on the device.
    public func rate(_ message: Message, _ rating: AIMessageRating?) async throws {}
}

/// What a transport tells its conversation. It holds the conversation weakly: keep the feed for as
/// long as the transport follows the conversation, and stop once ``isConnected`` is false.
@MainActor
public final class AIConversationFeed<Message: AIMessage> {
    weak var conversation: AIConversation<Message>?

    init(conversation: AIConversation<Message>) {
        self.conversation = conversation
    }

    /// Whether the conversation is still there.
    public var isConnected: Bool { conversation != nil }

    /// The conversation's messages, oldest first, each time they change.
    public func update(messages: [Message]) { conversation?.feedDidUpdate(messages: messages) }

    /// One message added or changed, found by its id (new ones go last): for a transport that knows
    /// which message changed, an update that costs the same however long the conversation is.
    public func update(message: Message) { conversation?.feedDidUpdate(message: message) }

    /// Whether there are messages before the first one.
    public func update(hasOlderMessages: Bool) { conversation?.feedDidUpdate(hasOlderMessages: hasOlderMessages) }

    /// What the agent says it is doing, or `nil` once it stops saying.
    public func update(activity: AIAgentActivity?) { conversation?.feedDidUpdate(activity: activity) }
}

/// Who answers the approvals and sign-ins that tool calls wait for.
@MainActor
public protocol AIToolApprover: AnyObject {
    /// Answers the approval `call` of the reply `messageID` waits for.
    func answer(_ call: AIToolCallPart, in messageID: String, approved: Bool) async throws
}
