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
    /// How a long conversation is cut into pages: by default, past 50 prompts or 2 MB of page,
    /// into pages of 50 prompts beside the destination, which lists every prompt.
    public var paging: ConversationPaging = .automatic
    /// Where each page goes when written, if it does not wait until it is on its disk
    /// (``AtomicFile/writeBehind``): an archive of many pages waits once for all of them instead.
    package var writeBehind: WriteBehind?

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
        let files = try PageFiles(path: destination, writeBehind: writeBehind)
        do {
            let summary = try write(
                transcriptAt: path, name: name, isCancelled: isCancelled, bytesRead: bytesRead, notice: notice,
                to: files)
            try files.commit(index: summary.index, notice: summary.notice)
            return summary.overview
        } catch {
            files.discard()
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
        let files = try PageFiles(path: destination, writeBehind: writeBehind)
        do {
            let summary = try write(
                reading: { session, body in
                    if let info = transcript.info { session(info) }
                    for message in transcript.messages { try body(message) }
                }, conversation: transcript.conversation, isCancelled: isCancelled, to: files)
            if summary.overview.messageCount == 0 {
                throw NoMessagesError(file: transcript.conversation?.title ?? destination, format: transcript.format)
            }
            try files.commit(index: summary.index, notice: summary.notice)
            return summary.overview
        } catch {
            files.discard()
            throw error
        }
    }

    /// What writing a conversation made: what the index says of it, and the list of its prompts
    /// when it was cut into pages.
    struct Written {
        var overview: ConversationOverview
        var index: [UInt8]?
        /// What one page says under its heading once written (what was redacted from it).
        var notice: String?
    }

    /// Writes the page's text to `files` piece by piece.
    func write(
        transcriptAt path: String, name: String, isCancelled: () -> Bool, bytesRead: (@Sendable (Int) -> Void)?,
        notice: (String) -> Void = { _ in }, to files: PageFiles
    ) throws -> Written {
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
                }, conversation: transcript.conversation, isCancelled: isCancelled, to: files)
            if summary.overview.messageCount == 0 { throw NoMessagesError(file: name, format: transcript.format) }
            return summary
        }
        var read = format ?? .teletype
        let summary = try write(
            reading: { session, body in
                read = try stream.forEachMessage(inFileAt: path, name: name, session: session, notice: notice, body)
            }, conversation: nil, isCancelled: isCancelled, to: files)
        // A file read as some format with nothing in it is said, never an empty page.
        if summary.overview.messageCount == 0 { throw NoMessagesError(file: name, format: read) }
        return summary
    }

    /// Writes the page of the messages `reading` hands over (after what it says of an agent's
    /// session, if anything) to `files` piece by piece, cut into pages as ``paging`` says.
    func write(
        reading: (_ session: (SessionInfo) -> Void, _ body: (Message) throws -> Void) throws -> Void,
        conversation: ListedConversation?, isCancelled: () -> Bool, to files: PageFiles
    ) throws -> Written {
        try withoutActuallyEscaping(isCancelled) { isCancelled in
            try page(reading: reading, conversation: conversation, isCancelled: isCancelled, to: files)
        }
    }

    private func page(
        reading: (_ session: (SessionInfo) -> Void, _ body: (Message) throws -> Void) throws -> Void,
        conversation: ListedConversation?, isCancelled: @escaping () -> Bool, to files: PageFiles
    ) throws -> Written {
        let output: (String) throws -> Void = { try files.write($0) }
        let paging = files.canPage ? paging : .single
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
        // The number of each prompt of the batch, for its anchor.
        var batchPrompts: [Int?] = []
        var laidOut = 0
        // Where the page being written starts, in messages laid out.
        var pageStart = 0
        var prompts: [ConversationPages.Prompt] = []
        var promptsOnPage = 0
        // About how many bytes of the page are not written yet: the batch being read, and the one
        // being rendered.
        var batchBytes = 0
        var renderingBytes = 0
        // The page's title, its heading and the session's header, as the first page says them.
        var pageTitle = ""
        var sessionHeader = ""
        // What was redacted from the page being written.
        var pageRedactions = SecretRedactor.Tally()
        let parallel = rendersBatchesInParallel
        // On every core, one batch is rendered while the next is read.
        var rendering: BackgroundWork<[Rendered]>?
        // A failed read leaves no thread behind.
        defer { _ = rendering?.wait() }
        func writeRendered() throws {
            guard let fragments = rendering?.wait() else { return }
            rendering = nil
            renderingBytes = 0
            for rendered in fragments { try write(rendered) }
        }
        // A message rendered: its prompt's anchor (which the list of prompts links to) before it.
        func write(_ rendered: Rendered) throws {
            redactions.add(rendered.redactions)
            pageRedactions.add(rendered.redactions)
            if let anchor = rendered.anchor { try files.write(anchor) }
            if let fragment = rendered.fragment { try files.write(bytes: fragment) }
        }
        let destination = files.destination
        func pageName(_ number: Int) -> String { PageFiles.name(of: number, destination: destination) }
        let indexName = destination.lastSlashPart
        func writeHeader() throws {
            let number = files.pageNumber
            let page = HTMLPage(
                title: number == 1 ? pageTitle : "\(pageTitle) · page \(number)", colorScheme: colorScheme,
                allowsRemoteImages: options.loadsRemoteImages, allowsAnyImage: options.allowsAnyURL)
            try files.write(bytes: page.headerBytes)
            try output(page.heading + sessionHeader)
            try output(DetailSwitch.html(checked: detail.rawValue))
            if number > 1 {
                try output(
                    ConversationPages.navigation(
                        page: number, hasNext: false, index: indexName, atEnd: false, name: pageName))
            }
        }
        /// What was redacted from a page, said at its end.
        func redactionNotice(_ tally: SecretRedactor.Tally) -> String {
            guard let said = tally.summary else { return "" }
            return "<p class=\"tt-redactions\">\(said): what they held is not on this page.</p>\n"
        }
        // Messages are laid out and rendered in batches, and written in order.
        func flush() throws {
            if isCancelled() { throw Cancelled() }
            if !wroteHeader {
                let named =
                    title ?? session?.title.flatMap { $0.isEmpty ? nil : $0 }
                    ?? conversation.flatMap { $0.title.isEmpty ? nil : $0.title }
                pageTitle = named ?? (summary.title.isEmpty ? "Conversation" : summary.title)
                if let session {
                    sessionHeader = renderer.render(SessionHeader.row(session, showsTitle: false))
                } else if let conversation {
                    sessionHeader = renderer.render(SessionHeader.row(conversation, showsTitle: false))
                }
                try writeHeader()
                wroteHeader = true
            }
            let messages = batch
            let numbers = batchPrompts
            let first = laidOut
            let firstOnPage = pageStart
            // Secrets are redacted where the message is laid out: on every core, off the reading.
            let render: @Sendable (Int) -> Rendered = { index in
                var found = SecretRedactor.Tally()
                let message = redactor.map { $0.redact(messages[index], into: &found) } ?? messages[index]
                // Not `.map(renderer.renderedBytes)`: a method taken as a value copies its renderer.
                let fragment = layout.row(
                    for: message, isFirst: first + index == firstOnPage, isLatestReply: false, state: state
                ).map { renderer.renderedBytes($0) }
                return Rendered(
                    anchor: numbers[index].map(ConversationPages.anchor), fragment: fragment, redactions: found)
            }
            if parallel {
                try writeRendered()
                rendering = BackgroundWork { ParallelWork.map(messages.count, render) }
                renderingBytes = batchBytes
            } else {
                for rendered in messages.indices.map(render) { try write(rendered) }
            }
            laidOut += messages.count
            batch.removeAll(keepingCapacity: true)
            batchPrompts.removeAll(keepingCapacity: true)
            batchBytes = 0
        }
        // Ends the page being written before a prompt and starts the next.
        func startNextPage() throws {
            try flush()
            try writeRendered()
            let number = files.pageNumber
            try output(
                ConversationPages.navigation(page: number, hasNext: true, index: indexName, atEnd: true, name: pageName)
            )
            try output(redactionNotice(pageRedactions) + HTMLPage(title: "", colorScheme: colorScheme).footer)
            try files.startNextPage()
            pageRedactions = SecretRedactor.Tally()
            pageStart = laidOut
            promptsOnPage = 0
            try writeHeader()
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
                let firstLine = ConversationOverview.firstLine(of: message.text)
                var titled = ConversationOverview()
                titled.add(Message(id: message.id, role: message.role, text: redactor.redact(firstLine)))
                summary.title = titled.title
            }
            var number: Int?
            if message.role.isUser {
                // A long conversation's page ends before a prompt.
                if wroteHeader || !batch.isEmpty,
                    paging.ends(prompts: promptsOnPage, bytes: files.bytesOnPage + renderingBytes + batchBytes)
                {
                    try startNextPage()
                }
                number = prompts.count + 1
                promptsOnPage += 1
                if paging != .single {
                    // The first line only is read (a pasted log's prompt is long), redacted whole.
                    let firstLine = message.text.upToFirstLineBreak
                    var line = ConversationOverview()
                    line.add(
                        Message(id: message.id, role: .user, text: redactor.map { $0.redact(firstLine) } ?? firstLine))
                    prompts.append(
                        .init(
                            number: prompts.count + 1, page: files.pageNumber, firstLine: line.title,
                            createdAt: message.createdAt))
                } else {
                    prompts.append(.init(number: prompts.count + 1, page: 1, firstLine: "", createdAt: nil))
                }
            }
            batch.append(message)
            batchPrompts.append(number)
            batchBytes += Self.estimatedBytes(message)
            // The title comes from the first question: the first batch waits for it a little.
            let titled = title != nil || !summary.title.isEmpty
            // Batches start small, so that even a short conversation is rendered while it is read.
            let size = min(256, max(8, laidOut))
            if batch.count >= size && (titled || laidOut > 0 || batch.count >= 1024) { try flush() }
        }
        try flush()
        try writeRendered()
        let pageCount = files.pageNumber
        if pageCount > 1 {
            try output(
                ConversationPages.navigation(
                    page: pageCount, hasNext: false, index: indexName, atEnd: true, name: pageName))
        }
        // One page says what was redacted under its heading (put there once the page is written),
        // where it can be; pages, each at its end.
        let noticeOnTop = pageCount == 1 && files.canPage
        if !noticeOnTop { try output(redactionNotice(pageCount > 1 ? pageRedactions : redactions)) }
        if redactions.summary != nil { summary.redactions = redactions.counts }
        try output(HTMLPage(title: "", colorScheme: colorScheme).footer)
        if let title { summary.title = title }
        guard pageCount > 1 else {
            return Written(overview: summary, index: nil, notice: noticeOnTop ? redactionNotice(redactions) : nil)
        }
        summary.pages = pageCount
        // The list of prompts says first what was redacted from every page.
        let said =
            redactions.summary.map {
                "<p class=\"tt-redactions\">\($0): what they held is on none of these pages.</p>\n"
            } ?? ""
        let index = ConversationPages.indexBytes(
            title: pageTitle, prompts: prompts, pageCount: pageCount, header: sessionHeader + said,
            colorScheme: colorScheme, name: pageName)
        return Written(overview: summary, index: index, notice: nil)
    }

    /// About how many bytes `message` takes on a page: its text, and its tools' arguments and
    /// output (what makes an agent's page long).
    static func estimatedBytes(_ message: Message) -> Int {
        func size(_ value: JSONValue?) -> Int {
            switch value {
            case .string(let text)?: text.utf8.count
            case .array(let values)?: values.reduce(0) { $0 + size($1) }
            case .object(let object)?: object.pairs.reduce(0) { $0 + size($1.value) }
            case nil: 0
            default: 8
            }
        }
        var bytes = message.text.utf8.count
        for case .toolCall(let call) in message.parts {
            bytes += size(call.arguments) + size(call.output) + (call.errorText?.utf8.count ?? 0)
        }
        return bytes
    }
}

/// A message of a batch rendered on any core: what is written of it, and what was redacted.
private struct Rendered: Sendable {
    /// The anchor of the prompt it is, if it is one.
    var anchor: String?
    /// Its HTML; nil when it shows nothing.
    var fragment: [UInt8]?
    var redactions: SecretRedactor.Tally
}

extension String {
    /// The text before its first `\n` or `\r` (all of it when it has none), found by its bytes: a
    /// prompt's line in the list of prompts, where a pasted log makes a prompt long.
    var upToFirstLineBreak: String {
        var text = self
        return text.withUTF8 { bytes in
            var end = 0
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            return end == bytes.count
                ? self : String(decoding: UnsafeBufferPointer(rebasing: bytes[..<end]), as: UTF8.self)
        }
    }
}
