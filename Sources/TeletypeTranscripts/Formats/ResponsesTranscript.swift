import Teletype

/// OpenAI Responses API items as a conversation: the `input` of a request and the `output` of its
/// response (or a response object, or a stored list of items). User and system messages stand
/// alone; the items between them — reasoning, tool calls, hosted tools, assistant messages — make
/// one reply, with each call's result (`function_call_output`, …) folded into its card.
enum ResponsesTranscript {
    static func messages(_ items: [JSONValue], at path: [JSONParser.PathComponent]) throws(TranscriptProblem)
        -> [Message]
    {
        var messages: [Message] = []
        var reply: Message?
        var callOwner: [String: (message: Int, part: Int)] = [:]
        func endReply() {
            if let finished = reply { messages.append(finished) }
            reply = nil
        }
        for (index, item) in items.enumerated() {
            let here = path + [.index(index)]
            guard item.object != nil else { throw TranscriptProblem("an item must be a JSON object", at: here) }
            let type = item["type"]?.string ?? (item["role"] != nil ? "message" : "")
            let role = item["role"]?.string ?? "assistant"
            if type == "message", role != "assistant" {
                endReply()
                var message = Message(
                    id: item["id"]?.string ?? "message-\(index + 1)",
                    role: role == "developer" ? .system : AIMessageRole(rawValue: role), text: "")
                read(content: item["content"], into: &message)
                messages.append(message)
                continue
            }
            if let result = ResponsesItems.result(item) {
                // The call is in the reply being read, or in an earlier one.
                guard let owner = callOwner[result.callID] else { continue }
                if owner.message == messages.count, var current = reply,
                    case .toolCall(var call) = current.parts[owner.part]
                {
                    ToolResult.apply(result.output, to: &call)
                    current.parts[owner.part] = .toolCall(call)
                    reply = current
                } else if owner.message < messages.count,
                    case .toolCall(var call) = messages[owner.message].parts[owner.part]
                {
                    ToolResult.apply(result.output, to: &call)
                    messages[owner.message].parts[owner.part] = .toolCall(call)
                }
                continue
            }
            if type == "item_reference" { continue }
            var current = reply ?? Message(id: item["id"]?.string ?? "reply-\(index + 1)", role: .assistant, text: "")
            switch type {
            case "message":
                read(content: item["content"], into: &current)
            case "reasoning":
                let id = item["id"]?.string ?? "reasoning-\(index)"
                let summary = (item["summary"]?.array ?? []).compactMap { $0["text"]?.string }
                let content = (item["content"]?.array ?? []).compactMap { $0["text"]?.string }
                let text = (summary.isEmpty ? content : summary).joined(separator: "\n\n")
                current.parts.append(.reasoning(AIReasoningPart(id: id, preview: text.isEmpty ? nil : text)))
                if !text.isEmpty { current.reasoningTexts[id] = text }
            default:
                guard let call = ResponsesItems.call(item) else { continue }
                let id = item["call_id"]?.string ?? item["id"]?.string ?? "call-\(index)"
                var part = AIToolCallPart(
                    id: id, name: call.name, status: call.status ?? (call.runsOnServer ? .completed : .running),
                    executor: call.runsOnServer ? .server : .client, arguments: call.arguments)
                part.output = call.output
                part.approval = call.approval
                if let error = call.error, !error.isEmpty {
                    part.status = .failed
                    part.errorText = error
                }
                callOwner[id] = (messages.count, current.parts.count)
                current.parts.append(.toolCall(part))
            }
            reply = current
        }
        endReply()
        return messages
    }

    /// A message's content: a string, or parts — text, refusals, images, files; citations become
    /// sources.
    static func read(content: JSONValue?, into message: inout Message) {
        var texts: [String] = message.text.isEmpty ? [] : [message.text]
        switch content {
        case .string(let text)?: texts.append(text)
        case .array(let parts)?:
            for part in parts {
                switch part["type"]?.string {
                case "input_text", "output_text", "text", "summary_text":
                    if let text = part["text"]?.string { texts.append(text) }
                    for annotation in part["annotations"]?.array ?? [] {
                        let url = annotation["url"]?.string ?? ""
                        let title = annotation["title"]?.string ?? annotation["filename"]?.string
                        guard !url.isEmpty || title != nil else { continue }
                        let known = message.parts.contains {
                            if case .source(let source) = $0 { return source.url == url && source.title == title }
                            return false
                        }
                        if !known {
                            message.parts.append(
                                .source(AISourcePart(id: "source-\(message.parts.count)", url: url, title: title)))
                        }
                    }
                case "refusal":
                    message.parts.append(
                        .refusal(AIRefusalPart(id: "refusal-\(message.parts.count)", text: part["refusal"]?.string)))
                case "input_image":
                    let url = part["image_url"]?.string ?? part["file_id"]?.string ?? ""
                    message.attachments.append(.image(url.hasPrefix("data:") ? "" : url, name: "image"))
                case "input_file":
                    message.attachments.append(
                        AIMessageAttachment(
                            kind: .file, url: part["file_url"]?.string, name: part["filename"]?.string ?? "file"))
                default: continue
                }
            }
        default: break
        }
        message.text = texts.joined(separator: "\n\n")
    }
}
