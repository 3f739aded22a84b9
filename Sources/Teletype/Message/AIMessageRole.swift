/// Who wrote a message. An open set: `.user`, `.assistant`, `.system`, or any role of your own,
/// which shows as the agent's.
public struct AIMessageRole: RawRepresentable, Sendable, Hashable, Codable, ExpressibleByStringLiteral {
    /// The role's name, such as `assistant`.
    public let rawValue: String
    /// The role called `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The role a string literal names.
    public init(stringLiteral value: String) { self.rawValue = value }

    /// The person using the app.
    public static let user = AIMessageRole(rawValue: "user")
    /// The agent.
    public static let assistant = AIMessageRole(rawValue: "assistant")
    /// Instructions to the agent, shown as a note.
    public static let system = AIMessageRole(rawValue: "system")
    /// Where an agent compacted the conversation: what came before was replaced by a summary (the
    /// message's text), shown as a divider with the summary folded.
    public static let compaction = AIMessageRole(rawValue: "compaction")
    /// The end of a turn, where the agent's log records how long it took (the message's text:
    /// `Turn took 4m 7s`), shown as a quiet line under the reply. Not a message of the conversation:
    /// it is neither counted nor searched.
    public static let turnEnd = AIMessageRole(rawValue: "turn_end")

    /// Whether messages of this role start a turn (only the user's do).
    public var isUser: Bool { self == .user }
}

/// How the user rated a reply.
public enum AIMessageRating: String, Sendable, Hashable, Codable, CaseIterable {
    /// Thumbs up.
    case positive
    /// Thumbs down.
    case negative
}
