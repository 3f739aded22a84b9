import Observation

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The state of a conversation between the views and an agent: what the conversation holds, whether
/// the agent is thinking or writing, which message is on its way and why the last request failed.
/// It acts on it too: sending, stopping, writing a reply again, editing, rating. Views observe it
/// (SwiftUI through Observation, anything else through ``observe(_:)``); a transport reaches the agent.
@MainActor
@Observable
public final class AIConversation<Message: AIMessage> {
    /// The conversation as it shows, oldest message first.
    public var messages: [Message] {
        _ = revision  // observed: changes with every update of the feed
        return hidden.isEmpty ? feedMessages : feedMessages.filter { !hidden.contains($0.id) }
    }
    /// Counts the feed's updates, for observers of ``messages``.
    private var revision = 0
    /// The message the user sent last that is not in the conversation yet: it stays until its reply
    /// starts, or while it can be sent again.
    public private(set) var pendingMessage: AIPendingMessage?
    /// Where the latest exchange is.
    public private(set) var status: AIConversationStatus = .ready
    /// Why the latest request failed: the transport's error, or an ``AIAgentError``. It stays until
    /// the next request, or until a reply starts after all.
    public private(set) var error: (any Error)?
    /// What the agent says it is doing besides what its reply shows.
    public private(set) var activity: AIAgentActivity?
    /// Whether there are messages before the first one to load.
    public private(set) var hasOlderMessages = false
    /// Whether older messages are loading.
    public private(set) var isLoadingOlderMessages = false
    /// How the user rated replies on this device, by the reply's id (`nil`: a rating taken back).
    public private(set) var ratings: [String: AIMessageRating?] = [:]
    /// The user's message they are editing in the composer, if any.
    public private(set) var editingMessage: Message?

    /// What the user is writing.
    public let composer: AIComposer
    /// What the views offer: editing, writing a reply again, rating.
    public let actions: AIConversationActions
    /// Seconds to wait, once the agent has a request, for the reply to start or the agent to say what
    /// it is doing; `nil` waits forever.
    public let replyTimeout: Double?
    /// Who answers the approvals and sign-ins that tool calls wait for.
    @ObservationIgnored public let approver: (any AIToolApprover)?

    @ObservationIgnored private let transport: any AIConversationTransport<Message>
    @ObservationIgnored private let clock: any AIConversationClock
    @ObservationIgnored private var feed: AIConversationFeed<Message>?
    /// The messages as the feed has them, and where each id is among them: an update of one message
    /// costs the same in a long conversation as in a short one.
    @ObservationIgnored private var feedMessages: [Message] = []
    @ObservationIgnored private var indexByID: [String: Int] = [:]
    /// Messages left out of ``messages``: those a regenerate or edit replaces, a stopped empty reply.
    @ObservationIgnored private var hidden: Set<String> = []
    /// The latest request and what became of it.
    @ObservationIgnored private var exchange: AIExchange<Message>?
    @ObservationIgnored private var requests = 0
    @ObservationIgnored private var timer: AIClockTimer?
    /// After a stop, activity is ignored until the agent clears it.
    @ObservationIgnored private var ignoresActivity = false
    /// Replies counted as finished because the user stopped them.
    @ObservationIgnored private var stoppedReplies: Set<String> = []
    @ObservationIgnored private var observers: [Int: @MainActor () -> Void] = [:]
    @ObservationIgnored private var nextObserver = 0

    /// A conversation reaching its agent through `transport`, which it connects to at once.
    public init<Transport: AIConversationTransport>(
        transport: Transport, composer: AIComposer? = nil, approver: (any AIToolApprover)? = nil,
        actions: AIConversationActions = .all, replyTimeout: Double? = 300, clock: (any AIConversationClock)? = nil
    ) where Transport.Message == Message {
        self.transport = transport
        self.composer = composer ?? AIComposer()
        self.approver = approver
        self.actions = actions
        self.replyTimeout = replyTimeout
        self.clock = clock ?? AISystemClock()
        let feed = AIConversationFeed(conversation: self)
        self.feed = feed
        transport.connect(feed)
    }

    // MARK: Observing

    /// Calls `handler` after every change, for a view that is not SwiftUI (a terminal, say). Keep
    /// the returned observation: the handler is called until it is cancelled or released.
    public func observe(_ handler: @escaping @MainActor () -> Void) -> AIConversationObservation {
        nextObserver += 1
        let id = nextObserver
        observers[id] = handler
        return AIConversationObservation { [weak self] in self?.observers[id] = nil }
    }

    // MARK: What the views ask

    /// Whether `message` is still being written: a reply the user stopped counts as finished even
    /// while the transport still marks it generating.
    public func isGenerating(_ message: Message) -> Bool {
        message.isGenerating && !stoppedReplies.contains(message.id)
    }

    /// How `message` shows as rated: the user's rating on this device, else the backend's.
    public func rating(of message: Message) -> AIMessageRating? {
        if let rated = ratings[message.id] { return rated }
        return message.rating
    }

    /// Whether the user can edit `message` now: their latest message, while the agent is not answering.
    public func canEdit(_ message: Message) -> Bool {
        actions.contains(.edit) && !status.isAnswering && message.role.isUser
            && messages.last(where: { $0.role.isUser })?.id == message.id
    }

    /// Whether the user can ask for `message` to be written again now: the latest reply, while the
    /// agent is not answering.
    public func canRegenerate(_ message: Message) -> Bool {
        actions.contains(.regenerate) && !status.isAnswering && !message.role.isUser
            && messages.last(where: { !$0.role.isUser })?.id == message.id
    }

    // MARK: Acting

    /// Sends what the user wrote; while they edit a message, the edit. The composer is cleared.
    @discardableResult
    public func send(_ text: String, attachments: [URL] = [], chatOption: AIChatOption? = nil) -> Task<Void, Never> {
        let request: AIConversationRequest<Message>
        var replaced: [String] = []
        var pending: AIPendingMessage
        let files = attachments.map { AIMessageAttachment(url: $0.absoluteString, name: $0.lastPathComponent) }
        if let editing = editingMessage {
            request = AIConversationRequest(
                kind: .edit, text: text, attachments: attachments, chatOption: chatOption, message: editing)
            replaced = idsFrom(editing.id)
            pending = AIPendingMessage(id: editing.id, text: text, attachments: files)
        } else {
            request = AIConversationRequest(
                kind: .message, text: text, attachments: attachments, chatOption: chatOption)
            pending = AIPendingMessage(id: request.messageID, text: text, attachments: files)
        }
        pending.id = pending.id ?? request.messageID
        editingMessage = nil
        composer.isEditing = false
        composer.clear()
        return start(request, replacing: replaced, pending: pending)
    }

    /// Stops the reply the agent is writing: what it wrote stays and counts as finished; a reply
    /// that showed nothing is hidden; what the agent says it is doing is ignored until it clears it.
    @discardableResult
    public func stop() -> Task<Void, Never> {
        guard status.isAnswering, var current = exchange else { return Task {} }
        current.stopped = true
        if let reply = current.replyID { stoppedReplies.insert(reply) }
        exchange = current
        timer?.cancel()
        timer = nil
        activity = nil
        ignoresActivity = true
        refresh()
        let transport = self.transport
        return Task { @MainActor in try? await transport.stop() }
    }

    /// Asks for `reply` to be written again; the messages it replaces are hidden until the new reply starts.
    @discardableResult
    public func regenerate(_ reply: Message) -> Task<Void, Never> {
        guard canRegenerate(reply) else { return Task {} }
        let index = feedMessages.firstIndex { $0.id == reply.id }
        let question = index.flatMap { index in feedMessages[..<index].last { $0.role.isUser } }
        let request = AIConversationRequest(kind: .regenerate, text: question?.text ?? "", message: reply)
        return start(request, replacing: idsFrom(reply.id), pending: nil)
    }

    /// Puts the user's latest message back in the composer; the next message sent is its edit.
    public func edit(_ message: Message) {
        guard canEdit(message) else { return }
        editingMessage = message
        composer.text = message.text
        composer.isEditing = true
        notify()
    }

    /// Stops editing: the composer is cleared.
    public func cancelEditing() {
        guard editingMessage != nil else { return }
        editingMessage = nil
        composer.isEditing = false
        composer.clear()
        notify()
    }

    /// Tries the failed request again: a request that could not be sent is sent again with the same
    /// message id; when the agent could not answer, it is asked for the reply again, without sending
    /// the user's message twice.
    @discardableResult
    public func retry() -> Task<Void, Never> {
        guard let failed = exchange, let failure = failed.failure else { return Task {} }
        switch failure {
        case .request:
            // When the first attempt reached the backend after all, its copy is already here.
            return start(
                failed.request, replacing: failed.replaced, pending: failed.pendingResolved ? nil : failed.pending)
        case .agent:
            let question = feedMessages.last { $0.role.isUser }
            let request = AIConversationRequest<Message>(
                kind: .regenerate, text: question?.text ?? failed.request.text)
            return start(request, replacing: [], pending: failed.pendingResolved ? nil : failed.pending)
        }
    }

    /// Forgets the error and the request that failed.
    public func clearError() {
        guard error != nil || exchange?.failure != nil else { return }
        error = nil
        if exchange?.failure != nil {
            exchange = nil
            pendingMessage = nil
        }
        refresh()
    }

    /// Rates a reply (`nil` takes the rating back): kept on the device, and told to the transport.
    @discardableResult
    public func rate(_ message: Message, _ rating: AIMessageRating?) -> Task<Void, Never> {
        guard actions.contains(.rate), !message.role.isUser else { return Task {} }
        ratings[message.id] = .some(rating)
        notify()
        let transport = self.transport
        return Task { @MainActor in try? await transport.rate(message, rating) }
    }

    /// Loads the messages before the first one; does nothing while a load runs or when there are none.
    @discardableResult
    public func loadOlderMessages() -> Task<Void, Never> {
        guard hasOlderMessages, !isLoadingOlderMessages else { return Task {} }
        isLoadingOlderMessages = true
        notify()
        let transport = self.transport
        return Task { @MainActor [weak self] in
            try? await transport.loadOlderMessages()
            self?.isLoadingOlderMessages = false
            self?.notify()
        }
    }

    // MARK: Requests

    /// The ids of the feed's messages from `id` on.
    private func idsFrom(_ id: String) -> [String] {
        guard let index = feedMessages.firstIndex(where: { $0.id == id }) else { return [] }
        return feedMessages[index...].map(\.id)
    }

    private func start(
        _ request: AIConversationRequest<Message>, replacing replaced: [String], pending: AIPendingMessage?
    ) -> Task<Void, Never> {
        requests += 1
        let token = requests
        timer?.cancel()
        timer = nil
        ignoresActivity = false
        error = nil
        var next = AIExchange(request: request, token: token, baseline: Set(feedMessages.map(\.id)))
        next.replaced = replaced
        next.pending = pending
        if request.kind == .regenerate, let old = request.message {
            next.inPlace = (old.id, Teletype.Message(old))
        }
        exchange = next
        pendingMessage = pending
        refresh()
        let transport = self.transport
        return Task { @MainActor [weak self] in
            do {
                try await transport.send(request)
                self?.requestAccepted(token)
            } catch {
                self?.requestFailed(token, error)
            }
        }
    }

    private func requestAccepted(_ token: Int) {
        guard var current = exchange, current.token == token else { return }  // superseded
        current.accepted = true
        exchange = current
        armTimeout()
        refresh()
    }

    private func requestFailed(_ token: Int, _ failure: any Error) {
        guard var current = exchange, current.token == token, !current.replyStarted else { return }
        current.failure = .request
        exchange = current
        error = failure
        timer?.cancel()
        timer = nil
        refresh()
    }

    /// Starts the reply timeout, unless the reply started, the agent says it is working, or there is none.
    private func armTimeout() {
        timer?.cancel()
        timer = nil
        guard let timeout = replyTimeout, let current = exchange, current.accepted, !current.replyStarted,
            !current.stopped, current.failure == nil, activity == nil
        else { return }
        let token = current.token
        timer = clock.schedule(after: timeout) { [weak self] in self?.timedOut(token) }
    }

    private func timedOut(_ token: Int) {
        guard var current = exchange, current.token == token, !current.replyStarted, current.failure == nil,
            activity == nil
        else { return }
        current.failure = .agent
        exchange = current
        error = AIAgentError()
        timer = nil
        refresh()
    }

    // MARK: The feed

    func feedDidUpdate(messages: [Message]) {
        feedMessages = messages
        indexByID.removeAll(keepingCapacity: true)
        for (index, message) in messages.enumerated() { indexByID[message.id] = index }
        refresh()
    }

    func feedDidUpdate(message: Message) {
        if let index = indexByID[message.id] {
            feedMessages[index] = message
        } else {
            indexByID[message.id] = feedMessages.count
            feedMessages.append(message)
        }
        refresh(changed: message.id)
    }

    /// The feed's message `id`.
    private func feedMessage(_ id: String) -> Message? { indexByID[id].map { feedMessages[$0] } }

    func feedDidUpdate(hasOlderMessages: Bool) {
        guard self.hasOlderMessages != hasOlderMessages else { return }
        self.hasOlderMessages = hasOlderMessages
        notify()
    }

    func feedDidUpdate(activity: AIAgentActivity?) {
        if ignoresActivity {
            guard activity == nil else { return }
            ignoresActivity = false
        }
        if activity?.state == .error {
            // The agent could not answer.
            self.activity = nil
            if var current = exchange, current.failure == nil, !current.stopped {
                current.failure = .agent
                exchange = current
                error = AIAgentError(message: activity?.text)
            }
            timer?.cancel()
            timer = nil
            refresh()
            return
        }
        self.activity = activity
        // The timeout does not run while the agent says it is working.
        if activity == nil { armTimeout() } else { timer?.cancel(); timer = nil }
        refresh()
    }

    // MARK: Working out what shows

    /// Whether a reply shows something: text, steps, attachments, or it is finished. UI alone does not count.
    private func shows(_ message: Message) -> Bool {
        !message.text.isEmpty || !message.parts.isEmpty || !message.attachments.isEmpty || !isGenerating(message)
    }

    /// Works out what shows after a change: of the message `changed` only, or of everything (`nil`).
    private func refresh(changed: String? = nil) {
        var hidden = Set<String>()
        // The messages to look at for a new reply or the pending message's copy.
        let looked: [Message] = changed.map { id in feedMessage(id).map { [$0] } ?? [] } ?? feedMessages
        if var current = exchange {
            // The reply: a new message from the agent, or the old reply written again in its place.
            if current.replyID == nil {
                current.replyID =
                    looked.first { message in
                        !message.role.isUser && message.role != .system && !current.baseline.contains(message.id)
                    }?.id
                    ?? current.inPlace.flatMap { old in
                        feedMessage(old.id).flatMap { Teletype.Message($0) != old.snapshot ? old.id : nil }
                    }
                if let reply = current.replyID, current.stopped { stoppedReplies.insert(reply) }
            }
            let reply = current.replyID.flatMap(feedMessage)
            if let reply, shows(reply), !current.replyStarted, !current.stopped || !reply.text.isEmpty {
                current.replyStarted = true
                timer?.cancel()
                timer = nil
                if current.failure == .agent {
                    // The reply started after all.
                    current.failure = nil
                    error = nil
                }
            }
            // The pending message: replaced by its copy, found by id, else by the first new user message.
            if !current.pendingResolved, let pending = current.pending {
                let copy = looked.first { message in
                    guard message.role.isUser else { return false }
                    if message.id == pending.id {
                        return current.request.kind != .edit || message.text == current.request.text
                    }
                    return current.request.kind != .edit && !current.baseline.contains(message.id)
                }
                if copy != nil || current.replyStarted {
                    current.pendingResolved = true
                }
            }
            if !current.replyStarted { hidden.formUnion(current.replaced) }
            if current.stopped, let reply, !shows(reply) || (reply.text.isEmpty && reply.parts.isEmpty) {
                hidden.insert(reply.id)
            }
            exchange = current
        }
        self.hidden = hidden
        revision += 1
        let current = exchange
        let pending = current.flatMap { $0.pendingResolved ? nil : $0.pending }
        if pendingMessage != pending { pendingMessage = pending }
        let status = self.currentStatus()
        if self.status != status { self.status = status }
        if composer.isGenerating != status.isAnswering { composer.isGenerating = status.isAnswering }
        notify()
    }

    /// Where the latest exchange is, from the reply as the feed has it.
    private func currentStatus() -> AIConversationStatus {
        if let exchange {
            if exchange.failure != nil { return .error }
            if exchange.stopped { return .ready }
            guard exchange.replyStarted, let reply = exchange.replyID.flatMap(feedMessage) else { return .submitted }
            return isGenerating(reply) ? .streaming : .ready
        }
        // Nothing asked here: a reply the agent is writing on its own still streams.
        if let last = feedMessages.last, !last.role.isUser, isGenerating(last), shows(last) { return .streaming }
        return .ready
    }

    private func notify() {
        for handler in observers.values { handler() }
    }
}

/// An observation of a conversation: its handler is called until this is cancelled or released.
@MainActor
public final class AIConversationObservation {
    private var cancelAction: (@MainActor () -> Void)?

    init(cancel: @escaping @MainActor () -> Void) {
        cancelAction = cancel
    }

    /// Stops the observation.
    public func cancel() {
        cancelAction?()
        cancelAction = nil
    }

    isolated deinit {
        cancelAction?()
    }
}

/// A request and what became of it.
struct AIExchange<Message: AIMessage> {
    enum Failure { case request, agent }

    var request: AIConversationRequest<Message>
    var token: Int
    /// The ids the feed had when the request was made: the reply is a message not among them.
    var baseline: Set<String>
    /// Messages hidden until the new reply starts (a regenerate's or an edit's).
    var replaced: [String] = []
    /// A regenerate's old reply, which the new one may replace under its id.
    var inPlace: (id: String, snapshot: Teletype.Message)?
    var pending: AIPendingMessage?
    var pendingResolved = false
    var accepted = false
    var replyID: String?
    var replyStarted = false
    var failure: Failure?
    var stopped = false
}
