/// The transcript of the agent a tool call started (Claude Code's `Task` and `Agent`, Codex's
/// collaborators): what it was asked, and everything it did, shown folded under the call.
public struct AISubagent: Sendable, Hashable {
    /// What kind of agent it was, or what it was for (`general-purpose`, "Explore the codebase").
    public var title: String?
    /// Its conversation, from the prompt it was given to its last reply.
    public var messages: [Message]

    /// A subagent's transcript.
    public init(title: String? = nil, messages: [Message]) {
        self.title = title
        self.messages = messages
    }
}
