import Teletype

/// How much of a conversation shows: the user's prompts only; the prompts and the agent's replies
/// with the work between them (tool calls, thinking, subagents) folded to one line each; or
/// everything (the default). `--detail prompts|focused|full` on the command line.
public enum ConversationDetail: String, Sendable, Equatable, CaseIterable {
    /// The user's prompts only.
    case prompts
    /// Prompts and replies; each tool call and thinking step one line.
    case focused
    /// Everything.
    case full

    /// `row` as this level of detail shows it, or `nil` when it does not show at all.
    public func applied(to row: ConversationRow) -> ConversationRow? {
        switch self {
        case .full:
            return row
        case .prompts:
            return row.kind == .user || row.kind == .pending ? row : nil
        case .focused:
            var folded = row
            folded.blocks = row.blocks.map(Self.folded)
            return folded
        }
    }

    /// A block with the work in it folded to its one line: a tool call's title and status (a
    /// command keeps its first line beside them), a thinking step closed, a compaction closed.
    static func folded(_ block: ConversationBlock) -> ConversationBlock {
        switch block {
        case .toolCall(var view):
            if view.note == nil, case .shell(let command, _, _)? = view.body,
                let first = TextLines.lines(command, limit: 1).first
            {
                view.note = "$ " + (first.count > 80 ? String(first.prefix(79)) + "…" : String(first))
            }
            view.summary = nil
            view.body = nil
            view.details = []
            view.subagent = nil
            view.isOpen = false
            return .toolCall(view)
        case .reasoning(var view):
            view.isOpen = false
            return .reasoning(view)
        case .divider(var view):
            view.isOpen = false
            return .divider(view)
        default:
            return block
        }
    }
}
