import Teletype

/// OpenAI Responses API items as a conversation: the `input` of a request and the `output` of its
/// response (or a response object, or a stored list of items). User and system messages stand
/// alone; the items between them — reasoning, tool calls, hosted tools, assistant messages — make
/// one reply, with each call's result (`function_call_output`, …) folded into its card.
enum ResponsesTranscript {
    static func messages(_ items: [JSONValue], at path: [JSONParser.PathComponent]) throws(TranscriptProblem)
        -> [Message]
    {
        var conversation = ResponsesConversation()
        for (index, item) in items.enumerated() {
            guard item.object != nil else {
                throw TranscriptProblem("an item must be a JSON object", at: path + [.index(index)])
            }
            conversation.add(item, position: index)
        }
        return conversation.finish()
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

/// Responses API items read one at a time into messages: what the Responses transcripts and Codex
/// rollouts (whose `response_item` records are these items) share. The reply being read holds its
/// text and steps in the order they came.
package struct ResponsesConversation {
    /// The messages finished so far.
    package private(set) var messages: [Message] = []
    private var reply: (message: Message, pieces: ReplyPieces)?
    private var callOwner: [String: (message: Int, part: Int)] = [:]

    /// Ends the reply being read, if any.
    /// No messages yet.
    package init() {}

    package mutating func endReply() {
        if var finished = reply {
            finished.pieces.write(into: &finished.message)
            messages.append(finished.message)
        }
        reply = nil
    }

    /// Adds a message that stands alone (a user's, the system's), ending the reply before it.
    package mutating func append(_ message: Message) {
        endReply()
        messages.append(message)
    }

    /// Adds one item; `position` names it when it has no id.
    package mutating func add(_ item: JSONValue, position index: Int) {
        let type = item["type"]?.string ?? (item["role"] != nil ? "message" : "")
        let role = item["role"]?.string ?? "assistant"
        if type == "message", role != "assistant" {
            var message = Message(
                id: item["id"]?.string ?? "message-\(index + 1)",
                role: role == "developer" ? .system : AIMessageRole(rawValue: role), text: "")
            ResponsesTranscript.read(content: item["content"], into: &message)
            append(message)
            return
        }
        if let result = ResponsesItems.result(item) {
            // The call is in the reply being read, or in an earlier one.
            guard let owner = callOwner[result.callID] else { return }
            if owner.message == messages.count, var current = reply,
                case .toolCall(var call) = current.pieces.parts[owner.part]
            {
                ToolResult.apply(result.output, to: &call)
                current.pieces.replacePart(at: owner.part, with: .toolCall(call))
                reply = current
            } else if owner.message < messages.count,
                case .toolCall(var call) = messages[owner.message].parts[owner.part]
            {
                ToolResult.apply(result.output, to: &call)
                messages[owner.message].parts[owner.part] = .toolCall(call)
            }
            return
        }
        if type == "item_reference" { return }
        var current =
            reply ?? (
                Message(id: item["id"]?.string ?? "reply-\(index + 1)", role: .assistant, text: ""), ReplyPieces()
            )
        switch type {
        case "message":
            // The message's own text and sources, then its text among the reply's steps.
            var content = Message(id: "", role: .assistant, text: "")
            ResponsesTranscript.read(content: item["content"], into: &content)
            current.pieces.addText(content.text)
            for part in content.parts {
                if case .source(let source) = part,
                    current.pieces.parts.contains(where: {
                        if case .source(let known) = $0 {
                            known.url == source.url && known.title == source.title
                        } else {
                            false
                        }
                    })
                {
                    continue
                }
                current.pieces.addPart(part)
            }
            current.message.attachments += content.attachments
        case "reasoning":
            let id = item["id"]?.string ?? "reasoning-\(index)"
            let summary = (item["summary"]?.array ?? []).compactMap { $0["text"]?.string }
            let content = (item["content"]?.array ?? []).compactMap { $0["text"]?.string }
            let text = (summary.isEmpty ? content : summary).joined(separator: "\n\n")
            current.pieces.addPart(.reasoning(AIReasoningPart(id: id, preview: text.isEmpty ? nil : text)))
            if !text.isEmpty { current.message.reasoningTexts[id] = text }
        default:
            guard let call = ResponsesItems.call(item) else { return }
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
            callOwner[id] = (messages.count, current.pieces.parts.count)
            current.pieces.addPart(.toolCall(part))
        }
        reply = current
    }

    /// Ends the reply being read and returns every message.
    package mutating func finish() -> [Message] {
        endReply()
        return messages
    }

    /// Hands over the messages finished so far (a reply still being read stays), for readers that
    /// write as they go; a result that comes for a call of a message handed over is not shown.
    package mutating func takeFinished() -> [Message] {
        let finished = messages
        messages.removeAll(keepingCapacity: true)
        callOwner = callOwner.filter { $0.value.message >= finished.count }.mapValues {
            (message: $0.message - finished.count, part: $0.part)
        }
        return finished
    }
}
