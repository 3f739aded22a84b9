import Teletype
import TeletypeMarkdown

/// What a user message view shows.
public struct AIUserMessageViewOptions: Sendable {
    /// The message, one of your own: cast it to read what else it holds.
    public var message: any AIMessage
    /// The text the user wrote.
    public var text: String
    /// The files the user attached.
    public var attachments: [AIMessageAttachment]
    /// Whether the message is still being sent (shown dimmed).
    public var isPending: Bool
    /// When it was written (seconds since 1970), shown beside it; `nil` shows no time.
    public var createdAt: Double? = nil
    /// Where the text is cut when it shows folded (a prompt far longer than a screen), or `nil`.
    public var fold: PromptFold? = nil
}

/// What a reply view shows.
public struct AIAssistantMessageViewOptions: Sendable {
    /// The reply, one of your own: cast it to read what else it holds.
    public var message: any AIMessage
    /// Whether it is the last reply of the conversation (its actions and open steps show).
    public var isLatestReply: Bool
    /// The view's state: folded steps, ratings, the thinking indicator.
    public var state: ConversationViewState
    /// Draws the generated UI documents a reply may carry.
    public var ui: AIUIHost
    /// The answer already parsed, while it streams (only its open tail was parsed again), or `nil` to
    /// parse the message's text.
    public var answer: MarkdownDocument? = nil
}

/// What the actions under a reply show.
public struct AIReplyActionsViewOptions: Sendable {
    /// The reply the actions act on.
    public var message: any AIMessage
    /// The reply's text, as Copy and Share would take it.
    public var text: String
    /// Whether it is the last reply (only it can be regenerated).
    public var isLatestReply: Bool
    /// The actions on offer.
    public var actions: ReplyActionSet
    /// The rating that shows: the user's on this device, else the backend's.
    public var rating: AIMessageRating?
}

/// What an attachment view shows.
public struct AIMessageAttachmentViewOptions: Sendable {
    /// The attachment to show.
    public var attachment: AIMessageAttachment
    /// Whether it belongs to the user (shown at the trailing edge).
    public var isFromUser: Bool
}

/// What a tool call's approval view shows.
public struct AIToolAuthorizationViewOptions: Sendable {
    /// The tool call waiting for the user's decision.
    public var toolCall: AIToolCallPart
    /// What the agent asks: title, message, reason, and the decision once made.
    public var approval: AIToolApproval
}

/// Makes the views of a conversation. Every method has a default, so override only the ones you
/// want to change — for example to show an attachment kind of your own:
///
/// ```swift
/// struct MyFactory: AIConversationViewFactory {
///     func makeAttachmentView(options: AIMessageAttachmentViewOptions, appearance: AIAppearance) -> [ConversationBlock] {
///         guard options.attachment.kind == "location" else { return defaultAttachmentView(options: options, appearance: appearance) }
///         let place = options.attachment.extraData["name"]?.string ?? "A place"
///         return [.custom(CustomView(blocks: [.paragraph([Span(text: "📍 " + place)])],
///                                    html: "<p>📍 \(HTMLText.escape(place))</p>", markdown: "📍 \(place)"))]
///     }
/// }
/// ```
public protocol AIConversationViewFactory: Sendable {
    /// A message the user sent: its attachments, then its text in a bubble.
    func makeUserMessageView(options: AIUserMessageViewOptions, appearance: AIAppearance) -> [ConversationBlock]
    /// A reply: its steps, its answer (or generated UI), its attachments.
    func makeAssistantMessageView(options: AIAssistantMessageViewOptions, appearance: AIAppearance)
        -> [ConversationBlock]
    /// What the user can do with a finished reply.
    func makeReplyActionsView(options: AIReplyActionsViewOptions, appearance: AIAppearance) -> [ConversationBlock]
    /// One attachment.
    func makeAttachmentView(options: AIMessageAttachmentViewOptions, appearance: AIAppearance) -> [ConversationBlock]
    /// The approval a tool call waits for.
    func makeToolAuthorizationView(options: AIToolAuthorizationViewOptions, appearance: AIAppearance)
        -> [ConversationBlock]
}

/// The factory with every default.
public struct DefaultConversationViewFactory: AIConversationViewFactory {
    /// The default factory.
    public init() {}
}

extension AIConversationViewFactory {
    /// The default view: the user's text in a bubble at the trailing edge.
    public func makeUserMessageView(options: AIUserMessageViewOptions, appearance: AIAppearance) -> [ConversationBlock]
    {
        defaultUserMessageView(options: options, appearance: appearance)
    }
    /// The default view: the reply's steps, then its answer as Markdown.
    public func makeAssistantMessageView(options: AIAssistantMessageViewOptions, appearance: AIAppearance)
        -> [ConversationBlock]
    {
        defaultAssistantMessageView(options: options, appearance: appearance)
    }
    /// The default view: the actions in one row.
    public func makeReplyActionsView(options: AIReplyActionsViewOptions, appearance: AIAppearance)
        -> [ConversationBlock]
    {
        defaultReplyActionsView(options: options, appearance: appearance)
    }
    /// The default view: a card with the attachment's name and details.
    public func makeAttachmentView(options: AIMessageAttachmentViewOptions, appearance: AIAppearance)
        -> [ConversationBlock]
    {
        defaultAttachmentView(options: options, appearance: appearance)
    }
    /// The default view: a card with the question and its two buttons.
    public func makeToolAuthorizationView(options: AIToolAuthorizationViewOptions, appearance: AIAppearance)
        -> [ConversationBlock]
    {
        defaultToolAuthorizationView(options: options, appearance: appearance)
    }
}
