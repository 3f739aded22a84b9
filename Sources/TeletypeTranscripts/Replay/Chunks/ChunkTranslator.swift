import Teletype

/// Turns the chunks of one recorded stream into events, keeping what spans chunks: the reply's id,
/// tool calls whose arguments arrive in pieces, the kind of each content block, the sources already
/// shown. Each provider's chunks are read by an extension of their own (`OpenAIChatChunks`,
/// `AnthropicChunks`, `OpenAIResponsesChunks`, …); what they share is here.
package struct ChunkTranslator {
    let format: StreamFormat
    /// The reply being written, and how many replies the stream has started.
    var replyID: String?
    var replyCount = 0
    /// Whether the reply said it was done.
    var done = false
    /// Whether the reply has text, so that a new text block starts a new paragraph.
    var sawText = false
    /// Tool calls of every reply, by their reply and a key of the format's choosing (stream index,
    /// block index, call id).
    var tools: [String: ToolEntry] = [:]
    /// This reply's tool-call keys, in the order the calls appeared.
    var toolOrder: [String] = []
    /// Content blocks by index: what each holds (a tool key, a reasoning part id, "text").
    var blocks: [Int: String] = [:]
    /// Reasoning steps by part id.
    var reasoning: [String: AIReasoningPart] = [:]
    /// The addresses (or file names) of the sources the reply already shows.
    var sourceKeys: Set<String> = []
    /// The reply's refusal, as it grows.
    var refusal: AIRefusalPart?
    /// The reply's answer so far, and where (in UTF-8 bytes) each output item's text began in it.
    var replyText = ""
    var textStarts: [Int: Int] = [:]
    /// The provider's id for the response being read (a new id starts a new reply).
    var responseID: String?
    /// What a format keeps besides the above, by name.
    var notes: [String: String] = [:]

    /// A tool call being assembled: the part so far, its arguments' text, and whether the provider
    /// runs it (a server tool) or hands it to the client.
    struct ToolEntry {
        var part: AIToolCallPart
        /// The reply the call belongs to.
        var messageID: String
        var arguments = ""
        var runsOnServer = false
    }

    package init(format: StreamFormat) {
        self.format = format
    }

    package mutating func events(for value: JSONValue, eventName: String?) throws(TranscriptProblem) -> [(
        Double?, StreamEvent
    )] {
        guard value.object != nil else { throw TranscriptProblem("a chunk must be a JSON object", at: []) }
        let events: [StreamEvent]
        switch format {
        case .teletype: return try teletype(value)
        case .openai: events = openAIChat(value, eventName: eventName)
        case .anthropic: events = anthropic(value, eventName: eventName)
        case .vercel: events = vercel(value)
        case .openaiResponses: events = openAIResponses(value, eventName: eventName)
        case .gemini: events = gemini(value)
        case .geminiInteractions: events = geminiInteractions(value)
        case .cohere: events = cohere(value)
        case .bedrock: events = bedrock(value)
        }
        return events.map { (nil, $0) }
    }

    /// Whether a reply started and never said it was done.
    package var isOpen: Bool { replyID != nil && !done }

    /// Events still owed when the recording ends: a reply that never said it was done is done.
    package mutating func finish() -> [StreamEvent] {
        guard !done, replyID != nil else { return [] }
        return finishReply()
    }

    // MARK: Replies

    /// Starts a new reply (finishing the one before, if it is open), with the provider's id when
    /// it gives one.
    mutating func startReply(_ id: String?) -> [StreamEvent] {
        var events = isOpen ? finishReply() : []
        replyCount += 1
        let newID = id.flatMap { $0.isEmpty ? nil : $0 } ?? "reply-\(replyCount)"
        // Two replies with one id (a stream replayed twice, a spliced recording) stay two replies.
        replyID = newID == replyID ? "\(newID)-\(replyCount)" : newID
        done = false
        sawText = false
        toolOrder = []
        blocks = [:]
        reasoning = [:]
        sourceKeys = []
        refusal = nil
        notes = [:]
        replyText = ""
        textStarts = [:]
        events.append(.message(Message(id: replyID!, role: .assistant, text: "", isGenerating: true)))
        return events
    }

    /// The reply being written, started if there is none (or the last one is done).
    mutating func ensureReply() -> (id: String, events: [StreamEvent]) {
        if let replyID, !done { return (replyID, []) }
        let events = startReply(nil)
        return (replyID!, events)
    }

    /// The reply is done: tool calls it leaves running are settled — a server's calls ended with
    /// the reply, a client's wait for the client — and the reply is finished.
    mutating func finishReply() -> [StreamEvent] {
        guard let id = replyID, !done else { return [] }
        for (key, entry) in reasoning where entry.isStreaming {
            reasoning[key]?.status = .completed
        }
        var events: [StreamEvent] = []
        for key in toolOrder {
            guard var entry = tools[key], !entry.part.status.isFinished, entry.part.status != .awaitingApproval else {
                continue
            }
            if entry.part.arguments == nil { entry.part.arguments = Self.arguments(entry.arguments) }
            if entry.runsOnServer {
                entry.part.status = .completed
            } else {
                entry.part.status = .awaitingClient
                entry.part.executor = .client
            }
            tools[key] = entry
            events.append(.part(messageID: entry.messageID, part: .toolCall(entry.part)))
        }
        done = true
        events.append(.done(messageID: id))
        return events
    }

    /// The provider reported an error: it is shown with its code, and the reply it cut short ends.
    mutating func fail(code: String?, message: String?) -> [StreamEvent] {
        var events: [StreamEvent] = [.error(Self.errorText(code: code, message: message))]
        if isOpen { events += finishReply() }
        return events
    }

    /// A provider's error as people read it: "code: message", or whichever it gives.
    static func errorText(code: String?, message: String?) -> String {
        let code = code.flatMap { $0.isEmpty ? nil : $0 }
        let message = message.flatMap { $0.isEmpty ? nil : $0 }
        switch (code, message) {
        case (let code?, let message?): return message.hasPrefix(code) ? message : code + ": " + message
        case (nil, let message?): return message
        case (let code?, nil): return code
        case (nil, nil): return "The agent couldn't answer."
        }
    }

    /// The error a provider's `error` object (or string) holds.
    mutating func fail(_ error: JSONValue?) -> [StreamEvent] {
        var events: [StreamEvent] = [.error(Self.errorText(of: error))]
        if isOpen { events += finishReply() }
        return events
    }

    /// A provider's `error` object (or string) as people read it: its code (or type, or status)
    /// and its message.
    package static func errorText(of error: JSONValue?) -> String {
        if let text = error?.string { return errorText(code: nil, message: text) }
        let code =
            error?["code"]?.string ?? error?["type"]?.string ?? error?["status"]?.string
            ?? error?["code"]?.integer.map(String.init)
        return errorText(code: code, message: error?["message"]?.string)
    }

    // MARK: Content

    /// Text added to the answer.
    mutating func text(_ delta: String) -> [StreamEvent] {
        guard !delta.isEmpty else { return [] }
        let (id, events) = ensureReply()
        sawText = true
        replyText += delta
        return events + [.textDelta(messageID: id, delta: delta)]
    }

    /// A new block of text starts: it is a new paragraph when the answer already has text.
    mutating func newParagraph() -> [StreamEvent] {
        let (id, events) = ensureReply()
        guard sawText else { return events }
        sawText = false
        replyText += "\n\n"
        return events + [.textDelta(messageID: id, delta: "\n\n")]
    }

    /// An output item's text is complete, as `whole`: what did not stream is added, and when what
    /// streamed differs from it, the item's text is replaced by it — the final text is the
    /// provider's word.
    mutating func completeText(_ whole: String, item: Int) -> [StreamEvent] {
        guard let start = textStarts[item] else {
            textStarts[item] = replyText.utf8.count
            return text(whole)
        }
        let streamed = String(decoding: replyText.utf8.dropFirst(start), as: UTF8.self)
        if whole.hasPrefix(streamed) { return text(String(whole.dropFirst(streamed.count))) }
        let (id, events) = ensureReply()
        replyText = String(decoding: replyText.utf8.prefix(start), as: UTF8.self) + whole
        sawText = !replyText.isEmpty
        return events + [.text(messageID: id, text: replyText)]
    }

    /// A reasoning step starts (or is shown again with what it has so far).
    mutating func startReasoning(_ partID: String, preview: String? = nil) -> [StreamEvent] {
        let (id, events) = ensureReply()
        let part = AIReasoningPart(id: partID, status: .streaming, preview: preview)
        reasoning[partID] = part
        return events + [.part(messageID: id, part: .reasoning(part))]
    }

    /// Thinking added to a reasoning step (started if it is new).
    mutating func thought(_ delta: String, partID: String) -> [StreamEvent] {
        guard !delta.isEmpty else { return [] }
        let (id, events) = ensureReply()
        return events + [.reasoningDelta(messageID: id, partID: partID, delta: delta)]
    }

    /// A source the reply cites, shown once however often it is cited.
    mutating func source(url: String?, title: String?) -> [StreamEvent] {
        let url = url ?? ""
        let title = title.flatMap { $0.isEmpty ? nil : $0 }
        let key = url.isEmpty ? "\u{0}" + (title ?? "") : url
        guard !(url.isEmpty && title == nil), sourceKeys.insert(key).inserted else { return [] }
        let (id, events) = ensureReply()
        let part = AISourcePart(id: "source-\(sourceKeys.count)", url: url, title: title)
        return events + [.part(messageID: id, part: .source(part))]
    }

    /// The model declining: `delta` adds to what it said, `reason` says why (a category, a filter).
    mutating func refuse(_ delta: String? = nil, reason: String? = nil) -> [StreamEvent] {
        let (id, events) = ensureReply()
        var part = refusal ?? AIRefusalPart(id: "refusal")
        if let delta, !delta.isEmpty { part.text = (part.text ?? "") + delta }
        if let reason, !reason.isEmpty { part.reason = reason }
        refusal = part
        return events + [.part(messageID: id, part: .refusal(part))]
    }

    // MARK: Tool calls

    /// A tool call of this reply appears (or changes): `key` names it within the reply (a stream
    /// index, a block index, the provider's id); `update` shapes it, and its card is shown again.
    mutating func tool(
        _ key: String, id callID: String? = nil, name: String? = nil, server: Bool? = nil,
        _ update: (inout ToolEntry) -> Void = { _ in }
    ) -> [StreamEvent] {
        let (id, events) = ensureReply()
        let scoped = "\(replyCount)\u{0}" + key
        if tools[scoped] == nil {
            let part = AIToolCallPart(id: callID.flatMap { $0.isEmpty ? nil : $0 } ?? key, name: "")
            tools[scoped] = ToolEntry(part: part, messageID: id)
            toolOrder.append(scoped)
        }
        if let name, !name.isEmpty, tools[scoped]?.part.name.isEmpty == true { tools[scoped]?.part.name = name }
        if let server { tools[scoped]?.runsOnServer = server }
        return events + updateTool(scoped, update)
    }

    /// Whether this reply has a tool call under `key`.
    func hasTool(_ key: String) -> Bool { tools["\(replyCount)\u{0}" + key] != nil }

    /// Changes a tool call of any reply, by the key ``tool(_:id:name:server:_:)`` or
    /// ``toolKey(callID:)`` gave, and shows its card again in the reply it belongs to.
    mutating func updateTool(_ scoped: String, _ update: (inout ToolEntry) -> Void) -> [StreamEvent] {
        guard var entry = tools[scoped] else { return [] }
        update(&entry)
        tools[scoped] = entry
        return [.part(messageID: entry.messageID, part: .toolCall(entry.part))]
    }

    /// The key of the latest tool call, in any reply, whose provider id is `callID`: results can
    /// come in a later reply than their call.
    func toolKey(callID: String) -> String? {
        var best: (reply: Int, key: String)?
        for (key, entry) in tools where entry.part.id == callID {
            let reply = Int(key.prefix { $0 != "\u{0}" }) ?? 0
            if best == nil || reply > best!.reply { best = (reply, key) }
        }
        return best?.key
    }

    /// The key of this reply's tool call under `key`, for ``updateTool(_:_:)``.
    func scopedToolKey(_ key: String) -> String { "\(replyCount)\u{0}" + key }

    /// A tool call's arguments, read from their text: JSON when they are JSON, else the text.
    static func arguments(_ text: String) -> JSONValue? {
        guard !text.isEmpty else { return nil }
        return (try? JSONParser.parse(text)) ?? .string(text)
    }
}

extension ChunkTranslator.ToolEntry {
    /// The call's arguments grow by `fragment`; they are read again from the whole text.
    mutating func addArguments(_ fragment: String) {
        guard !fragment.isEmpty else { return }
        arguments += fragment
        part.arguments = ChunkTranslator.arguments(arguments)
    }

    /// The call finished with `output` (a result read as JSON when it is JSON), or failed with
    /// `error`.
    mutating func finish(output: JSONValue?, error: String? = nil) {
        if let output { ToolResult.apply(output, to: &part) }
        if let error, !error.isEmpty {
            part.status = .failed
            part.errorText = error
        } else if !part.status.isFinished {
            part.status = .completed
        }
    }
}
