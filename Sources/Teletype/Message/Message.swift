/// A ready-made ``AIMessage`` for apps without a message type of their own: every field of the
/// model, `Codable` in the Teletype transcript shape.
public struct Message: AIMessage, Equatable, Hashable {
    public var id: String
    public var role: AIMessageRole
    public var text: String
    public var isGenerating: Bool
    public var parts: [AIMessagePart]
    public var attachments: [AIMessageAttachment]
    public var uiDocument: AIUIDocument?
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

    public func reasoningText(for part: AIReasoningPart) -> String? { reasoningTexts[part.id] }
}
