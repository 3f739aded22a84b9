import Teletype

/// Vercel AI SDK `UIMessage` lists: text, reasoning, tool (`tool-<name>`, `dynamic-tool`), file,
/// source and data parts.
enum VercelTranscript {
    static func message(_ value: JSONValue, at path: [JSONParser.PathComponent], position: Int)
        throws(TranscriptProblem)
        -> Message
    {
        guard let object = value.object else { throw TranscriptProblem("a message must be a JSON object", at: path) }
        guard let role = object["role"]?.string else {
            throw TranscriptProblem("the message has no \"role\" (system, user or assistant)", at: path)
        }
        var message = Message(
            id: object["id"]?.string ?? "message-\(position + 1)", role: AIMessageRole(rawValue: role), text: "")
        // Parts in the order the agent produced them.
        var pieces = ReplyPieces()
        for (offset, part) in (object["parts"]?.array ?? []).enumerated() {
            guard let type = part["type"]?.string else { continue }
            let state = part["state"]?.string
            if state == "streaming" || state == "input-streaming" { message.isGenerating = true }
            switch type {
            case "text":
                if let text = part["text"]?.string { pieces.addText(text) }
            case "reasoning":
                let id = "reasoning-\(offset)"
                let text = part["text"]?.string
                pieces.addPart(
                    .reasoning(
                        AIReasoningPart(id: id, status: state == "streaming" ? .streaming : .completed, preview: text)))
                if let text { message.reasoningTexts[id] = text }
            case _ where type == "dynamic-tool" || type.hasPrefix("tool-"):
                pieces.addPart(.toolCall(toolCall(part, type: type, offset: offset)))
                A2UIMessagesFound.add(A2UIMessagesFound.messages(in: part["output"]), to: &message)
            case _ where type.hasPrefix("data-") && !A2UIMessagesFound.messages(in: part["data"]).isEmpty:
                // Generated UI the agent streamed as data: the reply's interface.
                A2UIMessagesFound.add(A2UIMessagesFound.messages(in: part["data"]), to: &message)
            case "file":
                let url = part["url"]?.string ?? ""
                message.attachments.append(
                    AIMessageAttachment(url: url, name: part["filename"]?.string, mimeType: part["mediaType"]?.string))
            case "source-url":
                var source = AIMessageAttachment(
                    kind: "source", url: part["url"]?.string, name: part["title"]?.string ?? part["url"]?.string)
                source.mimeType = "text/html"
                message.attachments.append(source)
            case "source-document":
                message.attachments.append(
                    AIMessageAttachment(
                        kind: .file, name: part["filename"]?.string ?? part["title"]?.string,
                        mimeType: part["mediaType"]?.string))
            case "step-start":
                continue
            default:
                pieces.addPart(
                    .unsupported(
                        AIUnsupportedPart(
                            id: part["id"]?.string ?? "\(type)-\(offset)", type: type, version: 1,
                            payload: part.object ?? JSONObject())))
            }
        }
        pieces.write(into: &message)
        return message
    }

    static func toolCall(_ part: JSONValue, type: String, offset: Int) -> AIToolCallPart {
        let name = part["toolName"]?.string ?? String(type.dropFirst("tool-".count))
        var call = AIToolCallPart(
            id: part["toolCallId"]?.string ?? "\(type)-\(offset)", name: name, displayTitle: part["title"]?.string,
            arguments: part["input"]?.present)
        switch part["state"]?.string {
        case "approval-requested":
            call.status = .awaitingApproval
            call.approval = AIToolApproval(reason: part["approval"]?["reason"]?.string)
        case "approval-responded":
            let approved = part["approval"]?["approved"]?.bool ?? true
            call.status = approved ? .running : .cancelled
            call.approval = AIToolApproval(decision: approved ? .allowed : .declined)
        case "output-available":
            call.status = .completed
            call.output = part["output"]
        case "output-error":
            call.status = .failed
            call.errorText = part["errorText"]?.string
        case "output-denied":
            call.status = .cancelled
            call.approval = AIToolApproval(reason: part["approval"]?["reason"]?.string, decision: .declined)
        default:
            call.status = .running
        }
        return call
    }
}
