import Teletype

/// A2UI messages a transcript carries outside `ai_ui`: in a Vercel `data-*` part, or in a tool's
/// result. They become the reply's generated UI (format `a2ui`, one message a line).
enum A2UIMessagesFound {
    static let kinds: Set<String> = ["createSurface", "updateComponents", "updateDataModel", "deleteSurface"]

    /// The A2UI messages in `value`: itself, a list of them, or those under `a2ui` or `messages`.
    static func messages(in value: JSONValue?) -> [JSONValue] {
        switch value {
        case .object(let object)?:
            if object.keys.contains(where: kinds.contains) { return [.object(object)] }
            if let inner = object["a2ui"] ?? object["messages"] { return messages(in: inner) }
            return []
        case .array(let items)?:
            let found = items.flatMap { messages(in: $0) }
            return found
        case .string(let text)?:
            // A result given as text: JSON, or JSONL.
            if let parsed = try? JSONParser.parse(text) { return messages(in: parsed) }
            return text.split(separator: "\n").flatMap { line in
                (try? JSONParser.parse(String(line))).map { messages(in: $0) } ?? []
            }
        default:
            return []
        }
    }

    /// `message` with `found` added to its generated UI.
    static func add(_ found: [JSONValue], to message: inout Message) {
        guard !found.isEmpty else { return }
        let lines = found.map(\.jsonText).joined(separator: "\n")
        if var document = message.uiDocument, document.format == "a2ui" {
            document.content += (document.content.isEmpty ? "" : "\n") + lines
            message.uiDocument = document
        } else if message.uiDocument == nil {
            message.uiDocument = AIUIDocument(format: "a2ui", content: lines)
        }
    }
}
