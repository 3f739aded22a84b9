import Foundation
import Teletype

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A conversation over OpenAI's Responses API (`/v1/responses` with `stream: true`), which the
/// Agents SDK and Codex use: reasoning summaries, function calls, hosted tools (web search, code
/// interpreter, …) with their results, citations as sources, refusals, and the provider's errors.
@MainActor
public final class OpenAIResponsesTransport: SSEChatTransport {
    /// The server and model.
    public let configuration: OpenAIChatConfiguration

    /// A transport to the server `configuration` names, after `history` (shown `historyPageSize`
    /// messages at a time; `nil` shows it all). The server always gets all of it.
    public init(configuration: OpenAIChatConfiguration, history: [Message] = [], historyPageSize: Int? = nil) {
        self.configuration = configuration
        super.init(format: .openaiResponses, history: history, historyPageSize: historyPageSize)
    }

    override func httpRequest(for messages: [Message], request: AIConversationRequest<Message>) throws -> URLRequest {
        configuration.streamingRequest(
            to: configuration.responsesURL,
            body: try Self.body(for: messages, configuration: configuration, attachments: request.attachments))
    }

    /// The request body: the model, `stream: true`, the system prompt as `instructions`, and the
    /// conversation as input messages. Images the user attached go as data URLs; other files as
    /// text in a fenced block named by the file.
    static func body(
        for messages: [Message], configuration: OpenAIChatConfiguration, attachments: [URL]
    ) throws -> String {
        var input: [JSONValue] = []
        for (index, message) in messages.enumerated() {
            let role: String
            switch message.role {
            case .user: role = "user"
            case .system: role = "developer"
            default: role = "assistant"
            }
            guard index == messages.count - 1, !attachments.isEmpty else {
                input.append(["role": .string(role), "content": .string(message.text)])
                continue
            }
            var parts: [JSONValue] = [["type": "input_text", "text": .string(message.text)]]
            for file in attachments {
                let data = try Data(contentsOf: file)
                if AIMessageAttachment(url: file.absoluteString, name: file.lastPathComponent).kind == .image {
                    let type = file.pathExtension.lowercased()
                    let url = "data:image/\(type == "jpg" ? "jpeg" : type);base64,\(data.base64EncodedString())"
                    parts.append(["type": "input_image", "image_url": .string(url)])
                } else {
                    let text = String(decoding: data, as: UTF8.self)
                    parts.append(
                        ["type": "input_text", "text": .string("\(file.lastPathComponent):\n```\n\(text)\n```")])
                }
            }
            input.append(["role": .string(role), "content": .array(parts)])
        }
        var body: JSONObject = JSONObject([
            ("model", .string(configuration.model)), ("stream", true), ("input", .array(input)),
        ])
        if let system = configuration.system, !system.isEmpty { body["instructions"] = .string(system) }
        return JSONValue.object(body).jsonText
    }
}
