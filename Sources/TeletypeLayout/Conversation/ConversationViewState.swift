import Teletype

/// What the conversation view shows besides the messages: the reference view's inputs.
public struct ConversationViewState: Sendable {
    /// Whether the agent is thinking: the latest turn ends with "Thinking…".
    public var isThinking: Bool
    /// How long it has been thinking, for "Thinking… 4s".
    public var thinkingElapsed: Double?
    /// A message on its way, shown as the user's.
    public var pendingMessage: AIPendingMessage?
    /// Whether older messages can load: the top shows a marker.
    public var hasOlderMessages: Bool
    /// Shown under the latest turn, such as what the agent is doing or an error.
    public var footer: String?
    /// Whether the footer is an error.
    public var footerIsError: Bool
    /// Shown while there are no messages.
    public var emptyContent: String?
    /// Conversation starters, shown with the empty content.
    public var suggestions: [String]
    /// Which reply actions show.
    public var actions: ReplyActionSet
    /// Ratings the user gave on this device, by message id; they win over the backend's.
    public var ratings: [String: AIMessageRating?]
    /// Show reasoning steps open.
    public var expandReasoning: Bool
    /// Show tool calls' arguments and output.
    public var expandToolCalls: Bool
    /// Whether the conversation is a record (a transcript read from a file, a page exported): nothing
    /// in it is still running, so a tool call without a result shows "No result recorded" rather than
    /// running or waiting, and a step still marked as thinking shows as thought.
    public var isRecorded: Bool
    /// Whether a branch point says what `teletype render --branch` takes to show another version
    /// (a page, which holds every version, does not).
    public var namesBranchSelectors = true
    /// How much shows: everything (the default), prompts and replies with the work folded, or the
    /// prompts only.
    public var detail: ConversationDetail = .full
    /// A prompt of more lines than this (a pasted log) shows its first lines and how many more,
    /// whole on expansion; `nil`, the default, shows every prompt whole.
    public var promptLineLimit: Int?

    /// The limit the command line folds prompts at (``promptLineLimit``): a prompt of more lines
    /// shows its first ``promptLinesShown``.
    public static let promptLinesFolded = 40
    /// How many lines of a folded prompt show.
    public static var promptLinesShown: Int { promptLinesFolded / 2 }

    /// Makes a view state; by default nothing shows besides the messages, with every reply action.
    public init(
        isThinking: Bool = false, thinkingElapsed: Double? = nil, pendingMessage: AIPendingMessage? = nil,
        hasOlderMessages: Bool = false, footer: String? = nil, footerIsError: Bool = false, emptyContent: String? = nil,
        suggestions: [String] = [], actions: ReplyActionSet = .all, ratings: [String: AIMessageRating?] = [:],
        expandReasoning: Bool = false, expandToolCalls: Bool = false, isRecorded: Bool = false
    ) {
        self.isThinking = isThinking
        self.thinkingElapsed = thinkingElapsed
        self.pendingMessage = pendingMessage
        self.hasOlderMessages = hasOlderMessages
        self.footer = footer
        self.footerIsError = footerIsError
        self.emptyContent = emptyContent
        self.suggestions = suggestions
        self.actions = actions
        self.ratings = ratings
        self.expandReasoning = expandReasoning
        self.expandToolCalls = expandToolCalls
        self.isRecorded = isRecorded
    }
}

/// The reply actions a view offers.
public struct ReplyActionSet: OptionSet, Sendable, Hashable {
    /// The actions as bits.
    public let rawValue: Int
    /// The actions `rawValue`'s bits name.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Copy the reply's text.
    public static let copy = ReplyActionSet(rawValue: 1 << 0)
    /// Share the reply.
    public static let share = ReplyActionSet(rawValue: 1 << 1)
    /// Rate the reply up or down.
    public static let rate = ReplyActionSet(rawValue: 1 << 2)
    /// Ask for the reply again.
    public static let regenerate = ReplyActionSet(rawValue: 1 << 3)
    /// Every action.
    public static let all: ReplyActionSet = [.copy, .share, .rate, .regenerate]
}
