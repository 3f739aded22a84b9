#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A step the agent took for a reply: reasoning, a tool call, a source it drew on, a refusal, or a
/// kind this version can't show, kept with its raw payload.
public enum AIMessagePart: Sendable, Hashable {
    /// The agent thinking.
    case reasoning(AIReasoningPart)
    /// The agent using a tool.
    case toolCall(AIToolCallPart)
    /// A source the reply drew on.
    case source(AISourcePart)
    /// The model declining to answer.
    case refusal(AIRefusalPart)
    /// A step of a kind, or version, this app can't show.
    case unsupported(AIUnsupportedPart)

    /// The part's identifier.
    public var id: String {
        switch self {
        case .reasoning(let part): part.id
        case .toolCall(let part): part.id
        case .source(let part): part.id
        case .refusal(let part): part.id
        case .unsupported(let part): part.id
        }
    }

    /// The newest payload version this app reads.
    public static let supportedVersion = 1

    /// The parts of a reply from its attachments, as `(type, payload)` pairs, in order: types
    /// without the `ai_` prefix are skipped, payloads are read leniently (invalid JSON is `{}`, a field
    /// of the wrong type or an empty string is missing), ids default to `"<type>-<position>"`.
    public static func parts(from attachments: [(type: String, payload: Data)]) -> [AIMessagePart] {
        attachments.enumerated().compactMap { position, attachment in
            guard attachment.type.hasPrefix("ai_") else { return nil }
            let value = attachment.payload.withUnsafeBytes { try? JSONParser.parse($0) }
            let payload = value?.object ?? JSONObject()
            return part(type: attachment.type, payload: payload, position: position)
        }
    }

    /// The part for one `ai_*` attachment's payload.
    public static func part(type: String, payload: JSONObject, position: Int) -> AIMessagePart {
        let id = payload["id"]?.string ?? "\(type)-\(position)"
        let version = payload["v"]?.integer ?? 1
        guard version <= supportedVersion else {
            return .unsupported(AIUnsupportedPart(id: id, type: type, version: version, payload: payload))
        }
        switch type {
        case "ai_reasoning": return .reasoning(AIReasoningPart(id: id, payload: payload))
        case "ai_tool_call": return .toolCall(AIToolCallPart(id: id, payload: payload))
        case "ai_source": return .source(AISourcePart(id: id, payload: payload))
        case "ai_refusal": return .refusal(AIRefusalPart(id: id, payload: payload))
        default: return .unsupported(AIUnsupportedPart(id: id, type: type, version: version, payload: payload))
        }
    }

    /// The part as a Stream Chat attachment: its type and payload.
    public var attachment: (type: String, payload: JSONObject) {
        switch self {
        case .reasoning(let part): ("ai_reasoning", part.payload)
        case .toolCall(let part): ("ai_tool_call", part.payload)
        case .source(let part): ("ai_source", part.payload)
        case .refusal(let part): ("ai_refusal", part.payload)
        case .unsupported(let part): (part.type, part.payload)
        }
    }
}

/// A step this version can't show, kept as it came.
public struct AIUnsupportedPart: Sendable, Hashable {
    /// The part's id, unique in its message.
    public var id: String
    /// The attachment type, such as `ai_citation`.
    public var type: String
    /// The payload version.
    public var version: Int
    /// The payload as it came.
    public var payload: JSONObject

    /// Keeps a part of a type this version does not know.
    public init(id: String, type: String, version: Int, payload: JSONObject) {
        self.id = id
        self.type = type
        self.version = version
        self.payload = payload
    }
}
