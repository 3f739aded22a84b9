import Teletype

extension ChunkTranslator {
    /// Amazon Bedrock ConverseStream events (as the AWS SDKs decode them, one JSON object each):
    /// text, reasoning, tool use with streamed input, citations, guardrail stops as refusals, and
    /// the stream's exceptions.
    mutating func bedrock(_ value: JSONValue) -> [StreamEvent] {
        guard let (name, body) = value.object?.pairs.first else { return [] }
        let index = body["contentBlockIndex"]?.integer ?? 0
        switch name {
        case "messageStart":
            return startReply(nil)
        case "contentBlockStart":
            guard let use = body["start"]?["toolUse"] else { return [] }
            let callID = use["toolUseId"]?.string ?? "tool-\(index)"
            blocks[index] = callID
            return tool(callID, id: callID, name: use["name"]?.string, server: false)
        case "contentBlockDelta":
            let delta = body["delta"]
            if case .string(let said)? = delta?["text"] {
                var events: [StreamEvent] = []
                if blocks[index] == nil {
                    blocks[index] = "text"
                    events += newParagraph()
                }
                return events + text(said)
            }
            if let thinking = delta?["reasoningContent"] {
                let partID = "reasoning-\(index)"
                var events: [StreamEvent] = []
                if blocks[index] == nil {
                    blocks[index] = partID
                    events += startReasoning(partID)
                }
                return events + thought(thinking["text"]?.string ?? "", partID: partID)
            }
            if let input = delta?["toolUse"]?["input"]?.string, let key = blocks[index], hasTool(key) {
                tools[scopedToolKey(key)]?.arguments += input
                return []
            }
            if let citation = delta?["citation"] {
                let location = citation["location"]?["web"] ?? citation["source"]
                return source(
                    url: location?["url"]?.string ?? citation["sourceContent"]?["url"]?.string,
                    title: citation["title"]?.string ?? location?["domain"]?.string)
            }
            return []
        case "contentBlockStop":
            guard let key = blocks[index] else { return [] }
            if hasTool(key) {
                return updateTool(scopedToolKey(key)) { entry in
                    entry.part.arguments = Self.arguments(entry.arguments)
                }
            }
            if reasoning[key] != nil { reasoning[key]?.status = .completed }
            return []
        case "messageStop":
            var events: [StreamEvent] = []
            let reason = body["stopReason"]?.string
            if reason == "guardrail_intervened" || reason == "content_filtered" { events += refuse(reason: reason) }
            return events + finishReply()
        case "metadata":
            return []
        default:
            // internalServerException, throttlingException, validationException, …
            guard name.hasSuffix("Exception") else { return [] }
            return fail(code: name, message: body["message"]?.string)
        }
    }
}
