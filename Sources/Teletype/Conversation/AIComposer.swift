import Observation

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What the user is writing: the text, the files picked and the chat option, and whether the agent
/// is answering (the send button becomes a stop button).
@MainActor
@Observable
public final class AIComposer {
    /// The text being written.
    public var text: String
    /// The files picked, on the device.
    public var attachments: [URL] = []
    /// The options the user can pick.
    public var chatOptions: [AIChatOption] = []
    /// The option picked, sent with the message.
    public var selectedChatOption: AIChatOption?
    /// Whether the agent is answering; the conversation keeps it.
    public var isGenerating = false
    /// Whether the text is the user's message being edited; the conversation keeps it.
    public var isEditing = false

    /// A composer holding `text`.
    public init(text: String = "") {
        self.text = text
    }

    /// Forgets what was written, once it is sent.
    public func clear() {
        text = ""
        attachments = []
    }
}
