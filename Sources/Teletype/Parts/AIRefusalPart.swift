/// The model declined to answer (OpenAI's `refusal`, Anthropic's `stop_reason: refusal`): shown as
/// a refusal, with what the model said about it when it said something.
public struct AIRefusalPart: Sendable, Hashable {
    /// The part's id, unique in its message.
    public var id: String
    /// The payload version (`v`).
    public var version: Int
    /// What the model said, if anything.
    public var text: String?
    /// Why, as the provider categorises it (`cyber`, `content_filter`, …), if it says.
    public var reason: String?

    /// Makes a refusal, with what the model said and why when known.
    public init(id: String, version: Int = 1, text: String? = nil, reason: String? = nil) {
        self.id = id
        self.version = version
        self.text = text
        self.reason = reason
    }

    /// Reads an `ai_refusal` payload leniently.
    public init(id: String, payload: JSONObject) {
        self.init(
            id: id, version: payload["v"]?.integer ?? 1, text: payload["text"]?.string,
            reason: payload["reason"]?.string)
    }

    /// The payload in the Stream Chat shape (`ai_refusal`).
    public var payload: JSONObject {
        var object = JSONObject()
        object["id"] = .string(id)
        object["v"] = .number(Double(version))
        if let text { object["text"] = .string(text) }
        if let reason { object["reason"] = .string(reason) }
        return object
    }
}
