import Teletype

extension ConversationViewState {
    /// What the view shows of `conversation` besides its messages: the message on its way, the agent
    /// thinking (for `thinkingElapsed` seconds, when known), what it says it is doing or why it failed
    /// under the latest turn, older messages to load, the user's ratings, and the reply actions the
    /// conversation allows (regenerate only while the agent is not answering).
    @MainActor
    public init<Message: AIMessage>(conversation: AIConversation<Message>, thinkingElapsed: Double? = nil) {
        self.init()
        pendingMessage = conversation.pendingMessage
        isThinking = conversation.status == .submitted
        self.thinkingElapsed = thinkingElapsed
        hasOlderMessages = conversation.hasOlderMessages
        ratings = conversation.ratings
        if conversation.status.isAnswering, let text = conversation.activity?.text, !text.isEmpty {
            footer = text
        }
        if conversation.status == .error, let error = conversation.error {
            footer = AIAgentError.text(of: error)
            footerIsError = true
        }
        var actions: ReplyActionSet = [.copy, .share]
        if conversation.actions.contains(.rate) { actions.insert(.rate) }
        if conversation.actions.contains(.regenerate) && !conversation.status.isAnswering {
            actions.insert(.regenerate)
        }
        self.actions = actions
    }
}
