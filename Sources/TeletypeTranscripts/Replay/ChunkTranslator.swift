import Teletype

/// Turns the chunks of one recorded stream into events, keeping what spans chunks: the reply's id,
/// tool calls whose arguments arrive in pieces, the kind of each content block.
package struct ChunkTranslator {
    let format: StreamFormat
    private var replyID: String?
    private var replyCount = 0
    /// Tool calls by stream index or id: their part so far and their arguments' text.
    private var tools: [String: (part: AIToolCallPart, arguments: String)] = [:]
    /// Anthropic content blocks by index: "text", "thinking", or a tool's id.
    private var blocks: [Int: String] = [:]
    private var reasoning: [String: AIReasoningPart] = [:]
    private var sawText = false
    private var done = false

    package init(format: StreamFormat) {
        self.format = format
    }

    private mutating func reply() -> (id: String, events: [StreamEvent]) {
        if let replyID { return (replyID, []) }
        replyCount += 1
        let id = "reply-\(replyCount)"
        replyID = id
        return (id, [.message(Message(id: id, role: .assistant, text: "", isGenerating: true))])
    }

    private mutating func start(_ id: String?) -> [StreamEvent] {
        let id = id ?? "reply-\(replyCount + 1)"
        replyCount += 1
        replyID = id
        sawText = false
        return [.message(Message(id: id, role: .assistant, text: "", isGenerating: true))]
    }

    private static func arguments(_ text: String) -> JSONValue? {
        guard !text.isEmpty else { return nil }
        return (try? JSONParser.parse(text)) ?? .string(text)
    }

    package mutating func events(for value: JSONValue, eventName: String?) throws(TranscriptProblem) -> [(
        Double?, StreamEvent
    )] {
        guard value.object != nil else { throw TranscriptProblem("a chunk must be a JSON object", at: []) }
        switch format {
        case .teletype: return try teletype(value)
        case .openai: return openAI(value).map { (nil, $0) }
        case .anthropic: return try anthropic(value, eventName: eventName).map { (nil, $0) }
        case .vercel: return vercel(value).map { (nil, $0) }
        }
    }

    /// Whether a reply started and never said it was done.
    package var isOpen: Bool { replyID != nil && !done }

    /// Events still owed when the recording ends: a reply that never said it was done is done.
    package mutating func finish() -> [StreamEvent] {
        guard !done, let replyID else { return [] }
        done = true
        return [.done(messageID: replyID)]
    }

    // MARK: Teletype

    private mutating func teletype(_ value: JSONValue) throws(TranscriptProblem) -> [(Double?, StreamEvent)] {
        let time = value["t"]?.number.map { $0 / 1000 }
        guard let type = value["type"]?.string else { throw TranscriptProblem("an event needs a \"type\"", at: []) }
        let id = value["id"]?.string
        switch type {
        case "message":
            guard let message = value["message"] else {
                throw TranscriptProblem("a message event needs \"message\"", at: [])
            }
            do throws(Message.DecodingFailure) {
                return [(time, .message(try Message(transcriptJSON: message)))]
            } catch {
                throw TranscriptProblem(error.message, at: [])
            }
        case "delta":
            guard let id else { throw TranscriptProblem("a delta event needs the message \"id\"", at: []) }
            return [(time, .textDelta(messageID: id, delta: value["text"]?.string ?? ""))]
        case "part":
            guard let id, let part = value["part"], let partType = part["type"]?.string else {
                throw TranscriptProblem("a part event needs the message \"id\" and a \"part\" with a \"type\"", at: [])
            }
            return [
                (
                    time,
                    .part(
                        messageID: id,
                        part: AIMessagePart.part(
                            type: partType, payload: part["payload"]?.object ?? JSONObject(), position: 0))
                )
            ]
        case "reasoning-delta":
            guard let id, let partID = value["part"]?.string else {
                throw TranscriptProblem("a reasoning-delta event needs \"id\" and \"part\"", at: [])
            }
            return [(time, .reasoningDelta(messageID: id, partID: partID, delta: value["text"]?.string ?? ""))]
        case "activity": return [(time, .activity(value["state"]?.string))]
        case "done": return [(time, .done(messageID: id))]
        case "error": return [(time, .error(value["message"]?.string ?? "The agent couldn't answer."))]
        default: return []  // unknown events are skipped
        }
    }

    // MARK: OpenAI

    private mutating func openAI(_ value: JSONValue) -> [StreamEvent] {
        var events: [StreamEvent] = []
        if replyID == nil { events += start(value["id"]?.string) }
        guard let id = replyID, let choice = value["choices"]?.array?.first else { return events }
        let delta = choice["delta"]
        if let thought = delta?["reasoning_content"]?.string ?? delta?["reasoning"]?.string {
            events.append(.reasoningDelta(messageID: id, partID: "reasoning", delta: thought))
        }
        if let text = delta?["content"]?.string {
            if !sawText, reasoning["reasoning"] == nil { sawText = true }
            events.append(.textDelta(messageID: id, delta: text))
        }
        for call in delta?["tool_calls"]?.array ?? [] {
            let key = String(call["index"]?.integer ?? 0)
            var entry = tools[key] ?? (AIToolCallPart(id: call["id"]?.string ?? "call-\(key)", name: ""), "")
            if let callID = call["id"]?.string { entry.part.id = callID }
            if let name = call["function"]?["name"]?.string { entry.part.name += name }
            if let fragment = call["function"]?["arguments"]?.string { entry.arguments += fragment }
            entry.part.arguments = Self.arguments(entry.arguments)
            tools[key] = entry
            events.append(.part(messageID: id, part: .toolCall(entry.part)))
        }
        if choice["finish_reason"]?.string != nil {
            events.append(.done(messageID: id))
            done = true
        }
        return events
    }

    // MARK: Anthropic

    private mutating func anthropic(_ value: JSONValue, eventName: String?) throws(TranscriptProblem) -> [StreamEvent] {
        let type = value["type"]?.string ?? eventName ?? ""
        switch type {
        case "message_start":
            return start(value["message"]?["id"]?.string)
        case "content_block_start":
            var events = replyID == nil ? start(nil) : []
            guard let id = replyID, let index = value["index"]?.integer, let block = value["content_block"] else {
                return events
            }
            switch block["type"]?.string {
            case "thinking", "redacted_thinking":
                let partID = "thinking-\(index)"
                blocks[index] = partID
                let part = AIReasoningPart(id: partID, status: .streaming, preview: block["thinking"]?.string)
                reasoning[partID] = part
                events.append(.part(messageID: id, part: .reasoning(part)))
            case "tool_use", "server_tool_use":
                let callID = block["id"]?.string ?? "tool-\(index)"
                blocks[index] = callID
                let part = AIToolCallPart(id: callID, name: block["name"]?.string ?? "")
                tools[callID] = (part, "")
                events.append(.part(messageID: id, part: .toolCall(part)))
            default:
                blocks[index] = "text"
                if sawText { events.append(.textDelta(messageID: id, delta: "\n\n")) }
            }
            return events
        case "content_block_delta":
            guard let id = replyID, let index = value["index"]?.integer, let delta = value["delta"] else { return [] }
            switch delta["type"]?.string {
            case "text_delta":
                sawText = true
                return [.textDelta(messageID: id, delta: delta["text"]?.string ?? "")]
            case "thinking_delta":
                return [
                    .reasoningDelta(
                        messageID: id, partID: blocks[index] ?? "thinking-\(index)",
                        delta: delta["thinking"]?.string ?? "")
                ]
            case "input_json_delta":
                guard let key = blocks[index], var entry = tools[key] else { return [] }
                entry.arguments += delta["partial_json"]?.string ?? ""
                tools[key] = entry
                return []
            default: return []
            }
        case "content_block_stop":
            guard let id = replyID, let index = value["index"]?.integer, let key = blocks[index] else { return [] }
            if var entry = tools[key] {
                entry.part.arguments = Self.arguments(entry.arguments)
                tools[key] = entry
                return [.part(messageID: id, part: .toolCall(entry.part))]
            }
            if var part = reasoning[key] {
                part.status = .completed
                reasoning[key] = part
                return []
            }
            return []
        case "message_stop":
            guard let id = replyID else { return [] }
            done = true
            return [.done(messageID: id)]
        case "error":
            return [.error(value["error"]?["message"]?.string ?? "The agent couldn't answer.")]
        default:
            return []
        }
    }

    // MARK: Vercel

    private mutating func vercel(_ value: JSONValue) -> [StreamEvent] {
        let type = value["type"]?.string ?? ""
        if type == "start" { return start(value["messageId"]?.string) }
        var events = replyID == nil ? start(nil) : []
        guard let id = replyID else { return events }
        switch type {
        case "text-start":
            if sawText { events.append(.textDelta(messageID: id, delta: "\n\n")) }
        case "text-delta":
            sawText = true
            events.append(.textDelta(messageID: id, delta: value["delta"]?.string ?? ""))
        case "reasoning-start":
            let partID = value["id"]?.string ?? "reasoning"
            let part = AIReasoningPart(id: partID, status: .streaming)
            reasoning[partID] = part
            events.append(.part(messageID: id, part: .reasoning(part)))
        case "reasoning-delta":
            events.append(
                .reasoningDelta(
                    messageID: id, partID: value["id"]?.string ?? "reasoning", delta: value["delta"]?.string ?? ""))
        case "tool-input-start":
            let callID = value["toolCallId"]?.string ?? "tool"
            let part = AIToolCallPart(id: callID, name: value["toolName"]?.string ?? "")
            tools[callID] = (part, "")
            events.append(.part(messageID: id, part: .toolCall(part)))
        case "tool-input-delta":
            let callID = value["toolCallId"]?.string ?? "tool"
            if var entry = tools[callID] {
                entry.arguments += value["inputTextDelta"]?.string ?? ""
                entry.part.arguments = Self.arguments(entry.arguments)
                tools[callID] = entry
                events.append(.part(messageID: id, part: .toolCall(entry.part)))
            }
        case "tool-input-available", "tool-output-available", "tool-output-error", "tool-output-denied",
            "tool-approval-request":
            let callID = value["toolCallId"]?.string ?? "tool"
            var entry = tools[callID] ?? (AIToolCallPart(id: callID, name: value["toolName"]?.string ?? ""), "")
            if let name = value["toolName"]?.string { entry.part.name = name }
            switch type {
            case "tool-input-available": entry.part.arguments = value["input"]
            case "tool-output-available":
                entry.part.status = .completed
                entry.part.output = value["output"]
            case "tool-output-error":
                entry.part.status = .failed
                entry.part.errorText = value["errorText"]?.string
            case "tool-output-denied":
                entry.part.status = .cancelled
                entry.part.approval = AIToolApproval(decision: .declined)
            default:
                entry.part.status = .awaitingApproval
                entry.part.approval = entry.part.approval ?? AIToolApproval()
            }
            tools[callID] = entry
            events.append(.part(messageID: id, part: .toolCall(entry.part)))
        case "finish", "abort":
            done = true
            events.append(.done(messageID: id))
        case "error":
            events.append(.error(value["errorText"]?.string ?? "The agent couldn't answer."))
        default: break
        }
        return events
    }
}
