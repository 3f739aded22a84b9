import Teletype
import TeletypeTranscripts

/// A rollout line written without the `{timestamp, type, payload}` envelope, as early and drifted
/// Codex builds (and tools that rewrite rollouts) leave them: `{created_at, role, message|content}`
/// for a message, `{type: "function_call", function{name}, arguments}` for a call and
/// `{type: "function_result", name, result}` for its result. Each is turned into the Responses item
/// it stands for, so that it is read as the enveloped ones are.
struct CodexLooseRecord {
    /// The calls made and not yet answered, by name, oldest first: a loose result names its call's
    /// tool, not its id.
    private var pending: [String: [String]] = [:]

    /// The Responses item a loose record stands for, or nil when it is not one.
    mutating func item(_ record: JSONValue, position: Int) -> JSONValue? {
        if let role = record["role"]?.string {
            let said = record["message"] ?? record["content"] ?? .null
            let content: JSONValue
            if let text = said.string {
                content = [
                    ["type": .string(role == "assistant" ? "output_text" : "input_text"), "text": .string(text)]
                ]
            } else {
                content = said
            }
            let item: JSONValue = ["type": "message", "role": .string(role), "content": content]
            return item
        }
        switch record["type"]?.string {
        case "function_call":
            let name = record["function"]?["name"]?.string ?? record["name"]?.string ?? "tool"
            let id = record["call_id"]?.string ?? record["id"]?.string ?? "loose-call-\(position)"
            pending[name, default: []].append(id)
            let arguments: JSONValue = record["arguments"] ?? record["function"]?["arguments"] ?? .string("{}")
            let item: JSONValue = [
                "type": "function_call", "name": .string(name), "call_id": .string(id),
                "arguments": .string(arguments.string ?? arguments.jsonText),
            ]
            return item
        case "function_result", "function_call_output":
            let name = record["name"]?.string ?? ""
            guard let id = record["call_id"]?.string ?? pending[name]?.first else { return nil }
            if pending[name]?.first == id { pending[name]?.removeFirst() }
            let output = record["result"] ?? record["output"] ?? .null
            let item: JSONValue = [
                "type": "function_call_output", "call_id": .string(id),
                "output": .string(output.string ?? output.jsonText),
            ]
            return item
        default:
            return nil
        }
    }
}
