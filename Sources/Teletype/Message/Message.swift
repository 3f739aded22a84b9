/// A ready-made ``AIMessage`` for apps without a message type of their own: every field of the
/// model, `Codable` in the Teletype transcript shape.
///
/// Its fields are kept in one shared storage, copied when a copy is changed (as an array's are):
/// a message is handed from reader to redaction to layout, kept in batches, and passed as
/// `any AIMessage`; copying its thirteen fields (a retain each) and boxing it for the protocol cost
/// an archive over 3% of its instructions.
public struct Message: AIMessage, Equatable, Hashable {
    /// The fields, shared by copies until one is changed. A storage is changed only by the one
    /// message that holds it (``uniqueStorage``), never while it is shared: its fields need no
    /// check of exclusive access at run time (checked, the accesses cost more than the copies
    /// saved), and it is sendable as the message is.
    private final class Storage: @unchecked Sendable {
        @exclusivity(unchecked) var id: String
        @exclusivity(unchecked) var role: AIMessageRole
        @exclusivity(unchecked) var text: String
        @exclusivity(unchecked) var isGenerating: Bool
        @exclusivity(unchecked) var parts: [AIMessagePart]
        @exclusivity(unchecked) var attachments: [AIMessageAttachment]
        @exclusivity(unchecked) var uiDocument: AIUIDocument?
        @exclusivity(unchecked) var rating: AIMessageRating?
        @exclusivity(unchecked) var reasoningTexts: [String: String]
        @exclusivity(unchecked) var createdAt: Double?
        @exclusivity(unchecked) var model: String?
        @exclusivity(unchecked) var textRuns: [AITextRun]
        @exclusivity(unchecked) var branchPoint: AIBranchPoint?

        init(
            id: String, role: AIMessageRole, text: String, isGenerating: Bool, parts: [AIMessagePart],
            attachments: [AIMessageAttachment], uiDocument: AIUIDocument?, rating: AIMessageRating?,
            reasoningTexts: [String: String], createdAt: Double?, model: String?, textRuns: [AITextRun],
            branchPoint: AIBranchPoint?
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
            self.textRuns = textRuns
            self.branchPoint = branchPoint
        }

        /// A storage of its own with the same fields.
        func copy() -> Storage {
            Storage(
                id: id, role: role, text: text, isGenerating: isGenerating, parts: parts, attachments: attachments,
                uiDocument: uiDocument, rating: rating, reasoningTexts: reasoningTexts, createdAt: createdAt,
                model: model, textRuns: textRuns, branchPoint: branchPoint)
        }
    }

    private var storage: Storage

    /// The storage, this message's alone, to be changed.
    private var uniqueStorage: Storage {
        mutating get {
            if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
            return storage
        }
    }

    /// The message's id, unique in its conversation.
    public var id: String {
        get { storage.id }
        set { uniqueStorage.id = newValue }
        _modify { yield &uniqueStorage.id }
    }
    /// Who wrote it: the user, the assistant, the system, a tool.
    public var role: AIMessageRole {
        get { storage.role }
        set { uniqueStorage.role = newValue }
        _modify { yield &uniqueStorage.role }
    }
    /// Its text, as Markdown.
    public var text: String {
        get { storage.text }
        set { uniqueStorage.text = newValue }
        _modify { yield &uniqueStorage.text }
    }
    /// Whether the agent is still writing it.
    public var isGenerating: Bool {
        get { storage.isGenerating }
        set { uniqueStorage.isGenerating = newValue }
        _modify { yield &uniqueStorage.isGenerating }
    }
    /// Its steps: reasoning, tool calls, sources, refusals.
    public var parts: [AIMessagePart] {
        get { storage.parts }
        set { uniqueStorage.parts = newValue }
        _modify { yield &uniqueStorage.parts }
    }
    /// The files and images it carries.
    public var attachments: [AIMessageAttachment] {
        get { storage.attachments }
        set { uniqueStorage.attachments = newValue }
        _modify { yield &uniqueStorage.attachments }
    }
    /// The UI the agent wrote for it, shown in place of its text.
    public var uiDocument: AIUIDocument? {
        get { storage.uiDocument }
        set { uniqueStorage.uiDocument = newValue }
        _modify { yield &uniqueStorage.uiDocument }
    }
    /// The rating the backend holds for it.
    public var rating: AIMessageRating? {
        get { storage.rating }
        set { uniqueStorage.rating = newValue }
        _modify { yield &uniqueStorage.rating }
    }
    /// The whole thinking of reasoning steps, by part id, when the app has it.
    public var reasoningTexts: [String: String] {
        get { storage.reasoningTexts }
        set { uniqueStorage.reasoningTexts = newValue }
        _modify { yield &uniqueStorage.reasoningTexts }
    }
    /// When the message was written, if known (seconds since 1970).
    public var createdAt: Double? {
        get { storage.createdAt }
        set { uniqueStorage.createdAt = newValue }
        _modify { yield &uniqueStorage.createdAt }
    }
    /// The model that wrote the message, if known (an assistant's reply).
    public var model: String? {
        get { storage.model }
        set { uniqueStorage.model = newValue }
        _modify { yield &uniqueStorage.model }
    }
    /// Where the pieces of the text fall among the parts (see ``AITextRun``).
    public var textRuns: [AITextRun] {
        get { storage.textRuns }
        set { uniqueStorage.textRuns = newValue }
        _modify { yield &uniqueStorage.textRuns }
    }
    /// Where the conversation forked before this message (see ``AIBranchPoint``).
    public var branchPoint: AIBranchPoint? {
        get { storage.branchPoint }
        set { uniqueStorage.branchPoint = newValue }
        _modify { yield &uniqueStorage.branchPoint }
    }

    /// Creates a message.
    public init(
        id: String, role: AIMessageRole, text: String, isGenerating: Bool = false, parts: [AIMessagePart] = [],
        attachments: [AIMessageAttachment] = [], uiDocument: AIUIDocument? = nil, rating: AIMessageRating? = nil,
        reasoningTexts: [String: String] = [:], createdAt: Double? = nil, model: String? = nil
    ) {
        storage = Storage(
            id: id, role: role, text: text, isGenerating: isGenerating, parts: parts, attachments: attachments,
            uiDocument: uiDocument, rating: rating, reasoningTexts: reasoningTexts, createdAt: createdAt, model: model,
            textRuns: [], branchPoint: nil)
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

    /// Whether two messages hold the same fields (the same storage, at once).
    public static func == (lhs: Message, rhs: Message) -> Bool {
        if lhs.storage === rhs.storage { return true }
        let a = lhs.storage
        let b = rhs.storage
        return a.id == b.id && a.role == b.role && a.text == b.text && a.isGenerating == b.isGenerating
            && a.parts == b.parts && a.attachments == b.attachments && a.uiDocument == b.uiDocument
            && a.rating == b.rating && a.reasoningTexts == b.reasoningTexts && a.createdAt == b.createdAt
            && a.model == b.model && a.textRuns == b.textRuns && a.branchPoint == b.branchPoint
    }

    /// Hashes every field, as ``==`` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.id)
        hasher.combine(storage.role)
        hasher.combine(storage.text)
        hasher.combine(storage.isGenerating)
        hasher.combine(storage.parts)
        hasher.combine(storage.attachments)
        hasher.combine(storage.uiDocument)
        hasher.combine(storage.rating)
        hasher.combine(storage.reasoningTexts)
        hasher.combine(storage.createdAt)
        hasher.combine(storage.model)
        hasher.combine(storage.textRuns)
        hasher.combine(storage.branchPoint)
    }
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
