import Foundation
import Teletype

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the HTTP transports share: each request is a POST whose answer streams back as server-sent
/// events of one chunk format. ``stop()`` drops the request; an HTTP error is the request's error with
/// the server's message; a connection that drops mid-reply, a chunk that is not JSON or an error chunk
/// is the agent's error, and what was written stays.
@MainActor
public class SSEChatTransport: AIConversationTransport {
    /// The messages it tells the conversation of.
    public typealias Message = Teletype.Message

    /// The chunk format the server streams.
    let format: StreamFormat
    private var feed: AIConversationFeed<Message>?
    private var conversation: StreamedConversation
    private var window: HistoryWindow
    private var stream: HTTPStream?
    private var reply: ReplyState?
    private let started = Date()
    /// Replies asked for so far: each reply's ids get the count, as servers may reuse theirs.
    private var asked = 0

    /// What arrives for the reply being written.
    private struct ReplyState {
        var decoder = ServerSentEventDecoder()
        var translator: ChunkTranslator
        var finished = false
        var failed = false
        var suffix: String
    }

    init(format: StreamFormat, history: [Message], historyPageSize: Int?) {
        self.format = format
        self.conversation = StreamedConversation(messages: history)
        self.window = HistoryWindow(pageSize: historyPageSize, historyCount: history.count)
    }

    /// The HTTP request asking for a reply to `messages` (the last is the user's).
    func httpRequest(for messages: [Message], request: AIConversationRequest<Message>) throws -> URLRequest {
        preconditionFailure("a transport says how it asks")
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

    /// Adds the user's message and posts the conversation; returns once the server answers, throwing its error status with its message.
    public func send(_ request: AIConversationRequest<Message>) async throws {
        stream?.cancel()
        stream = nil
        var messages = conversation.messages
        if let old = request.message, request.kind == .regenerate || request.kind == .edit,
            let index = messages.firstIndex(where: { $0.id == old.id })
        {
            messages.removeSubrange(index...)
        }
        if request.kind != .regenerate {
            let id = request.kind == .edit ? request.message?.id ?? request.messageID : request.messageID
            // A retry sends the same message again: its copy is replaced, not added twice.
            if let index = messages.firstIndex(where: { $0.id == id }) { messages.removeSubrange(index...) }
            let files = request.attachments.map {
                AIMessageAttachment(url: $0.absoluteString, name: $0.lastPathComponent)
            }
            messages.append(Message(id: id, role: .user, text: request.text, attachments: files))
        }
        conversation = StreamedConversation(messages: messages)
        publish()
        let http = try httpRequest(for: conversation.messages, request: request)
        let stream = HTTPStream(request: http)
        self.stream = stream
        asked += 1
        reply = ReplyState(translator: ChunkTranslator(format: format), suffix: "-\(asked)")
        do {
            try await stream.start(
                onData: { [weak self, weak stream] data in
                    guard let self, let stream, self.stream === stream else { return }
                    self.receive(data)
                },
                onEnd: { [weak self, weak stream] error in
                    guard let self, let stream, self.stream === stream else { return }
                    self.end(error)
                })
        } catch let failure as HTTPStream.Failure {
            reply = nil
            throw OpenAIChatError.http(status: failure.status, message: Self.message(in: failure.body))
        }
    }

    /// Drops the request; what was written stays, finished.
    public func stop() async throws {
        stream?.cancel()
        stream = nil
        if reply != nil {
            conversation.apply(.done(messageID: nil), at: now)
            reply = nil
            publish()
        }
        feed?.update(activity: nil)
    }

    private var now: Double { Date().timeIntervalSince(started) }

    private func receive(_ data: Data) {
        guard var state = reply, !state.finished, !state.failed else { return }
        var changed = false
        for event in state.decoder.decode(data) {
            if event.data == "[DONE]" {
                state.finished = true
                break
            }
            let chunk: JSONValue
            do throws(JSONParser.Failure) {
                chunk = try JSONParser.parse(event.data)
            } catch {
                state.failed = true
                reply = state
                fail("the server sent a chunk that is not JSON (line \(event.line) of the stream): \(error.message)")
                return
            }
            if let error = chunk["error"], error != .null {
                state.failed = true
                reply = state
                fail(ChunkTranslator.errorText(of: error))
                return
            }
            do throws(TranscriptProblem) {
                for (_, streamEvent) in try state.translator.events(for: chunk, eventName: event.name) {
                    if case .error(let message) = streamEvent {
                        state.failed = true
                        reply = state
                        fail(message)
                        return
                    }
                    if case .done = streamEvent { state.finished = true }
                    conversation.apply(streamEvent.renamingMessages(suffix: state.suffix), at: now)
                    changed = true
                }
            } catch {
                state.failed = true
                reply = state
                fail(
                    "the server sent a chunk of another kind (line \(event.line) of the stream): \(error.message)"
                )
                return
            }
            if chunk["choices"]?.array?.first?["finish_reason"]?.string != nil { state.finished = true }
        }
        reply = state
        if changed { publish() }
    }

    private func end(_ error: (any Error)?) {
        guard var state = reply, !state.failed else { return }
        if let event = state.decoder.finish(), event.data != "[DONE]", event.data.first == "{" {
            receive(Data((event.data + "\n\n").utf8))
            state = reply ?? state
        }
        reply = nil
        stream = nil
        for event in state.translator.finish() {
            conversation.apply(event.renamingMessages(suffix: state.suffix), at: now)
        }
        conversation.apply(.done(messageID: nil), at: now)
        publish()
        if error != nil || !state.finished {
            let reason = error.map { ": \($0.localizedDescription)" } ?? ""
            feed?.update(
                activity: AIAgentActivity(
                    state: .error, text: "The connection was lost before the reply finished\(reason)"))
        }
    }

    /// The reply ends in an error the agent gave; what it wrote stays.
    private func fail(_ message: String) {
        stream?.cancel()
        stream = nil
        conversation.apply(.done(messageID: nil), at: now)
        publish()
        feed?.update(activity: AIAgentActivity(state: .error, text: message))
    }

    /// The server's message in an error body: `{"error": {"message": …}}`, `{"error": "…"}`,
    /// `{"message": …}`, else the body itself (shortened).
    static func message(in body: Data) -> String {
        let text = String(decoding: body, as: UTF8.self)
        if let value = try? JSONParser.parse(text) {
            if let message = value["error"]?["message"]?.string ?? value["error"]?.string ?? value["message"]?.string {
                return message
            }
        }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? "no message" : String(trimmed.prefix(500))
    }
}
