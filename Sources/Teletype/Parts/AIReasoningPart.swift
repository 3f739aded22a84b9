/// The agent thinking: streaming with a preview of its latest thoughts, then completed with a
/// one-line summary.
public struct AIReasoningPart: Sendable, Hashable {
    /// Whether the agent is still thinking. An open set.
    public struct Status: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
        /// The status's name, such as `streaming`.
        public let rawValue: String
        /// The status called `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The status a string literal names.
        public init(stringLiteral value: String) { self.rawValue = value }
        /// Still thinking.
        public static let streaming = Status(rawValue: "streaming")
        /// Done.
        public static let completed = Status(rawValue: "completed")
    }

    /// The part's id, unique in its message.
    public var id: String
    /// The payload version (`v`).
    public var version: Int
    /// Streaming or completed (the default).
    public var status: Status
    /// One line once done.
    public var summary: String?
    /// A capped excerpt: the latest thoughts while streaming, the opening once done.
    public var preview: String?
    /// How long the agent thought, in seconds.
    public var duration: Double?

    /// Makes a reasoning step; completed unless a status says otherwise.
    public init(
        id: String, version: Int = 1, status: Status = .completed, summary: String? = nil, preview: String? = nil,
        duration: Double? = nil
    ) {
        self.id = id
        self.version = version
        self.status = status
        self.summary = summary
        self.preview = preview
        self.duration = duration
    }

    /// Reads an `ai_reasoning` payload leniently.
    public init(id: String, payload: JSONObject) {
        self.init(
            id: id, version: payload["v"]?.integer ?? 1,
            status: payload["status"]?.string.map(Status.init(rawValue:)) ?? .completed,
            summary: payload["summary"]?.string, preview: payload["preview"]?.string,
            duration: payload["duration_ms"]?.number.map { $0 / 1000 })
    }

    /// Whether the agent is still thinking.
    public var isStreaming: Bool { status == .streaming }

    /// The payload in the Stream Chat shape.
    public var payload: JSONObject {
        var object = JSONObject()
        object["id"] = .string(id)
        object["v"] = .number(Double(version))
        object["status"] = .string(status.rawValue)
        if let summary { object["summary"] = .string(summary) }
        if let preview { object["preview"] = .string(preview) }
        if let duration { object["duration_ms"] = .number((duration * 1000).rounded()) }
        return object
    }
}
