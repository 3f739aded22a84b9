import Teletype

/// OpenAI chat `messages` and Anthropic messages: both carry tool results in later messages, which
/// fold into the cards of the calls they answer.
enum ChatCompletionTranscript {
    /// Reads an OpenAI `messages` list.
    static func openAI(_ values: [JSONValue], at path: [JSONParser.PathComponent]) throws(TranscriptProblem)
        -> [Message]
    {
        var messages: [Message] = []
        var callOwner: [String: (message: Int, part: Int)] = [:]
        for (index, value) in values.enumerated() {
            let here = path + [.index(index)]
            guard let object = value.object else {
                throw TranscriptProblem("a message must be a JSON object", at: here)
            }
            guard let role = object["role"]?.string else {
                throw TranscriptProblem("the message has no \"role\" (system, user, assistant or tool)", at: here)
            }
            if role == "tool" {
                guard let id = object["tool_call_id"]?.string, let owner = callOwner[id],
                    case .toolCall(var call) = messages[owner.message].parts[owner.part]
                else { continue }
                ToolResult.apply(contentText(object["content"]), to: &call)
                messages[owner.message].parts[owner.part] = .toolCall(call)
                continue
            }
            var message = Message(
                id: object["id"]?.string ?? "message-\(index + 1)",
                role: role == "developer" ? .system : AIMessageRole(rawValue: role), text: "")
            // Reasoning, then the text, then the calls: the order a chat completion is written in.
            var pieces = ReplyPieces()
            if let reasoning = object["reasoning_content"]?.string ?? object["reasoning"]?.string {
                let id = "reasoning-\(index)"
                pieces.addPart(.reasoning(AIReasoningPart(id: id, preview: reasoning)))
                message.reasoningTexts[id] = reasoning
            }
            switch object["content"] {
            case .string(let text): message.text = text
            case .array(let parts):
                var texts: [String] = []
                for part in parts {
                    switch part["type"]?.string {
                    case "text": if let text = part["text"]?.string { texts.append(text) }
                    case "image_url":
                        if let url = part["image_url"]?["url"]?.string ?? part["image_url"]?.string {
                            message.attachments.append(.image(url))
                        }
                    case "file":
                        message.attachments.append(
                            AIMessageAttachment(kind: .file, name: part["file"]?["filename"]?.string ?? "file"))
                    case "refusal": if let text = part["refusal"]?.string { texts.append(text) }
                    default: continue
                    }
                }
                message.text = texts.joined(separator: "\n\n")
            default: break
            }
            if object["refusal"]?.string != nil, message.text.isEmpty { message.text = object["refusal"]?.string ?? "" }
            pieces.addText(message.text)
            for (offset, call) in (object["tool_calls"]?.array ?? []).enumerated() {
                let function = call["function"]
                let id = call["id"]?.string ?? "call-\(index)-\(offset)"
                let arguments: JSONValue? = function?["arguments"].flatMap { value in
                    guard case .string(let text) = value else { return value }
                    return (try? JSONParser.parse(text)) ?? .string(text)
                }
                callOwner[id] = (messages.count, pieces.parts.count)
                pieces.addPart(
                    .toolCall(AIToolCallPart(id: id, name: function?["name"]?.string ?? "", arguments: arguments)))
            }
            pieces.write(into: &message)
            messages.append(message)
        }
        return messages
    }

    /// Reads an Anthropic messages list.
    static func anthropic(_ values: [JSONValue], system: String?, at path: [JSONParser.PathComponent])
        throws(TranscriptProblem) -> [Message]
    {
        var messages: [Message] = []
        if let system { messages.append(Message(id: "system", role: .system, text: system)) }
        var callOwner: [String: (message: Int, part: Int)] = [:]
        for (index, value) in values.enumerated() {
            let here = path + [.index(index)]
            guard let object = value.object else {
                throw TranscriptProblem("a message must be a JSON object", at: here)
            }
            guard let role = object["role"]?.string else {
                throw TranscriptProblem("the message has no \"role\" (user or assistant)", at: here)
            }
            var message = Message(
                id: object["id"]?.string ?? "message-\(index + 1)", role: AIMessageRole(rawValue: role), text: "")
            // Blocks in the order the model wrote them: text, thinking and calls interleave.
            var pieces = ReplyPieces()
            var onlyResults = true
            switch object["content"] {
            case .string(let text):
                pieces.addText(text)
                onlyResults = false
            case .array(let blocks):
                for (offset, block) in blocks.enumerated() {
                    let type = block["type"]?.string
                    if type != "tool_result" { onlyResults = false }
                    switch type {
                    case "text": if let text = block["text"]?.string { pieces.addText(text) }
                    case "thinking", "redacted_thinking":
                        let id = "thinking-\(index)-\(offset)"
                        let thought = block["thinking"]?.string
                        pieces.addPart(.reasoning(AIReasoningPart(id: id, preview: thought)))
                        if let thought { message.reasoningTexts[id] = thought }
                    case "tool_use", "server_tool_use":
                        let id = block["id"]?.string ?? "tool-\(index)-\(offset)"
                        callOwner[id] = (messages.count, pieces.parts.count)
                        pieces.addPart(
                            .toolCall(
                                AIToolCallPart(id: id, name: block["name"]?.string ?? "", arguments: block["input"])))
                    case "tool_result":
                        // The call is in an earlier message, or (unusually) earlier in this one.
                        guard let id = block["tool_use_id"]?.string, let owner = callOwner[id] else { continue }
                        let isCurrent = owner.message == messages.count
                        guard
                            case .toolCall(var call) = isCurrent
                                ? pieces.parts[owner.part] : messages[owner.message].parts[owner.part]
                        else { continue }
                        ToolResult.apply(
                            contentText(block["content"]), to: &call, isError: block["is_error"]?.bool ?? false)
                        if isCurrent {
                            pieces.replacePart(at: owner.part, with: .toolCall(call))
                        } else {
                            messages[owner.message].parts[owner.part] = .toolCall(call)
                        }
                    case "image":
                        let source = block["source"]
                        var image = AIMessageAttachment(kind: .image, url: source?["url"]?.string, name: "image")
                        image.mimeType = source?["media_type"]?.string
                        message.attachments.append(image)
                    case "document":
                        message.attachments.append(
                            AIMessageAttachment(
                                kind: .file, url: block["source"]?["url"]?.string,
                                name: block["title"]?.string ?? "document",
                                mimeType: block["source"]?["media_type"]?.string))
                    default: continue
                    }
                }
            default: break
            }
            if onlyResults && role == "user" { continue }
            pieces.write(into: &message)
            messages.append(message)
        }
        return messages
    }

    /// The text of a message or tool result content: a string, or the text of its text blocks.
    static func contentText(_ content: JSONValue?) -> JSONValue? {
        switch content {
        case .array(let blocks):
            let texts = blocks.compactMap { $0["type"]?.string == "text" ? $0["text"]?.string : nil }
            return texts.isEmpty ? content : .string(texts.joined(separator: "\n"))
        default: return content
        }
    }
}

/// How a tool's result reads: JSON when it is JSON; an object with an `error` key is a failure.
package enum ToolResult {
    package static func apply(_ content: JSONValue?, to call: inout AIToolCallPart, isError: Bool = false) {
        var output = content
        if case .string(let text)? = content, let parsed = try? JSONParser.parse(text),
            parsed.object != nil || parsed.array != nil
        {
            output = parsed
        }
        call.output = output
        if isError {
            call.status = .failed
            call.errorText = output.map { $0.string ?? $0.jsonText }
        } else if let error = output?["error"] {
            call.status = .failed
            call.errorText = error.string ?? error["message"]?.string ?? error.jsonText
        } else {
            call.status = .completed
        }
    }
}
