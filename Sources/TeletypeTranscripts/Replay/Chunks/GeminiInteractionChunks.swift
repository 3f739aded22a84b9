import Teletype

extension ChunkTranslator {
    /// Gemini Interactions API events (`event_type`): steps (or content blocks) that start, grow
    /// and stop — thoughts, the model's output with its citations, function calls, and the
    /// server's own tools (`google_search_call`, `code_execution_call`, …) matched with their
    /// `*_result` steps.
    mutating func geminiInteractions(_ value: JSONValue) -> [StreamEvent] {
        let type = value["event_type"]?.string ?? ""
        let index = value["index"]?.integer ?? 0
        switch type {
        case "interaction.created", "interaction.start":
            return startReply(value["interaction"]?["id"]?.string)
        case "step.start", "content.start":
            guard let step = value["step"] ?? value["content"] else { return [] }
            return interactionStepStart(step, index: index)
        case "step.delta", "content.delta":
            guard let delta = value["delta"] else { return [] }
            return interactionDelta(delta, index: index)
        case "step.stop", "content.stop":
            guard let key = blocks[index] else { return [] }
            if reasoning[key] != nil { reasoning[key]?.status = .completed }
            return []
        case "interaction.completed", "interaction.complete":
            if value["interaction"]?["status"]?.string == "failed" { return fail(value["interaction"]?["error"]) }
            return finishReply()
        case "interaction.status_update":
            return value["status"]?.string == "failed" ? fail(value["error"]) : []
        case "error", "interaction.failed":
            return fail(value["error"] ?? value["interaction"]?["error"])
        default:
            return []
        }
    }

    private mutating func interactionStepStart(_ step: JSONValue, index: Int) -> [StreamEvent] {
        let stepType = step["type"]?.string ?? ""
        switch stepType {
        case "thought":
            let partID = "thought-\(index)"
            blocks[index] = partID
            var events = startReasoning(partID)
            events += thought(step["summary"]?.string ?? step["text"]?.string ?? "", partID: partID)
            return events
        case "model_output", "text":
            blocks[index] = "text"
            return newParagraph() + text(step["text"]?.string ?? "")
        default:
            if stepType.hasSuffix("_result"), let callID = step["call_id"]?.string {
                blocks[index] = "result:" + callID
                return interactionResult(step["result"], callID: callID, isError: step["is_error"]?.bool ?? false)
            }
            guard stepType.hasSuffix("_call") else { return [] }
            let callID = step["id"]?.string ?? "call-\(index)"
            blocks[index] = callID
            let server = stepType != "function_call"
            let name = step["name"]?.string ?? String(stepType.dropLast(5))
            return tool(callID, id: callID, name: name, server: server) { entry in
                if let arguments = step["arguments"], arguments != .null { entry.part.arguments = arguments }
            }
        }
    }

    private mutating func interactionDelta(_ delta: JSONValue, index: Int) -> [StreamEvent] {
        var events: [StreamEvent] = []
        for annotation in delta["annotations"]?.array ?? [] {
            events += source(url: annotation["url"]?.string, title: annotation["title"]?.string)
        }
        let deltaType = delta["type"]?.string ?? ""
        switch deltaType {
        case "text":
            events += text(delta["text"]?.string ?? "")
        case "thought", "thought_summary":
            let said = delta["text"]?.string ?? delta["content"]?["text"]?.string ?? ""
            events += thought(said, partID: blocks[index] ?? "thought-\(index)")
        default:
            if deltaType.hasSuffix("_result"), let key = blocks[index], key.hasPrefix("result:") {
                events += interactionResult(
                    delta["result"], callID: String(key.dropFirst(7)), isError: delta["is_error"]?.bool ?? false)
            } else if deltaType.hasSuffix("_call"), let key = blocks[index], hasTool(key) {
                let arguments = delta["arguments"]
                events += updateTool(scopedToolKey(key)) { entry in
                    if case .string(let fragment)? = arguments {
                        entry.addArguments(fragment)
                    } else if let arguments, arguments != .null {
                        entry.part.arguments = arguments
                    }
                }
            }
        }
        return events
    }

    /// A tool's result, given to the call it answers. Search suggestions (a widget of HTML and
    /// CSS, for browsers) are left out.
    private mutating func interactionResult(_ result: JSONValue?, callID: String, isError: Bool) -> [StreamEvent] {
        guard let key = toolKey(callID: callID) else { return [] }
        var output = result
        if case .array(let items)? = result {
            let kept = items.compactMap { item -> JSONValue? in
                guard var object = item.object else { return item }
                object["search_suggestions"] = nil
                return object.isEmpty ? nil : .object(object)
            }
            output = kept.isEmpty ? JSONValue?.none : .array(kept)
        }
        return updateTool(key) { entry in
            if isError {
                entry.finish(output: nil, error: output.map { $0.string ?? $0.jsonText } ?? "error")
            } else {
                entry.finish(output: output)
            }
        }
    }
}
