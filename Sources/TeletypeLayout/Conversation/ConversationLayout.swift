import Teletype
import TeletypeMarkdown

/// Lays a conversation out as rows, the way the reference conversation view does: each user message
/// starts a turn; replies show their steps, answer, attachments and actions; the view's own elements
/// (older messages, pending message, thinking, footer, empty content, suggestions) sit where the
/// reference puts them. Width-independent: renderers draw the rows.
public struct ConversationLayout: Sendable {
    /// The styles, icons and words of what it lays out.
    public var appearance: AIAppearance
    /// Your own views for parts of messages, in place of the default ones.
    public var factory: any AIConversationViewFactory
    /// The renderers of the generated UI that replies carry.
    public var ui: AIUIHost

    /// Makes a layout; the default views and no UI renderer unless given.
    public init(
        appearance: AIAppearance = .dark, factory: any AIConversationViewFactory = DefaultConversationViewFactory(),
        ui: AIUIHost = AIUIHost()
    ) {
        self.appearance = appearance
        self.factory = factory
        self.ui = ui
    }

    /// The row of one message, or `nil` for a reply that shows nothing yet. Rows of different
    /// messages are independent, so a long transcript can be laid out one message at a time.
    /// `endsReply` says whether the message is the last of its reply (a reply of several steps is
    /// several messages): the reply's actions show under its end only (see ``endsReply(_:at:)``).
    /// The row shows as much as `state.detail` says: none at all for a reply when only the
    /// prompts show.
    public func row(
        for message: any AIMessage, isFirst: Bool, isLatestReply: Bool, endsReply: Bool = true,
        state: ConversationViewState = ConversationViewState(), answer: MarkdownDocument? = nil
    ) -> ConversationRow? {
        let row = wholeRow(
            for: message, isFirst: isFirst, isLatestReply: isLatestReply, endsReply: endsReply, state: state,
            answer: answer)
        return state.detail == .full ? row : row.flatMap(state.detail.applied)
    }

    private func wholeRow(
        for message: any AIMessage, isFirst: Bool, isLatestReply: Bool, endsReply: Bool,
        state: ConversationViewState, answer: MarkdownDocument?
    ) -> ConversationRow? {
        if message.role.isUser {
            let options = AIUserMessageViewOptions(
                message: message, text: message.text, attachments: message.attachments, isPending: false,
                createdAt: message.createdAt,
                fold: state.promptLineLimit.flatMap { PromptFold.of(message.text, limit: $0) })
            return ConversationRow(
                id: message.id, kind: .user, role: message.role.rawValue,
                blocks: branchBlocks(message, state: state)
                    + factory.makeUserMessageView(options: options, appearance: appearance), startsTurn: true)
        }
        if message.role == .system {
            return ConversationRow(
                id: message.id, kind: .assistant, role: message.role.rawValue,
                blocks: branchBlocks(message, state: state) + [.notice(message.text, kind: .system)],
                startsTurn: isFirst)
        }
        if message.role == .turnEnd {
            return ConversationRow(
                id: message.id, kind: .indicator, role: message.role.rawValue,
                blocks: [.notice(appearance.icons.reasoning + " " + message.text, kind: .footer)])
        }
        if message.role == .compaction {
            let summary = message.text.isEmpty ? nil : MarkdownDocument(parsing: message.text)
            return ConversationRow(
                id: message.id, kind: .indicator, role: message.role.rawValue,
                blocks: [
                    .divider(
                        DividerView(
                            title: appearance.string("message.compacted"), summary: summary,
                            isOpen: state.expandReasoning))
                ])
        }
        var blocks = branchBlocks(message, state: state)
        blocks += factory.makeAssistantMessageView(
            options: AIAssistantMessageViewOptions(
                message: message, isLatestReply: isLatestReply, state: state, ui: ui, answer: answer),
            appearance: appearance)
        if blocks.isEmpty && message.isGenerating { return nil }
        // Reply actions belong to a live view: a record (a file rendered, a page) has nothing to press.
        if !message.isGenerating, endsReply, !state.isRecorded {
            let rating = state.ratings[message.id] ?? message.rating
            blocks += factory.makeReplyActionsView(
                options: AIReplyActionsViewOptions(
                    message: message, text: message.text, isLatestReply: isLatestReply, actions: state.actions,
                    rating: rating),
                appearance: appearance)
        }
        return ConversationRow(
            id: message.id, kind: .assistant, role: message.role.rawValue, blocks: blocks, startsTurn: isFirst)
    }

    /// The rows for `messages` (oldest first) and the view's state.
    public func rows(for messages: [any AIMessage], state: ConversationViewState = ConversationViewState())
        -> [ConversationRow]
    {
        let latestReply = Self.latestReplyIndex(messages)
        // Messages lay out independently: a long conversation is shared among the cores.
        let ranges = ParallelWork.ranges(messages.count, minimum: 64)
        let layout = self
        let parts = ParallelWork.map(ranges.count) { part in
            ranges[part].map { index in
                layout.row(
                    for: messages[index], isFirst: index == 0, isLatestReply: index == latestReply,
                    endsReply: Self.endsReply(messages, at: index), state: state)
            }
        }
        return rows(for: messages, messageRows: Array(parts.joined()), latestReply: latestReply, state: state)
    }

    /// The branch point a message starts, if any: which version it is, and the others laid out.
    func branchBlocks(_ message: any AIMessage, state: ConversationViewState) -> [ConversationBlock] {
        guard let branch = message.branchPoint else { return [] }
        var others = state
        others.actions = []
        var number = 0
        let alternatives = branch.alternatives.enumerated().map {
            index, messages -> (label: String, rows: [ConversationRow]) in
            number += 1
            if number == branch.version { number += 1 }
            var label = appearance.string("message.branch_other", "\(number) of \(branch.count)")
            if state.namesBranchSelectors, index < branch.selectors.count {
                label += " (--branch \(branch.selectors[index]))"
            }
            return (label, rows(for: messages, state: others))
        }
        let label = Self.branchLabel(branch, appearance: appearance, namingSelectors: state.namesBranchSelectors)
        return [.branch(BranchView(label: label, alternatives: alternatives))]
    }

    /// What a branch point says: which version is shown, why there are others (a prompt edited, a
    /// reply regenerated, a conversation rewound), and how to show another where a reader can.
    public static func branchLabel(_ branch: AIBranchPoint, appearance: AIAppearance, namingSelectors: Bool = true)
        -> String
    {
        let key =
            switch branch.reason {
            case "edited": "message.branch.edited"
            case "regenerated": "message.branch.regenerated"
            default: "message.branch"
            }
        var label = appearance.string(key, "\(branch.version) of \(branch.count)")
        if namingSelectors, !branch.selectors.isEmpty {
            label += " · " + appearance.string("message.branch_show", branch.selectors.joined(separator: ", "))
        }
        return label
    }

    /// Whether the message at `index` ends its reply: no message of the agent's comes after it
    /// before the user speaks again (system messages aside). A reply that calls tools and then
    /// answers may be several messages; it is rated, copied and shared as one, under its end.
    public static func endsReply(_ messages: [any AIMessage], at index: Int) -> Bool {
        var next = index + 1
        while next < messages.count {
            let role = messages[next].role
            if role.isUser { return true }
            if role != .system { return false }
            next += 1
        }
        return true
    }

    /// The index of the latest reply: the last message after the last user message that is not a
    /// system message.
    static func latestReplyIndex(_ messages: [any AIMessage]) -> Int? {
        let lastUser = messages.lastIndex { $0.role.isUser }
        return messages.indices.last { index in
            !messages[index].role.isUser && messages[index].role != .system && index > (lastUser ?? -1)
        }
    }

    /// The whole layout around rows already made for each message (`nil` for a reply that shows
    /// nothing yet): the view's own elements where the reference puts them.
    func rows(
        for messages: [any AIMessage], messageRows: [ConversationRow?], latestReply: Int?, state: ConversationViewState
    ) -> [ConversationRow] {
        var rows: [ConversationRow] = []
        if state.hasOlderMessages {
            rows.append(
                ConversationRow(
                    id: "older-messages", kind: .indicator,
                    blocks: [.notice(appearance.string("conversation.older_messages"), kind: .olderMessages)]))
        }
        let pendingArrived =
            state.pendingMessage.map { pending in
                pending.id.map { id in messages.contains { $0.id == id } } ?? false
            } ?? true
        if messages.isEmpty && (state.pendingMessage == nil || pendingArrived) {
            // A record with no message says so; a live view invites the first question.
            let empty =
                state.emptyContent
                ?? appearance.string(state.isRecorded ? "conversation.no_messages" : "conversation.empty")
            var blocks: [ConversationBlock] = [.notice(empty, kind: .empty)]
            if !state.suggestions.isEmpty { blocks.append(.suggestions(state.suggestions)) }
            rows.append(ConversationRow(id: "empty", kind: .indicator, blocks: blocks))
            return rows
        }
        var replyShowsNothing = false
        for (index, row) in messageRows.enumerated() {
            if let row {
                rows.append(row)
            } else if index == latestReply, state.detail != .prompts {
                // A reply that shows nothing yet: the agent is still thinking.
                replyShowsNothing = true
            }
        }
        if let pending = state.pendingMessage, !pendingArrived {
            let message = Message(
                id: pending.id ?? "pending", role: .user, text: pending.text, attachments: pending.attachments)
            let options = AIUserMessageViewOptions(
                message: message, text: pending.text, attachments: pending.attachments, isPending: true)
            rows.append(
                ConversationRow(
                    id: "pending", kind: .pending, role: AIMessageRole.user.rawValue,
                    blocks: factory.makeUserMessageView(options: options, appearance: appearance), startsTurn: true))
        }
        if state.isThinking || replyShowsNothing {
            let title =
                state.thinkingElapsed.map {
                    appearance.string("reasoning.title.thinking_for", DisplayFormatting.thoughtDuration($0))
                } ?? appearance.string("reasoning.title.thinking")
            rows.append(ConversationRow(id: "thinking", kind: .indicator, blocks: [.thinking(title)]))
        }
        if let footer = state.footer {
            rows.append(
                ConversationRow(
                    id: "footer", kind: .indicator,
                    blocks: [.notice(footer, kind: state.footerIsError ? .error : .footer)]))
        }
        return rows
    }
}
