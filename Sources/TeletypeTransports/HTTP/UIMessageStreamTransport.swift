import Foundation
import Teletype

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A conversation with a Vercel AI SDK backend (a route that answers `useChat`): the request is the
/// chat's id, its messages as UI messages and the trigger; the reply streams back in the UI message
/// stream protocol (text, reasoning, tool input and output, errors, finish).
@MainActor
public final class UIMessageStreamTransport: SSEChatTransport {
    /// The backend's chat route, such as `http://localhost:3000/api/chat`.
    public let endpoint: URL
    /// The chat's id, sent with every request.
    public let chatID: String
    /// Headers sent with every request, such as an authorization.
    public let headers: [String: String]

    /// A transport to the chat route at `endpoint`, after `history` (shown `historyPageSize` messages
    /// at a time, older pages on request; `nil` shows it all).
    public init(
        endpoint: URL, chatID: String = UUID().uuidString, headers: [String: String] = [:], history: [Message] = [],
        historyPageSize: Int? = nil
    ) {
        self.endpoint = endpoint
        self.chatID = chatID
        self.headers = headers
        super.init(format: .vercel, history: history, historyPageSize: historyPageSize)
    }

    override func httpRequest(for messages: [Message], request: AIConversationRequest<Message>) throws -> URLRequest {
        var http = URLRequest(url: endpoint)
        http.httpMethod = "POST"
        http.setValue("application/json", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers { http.setValue(value, forHTTPHeaderField: name) }
        http.httpBody = Data(Self.body(for: messages, chatID: chatID, request: request).utf8)
        return http
    }

    /// The body `useChat` sends: `{id, messages, trigger, messageId?}`, each message with its text
    /// as a text part and its files as file parts.
    static func body(for messages: [Message], chatID: String, request: AIConversationRequest<Message>) -> String {
        let list: [JSONValue] = messages.map { message in
            var parts: [JSONValue] = []
            if !message.text.isEmpty { parts.append(["type": "text", "text": .string(message.text)]) }
            for file in message.attachments {
                parts.append([
                    "type": "file", "url": .string(file.url ?? ""),
                    "mediaType": .string(file.mimeType ?? "application/octet-stream"),
                    "filename": file.name.map(JSONValue.string) ?? .null,
                ])
            }
            let role = message.role.isUser ? "user" : message.role == .system ? "system" : "assistant"
            return ["id": .string(message.id), "role": .string(role), "parts": .array(parts)]
        }
        var body: JSONValue = [
            "id": .string(chatID), "messages": .array(list),
            "trigger": .string(request.kind == .regenerate ? "regenerate-message" : "submit-message"),
        ]
        if request.kind == .regenerate, let old = request.message, case .object(var object) = body {
            object["messageId"] = .string(old.id)
            body = .object(object)
        }
        return body.jsonText
    }
}
