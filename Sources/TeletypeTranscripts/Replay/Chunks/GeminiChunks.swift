import Teletype

extension ChunkTranslator {
    /// Gemini `streamGenerateContent` chunks (Google AI and Vertex AI): text and thoughts, function
    /// calls whole or streamed as `partialArgs` by JSONPath, code the model runs and its result,
    /// grounding sources, safety stops as refusals, and errors.
    mutating func gemini(_ value: JSONValue) -> [StreamEvent] {
        if let error = value["error"], error != .null { return fail(error) }
        var events: [StreamEvent] = []
        let id = value["responseId"]?.string
        if replyID == nil || (done && (id == nil || id != responseID)) { events += startReply(id) }
        if let id { responseID = id }
        if let blocked = value["promptFeedback"]?["blockReason"]?.string {
            events += refuse(value["promptFeedback"]?["blockReasonMessage"]?.string, reason: blocked.lowercased())
            return events + finishReply()
        }
        let candidates = value["candidates"]?.array ?? []
        guard let candidate = candidates.first(where: { ($0["index"]?.integer ?? 0) == 0 }) else { return events }
        for part in candidate["content"]?["parts"]?.array ?? [] {
            if case .string(let said)? = part["text"] {
                events += part["thought"]?.bool == true ? thought(said, partID: "thought") : text(said)
            }
            if let call = part["functionCall"] { events += geminiCall(call) }
            if let code = part["executableCode"] {
                let key = "code-\(toolOrder.count)"
                notes["gemini-code"] = key
                let language = code["language"]?.string?.lowercased()
                events += tool(key, name: "code_execution", server: true) { entry in
                    entry.part.arguments = [
                        "code": code["code"] ?? "", "language": language.map(JSONValue.string) ?? .null,
                    ]
                }
            }
            if let result = part["codeExecutionResult"], let key = notes["gemini-code"] {
                let outcome = result["outcome"]?.string ?? "OUTCOME_OK"
                events += updateTool(scopedToolKey(key)) { entry in
                    entry.finish(
                        output: result["output"].map { $0 == .null ? "" : $0 },
                        error: outcome == "OUTCOME_OK" ? nil : outcome.lowercased())
                }
            }
        }
        events += geminiGrounding(candidate)
        if let reason = candidate["finishReason"]?.string, reason != "FINISH_REASON_UNSPECIFIED" {
            events += endGeminiCall()
            let message = candidate["finishMessage"]?.string
            switch reason {
            case "SAFETY", "RECITATION", "BLOCKLIST", "PROHIBITED_CONTENT", "SPII", "IMAGE_SAFETY", "LANGUAGE":
                events += refuse(message, reason: reason.lowercased())
            case "MALFORMED_FUNCTION_CALL", "UNEXPECTED_TOOL_CALL", "OTHER":
                return events + fail(code: reason.lowercased(), message: message)
            default: break
            }
            events += finishReply()
        }
        return events
    }

    /// A function call part: whole (`name` and `args`), the start of one whose arguments stream
    /// (`willContinue`), a piece of those arguments (`partialArgs`), or the empty call that ends it.
    private mutating func geminiCall(_ call: JSONValue) -> [StreamEvent] {
        var events: [StreamEvent] = []
        let name = call["name"]?.string
        if let name {
            events += endGeminiCall()
            let key = "call-\(toolOrder.count)"
            let streams = call["willContinue"]?.bool == true
            if streams { notes["gemini-call"] = key }
            events += tool(key, id: call["id"]?.string, name: name, server: false) { entry in
                if let args = call["args"], args != .null { entry.part.arguments = args }
            }
        }
        guard let key = notes["gemini-call"] else { return events }
        if let pieces = call["partialArgs"]?.array {
            events += updateTool(scopedToolKey(key)) { entry in
                for piece in pieces {
                    guard let path = piece["jsonPath"]?.string else { continue }
                    if case .string(let text)? = piece["stringValue"] {
                        entry.part.arguments = PartialArguments.apply(
                            .string(text), at: path, to: entry.part.arguments, appending: true)
                    } else if let value = piece["numberValue"] ?? piece["boolValue"]
                        ?? piece["nullValue"].map({ _ in .null })
                    {
                        entry.part.arguments = PartialArguments.apply(
                            value, at: path, to: entry.part.arguments, appending: false)
                    }
                }
            }
        } else if name == nil, call["args"] == nil, call["willContinue"]?.bool != true {
            events += endGeminiCall()
        }
        return events
    }

    /// The streamed function call is complete.
    private mutating func endGeminiCall() -> [StreamEvent] {
        notes["gemini-call"] = nil
        return []
    }

    /// What a candidate's answer is grounded on: the searches it ran (as a search card) and the
    /// pages it cites (as sources).
    private mutating func geminiGrounding(_ candidate: JSONValue) -> [StreamEvent] {
        var events: [StreamEvent] = []
        let grounding = candidate["groundingMetadata"]
        if let queries = grounding?["webSearchQueries"], queries.array?.isEmpty == false, !hasTool("google_search") {
            events += tool("google_search", name: "google_search", server: true) { entry in
                entry.part.arguments = ["queries": queries]
                entry.part.status = .completed
            }
        }
        for chunk in grounding?["groundingChunks"]?.array ?? [] {
            let page = chunk["web"] ?? chunk["retrievedContext"] ?? chunk["maps"]
            events += source(url: page?["uri"]?.string, title: page?["title"]?.string)
        }
        for citation in candidate["citationMetadata"]?["citations"]?.array ?? candidate["citationMetadata"]?[
            "citationSources"]?.array ?? []
        {
            events += source(url: citation["uri"]?.string, title: citation["title"]?.string)
        }
        return events
    }
}
