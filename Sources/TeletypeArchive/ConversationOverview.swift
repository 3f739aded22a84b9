import Teletype

/// What an archive's index says about one conversation: its title, when it began and ended, how
/// many messages it holds, and the models and tools it used.
public struct ConversationOverview: Sendable, Equatable, Codable {
    /// The first question's first line (or the page's given title).
    public var title: String
    /// When the first message that carries a time was written (seconds since 1970).
    public var firstMessageAt: Double?
    /// When the last message that carries a time was written (seconds since 1970).
    public var lastMessageAt: Double?
    /// How many messages the conversation holds.
    public var messageCount: Int
    /// The models that wrote its replies, in the order they first answered.
    public var models: [String]
    /// The tools its replies called, in the order they were first called.
    public var tools: [String]
    /// The agent whose session log it is (`claude-code`, `codex`, …), for a session log.
    public var agent: String?
    /// The folder the agent worked in, for a session log.
    public var project: String?
    /// How many secrets of each kind were redacted from the page, when any were.
    public var redactions: [String: Int]?
    /// How many pages the conversation was cut into, when more than one (the destination then
    /// lists its prompts, and the pages are beside it: `out-1.html`, …).
    public var pages: Int?

    /// An empty summary, titled `title`.
    public init(
        title: String = "", firstMessageAt: Double? = nil, lastMessageAt: Double? = nil, messageCount: Int = 0,
        models: [String] = [], tools: [String] = []
    ) {
        self.title = title
        self.firstMessageAt = firstMessageAt
        self.lastMessageAt = lastMessageAt
        self.messageCount = messageCount
        self.models = models
        self.tools = tools
    }

    /// Counts `message` in: its time, its model, the tools it called, and the title from the first question.
    public mutating func add(_ message: Message) {
        guard message.role != .turnEnd else { return }  // how long a turn took: not a message
        messageCount += 1
        if let time = message.createdAt {
            firstMessageAt = min(firstMessageAt ?? time, time)
            lastMessageAt = max(lastMessageAt ?? time, time)
        }
        if let model = message.model, !model.isEmpty, !models.contains(model) { models.append(model) }
        for case .toolCall(let call) in message.parts where !call.name.isEmpty && !tools.contains(call.name) {
            tools.append(call.name)
        }
        if title.isEmpty, message.role.isUser {
            let firstLine = message.text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
            title =
                firstLine.count > 80
                ? String(firstLine.prefix(79)).trimmingWhitespace + "…" : firstLine.trimmingWhitespace
        }
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        var text = Substring(self)
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }
}
