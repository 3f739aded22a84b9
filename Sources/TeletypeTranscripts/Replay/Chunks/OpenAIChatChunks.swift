import Teletype

extension ChunkTranslator {
    /// OpenAI chat completion chunks, and the many servers that speak them: reasoning as
    /// `reasoning_content` or `reasoning`, content as text or as a list of text and thinking parts
    /// (Mistral), refusals, legacy completions' `text`, Perplexity's citations, errors in the
    /// stream. Only the first choice is shown when a request asked for several.
    mutating func openAIChat(_ value: JSONValue, eventName: String?) -> [StreamEvent] {
        if let error = value["error"], error != .null { return fail(error) }
        if eventName == "error" { return fail(code: nil, message: value["message"]?.string) }
        let choices = value["choices"]?.array ?? []
        let choice = choices.first { ($0["index"]?.integer ?? 0) == 0 }
        var events: [StreamEvent] = []
        let chunkID = value["id"]?.string
        if replyID == nil || (done && choice != nil && chunkID != responseID) {
            events += startReply(chunkID)
        }
        if let chunkID, !chunkID.isEmpty { responseID = chunkID }
        events += openAICitations(value)
        guard let choice else { return events }
        let delta = choice["delta"] ?? choice["message"]
        if let thinking = delta?["reasoning_content"]?.string ?? delta?["reasoning"]?.string {
            events += thought(thinking, partID: "reasoning")
        }
        for detail in delta?["reasoning_details"]?.array ?? [] {
            events += thought(detail["text"]?.string ?? detail["summary"]?.string ?? "", partID: "reasoning")
        }
        switch delta?["content"] {
        case .string(let content)?: events += text(content)
        case .array(let parts)?:
            for part in parts {
                switch part["type"]?.string {
                case "thinking":
                    let thinking: String
                    switch part["thinking"] {
                    case .string(let text)?: thinking = text
                    case .array(let pieces)?: thinking = pieces.compactMap { $0["text"]?.string }.joined()
                    default: thinking = ""
                    }
                    events += thought(thinking, partID: "reasoning")
                case "refusal": events += refuse(part["refusal"]?.string)
                default: events += text(part["text"]?.string ?? "")
                }
            }
        default: break
        }
        if let legacy = choice["text"]?.string { events += text(legacy) }
        if let refusal = delta?["refusal"]?.string, !refusal.isEmpty { events += refuse(refusal) }
        for call in delta?["tool_calls"]?.array ?? [] {
            let key = "call-\(call["index"]?.integer ?? 0)"
            let function = call["function"]
            events += tool(key, id: call["id"]?.string, name: function?["name"]?.string) { entry in
                if let id = call["id"]?.string, !id.isEmpty { entry.part.id = id }
                entry.addArguments(function?["arguments"]?.string ?? "")
            }
        }
        if let reason = choice["finish_reason"]?.string {
            if reason == "content_filter" { events += refuse(reason: reason) }
            if reason == "error" { return events + fail(code: nil, message: nil) }
            events += finishReply()
        }
        return events
    }

    /// The sources a chunk lists: Perplexity repeats its `citations` (addresses) and
    /// `search_results` (titles and addresses) in every chunk.
    private mutating func openAICitations(_ value: JSONValue) -> [StreamEvent] {
        var events: [StreamEvent] = []
        for result in value["search_results"]?.array ?? [] {
            events += source(url: result["url"]?.string, title: result["title"]?.string)
        }
        for citation in value["citations"]?.array ?? [] {
            if let url = citation.string { events += source(url: url, title: nil) }
        }
        return events
    }
}
