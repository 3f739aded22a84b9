import Teletype

extension ChunkTranslator {
    /// Anthropic message stream events: text, thinking, client tools (`tool_use`), the server's own
    /// tools (`server_tool_use`, `mcp_tool_use`) matched with their `*_tool_result` blocks,
    /// citations, compaction, refusals (`stop_reason: "refusal"`) and errors. A new
    /// `message_start` is a new reply, as the API sends one per model turn.
    mutating func anthropic(_ value: JSONValue, eventName: String?) -> [StreamEvent] {
        let type = value["type"]?.string ?? eventName ?? ""
        switch type {
        case "message_start":
            var events = startReply(value["message"]?["id"]?.string)
            for (offset, block) in (value["message"]?["content"]?.array ?? []).enumerated() {
                events += anthropicBlockStart(block, index: -1 - offset)
                events += anthropicBlockStop(index: -1 - offset)
            }
            return events
        case "content_block_start":
            guard let block = value["content_block"] else { return [] }
            return anthropicBlockStart(block, index: value["index"]?.integer ?? 0)
        case "content_block_delta":
            guard let delta = value["delta"] else { return [] }
            let index = value["index"]?.integer ?? 0
            switch delta["type"]?.string {
            case "text_delta": return text(delta["text"]?.string ?? "")
            case "thinking_delta":
                return thought(delta["thinking"]?.string ?? "", partID: blocks[index] ?? "thinking-\(index)")
            case "compaction_delta":
                return thought(delta["content"]?.string ?? "", partID: blocks[index] ?? "compaction-\(index)")
            case "input_json_delta":
                guard let key = blocks[index], hasTool(key) else { return [] }
                // Arguments are read once whole, when the block stops.
                tools[scopedToolKey(key)]?.arguments += delta["partial_json"]?.string ?? ""
                return []
            case "citations_delta":
                return anthropicCitation(delta["citation"])
            default: return []
            }
        case "content_block_stop":
            return anthropicBlockStop(index: value["index"]?.integer ?? 0)
        case "message_delta":
            let delta = value["delta"]
            guard delta?["stop_reason"]?.string == "refusal" else { return [] }
            let details = delta?["stop_details"]
            return refuse(details?["explanation"]?.string, reason: details?["category"]?.string ?? "refusal")
        case "message_stop":
            return finishReply()
        case "error":
            return fail(value["error"])
        default:
            return []
        }
    }

    private mutating func anthropicBlockStart(_ block: JSONValue, index: Int) -> [StreamEvent] {
        let blockType = block["type"]?.string ?? ""
        switch blockType {
        case "text":
            blocks[index] = "text"
            var events = newParagraph()
            events += text(block["text"]?.string ?? "")
            for citation in block["citations"]?.array ?? [] { events += anthropicCitation(citation) }
            return events
        case "thinking", "redacted_thinking", "compaction":
            let partID = (blockType == "compaction" ? "compaction-" : "thinking-") + "\(max(index, 0))"
            blocks[index] = partID
            var events = startReasoning(partID)
            events += thought(block["thinking"]?.string ?? block["content"]?.string ?? "", partID: partID)
            return events
        case "tool_use", "server_tool_use", "mcp_tool_use":
            let callID = block["id"]?.string ?? "tool-\(index)"
            blocks[index] = callID
            var name = block["name"]?.string ?? ""
            if let server = block["server_name"]?.string, !server.isEmpty, server != name { name = server + "." + name }
            let input = block["input"]?.object?.isEmpty == true ? nil : block["input"]?.present
            return tool(callID, id: callID, name: name, server: blockType != "tool_use") { entry in
                if let input { entry.part.arguments = input }
            }
        default:
            // A server tool's result: `web_search_tool_result`, `code_execution_tool_result`,
            // `mcp_tool_result`, `advisor_tool_result`, …
            guard blockType.hasSuffix("tool_result"), let callID = block["tool_use_id"]?.string,
                let key = toolKey(callID: callID)
            else { return [] }
            blocks[index] = "result"
            let (output, error) = Self.anthropicToolOutput(block["content"], isError: block["is_error"]?.bool ?? false)
            return updateTool(key) { $0.finish(output: output, error: error) }
        }
    }

    private mutating func anthropicBlockStop(index: Int) -> [StreamEvent] {
        guard let key = blocks[index] else { return [] }
        if hasTool(key) {
            return updateTool(scopedToolKey(key)) { entry in
                if let arguments = Self.arguments(entry.arguments) { entry.part.arguments = arguments }
            }
        }
        if reasoning[key] != nil { reasoning[key]?.status = .completed }
        return []
    }

    /// A citation (of a search result, a web page, a document) as a source of the reply.
    private mutating func anthropicCitation(_ citation: JSONValue?) -> [StreamEvent] {
        guard let citation else { return [] }
        return source(
            url: citation["url"]?.string,
            title: citation["title"]?.string ?? citation["document_title"]?.string)
    }

    /// What a server tool's result block shows: search results as titles and addresses (without
    /// their encrypted pages), a program's output, a fetched page's title, text as text; and the
    /// error, when the block is one.
    static func anthropicToolOutput(_ content: JSONValue?, isError: Bool) -> (JSONValue?, String?) {
        switch content {
        case .array(let items)?:
            if items.contains(where: { $0["url"] != nil }) {
                let results = items.map { item -> JSONValue in
                    var result = JSONObject()
                    result["title"] = item["title"]
                    result["url"] = item["url"]
                    if let age = item["page_age"], age != .null { result["page_age"] = age }
                    return .object(result)
                }
                return (.array(results), nil)
            }
            let text = ChatCompletionTranscript.contentText(content)
            return isError ? (nil, text?.string ?? text?.jsonText) : (text, nil)
        case .object(var object)?:
            let type = object["type"]?.string ?? ""
            if type.hasSuffix("_error") || object["error_code"] != nil {
                return (nil, object["error_code"]?.string ?? type)
            }
            if let text = object["text"]?.string { return (.string(text), nil) }
            if let page = object["content"], object["url"] != nil {
                return (["url": object["url"] ?? .null, "title": page["title"] ?? .null], nil)
            }
            object["type"] = nil
            if object["content"]?.array?.isEmpty == true { object["content"] = nil }
            for key in ["stdout", "stderr"] where object[key]?.string?.isEmpty == true { object[key] = nil }
            return (.object(object), nil)
        case .string(let text)?:
            return isError ? (nil, text) : (.string(text), nil)
        default:
            return (nil, nil)
        }
    }
}
