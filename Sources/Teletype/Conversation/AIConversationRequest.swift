#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the user asks of the agent: sent through the transport's `send(_:)`.
public struct AIConversationRequest<Message: AIMessage>: Sendable {
    /// What the user asks for: a message, a regenerate, an edit.
    public typealias Kind = AIConversationRequestKind

    /// What the user asks for.
    public var kind: Kind
    /// What the user wrote; when a reply is written again, the text of the message it answers.
    public var text: String
    /// The files the user picked, on the device, to upload with their message.
    public var attachments: [URL]
    /// The option the user picked in the composer, such as thinking harder.
    public var chatOption: AIChatOption?
    /// The message it is about: the reply to write again, or the user's message they edited.
    public var message: Message?
    /// An id for the user's message: create the message with it, so the conversation finds its copy.
    public var messageID: String

    /// A request of `kind`.
    public init(
        kind: Kind, text: String, attachments: [URL] = [], chatOption: AIChatOption? = nil, message: Message? = nil,
        messageID: String = UUID().uuidString
    ) {
        self.kind = kind
        self.text = text
        self.attachments = attachments
        self.chatOption = chatOption
        self.message = message
        self.messageID = messageID
    }
}

/// An option the user can pick in the composer and send with their message, such as "Deep research".
public struct AIChatOption: Sendable, Hashable, Identifiable {
    /// What identifies it to the agent.
    public var id: String
    /// Its name.
    public var title: String
    /// What it does.
    public var description: String?
    /// A short name for the chip that shows it picked.
    public var shortTitle: String?
    /// An icon: a symbol name in an app, a character (such as "🔎") in a terminal.
    public var icon: String?

    /// An option named `title`.
    public init(
        id: String, title: String, description: String? = nil, icon: String? = nil, shortTitle: String? = nil
    ) {
        self.id = id
        self.title = title
        self.description = description
        self.icon = icon
        self.shortTitle = shortTitle
    }
}

/// What the user asks for. An open set: treat a kind you do not know as a new message.
public struct AIConversationRequestKind: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
    /// The raw value, such as `message`.
    public let rawValue: String
    /// A kind from its raw value.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A kind from its raw value, written as a literal.
    public init(stringLiteral value: String) { self.rawValue = value }
    /// A new message.
    public static let message = AIConversationRequestKind(rawValue: "message")
    /// The reply written again.
    public static let regenerate = AIConversationRequestKind(rawValue: "regenerate")
    /// The user's message edited, to be answered again.
    public static let edit = AIConversationRequestKind(rawValue: "edit")
}
