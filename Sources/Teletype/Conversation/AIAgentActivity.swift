/// What the agent says it is doing besides what its reply shows, such as thinking or checking
/// external sources.
public struct AIAgentActivity: Sendable, Hashable {
    /// The kind of activity, by the raw values of Stream Chat's AI indicator. An open set: a state
    /// this version does not know keeps its raw value.
    public struct State: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
        /// The raw value, such as `AI_STATE_THINKING`.
        public let rawValue: String

        /// A state from its raw value; the two spellings of checking external sources are one state.
        public init(rawValue: String) {
            self.rawValue = rawValue == "AI_STATE_EXTERNAL_SOURCES" ? "AI_STATE_CHECKING_SOURCES" : rawValue
        }

        /// A state from its raw value, written as a literal.
        public init(stringLiteral value: String) { self.init(rawValue: value) }

        /// The agent is thinking.
        public static let thinking = State(rawValue: "AI_STATE_THINKING")
        /// The agent is writing its reply.
        public static let generating = State(rawValue: "AI_STATE_GENERATING")
        /// The agent is checking external sources (`AI_STATE_CHECKING_SOURCES` or `AI_STATE_EXTERNAL_SOURCES`).
        public static let checkingExternalSources = State(rawValue: "AI_STATE_CHECKING_SOURCES")
        /// The agent could not answer.
        public static let error = State(rawValue: "AI_STATE_ERROR")
        /// The agent is idle.
        public static let idle = State(rawValue: "AI_STATE_IDLE")
        /// The agent was stopped.
        public static let stop = State(rawValue: "AI_STATE_STOP")
    }

    /// What the agent is doing.
    public var state: State
    /// What the agent says about it, such as "Checking external sources".
    public var text: String?

    /// An activity in `state`, with what the agent says about it.
    public init(state: State, text: String? = nil) {
        self.state = state
        self.text = text
    }
}
