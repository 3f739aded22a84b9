import Foundation
import Teletype

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where Gemini is and how to talk to it: Google AI's API, or any server that speaks
/// `streamGenerateContent`.
public struct GeminiConfiguration: Sendable, Equatable {
    /// The server (`https://generativelanguage.googleapis.com`), or the full
    /// `…:streamGenerateContent` address.
    public var endpoint: URL
    /// The model to ask, such as `gemini-2.5-flash`.
    public var model: String
    /// The API key, sent as `x-goog-api-key`.
    public var apiKey: String?
    /// A system instruction.
    public var system: String?

    /// A configuration for `model` at `endpoint`.
    public init(
        endpoint: URL = URL(string: "https://generativelanguage.googleapis.com")!, model: String,
        apiKey: String? = nil, system: String? = nil
    ) {
        self.endpoint = endpoint
        self.model = model
        self.apiKey = apiKey
        self.system = system
    }

    /// The address requests go to, streaming as server-sent events.
    public var streamURL: URL {
        var url = endpoint
        if !url.path.contains(":streamGenerateContent") {
            if url.path.isEmpty || url.path == "/" { url = url.appendingPathComponent("v1beta") }
            url = url.appendingPathComponent("models").appendingPathComponent(model + ":streamGenerateContent")
        }
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var query = components?.queryItems ?? []
        if !query.contains(where: { $0.name == "alt" }) { query.append(URLQueryItem(name: "alt", value: "sse")) }
        components?.queryItems = query
        return components?.url ?? url
    }
}

/// A conversation with Gemini over `streamGenerateContent?alt=sse`: text, thoughts, function
/// calls (whole or with arguments streamed by JSONPath), code the model runs, grounding sources,
/// safety stops as refusals, and the API's errors.
@MainActor
public final class GeminiTransport: SSEChatTransport {
    /// The server and model.
    public let configuration: GeminiConfiguration

    /// A transport to the server `configuration` names, after `history` (shown `historyPageSize`
    /// messages at a time; `nil` shows it all). The server always gets all of it.
    public init(configuration: GeminiConfiguration, history: [Message] = [], historyPageSize: Int? = nil) {
        self.configuration = configuration
        super.init(format: .gemini, history: history, historyPageSize: historyPageSize)
    }

    override func httpRequest(for messages: [Message], request: AIConversationRequest<Message>) throws -> URLRequest {
        var http = URLRequest(url: configuration.streamURL)
        http.httpMethod = "POST"
        http.setValue("application/json", forHTTPHeaderField: "Content-Type")
        http.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        if let key = configuration.apiKey, !key.isEmpty { http.setValue(key, forHTTPHeaderField: "x-goog-api-key") }
        http.httpBody = Data(
            try Self.body(for: messages, configuration: configuration, attachments: request.attachments).utf8)
        return http
    }

    /// The request body: `contents` of `user` and `model` turns (system messages join the system
    /// instruction), files the user attached as inline data (text files as text).
    static func body(for messages: [Message], configuration: GeminiConfiguration, attachments: [URL]) throws -> String {
        var contents: [JSONValue] = []
        var system: [String] = configuration.system.map { [$0] } ?? []
        for (index, message) in messages.enumerated() {
            if message.role == .system {
                system.append(message.text)
                continue
            }
            var parts: [JSONValue] = [["text": .string(message.text)]]
            if index == messages.count - 1 {
                for file in attachments {
                    let data = try Data(contentsOf: file)
                    let attachment = AIMessageAttachment(url: file.absoluteString, name: file.lastPathComponent)
                    if attachment.kind == .image || attachment.mimeType == "application/pdf" {
                        let mime = attachment.mimeType ?? "application/octet-stream"
                        parts.append(
                            ["inlineData": ["mimeType": .string(mime), "data": .string(data.base64EncodedString())]])
                    } else {
                        let text = String(decoding: data, as: UTF8.self)
                        parts.append(["text": .string("\(file.lastPathComponent):\n```\n\(text)\n```")])
                    }
                }
            }
            let role = message.role.isUser ? "user" : "model"
            contents.append(["role": .string(role), "parts": .array(parts)])
        }
        var body = JSONObject([("contents", .array(contents))])
        let instruction = system.filter { !$0.isEmpty }.joined(separator: "\n\n")
        if !instruction.isEmpty { body["systemInstruction"] = ["parts": [["text": .string(instruction)]]] }
        return JSONValue.object(body).jsonText
    }
}
