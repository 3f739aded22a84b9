import Teletype

/// The output items of OpenAI's Responses API (also xAI's, Azure's, LM Studio's, Copilot's) read
/// as tool calls: what each tool is called, who runs it, its arguments and its result. Shared by
/// the stream (`output_item.added` / `.done`) and by transcripts of `input` and `output` items.
package enum ResponsesItems {
    /// A tool call an item describes.
    struct Call {
        var name: String
        var runsOnServer: Bool
        var arguments: JSONValue?
        var output: JSONValue?
        var error: String?
        var status: AIToolCallPart.Status?
        var approval: AIToolApproval?
    }

    /// The item types that carry a call's result rather than a call.
    package static let outputTypes: Set<String> = [
        "function_call_output", "custom_tool_call_output", "shell_call_output", "local_shell_call_output",
        "computer_call_output", "apply_patch_call_output", "mcp_approval_response",
    ]

    /// The call `item` describes, nil when it is not one (a message, reasoning, a result).
    static func call(_ item: JSONValue) -> Call? {
        guard let type = item["type"]?.string, type != "message", type != "reasoning", !outputTypes.contains(type)
        else { return nil }
        var call = Call(name: item["name"]?.string ?? "", runsOnServer: true, status: status(item["status"]?.string))
        switch type {
        case "function_call":
            call.runsOnServer = false
            call.arguments = parsed(item["arguments"])
        case "custom_tool_call":
            call.runsOnServer = false
            call.arguments = item["input"]?.string.map(JSONValue.string)
        case "web_search_call":
            call.name = call.name.isEmpty ? "web_search" : call.name
            let action = item["action"]
            call.arguments = parsed(item["arguments"]) ?? action.map(searchAction)
            if let sources = action?["sources"]?.array, !sources.isEmpty {
                call.output = .array(sources.map { ["url": $0["url"] ?? .null] })
            }
        case "file_search_call":
            call.name = "file_search"
            if let queries = item["queries"], queries.array?.isEmpty == false { call.arguments = ["queries": queries] }
            if let results = item["results"]?.array {
                call.output = .array(
                    results.map { ["filename": $0["filename"] ?? .null, "text": $0["text"] ?? .null] })
            }
        case "code_interpreter_call":
            call.name = "code_interpreter"
            if let code = item["code"]?.string { call.arguments = ["code": .string(code)] }
            let outputs = (item["outputs"]?.array ?? []).compactMap { output -> String? in
                output["logs"]?.string ?? output["url"]?.string.map { "image: " + $0 }
            }
            if !outputs.isEmpty { call.output = .string(outputs.joined(separator: "\n")) }
        case "image_generation_call":
            call.name = "image_generation"
            // The image itself (base64 `result`) is not text to show.
            var output = JSONObject()
            for key in ["revised_prompt", "size", "quality", "output_format", "background"] {
                if let value = item[key], value != .null { output[key] = value }
            }
            if !output.isEmpty { call.output = .object(output) }
        case "mcp_call", "mcp_approval_request":
            if let server = item["server_label"]?.string, !server.isEmpty { call.name = server + "." + call.name }
            call.arguments = parsed(item["arguments"])
            call.output = item["output"]?.present
            call.error = item["error"]?.string ?? item["error"]?["message"]?.string
            if type == "mcp_approval_request" {
                call.status = .awaitingApproval
                call.approval = AIToolApproval()
            }
        case "mcp_list_tools":
            call.name = "mcp_list_tools"
            if let server = item["server_label"] { call.arguments = ["server": server] }
            if let tools = item["tools"]?.array, !tools.isEmpty {
                call.output = .array(
                    tools.map { ["name": $0["name"] ?? .null, "description": $0["description"] ?? .null] })
            }
            call.error = item["error"]?.string
        case "shell_call":
            call.name = "shell"
            call.runsOnServer = item["environment"]?["type"]?.string?.hasPrefix("container") ?? false
            if let commands = item["action"]?["commands"], commands.array?.isEmpty == false {
                call.arguments = ["commands": commands]
            }
        case "local_shell_call":
            call.name = "local_shell"
            call.runsOnServer = false
            if let command = item["action"]?["command"]?.array {
                call.arguments = ["command": .string(command.compactMap(\.string).joined(separator: " "))]
            }
        case "apply_patch_call":
            call.name = "apply_patch"
            call.runsOnServer = false
            if let operation = item["operation"] {
                call.arguments = [
                    "type": operation["type"] ?? .null, "path": operation["path"] ?? .null,
                    "diff": operation["diff"] ?? .null,
                ]
            }
        case "computer_call":
            call.name = "computer"
            call.runsOnServer = false
            call.arguments = item["action"]
        default:
            // A hosted tool this version does not know: its name from its type, its fields as
            // arguments.
            call.name =
                call.name.isEmpty ? String(type.hasSuffix("_call") ? type.dropLast(5) : Substring(type)) : call.name
            var rest = item.object ?? JSONObject()
            for key in ["type", "id", "status", "call_id", "name"] { rest[key] = nil }
            call.arguments = rest.isEmpty ? JSONValue?.none : .object(rest)
        }
        return call
    }

    /// The result an output item (`function_call_output`, `shell_call_output`, …) carries.
    static func result(_ item: JSONValue) -> (callID: String, output: JSONValue?, error: String?)? {
        guard let type = item["type"]?.string, outputTypes.contains(type), let callID = item["call_id"]?.string else {
            return nil
        }
        switch item["output"] {
        case .array(let outputs)? where type == "shell_call_output":
            let text = outputs.map { output -> String in
                var lines = [output["stdout"]?.string, output["stderr"]?.string].compactMap { $0 }
                if let code = output["outcome"]?["exit_code"]?.integer, code != 0 { lines.append("exit code \(code)") }
                return lines.joined(separator: "\n")
            }
            return (callID, .string(text.joined(separator: "\n")), nil)
        case .array(let parts)?:
            let texts = parts.compactMap { $0["text"]?.string }
            return (callID, texts.isEmpty ? .array(parts) : .string(texts.joined(separator: "\n")), nil)
        case let output?: return (callID, output, nil)
        case nil: return (callID, nil, nil)
        }
    }

    /// A call's status as the item says it; searching and the like are running.
    static func status(_ status: String?) -> AIToolCallPart.Status? {
        switch status {
        case "completed": .completed
        case "failed", "incomplete": .failed
        case nil: nil
        default: .running
        }
    }

    /// A web search's action as arguments: what it searched for, opened or found.
    static func searchAction(_ action: JSONValue) -> JSONValue {
        var arguments = JSONObject()
        for key in ["query", "queries", "url", "pattern"] {
            if let value = action[key], value != .null { arguments[key] = value }
        }
        return .object(arguments)
    }

    /// Arguments given as JSON text, read as JSON (or kept as text when they are not).
    static func parsed(_ value: JSONValue?) -> JSONValue? {
        guard case .string(let text)? = value else { return value?.present }
        return ChunkTranslator.arguments(text)
    }
}
