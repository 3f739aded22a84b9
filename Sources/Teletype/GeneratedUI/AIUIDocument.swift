/// UI the agent wrote for a reply (the `ai_ui` field): shown in place of the reply's text when a
/// renderer for its format is installed.
public struct AIUIDocument: Sendable, Hashable {
    /// The document's format, such as `openui` or `a2ui`.
    public var format: String
    /// The format's version.
    public var version: Int
    /// Whether the agent is still writing it, such as `streaming`.
    public var status: String?
    /// The document itself.
    public var content: String

    /// Makes a document of a format from its content.
    public init(format: String, version: Int = 1, status: String? = nil, content: String) {
        self.format = format
        self.version = version
        self.status = status
        self.content = content
    }

    /// Reads an `ai_ui` object leniently; `nil` without a format. The content is text, or JSON (an
    /// A2UI message list written as an array or object), kept as its JSON text.
    public init?(payload: JSONObject) {
        guard let format = payload["format"]?.string else { return nil }
        let content: String
        switch payload["content"] {
        case .string(let text): content = text
        case .array, .object: content = payload["content"]!.jsonText
        default: content = ""
        }
        self.init(
            format: format, version: payload["v"]?.integer ?? 1, status: payload["status"]?.string, content: content)
    }

    /// The object in the Stream Chat shape.
    public var payload: JSONObject {
        var object = JSONObject()
        object["v"] = .number(Double(version))
        object["format"] = .string(format)
        if let status { object["status"] = .string(status) }
        object["content"] = .string(content)
        return object
    }
}
