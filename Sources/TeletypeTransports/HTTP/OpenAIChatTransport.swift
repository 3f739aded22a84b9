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

    /// The address Responses API requests go to (`…/v1/responses`).
    public var responsesURL: URL {
        if endpoint.path.hasSuffix("/responses") { return endpoint }
        var base = endpoint
        if base.path.hasSuffix("/chat/completions") {
            base = base.deletingLastPathComponent().deletingLastPathComponent()
        }
        if base.path.isEmpty || base.path == "/" { base = base.appendingPathComponent("v1") }
        return base.appendingPathComponent("responses")
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

    /// A streaming POST of `body` (JSON) to `url`, with the API key as a bearer token.
    func streamingRequest(to url: URL, body: String) -> URLRequest {
        var http = URLRequest(url: url)
        http.httpMethod = "POST"
        http.setValue("application/json", forHTTPHeaderField: "Content-Type")
        http.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        if let apiKey, !apiKey.isEmpty { http.setValue("Bearer \(apiKey)", forHTTPHeaderField: "Authorization") }
        http.httpBody = Data(body.utf8)
        return http
    }
}

/// What went wrong talking to the server.
public enum OpenAIChatError: Error, Sendable, Equatable, LocalizedError {
    /// The server answered with an error status; its message, when it gave one.
    case http(status: Int, message: String)
    /// The address is not one a request can go to.
    case badEndpoint(String)

    /// What went wrong, in a sentence.
    public var errorDescription: String? {
        switch self {
        case .http(let status, let message): return "the server answered \(status): \(message)"
        case .badEndpoint(let text): return "'\(text)' is not an http(s) address"
        }
    }
}

/// A conversation with an OpenAI-compatible server, over `/v1/chat/completions` with `stream: true`:
/// text deltas, `reasoning_content` as a reasoning step, tool calls as tool-call parts.
@MainActor
public final class OpenAIChatTransport: SSEChatTransport {
    /// The server and model.
    public let configuration: OpenAIChatConfiguration

    /// A transport to the server `configuration` names, after `history` (shown `historyPageSize`
    /// messages at a time, older pages on request; `nil` shows it all). The server always gets all of it.
    public init(configuration: OpenAIChatConfiguration, history: [Message] = [], historyPageSize: Int? = nil) {
        self.configuration = configuration
        super.init(format: .openai, history: history, historyPageSize: historyPageSize)
    }

    override func httpRequest(for messages: [Message], request: AIConversationRequest<Message>) throws -> URLRequest {
        configuration.streamingRequest(
            to: configuration.completionsURL,
            body: try Self.body(for: messages, configuration: configuration, attachments: request.attachments))
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
