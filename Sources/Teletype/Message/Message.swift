/// A ready-made ``AIMessage`` for apps without a message type of their own: every field of the
/// model, `Codable` in the Teletype transcript shape.
public struct Message: AIMessage, Equatable, Hashable {
    /// The message's id, unique in its conversation.
    public var id: String
    /// Who wrote it: the user, the assistant, the system, a tool.
    public var role: AIMessageRole
    /// Its text, as Markdown.
    public var text: String
    /// Whether the agent is still writing it.
    public var isGenerating: Bool
    /// Its steps: reasoning, tool calls, sources, refusals.
    public var parts: [AIMessagePart]
    /// The files and images it carries.
    public var attachments: [AIMessageAttachment]
    /// The UI the agent wrote for it, shown in place of its text.
    public var uiDocument: AIUIDocument?
    /// The rating the backend holds for it.
    public var rating: AIMessageRating?
    /// The whole thinking of reasoning steps, by part id, when the app has it.
    public var reasoningTexts: [String: String]
    /// When the message was written, if known (seconds since 1970).
    public var createdAt: Double?
    /// The model that wrote the message, if known (an assistant's reply).
    public var model: String?
    /// Where the pieces of the text fall among the parts (see ``AITextRun``).
    public var textRuns: [AITextRun] = []
    /// Where the conversation forked before this message (see ``AIBranchPoint``).
    public var branchPoint: AIBranchPoint?

    /// Creates a message.
    public init(
        id: String, role: AIMessageRole, text: String, isGenerating: Bool = false, parts: [AIMessagePart] = [],
        attachments: [AIMessageAttachment] = [], uiDocument: AIUIDocument? = nil, rating: AIMessageRating? = nil,
        reasoningTexts: [String: String] = [:], createdAt: Double? = nil, model: String? = nil
    ) {
        self.id = id
        self.role = role
        self.text = text
        self.isGenerating = isGenerating
        self.parts = parts
        self.attachments = attachments
        self.uiDocument = uiDocument
        self.rating = rating
        self.reasoningTexts = reasoningTexts
        self.createdAt = createdAt
        self.model = model
    }

    /// A copy of any message.
    public init(_ message: some AIMessage) {
        var texts: [String: String] = [:]
        for part in message.parts {
            if case .reasoning(let reasoning) = part, let text = message.reasoningText(for: reasoning) {
                texts[reasoning.id] = text
            }
        }
        self.init(
            id: message.id, role: message.role, text: message.text, isGenerating: message.isGenerating,
            parts: message.parts, attachments: message.attachments, uiDocument: message.uiDocument,
            rating: message.rating, reasoningTexts: texts, createdAt: (message as? Message)?.createdAt,
            model: (message as? Message)?.model)
        textRuns = message.textRuns
        branchPoint = message.branchPoint
    }

    /// The whole text of a reasoning step, when the message keeps it.
    public func reasoningText(for part: AIReasoningPart) -> String? { reasoningTexts[part.id] }
}
