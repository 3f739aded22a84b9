/// A ready-made ``AIMessage`` for apps without a message type of their own: every field of the
/// model, `Codable` in the Teletype transcript shape.
///
/// Its fields are kept in one shared storage, copied when a copy is changed (as an array's are):
/// a message is handed from reader to redaction to layout, kept in batches, and passed as
/// `any AIMessage`; copying its thirteen fields (a retain each) and boxing it for the protocol cost
/// an archive over 3% of its instructions.
public struct Message: AIMessage, Equatable, Hashable {
    /// Every field, in one struct: equal and hashed field by field.
    private struct Fields: Sendable, Hashable {
        var id: String
        var role: AIMessageRole
        var text: String
        var isGenerating: Bool
        var parts: [AIMessagePart]
        var attachments: [AIMessageAttachment]
        var uiDocument: AIUIDocument?
        var rating: AIMessageRating?
        var reasoningTexts: [String: String]
        var createdAt: Double?
        var model: String?
        var textRuns: [AITextRun]
        var branchPoint: AIBranchPoint?
    }

    private var storage: SharedFields<Fields>

    /// The message's id, unique in its conversation.
    public var id: String {
        get { storage.fields.id }
        set { storage.fields.id = newValue }
        _modify { yield &storage.fields.id }
    }
    /// Who wrote it: the user, the assistant, the system, a tool.
    public var role: AIMessageRole {
        get { storage.fields.role }
        set { storage.fields.role = newValue }
        _modify { yield &storage.fields.role }
    }
    /// Its text, as Markdown.
    public var text: String {
        get { storage.fields.text }
        set { storage.fields.text = newValue }
        _modify { yield &storage.fields.text }
    }
    /// Whether the agent is still writing it.
    public var isGenerating: Bool {
        get { storage.fields.isGenerating }
        set { storage.fields.isGenerating = newValue }
        _modify { yield &storage.fields.isGenerating }
    }
    /// Its steps: reasoning, tool calls, sources, refusals.
    public var parts: [AIMessagePart] {
        get { storage.fields.parts }
        set { storage.fields.parts = newValue }
        _modify { yield &storage.fields.parts }
    }
    /// The files and images it carries.
    public var attachments: [AIMessageAttachment] {
        get { storage.fields.attachments }
        set { storage.fields.attachments = newValue }
        _modify { yield &storage.fields.attachments }
    }
    /// The UI the agent wrote for it, shown in place of its text.
    public var uiDocument: AIUIDocument? {
        get { storage.fields.uiDocument }
        set { storage.fields.uiDocument = newValue }
        _modify { yield &storage.fields.uiDocument }
    }
    /// The rating the backend holds for it.
    public var rating: AIMessageRating? {
        get { storage.fields.rating }
        set { storage.fields.rating = newValue }
        _modify { yield &storage.fields.rating }
    }
    /// The whole thinking of reasoning steps, by part id, when the app has it.
    public var reasoningTexts: [String: String] {
        get { storage.fields.reasoningTexts }
        set { storage.fields.reasoningTexts = newValue }
        _modify { yield &storage.fields.reasoningTexts }
    }
    /// When the message was written, if known (seconds since 1970).
    public var createdAt: Double? {
        get { storage.fields.createdAt }
        set { storage.fields.createdAt = newValue }
        _modify { yield &storage.fields.createdAt }
    }
    /// The model that wrote the message, if known (an assistant's reply).
    public var model: String? {
        get { storage.fields.model }
        set { storage.fields.model = newValue }
        _modify { yield &storage.fields.model }
    }
    /// Where the pieces of the text fall among the parts (see ``AITextRun``).
    public var textRuns: [AITextRun] {
        get { storage.fields.textRuns }
        set { storage.fields.textRuns = newValue }
        _modify { yield &storage.fields.textRuns }
    }
    /// Where the conversation forked before this message (see ``AIBranchPoint``).
    public var branchPoint: AIBranchPoint? {
        get { storage.fields.branchPoint }
        set { storage.fields.branchPoint = newValue }
        _modify { yield &storage.fields.branchPoint }
    }

    /// Creates a message.
    public init(
        id: String, role: AIMessageRole, text: String, isGenerating: Bool = false, parts: [AIMessagePart] = [],
        attachments: [AIMessageAttachment] = [], uiDocument: AIUIDocument? = nil, rating: AIMessageRating? = nil,
        reasoningTexts: [String: String] = [:], createdAt: Double? = nil, model: String? = nil
    ) {
        storage = SharedFields(
            Fields(
                id: id, role: role, text: text, isGenerating: isGenerating, parts: parts, attachments: attachments,
                uiDocument: uiDocument, rating: rating, reasoningTexts: reasoningTexts, createdAt: createdAt,
                model: model, textRuns: [], branchPoint: nil))
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

    /// Whether two values hold the same fields (the same storage, at once).
    public static func == (lhs: Message, rhs: Message) -> Bool { lhs.storage == rhs.storage }

    /// Hashes every field, as `==` compares them.
    public func hash(into hasher: inout Hasher) { hasher.combine(storage) }
}

extension Message: CustomReflectable {
    /// The fields, as a message's description and `dump` show them (not its shared storage).
    public var customMirror: Mirror {
        Mirror(
            self,
            children: [
                "id": id, "role": role, "text": text, "isGenerating": isGenerating, "parts": parts,
                "attachments": attachments, "uiDocument": uiDocument as Any, "rating": rating as Any,
                "reasoningTexts": reasoningTexts, "createdAt": createdAt as Any, "model": model as Any,
                "textRuns": textRuns, "branchPoint": branchPoint as Any,
            ], displayStyle: .struct)
    }
}
