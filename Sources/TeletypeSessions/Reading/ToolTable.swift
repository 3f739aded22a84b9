import Teletype
import TeletypeTranscripts

/// An agent's names for the tools it calls, each mapped onto what the tool does: a reader makes
/// its calls with ``call(id:name:arguments:)`` and they are drawn by what they do (a command and its
/// output, an edit as a diff, a read as one line), whatever the agent calls them. A new agent is a
/// reader and one of these tables.
struct ToolTable: Sendable {
    private let kinds: [String: AIToolCallPart.Kind]

    /// A table of `pairs`: an agent's tool name (matched without regard to case) and its kind.
    init(_ pairs: KeyValuePairs<String, AIToolCallPart.Kind>) {
        var kinds: [String: AIToolCallPart.Kind] = [:]
        for (name, kind) in pairs { kinds[name.lowercased()] = kind }
        self.kinds = kinds
    }

    /// What the tool called `name` does, when the table knows it.
    func kind(of name: String) -> AIToolCallPart.Kind? { kinds[name.lowercased()] }

    /// A call of the tool `name`, its kind set from the table.
    func call(
        id: String, name: String, arguments: JSONValue?, status: AIToolCallPart.Status = .running
    ) -> AIToolCallPart {
        var call = AIToolCallPart(id: id, name: name, status: status, executor: .client, arguments: arguments)
        call.kind = kind(of: name)
        return call
    }

    /// Arguments as agents write them: an object, or an object in a JSON string.
    static func arguments(_ value: JSONValue?) -> JSONValue? {
        if case .string(let text)? = value, let parsed = try? JSONParser.parse(text), parsed.object != nil {
            return parsed
        }
        return value
    }
}
