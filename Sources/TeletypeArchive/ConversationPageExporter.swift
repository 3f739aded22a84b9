import Teletype
import TeletypeHTML
import TeletypeLayout
import TeletypeMarkdown
import TeletypeSessions
import TeletypeTranscripts

/// Writes one transcript file as a self-contained HTML page, reading it a message at a time, so
/// memory holds one batch of messages however long the transcript is.
public struct ConversationPageExporter: Sendable {
    /// How untrusted the messages are (links, images, raw HTML).
    public var options: HTMLRenderOptions
    /// The page's colours.
    public var colorScheme: HTMLPage.ColorScheme
    /// The transcript's format; nil detects it from the file.
    public var format: TranscriptFormat?
    /// The page's title; nil takes the first question's first line.
    public var title: String?
    /// The generated UI a reply can carry and the page draws in place of its text.
    public var ui: AIUIHost
    /// Whether a batch of messages is laid out on every core (off when pages are exported side by side).
    public var rendersBatchesInParallel: Bool
    /// Whether secrets (keys, tokens, passwords: the rules of `SecretRule.all`) are redacted from the page (on
    /// by default: a page is made to be shared). The page's end and the overview say how many.
    public var redactsSecrets = true
    /// The view the page opens on (its reader switches between all three): everything, by default.
    public var detail: ConversationDetail = .full

    /// An exporter.
    public init(
        options: HTMLRenderOptions = .untrusted, colorScheme: HTMLPage.ColorScheme = .auto,
        format: TranscriptFormat? = nil, title: String? = nil, ui: AIUIHost = AIUIHost(renderers: []),
        rendersBatchesInParallel: Bool = true
    ) {
        self.options = options
        self.colorScheme = colorScheme
        self.format = format
        self.title = title
        self.ui = ui
        self.rendersBatchesInParallel = rendersBatchesInParallel
    }

    /// Thrown when `isCancelled` turned true while a page was being written.
    public struct Cancelled: Error, Sendable {}

    /// Writes the page of the transcript at `path` to `destination`, atomically: on any error
    /// (a malformed transcript throws a `TranscriptError` that names `name`, its line and
    /// column; a file with no message a `NoMessagesError`) or a cancellation no file is left.
    /// `bytesRead` hears how much of the transcript has been read, for progress; `notice` what is
    /// worth a word but did not stop the reading (a last line cut short). Returns what the index
    /// says about it.
    @discardableResult
    public func export(
        transcriptAt path: String, name: String, to destination: String,
        isCancelled: @Sendable () -> Bool = { false }, bytesRead: (@Sendable (Int) -> Void)? = nil,
        notice: (String) -> Void = { _ in }
    ) throws -> ConversationOverview {
        let file = try AtomicFile(path: destination)
        do {
            let summary = try write(
                transcriptAt: path, name: name, isCancelled: isCancelled, bytesRead: bytesRead, notice: notice
            ) {
                try file.write($0)
            }
            try file.commit()
            return summary
        } catch {
            file.discard()
            throw error
        }
    }

    /// Writes the page of a transcript already read (a conversation of a chat export) to
    /// `destination`, atomically; a transcript with no message is a `NoMessagesError`, and no page.
    /// Returns what the index says about it.
    @discardableResult
    public func export(_ transcript: Transcript, to destination: String, isCancelled: @Sendable () -> Bool = { false })
        throws -> ConversationOverview
    {
        let file = try AtomicFile(path: destination)
        do {
            let summary = try write(
                reading: { session, body in
                    if let info = transcript.info { session(info) }
                    for message in transcript.messages { try body(message) }
                }, conversation: transcript.conversation, isCancelled: isCancelled
            ) { try file.write($0) }
            if summary.messageCount == 0 {
                throw NoMessagesError(file: transcript.conversation?.title ?? destination, format: transcript.format)
            }
            try file.commit()
            return summary
        } catch {
            file.discard()
            throw error
        }
    }

    /// Writes the page's text to `output` piece by piece.
    func write(
        transcriptAt path: String, name: String, isCancelled: () -> Bool, bytesRead: (@Sendable (Int) -> Void)?,
        notice: (String) -> Void = { _ in }, to output: (String) throws -> Void
    ) throws -> ConversationOverview {
        var stream = ConversationStream(format: format)
        stream.bytesRead = bytesRead
        // A collection's one conversation is read whole (it says its title and times up front).
        if let collection = try ConversationCollections.open(path, name: name, format: format) {
            let transcript = try ConversationCollections.onlyConversation(of: collection)
            for text in transcript.notices { notice(text) }
            let summary = try write(
                reading: { session, body in
                    if let info = transcript.info { session(info) }
                    for message in transcript.messages { try body(message) }
                }, conversation: transcript.conversation, isCancelled: isCancelled, to: output)
            if summary.messageCount == 0 { throw NoMessagesError(file: name, format: transcript.format) }
            return summary
        }
        var read = format ?? .teletype
        let summary = try write(
            reading: { session, body in
                read = try stream.forEachMessage(inFileAt: path, name: name, session: session, notice: notice, body)
            }, conversation: nil, isCancelled: isCancelled, to: output)
        // A file read as some format with nothing in it is said, never an empty page.
        if summary.messageCount == 0 { throw NoMessagesError(file: name, format: read) }
        return summary
    }

    /// Writes the page of the messages `reading` hands over (after what it says of an agent's
    /// session, if anything) to `output` piece by piece.
    func write(
        reading: (_ session: (SessionInfo) -> Void, _ body: (Message) throws -> Void) throws -> Void,
        conversation: ListedConversation?, isCancelled: () -> Bool, to write: (String) throws -> Void
    ) throws -> ConversationOverview {
        try withoutActuallyEscaping(write) { output in
            try withoutActuallyEscaping(isCancelled) { isCancelled in
                try page(reading: reading, conversation: conversation, isCancelled: isCancelled, to: output)
            }
        }
    }

    private func page(
        reading: (_ session: (SessionInfo) -> Void, _ body: (Message) throws -> Void) throws -> Void,
        conversation: ListedConversation?, isCancelled: @escaping () -> Bool,
        to output: @escaping (String) throws -> Void
    ) throws -> ConversationOverview {
        let appearance: AIAppearance = colorScheme == .dark ? .dark : colorScheme == .plain ? .plain : .light
        // A page's task list checkboxes are named for assistive technology.
        var pageOptions = options
        pageOptions.namesTaskCheckboxes = true
        let renderer = ConversationHTMLRenderer(options: pageOptions, appearance: appearance)
        let layout = ConversationLayout(appearance: appearance, ui: ui)
        // A page is a record: a call without a result did not go on running.
        let state = {
            var state = ConversationViewState(actions: [], expandToolCalls: true, isRecorded: true)
            // A pasted log shows its first lines; the rest is on the page, folded.
            state.promptLineLimit = ConversationViewState.promptLinesFolded
            // The page holds every version: it need not say how to show one.
            state.namesBranchSelectors = false
            return state
        }()
        var summary = ConversationOverview()
        let redactor = redactsSecrets ? SecretRedactor() : nil
        var redactions = SecretRedactor.Tally()
        var conversation = conversation
        if let redactor, let listed = conversation {
            var redacted = listed
            redacted.title = redactor.redact(listed.title, into: &redactions)
            redacted.project = listed.project.map { redactor.redact($0, into: &redactions) }
            conversation = redacted
        }
        var wroteHeader = false
        // What an agent's session log says of the session, before its first message.
        var session: SessionInfo?
        var batch: [Message] = []
        var laidOut = 0
        let parallel = rendersBatchesInParallel
        // On every core, one batch is rendered while the next is read.
        var rendering: BackgroundWork<[(fragment: String?, redactions: SecretRedactor.Tally)]>?
        // A failed read leaves no thread behind.
        defer { _ = rendering?.wait() }
        func writeRendered() throws {
            guard let fragments = rendering?.wait() else { return }
            rendering = nil
            for (fragment, found) in fragments {
                redactions.add(found)
                if let fragment { try output(fragment) }
            }
        }
        // Messages are laid out and rendered in batches, and written in order.
        func flush() throws {
            if isCancelled() { throw Cancelled() }
            if !wroteHeader {
                let named =
                    title ?? session?.title.flatMap { $0.isEmpty ? nil : $0 }
                    ?? conversation.flatMap { $0.title.isEmpty ? nil : $0.title }
                let page = HTMLPage(
                    title: named ?? (summary.title.isEmpty ? "Conversation" : summary.title), colorScheme: colorScheme,
                    allowsRemoteImages: options.loadsRemoteImages, allowsAnyImage: options.allowsAnyURL)
                try output(page.header + page.heading)
                if let session { try output(renderer.render(SessionHeader.row(session, showsTitle: false))) }
                if session == nil, let conversation {
                    try output(renderer.render(SessionHeader.row(conversation, showsTitle: false)))
                }
                try output(DetailSwitch.html(checked: detail.rawValue))
                wroteHeader = true
            }
            let messages = batch
            let first = laidOut
            // Secrets are redacted where the message is laid out: on every core, off the reading.
            let render: @Sendable (Int) -> (String?, SecretRedactor.Tally) = { index in
                var found = SecretRedactor.Tally()
                let message = redactor.map { $0.redact(messages[index], into: &found) } ?? messages[index]
                let fragment = layout.row(for: message, isFirst: first + index == 0, isLatestReply: false, state: state)
                    .map(renderer.render)
                return (fragment, found)
            }
            if parallel {
                try writeRendered()
                rendering = BackgroundWork { ParallelWork.map(messages.count, render) }
            } else {
                for (fragment, found) in messages.indices.map(render) {
                    redactions.add(found)
                    if let fragment { try output(fragment) }
                }
            }
            laidOut += messages.count
            batch.removeAll(keepingCapacity: true)
        }
        if let conversation {
            summary.agent = conversation.sourceName
            summary.project = conversation.project
            if !conversation.title.isEmpty { summary.title = conversation.title }
        }
        try reading(
            { read in
                let info = redactor.map { $0.redact(read, into: &redactions) } ?? read
                session = info
                summary.agent = info.agent.rawValue
                summary.project = info.project
                if let title = info.title, !title.isEmpty { summary.title = title }
            }
        ) { message in
            let hadTitle = !summary.title.isEmpty
            summary.add(message)
            // A title made of the first question is made of its words redacted (before it is cut:
            // a secret cut short would no longer be found).
            if let redactor, !hadTitle, !summary.title.isEmpty {
                let firstLine = message.text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
                var titled = ConversationOverview()
                titled.add(Message(id: message.id, role: message.role, text: redactor.redact(firstLine)))
                summary.title = titled.title
            }
            batch.append(message)
            // The title comes from the first question: the first batch waits for it a little.
            let titled = title != nil || !summary.title.isEmpty
            // Batches start small, so that even a short conversation is rendered while it is read.
            let size = min(256, max(8, laidOut))
            if batch.count >= size && (titled || laidOut > 0 || batch.count >= 1024) { try flush() }
        }
        try flush()
        try writeRendered()
        if let said = redactions.summary {
            try output("<p class=\"tt-redactions\">\(said): what they held is not on this page.</p>\n")
            summary.redactions = redactions.counts
        }
        try output(HTMLPage(title: "", colorScheme: colorScheme).footer)
        if let title { summary.title = title }
        return summary
    }
}
