import Foundation
import Teletype

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where an OpenAI-compatible server is and how to talk to it (OpenAI, llama.cpp's server, Ollama,
/// vLLM, …).
public struct OpenAIChatConfiguration: Sendable, Equatable {
    /// The server: its base (`http://localhost:11434/v1`) or the full `…/chat/completions` address.
    public var endpoint: URL
    /// The model to ask.
    public var model: String
    /// The API key, sent as a bearer token.
    public var apiKey: String?
    /// A system prompt, sent first.
    public var system: String?

    /// A configuration for `model` at `endpoint`.
    public init(endpoint: URL, model: String, apiKey: String? = nil, system: String? = nil) {
        self.endpoint = endpoint
        self.model = model
        self.apiKey = apiKey
        self.system = system
    }

    /// The address requests go to.
    public var completionsURL: URL {
        if endpoint.path.hasSuffix("/chat/completions") { return endpoint }
        if endpoint.path.isEmpty || endpoint.path == "/" {
            return endpoint.appendingPathComponent("v1").appendingPathComponent("chat").appendingPathComponent(
                "completions")
        }
        return endpoint.appendingPathComponent("chat").appendingPathComponent("completions")
    }
}

/// What went wrong talking to the server.
public enum OpenAIChatError: Error, Sendable, Equatable, LocalizedError {
    /// The server answered with an error status; its message, when it gave one.
    case http(status: Int, message: String)
    /// The address is not one a request can go to.
    case badEndpoint(String)

    public var errorDescription: String? {
        switch self {
        case .http(let status, let message): return "the server answered \(status): \(message)"
        case .badEndpoint(let text): return "'\(text)' is not an http(s) address"
        }
    }
}

/// A conversation with an OpenAI-compatible server, over `/v1/chat/completions` with `stream: true`:
/// text deltas, `reasoning_content` as a reasoning step, tool calls as tool-call parts. ``stop()``
/// drops the request; an HTTP error is the request's error with the server's message; a connection
/// that drops mid-reply is the agent's error, and the text so far stays.
@MainActor
public final class OpenAIChatTransport: AIConversationTransport {
    public typealias Message = Teletype.Message

    /// The server and model.
    public let configuration: OpenAIChatConfiguration
    private var feed: AIConversationFeed<Message>?
    private var conversation: StreamedConversation
    private var stream: HTTPStream?
    private var reply: ReplyState?
    private let started = Date()
    /// Replies asked for so far: each reply's ids get the count, as servers may reuse theirs.
    private var asked = 0

    /// What arrives for the reply being written.
    private struct ReplyState {
        var decoder = ServerSentEventDecoder()
        var translator = ChunkTranslator(format: .openai)
        var finished = false
        var failed = false
        var suffix: String
    }

    /// A transport to the server `configuration` names, after `history`.
    public init(configuration: OpenAIChatConfiguration, history: [Message] = []) {
        self.configuration = configuration
        self.conversation = StreamedConversation(messages: history)
    }

    public func connect(_ feed: AIConversationFeed<Message>) {
        self.feed = feed
        feed.update(messages: conversation.messages)
    }

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
        feed?.update(messages: conversation.messages)
        let body = try Self.body(
            for: conversation.messages, configuration: configuration, attachments: request.attachments)
        var http = URLRequest(url: configuration.completionsURL)
        http.httpMethod = "POST"
        http.setValue("application/json", forHTTPHeaderField: "Content-Type")
        http.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        if let key = configuration.apiKey, !key.isEmpty {
            http.setValue("Bearer \(key)", forHTTPHeaderField: "Authorization")
        }
        http.httpBody = Data(body.utf8)
        let stream = HTTPStream(request: http)
        self.stream = stream
        asked += 1
        reply = ReplyState(suffix: "-\(asked)")
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

    public func stop() async throws {
        stream?.cancel()
        stream = nil
        if reply != nil {
            conversation.apply(.done(messageID: nil), at: now)
            reply = nil
            feed?.update(messages: conversation.messages)
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
            if let message = chunk["error"]?["message"]?.string ?? chunk["error"]?.string {
                state.failed = true
                reply = state
                fail(message)
                return
            }
            do throws(TranscriptProblem) {
                for (_, streamEvent) in try state.translator.events(for: chunk, eventName: event.name) {
                    conversation.apply(streamEvent.renamingMessages(suffix: state.suffix), at: now)
                    changed = true
                }
            } catch {
                state.failed = true
                reply = state
                fail(
                    "the server sent a chunk that is not a chat completion chunk (line \(event.line)): \(error.message)"
                )
                return
            }
            if chunk["choices"]?.array?.first?["finish_reason"]?.string != nil { state.finished = true }
        }
        reply = state
        if changed { feed?.update(messages: conversation.messages) }
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
        feed?.update(messages: conversation.messages)
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
        feed?.update(messages: conversation.messages)
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

    /// The request body: the model, `stream: true`, and the conversation in OpenAI's shape. Images
    /// the user attached go as data URLs; other files as text in a fenced block named by the file.
    static func body(
        for messages: [Message], configuration: OpenAIChatConfiguration, attachments: [URL]
    ) throws -> String {
        var list: [JSONValue] = []
        if let system = configuration.system, !system.isEmpty {
            list.append(["role": "system", "content": .string(system)])
        }
        for (index, message) in messages.enumerated() {
            let role: String
            switch message.role {
            case .user: role = "user"
            case .system: role = "system"
            default: role = "assistant"
            }
            guard index == messages.count - 1, !attachments.isEmpty else {
                list.append(["role": .string(role), "content": .string(message.text)])
                continue
            }
            var parts: [JSONValue] = [["type": "text", "text": .string(message.text)]]
            for file in attachments {
                let data = try Data(contentsOf: file)
                let kind = AIMessageAttachment(url: file.absoluteString, name: file.lastPathComponent).kind
                if kind == .image {
                    let type = file.pathExtension.lowercased() == "png" ? "png" : file.pathExtension.lowercased()
                    let url = "data:image/\(type == "jpg" ? "jpeg" : type);base64,\(data.base64EncodedString())"
                    parts.append(["type": "image_url", "image_url": ["url": .string(url)]])
                } else {
                    let text = String(decoding: data, as: UTF8.self)
                    parts.append(["type": "text", "text": .string("\(file.lastPathComponent):\n```\n\(text)\n```")])
                }
            }
            list.append(["role": .string(role), "content": .array(parts)])
        }
        let body: JSONValue = [
            "model": .string(configuration.model), "stream": true, "messages": .array(list),
        ]
        return body.jsonText
    }
}
