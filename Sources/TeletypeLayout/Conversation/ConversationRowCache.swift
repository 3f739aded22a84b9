import Teletype
import TeletypeMarkdown

/// Keeps each message's row, keyed by what it was laid out from, so that an update lays out again
/// only the rows whose input changed: the message's content, its place (first, latest reply) and the
/// state that shows in it. ``layouts`` counts the rows laid out, for tests.
public struct ConversationRowCache: Sendable {
    /// What a row was laid out from.
    struct Key: Equatable, Sendable {
        var message: Message
        var isFirst: Bool
        var isLatestReply: Bool
        var endsReply: Bool
        var isRecorded: Bool
        var rating: AIMessageRating?
        var actions: ReplyActionSet
        var expandReasoning: Bool
        var expandToolCalls: Bool
        var detail: ConversationDetail
        var promptLineLimit: Int?
        /// Only a reply still thinking shows the elapsed time.
        var thinkingElapsed: Double?
    }

    private var entries: [String: (key: Key, row: ConversationRow?)] = [:]
    /// Replies being written: the text parsed so far, so that only its open tail is parsed again.
    private var streams: [String: (key: String, text: String, parser: StreamingMarkdownParser)] = [:]
    /// How many rows were laid out since the cache was made.
    public private(set) var layouts = 0

    /// Starts an empty cache.
    public init() {}

    /// Forgets every row (after the appearance, factory or UI host changed).
    public mutating func invalidate() {
        entries.removeAll()
    }

    /// The row of one message, laid out again only if it changed: for a live view that knows which
    /// message an update touched, so the cost does not grow with the conversation.
    public mutating func row(
        for message: any AIMessage, isFirst: Bool, isLatestReply: Bool, endsReply: Bool = true,
        layout: ConversationLayout, state: ConversationViewState = ConversationViewState()
    ) -> ConversationRow? {
        let key = Self.key(message, isFirst: isFirst, isLatestReply: isLatestReply, endsReply: endsReply, state: state)
        if let entry = entries[message.id], entry.key == key { return entry.row }
        let row = layout.row(
            for: message, isFirst: isFirst, isLatestReply: isLatestReply, endsReply: endsReply, state: state,
            answer: streamedAnswer(message))
        layouts += 1
        entries[message.id] = (key, row)
        return row
    }

    /// The answer of a reply being written, parsed from where the last update left off; `nil` (parse
    /// the whole text) once the reply is finished, so that the final row is the one-shot layout. Of
    /// a reply whose text is in pieces among its steps, the last piece is the one being written.
    private mutating func streamedAnswer(_ message: any AIMessage) -> MarkdownDocument? {
        guard message.isGenerating, !message.role.isUser, message.role != .system, message.uiDocument == nil else {
            streams[message.id] = nil
            return nil
        }
        var text = message.text
        var key = message.id
        if !message.textRuns.isEmpty {
            guard let last = AITextRun.pieces(of: message.text, runs: message.textRuns)?.last else {
                streams[message.id] = nil
                return nil
            }
            text = String(last.text)
            key += "\u{0}\(message.textRuns.count)"
        }
        var entry: (key: String, text: String, parser: StreamingMarkdownParser) =
            streams[message.id].flatMap { $0.key == key ? $0 : nil } ?? (key, "", StreamingMarkdownParser())
        if text.utf8.count >= entry.text.utf8.count, text.utf8.starts(with: entry.text.utf8) {
            entry.parser.append(String(text.utf8.dropFirst(entry.text.utf8.count)) ?? "")
        } else {
            entry.parser = StreamingMarkdownParser()
            entry.parser.append(text)
        }
        entry.text = text
        entry.parser.update()
        streams[message.id] = entry
        return MarkdownDocument(blocks: entry.parser.committed + entry.parser.held + entry.parser.healedTail)
    }

    static func key(
        _ message: any AIMessage, isFirst: Bool, isLatestReply: Bool, endsReply: Bool, state: ConversationViewState
    ) -> Key {
        let snapshot = message as? Message ?? Message(message)
        let streamingReasoning = snapshot.parts.contains {
            if case .reasoning(let part) = $0 { part.isStreaming } else { false }
        }
        return Key(
            message: snapshot, isFirst: isFirst, isLatestReply: isLatestReply, endsReply: endsReply,
            isRecorded: state.isRecorded, rating: state.ratings[message.id] ?? message.rating, actions: state.actions,
            expandReasoning: state.expandReasoning, expandToolCalls: state.expandToolCalls, detail: state.detail,
            promptLineLimit: state.promptLineLimit,
            thinkingElapsed: streamingReasoning ? state.thinkingElapsed : nil)
    }

    /// The rows of `messages`, as ``ConversationLayout/rows(for:state:)`` lays them out, reusing the
    /// rows whose input did not change.
    public mutating func rows(
        for messages: [any AIMessage], layout: ConversationLayout,
        state: ConversationViewState = ConversationViewState()
    ) -> [ConversationRow] {
        var messageRows: [ConversationRow?] = []
        messageRows.reserveCapacity(messages.count)
        let latestReply = ConversationLayout.latestReplyIndex(messages)
        var seen = Set<String>()
        for (index, message) in messages.enumerated() {
            seen.insert(message.id)
            messageRows.append(
                row(
                    for: message, isFirst: index == 0, isLatestReply: index == latestReply,
                    endsReply: ConversationLayout.endsReply(messages, at: index), layout: layout, state: state))
        }
        if entries.count > seen.count { entries = entries.filter { seen.contains($0.key) } }
        if !streams.isEmpty { streams = streams.filter { seen.contains($0.key) } }
        return layout.rows(for: messages, messageRows: messageRows, latestReply: latestReply, state: state)
    }
}
