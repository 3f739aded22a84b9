import Teletype

extension ChunkTranslator {
    /// Cohere v2 chat stream events: text and thinking content, the tool plan (shown as the
    /// model's reasoning), tool calls with streamed arguments, citations, and the finish reason.
    mutating func cohere(_ value: JSONValue) -> [StreamEvent] {
        let type = value["type"]?.string ?? ""
        let index = value["index"]?.integer ?? 0
        let message = value["delta"]?["message"]
        switch type {
        case "message-start":
            return startReply(value["id"]?.string)
        case "content-start":
            let content = message?["content"]
            if content?["type"]?.string == "thinking" {
                let partID = "thinking-\(index)"
                blocks[index] = partID
                return startReasoning(partID) + thought(content?["thinking"]?.string ?? "", partID: partID)
            }
            blocks[index] = "text"
            return newParagraph() + text(content?["text"]?.string ?? "")
        case "content-delta":
            let content = message?["content"]
            if let thinking = content?["thinking"]?.string {
                return thought(thinking, partID: blocks[index] ?? "thinking-\(index)")
            }
            return text(content?["text"]?.string ?? "")
        case "content-end":
            if let key = blocks[index], reasoning[key] != nil { reasoning[key]?.status = .completed }
            return []
        case "tool-plan-delta":
            return thought(message?["tool_plan"]?.string ?? "", partID: "plan")
        case "tool-call-start", "tool-call-delta":
            let call = message?["tool_calls"]
            let function = call?["function"]
            return tool("call-\(index)", id: call?["id"]?.string, name: function?["name"]?.string, server: false) {
                entry in
                entry.arguments += function?["arguments"]?.string ?? ""
            }
        case "tool-call-end":
            guard hasTool("call-\(index)") else { return [] }
            return updateTool(scopedToolKey("call-\(index)")) { entry in
                entry.part.arguments = Self.arguments(entry.arguments)
            }
        case "citation-start":
            var events: [StreamEvent] = []
            let citations = message?["citations"]
            for citation in citations?.array ?? [citations].compactMap({ $0 }) {
                for origin in citation["sources"]?.array ?? [] {
                    let document = origin["document"] ?? origin["tool_output"]
                    events += source(url: document?["url"]?.string, title: document?["title"]?.string)
                }
            }
            return events
        case "message-end":
            let reason = value["delta"]?["finish_reason"]?.string
            if reason == "ERROR" { return fail(code: "error", message: value["delta"]?["error"]?.string) }
            return finishReply()
        default:
            return []
        }
    }
}
