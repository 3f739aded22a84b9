import Teletype

extension ChunkTranslator {
    /// OpenAI Responses API events (also xAI, Azure, LM Studio, GitHub Copilot): output items —
    /// messages, reasoning, function and custom tool calls, hosted tools (web and file search, code
    /// interpreter, image generation, MCP, shell, apply_patch) — joined by their `output_index`, as
    /// some servers give every event a new item id; annotations become sources; refusals, failures
    /// and `error` events are shown.
    mutating func openAIResponses(_ value: JSONValue, eventName: String?) -> [StreamEvent] {
        let type = value["type"]?.string ?? eventName ?? ""
        let index = value["output_index"]?.integer ?? 0
        let key = "item-\(index)"
        switch type {
        case "response.created":
            responseID = value["response"]?["id"]?.string
            return startReply(responseID)
        case "response.in_progress", "response.queued":
            return replyID == nil || done ? startReply(value["response"]?["id"]?.string) : []
        case "response.output_item.added", "response.output_item.done":
            guard let item = value["item"] else { return [] }
            return responsesItem(item, index: index, isDone: type.hasSuffix(".done"))
        case "response.output_text.delta":
            if textStarts[index] == nil { textStarts[index] = replyText.utf8.count }
            notes["text-\(index)"] = "streamed"
            return text(value["delta"]?.string ?? "")
        case "response.output_text.done":
            guard notes["text-\(index)"] != "done", case .string(let whole)? = value["text"] else { return [] }
            notes["text-\(index)"] = "done"
            return completeText(whole, item: index)
        case "response.refusal.delta":
            notes["refusal-\(index)"] = "streamed"
            return refuse(value["delta"]?.string)
        case "response.refusal.done":
            guard notes["refusal-\(index)"] == nil else { return [] }
            notes["refusal-\(index)"] = "done"
            return refuse(value["refusal"]?.string)
        case "response.output_text.annotation.added":
            return responsesAnnotation(value["annotation"])
        case "response.reasoning_summary_part.added":
            let summary = value["summary_index"]?.integer ?? 0
            return summary > 0 ? thought("\n\n", partID: "reasoning-\(index)") : []
        case "response.reasoning_summary_text.delta", "response.reasoning_text.delta":
            notes["thought-\(index)"] = "streamed"
            return thought(value["delta"]?.string ?? "", partID: "reasoning-\(index)")
        case "response.reasoning_summary_text.done", "response.reasoning_text.done":
            guard notes["thought-\(index)"] == nil else { return [] }
            notes["thought-\(index)"] = "done"
            return thought(value["text"]?.string ?? "", partID: "reasoning-\(index)")
        case "response.function_call_arguments.delta", "response.custom_tool_call_input.delta",
            "response.mcp_call_arguments.delta":
            // Read whole when they are done; until then the card shows the call.
            guard hasTool(key) else { return [] }
            tools[scopedToolKey(key)]?.arguments += value["delta"]?.string ?? ""
            return []
        case "response.function_call_arguments.done", "response.mcp_call_arguments.done":
            guard hasTool(key) else { return [] }
            let text = value["arguments"]?.string ?? tools[scopedToolKey(key)]?.arguments ?? ""
            return updateTool(scopedToolKey(key)) { $0.part.arguments = Self.arguments(text) }
        case "response.custom_tool_call_input.done":
            guard hasTool(key) else { return [] }
            let text = value["input"]?.string ?? tools[scopedToolKey(key)]?.arguments ?? ""
            return updateTool(scopedToolKey(key)) { $0.part.arguments = text.isEmpty ? JSONValue?.none : .string(text) }
        case "response.code_interpreter_call_code.delta", "response.code_interpreter_call_code.done":
            return streamedArgument(key, name: "code", value: value, isDone: type.hasSuffix(".done"), field: "code")
        case "response.apply_patch_call_operation_diff.delta", "response.apply_patch_call_operation_diff.done":
            return streamedArgument(key, name: "diff", value: value, isDone: type.hasSuffix(".done"), field: "diff")
        case "response.shell_call_command.added", "response.shell_call_command.delta",
            "response.shell_call_command.done":
            return shellCommand(key, value: value, type: type)
        case "response.completed":
            return responsesCompleted(value["response"])
        case "response.incomplete":
            let reason = value["response"]?["incomplete_details"]?["reason"]?.string
            var events = responsesCompleted(value["response"])
            events += fail(code: "incomplete", message: reason.map { "the reply stopped early (\($0))" })
            return events
        case "response.failed":
            return fail(value["response"]?["error"])
        case "error":
            if let error = value["error"], error.object != nil { return fail(error) }
            return fail(code: value["code"]?.string, message: value["message"]?.string)
        default:
            // A hosted tool's progress: `response.web_search_call.searching`, `….completed`, ….
            guard type.hasPrefix("response."), hasTool(key) else { return [] }
            if type.hasSuffix(".failed") {
                return updateTool(scopedToolKey(key)) { $0.part.status = .failed }
            }
            if type.hasSuffix(".completed") {
                return updateTool(scopedToolKey(key)) { $0.part.status = .completed }
            }
            return []
        }
    }

    /// An output item appears (`isDone` false) or is complete.
    private mutating func responsesItem(_ item: JSONValue, index: Int, isDone: Bool) -> [StreamEvent] {
        let key = "item-\(index)"
        switch item["type"]?.string {
        case "message":
            var events: [StreamEvent] = []
            if !isDone {
                events += newParagraph()
                textStarts[index] = replyText.utf8.count
                return events
            }
            var texts: [String] = []
            for content in item["content"]?.array ?? [] {
                switch content["type"]?.string {
                case "refusal":
                    if notes["refusal-\(index)"] == nil { events += refuse(content["refusal"]?.string) }
                default:
                    if case .string(let said)? = content["text"] { texts.append(said) }
                    for annotation in content["annotations"]?.array ?? [] { events += responsesAnnotation(annotation) }
                }
            }
            if notes["text-\(index)"] != "done", !texts.isEmpty {
                if textStarts[index] == nil { events += newParagraph() }
                events += completeText(texts.joined(separator: "\n\n"), item: index)
            }
            notes["text-\(index)"] = "done"
            return events
        case "reasoning":
            let partID = "reasoning-\(index)"
            if !isDone { return reasoning[partID] == nil ? startReasoning(partID) : [] }
            var events = reasoning[partID] == nil ? startReasoning(partID) : []
            if notes["thought-\(index)"] == nil {
                let summary = (item["summary"]?.array ?? []).compactMap { $0["text"]?.string }
                let content = (item["content"]?.array ?? []).compactMap { $0["text"]?.string }
                events += thought((summary.isEmpty ? content : summary).joined(separator: "\n\n"), partID: partID)
                notes["thought-\(index)"] = "done"
            }
            reasoning[partID]?.status = .completed
            return events
        default:
            if let result = ResponsesItems.result(item) {
                guard let owner = toolKey(callID: result.callID) else { return [] }
                return updateTool(owner) { $0.finish(output: result.output, error: result.error) }
            }
            guard let call = ResponsesItems.call(item) else { return [] }
            let callID = item["call_id"]?.string ?? item["id"]?.string
            return tool(key, id: callID, name: call.name, server: call.runsOnServer) { entry in
                if let arguments = call.arguments { entry.part.arguments = arguments }
                if let output = call.output { entry.part.output = output }
                if let approval = call.approval { entry.part.approval = approval }
                if let error = call.error, !error.isEmpty {
                    entry.part.status = .failed
                    entry.part.errorText = error
                } else if let status = call.status {
                    entry.part.status = status
                }
            }
        }
    }

    /// A code or diff argument that streams in pieces, shown as it grows.
    private mutating func streamedArgument(
        _ key: String, name: String, value: JSONValue, isDone: Bool, field: String
    ) -> [StreamEvent] {
        guard hasTool(key) else { return [] }
        return updateTool(scopedToolKey(key)) { entry in
            if isDone, case .string(let whole)? = value[field] {
                entry.arguments = whole
            } else if !isDone {
                entry.arguments += value["delta"]?.string ?? ""
            }
            var arguments = entry.part.arguments?.object ?? JSONObject()
            arguments[name] = .string(entry.arguments)
            entry.part.arguments = .object(arguments)
        }
    }

    /// A hosted shell's command, streamed by its index.
    private mutating func shellCommand(_ key: String, value: JSONValue, type: String) -> [StreamEvent] {
        guard hasTool(key) else { return [] }
        let number = value["command_index"]?.integer ?? 0
        return updateTool(scopedToolKey(key)) { entry in
            var commands = entry.arguments.isEmpty ? [] : entry.arguments.components(separatedBy: "\u{0}")
            while commands.count <= number { commands.append("") }
            if type.hasSuffix(".delta") {
                commands[number] += value["delta"]?.string ?? ""
            } else if case .string(let command)? = value["command"], !(type.hasSuffix(".added") && command.isEmpty) {
                commands[number] = command
            }
            entry.arguments = commands.joined(separator: "\u{0}")
            entry.part.arguments = ["commands": .array(commands.map(JSONValue.string))]
        }
    }

    /// A citation in the text: a web page, or a file the reply draws on.
    private mutating func responsesAnnotation(_ annotation: JSONValue?) -> [StreamEvent] {
        guard let annotation else { return [] }
        switch annotation["type"]?.string {
        case "url_citation":
            return source(url: annotation["url"]?.string, title: annotation["title"]?.string)
        case "file_citation", "container_file_citation", "file_path":
            return source(url: nil, title: annotation["filename"]?.string ?? annotation["file_id"]?.string)
        default:
            return source(url: annotation["url"]?.string, title: annotation["title"]?.string)
        }
    }

    /// The response is complete: items it lists that the stream did not show are shown, and the
    /// reply ends.
    private mutating func responsesCompleted(_ response: JSONValue?) -> [StreamEvent] {
        var events: [StreamEvent] = []
        if replyID == nil || done { events += startReply(response?["id"]?.string) }
        for (index, item) in (response?["output"]?.array ?? []).enumerated() {
            let type = item["type"]?.string
            let shown =
                type == "message"
                ? notes["text-\(index)"] != nil
                : type == "reasoning" ? reasoning["reasoning-\(index)"] != nil : hasTool("item-\(index)")
            if !shown { events += responsesItem(item, index: index, isDone: true) }
        }
        return events + finishReply()
    }
}
