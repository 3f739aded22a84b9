/// A message of a conversation: what the views show. Conform your own message type, or use
/// ``Message``. Only `id`, `role` and `text` are required.
public protocol AIMessage: Sendable {
    /// The message's identifier, unique in its conversation.
    var id: String { get }
    /// Who wrote it.
    var role: AIMessageRole { get }
    /// What it says; a reply's text is Markdown.
    var text: String { get }
    /// Whether the agent is still writing it.
    var isGenerating: Bool { get }
    /// The steps the agent took for it, in order.
    var parts: [AIMessagePart] { get }
    /// What it carries besides its text.
    var attachments: [AIMessageAttachment] { get }
    /// The UI the agent wrote for a reply, shown in place of its text when a renderer reads it.
    var uiDocument: AIUIDocument? { get }
    /// How the user rated a reply, as the backend keeps it.
    var rating: AIMessageRating? { get }
    /// The whole of a reasoning step's thinking, when the app has it; otherwise its preview shows.
    func reasoningText(for part: AIReasoningPart) -> String?
    /// Where the pieces of the text fall among the steps, when the agent interleaved them (see
    /// ``AITextRun``); empty shows the steps, then the text.
    var textRuns: [AITextRun] { get }
    /// Where the conversation forked just before this message, and its other versions.
    var branchPoint: AIBranchPoint? { get }
    /// When it was written, in seconds since 1970, where the app records it: a prompt shows it.
    var createdAt: Double? { get }
}

extension AIMessage {
    /// Not generating, unless your type says so.
    public var isGenerating: Bool { false }
    /// No steps, unless your type has them.
    public var parts: [AIMessagePart] { [] }
    /// No attachments, unless your type has them.
    public var attachments: [AIMessageAttachment] { [] }
    /// No generated UI, unless your type has it.
    public var uiDocument: AIUIDocument? { nil }
    /// Not rated, unless your type says so.
    public var rating: AIMessageRating? { nil }
    /// No whole reasoning text, unless your type keeps it: the part's preview shows.
    public func reasoningText(for part: AIReasoningPart) -> String? { nil }
    /// No order of text and steps, unless your type records it: steps show before the text.
    public var textRuns: [AITextRun] { [] }
    /// Not a branch point, unless your type says so.
    public var branchPoint: AIBranchPoint? { nil }
    /// No time, unless your type records it.
    public var createdAt: Double? { nil }
}
