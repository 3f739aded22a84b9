/// The texts a conversation shows, by the reference's keys (`reasoning.title.thought_for`,
/// `tool_call.status.failed`, `conversation.*`, `message_actions.*`, `attachment.*`). A provider
/// returns its own text for a key, or `nil` for the English default.
public struct AILocalization: Sendable {
    /// Your texts by key; `%@` in a text stands for its argument.
    public var provider: @Sendable (String) -> String?

    /// Makes a localization from your texts by key; without a provider, every text is English.
    public init(provider: @escaping @Sendable (String) -> String? = { _ in nil }) {
        self.provider = provider
    }

    /// The English texts.
    public static let defaults: [String: String] = [
        "reasoning.title.thinking": "Thinking…",
        "reasoning.title.thinking_for": "Thinking… %@",
        "reasoning.title.thought": "Thought process",
        "reasoning.title.thought_for": "Thought for %@",
        "tool_call.status.running": "Running",
        "tool_call.status.completed": "Done",
        "tool_call.status.awaiting_client": "Waiting for the device",
        "tool_call.status.awaiting_approval": "Waiting for approval",
        "tool_call.status.declined": "Declined",
        "tool_call.status.failed": "Didn't complete",
        "tool_call.status.cancelled": "Cancelled",
        "tool_call.status.no_result": "No result recorded",
        "tool_call.arguments": "Arguments",
        "tool_call.output": "Output",
        "tool_call.error": "Error",
        "ai_part.unsupported": "A step this app version can't show",
        "message.refusal": "The model declined to answer.",
        "message.sources": "Sources",
        "message.empty": "The reply ended without anything to show.",
        "message.compacted": "Earlier messages were compacted into a summary",
        "message.branch": "Version %@: the conversation was rewound or edited here",
        "message.branch_other": "Version %@",
        "attachment.text": "Its text",
        "message.branch.edited": "Version %@: the prompt was edited here",
        "message.branch.regenerated": "Version %@: the reply was regenerated here",
        "message.branch_show": "to show another: --branch %@",
        "message.ui_unshown": "The reply is an interface in the format \"%@\", which this view does not draw.",
        "alert.note": "Note",
        "alert.tip": "Tip",
        "alert.important": "Important",
        "alert.warning": "Warning",
        "alert.caution": "Caution",
        "tool_approval.title": "Allow %@?",
        "tool_approval.button.allow": "Allow",
        "tool_approval.button.decline": "Don't Allow",
        "conversation.error.agent": "The agent couldn't answer. Try again.",
        "conversation.older_messages": "Older messages",
        "conversation.empty": "How can I help?",
        "conversation.no_messages": "This conversation holds no message.",
        "conversation.pending": "Sending…",
        "conversation.scroll_to_latest": "Scroll to latest",
        "conversation.you": "You",
        "conversation.assistant": "Assistant",
        "message_actions.copy": "Copy",
        "message_actions.share": "Share",
        "message_actions.regenerate": "Regenerate",
        "message_actions.rate_positive": "Good reply",
        "message_actions.rate_negative": "Bad reply",
        "message_actions.rated_positive": "Rated good",
        "message_actions.rated_negative": "Rated bad",
        "attachment.image": "Image",
        "attachment.file": "File",
        "composer.placeholder": "Ask anything",
    ]

    /// The text for `key`.
    public func string(_ key: String) -> String {
        provider(key) ?? AILocalization.defaults[key] ?? key
    }

    /// The text for `key` with `%@` replaced by `argument`.
    public func string(_ key: String, _ argument: String) -> String {
        let template = string(key)
        guard let marker = template.firstRange(of: "%@") else { return template }
        var text = template
        text.replaceSubrange(marker, with: argument)
        return text
    }
}
