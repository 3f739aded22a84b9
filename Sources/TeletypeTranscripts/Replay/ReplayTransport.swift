import Teletype

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An agent played from a recorded stream (any format `teletype replay` reads): each request is
/// answered by the recording's reply, with its recorded timing or at once. The agent for demos and
/// tests, with no server.
@MainActor
public final class ReplayTransport: AIConversationTransport {
    /// The messages it tells the conversation of.
    public typealias Message = Teletype.Message

    /// How the recording's time passes.
    public enum Timing: Sendable, Equatable {
        /// As recorded, `speed` times as fast.
        case recorded(speed: Double)
        /// Everything at once.
        case instant
    }

    /// The recording every request is answered with.
    public let recording: StreamRecording
    /// How its time passes.
    public let timing: Timing
    private var feed: AIConversationFeed<Message>?
    private var conversation: StreamedConversation
    private var window: HistoryWindow
    private var playing: Task<Void, Never>?
    private var plays = 0

    /// An agent answering with `recording`, after `history` (shown `historyPageSize` messages at a
    /// time, older pages on request; `nil` shows it all).
    public init(
        recording: StreamRecording, history: [Message] = [], timing: Timing = .recorded(speed: 1),
        historyPageSize: Int? = nil
    ) {
        self.recording = recording
        self.timing = timing
        self.conversation = StreamedConversation(messages: history)
        self.window = HistoryWindow(pageSize: historyPageSize, historyCount: history.count)
    }

    /// Tells `feed` the history it was made with.
    public func connect(_ feed: AIConversationFeed<Message>) {
        self.feed = feed
        window.start(conversation.messages, on: feed)
    }

    /// Tells the conversation the messages it shows: the latest page of a long history, and what came since.
    private func publish() { window.publish(conversation.messages, to: feed) }

    /// Shows the page of history before the first message shown.
    public func loadOlderMessages() async throws { window.loadOlder(conversation.messages, to: feed) }

    /// Adds the user's message and plays the recording's reply to it.
    public func send(_ request: AIConversationRequest<Message>) async throws {
        playing?.cancel()
        var messages = conversation.messages
        if request.kind == .regenerate {
            if let old = request.message, let index = messages.firstIndex(where: { $0.id == old.id }) {
                messages.removeSubrange(index...)
            }
        } else {
            if request.kind == .edit, let old = request.message,
                let index = messages.firstIndex(where: { $0.id == old.id })
            {
                messages.removeSubrange(index...)
            }
            let id = request.kind == .edit ? request.message?.id ?? request.messageID : request.messageID
            let files = request.attachments.map {
                AIMessageAttachment(url: $0.absoluteString, name: $0.lastPathComponent)
            }
            messages.append(Message(id: id, role: .user, text: request.text, attachments: files))
        }
        conversation = StreamedConversation(messages: messages)
        publish()
        plays += 1
        let suffix = plays == 1 ? "" : "-\(plays)"
        playing = Task { @MainActor [weak self] in await self?.play(suffix: suffix) }
    }

    /// Stops playing; what was played stays, finished.
    public func stop() async throws {
        playing?.cancel()
        playing = nil
        conversation.apply(.done(messageID: nil))
        publish()
        feed?.update(activity: nil)
    }

    /// Plays the recording's reply: its user messages are the request's, so they are left out; ids
    /// get `suffix` so that each answer is a new message.
    private func play(suffix: String) async {
        var previous: Double?
        for timed in recording.events {
            if case .message(let message) = timed.event, message.role.isUser { continue }
            let time = timed.time ?? (previous.map { $0 + 0.03 } ?? 0)
            if case .recorded(let speed) = timing, let previous, time > previous {
                try? await Task.sleep(nanoseconds: UInt64((time - previous) / max(speed, 0.001) * 1e9))
            }
            previous = time
            guard !Task.isCancelled else { return }
            let event = timed.event.renamingMessages(suffix: suffix)
            conversation.apply(event, at: time)
            switch event {
            case .activity(let state):
                feed?.update(activity: state.map(Self.activity))
            case .error(let message):
                publish()
                feed?.update(activity: AIAgentActivity(state: .error, text: message))
                continue
            default:
                break
            }
            publish()
        }
        if let error = recording.error, !Task.isCancelled {
            conversation.apply(.done(messageID: nil))
            publish()
            feed?.update(activity: AIAgentActivity(state: .error, text: error.description))
        }
    }

    /// A recording's activity word as the agent's activity.
    static func activity(_ word: String) -> AIAgentActivity {
        let lowered = word.lowercased()
        if lowered.contains("think") { return AIAgentActivity(state: .thinking, text: "Thinking") }
        if lowered.contains("source") {
            return AIAgentActivity(state: .checkingExternalSources, text: "Checking external sources")
        }
        if lowered.contains("generat") || lowered.contains("writ") { return AIAgentActivity(state: .generating) }
        if lowered.contains("error") { return AIAgentActivity(state: .error) }
        return AIAgentActivity(state: AIAgentActivity.State(rawValue: word), text: word)
    }
}
