import Teletype

/// Gemini `contents` (a `generateContent` request's history, or a response's candidate): each
/// content is a message of `user` or `model`, its parts text, thoughts, function calls, code the
/// model ran, and files; a function's response folds into the card of the call it answers.
enum GeminiTranscript {
    static func messages(_ contents: [JSONValue], system: String?, at path: [JSONParser.PathComponent])
        throws(TranscriptProblem) -> [Message]
    {
        var messages: [Message] = []
        if let system { messages.append(Message(id: "system", role: .system, text: system)) }
        // Calls not answered yet, by id and by name (Gemini answers by name when calls have no id).
        var open: [(key: String, message: Int, part: Int)] = []
        for (index, content) in contents.enumerated() {
            let here = path + [.index(index)]
            guard content.object != nil else { throw TranscriptProblem("a content must be a JSON object", at: here) }
            guard let parts = content["parts"]?.array else {
                throw TranscriptProblem("the content has no \"parts\"", at: here)
            }
            let role = content["role"]?.string == "model" ? AIMessageRole.assistant : .user
            var message = Message(id: "message-\(index + 1)", role: role, text: "")
            // Parts in the order the model wrote them.
            var pieces = ReplyPieces()
            var answersOnly = true
            for (offset, part) in parts.enumerated() {
                if let response = part["functionResponse"] {
                    let key = response["id"]?.string ?? response["name"]?.string ?? ""
                    if let slot = open.firstIndex(where: { $0.key == key || $0.key == response["name"]?.string }) {
                        let owner = open.remove(at: slot)
                        if case .toolCall(var call) = messages[owner.message].parts[owner.part] {
                            ToolResult.apply(response["response"], to: &call)
                            messages[owner.message].parts[owner.part] = .toolCall(call)
                        }
                    }
                    continue
                }
                answersOnly = false
                if case .string(let text)? = part["text"] {
                    if part["thought"]?.bool == true {
                        let id = "thought-\(index)-\(offset)"
                        pieces.addPart(.reasoning(AIReasoningPart(id: id, preview: text)))
                        message.reasoningTexts[id] = text
                    } else {
                        pieces.addText(text, joining: "")
                    }
                } else if let call = part["functionCall"] {
                    let name = call["name"]?.string ?? ""
                    let id = call["id"]?.string ?? "call-\(index)-\(offset)"
                    open.append((call["id"]?.string ?? name, messages.count, pieces.parts.count))
                    pieces.addPart(
                        .toolCall(AIToolCallPart(id: id, name: name, executor: .client, arguments: call["args"])))
                } else if let code = part["executableCode"] {
                    let language = code["language"]?.string?.lowercased()
                    pieces.addPart(
                        .toolCall(
                            AIToolCallPart(
                                id: "code-\(index)-\(offset)", name: "code_execution", status: .completed,
                                arguments: [
                                    "code": code["code"] ?? "", "language": language.map(JSONValue.string) ?? .null,
                                ])))
                } else if let result = part["codeExecutionResult"] {
                    if let last = pieces.parts.lastIndex(where: { $0.id.hasPrefix("code-") }),
                        case .toolCall(var call) = pieces.parts[last]
                    {
                        call.output = result["output"]
                        if let outcome = result["outcome"]?.string, outcome != "OUTCOME_OK" {
                            call.status = .failed
                            call.errorText = outcome.lowercased()
                        }
                        pieces.replacePart(at: last, with: .toolCall(call))
                    }
                } else if let data = part["inlineData"] ?? part["fileData"] {
                    let mime = data["mimeType"]?.string
                    let kind: AIMessageAttachment.Kind = (mime ?? "").hasPrefix("image/") ? .image : .file
                    message.attachments.append(
                        AIMessageAttachment(
                            kind: kind, url: data["fileUri"]?.string,
                            name: data["displayName"]?.string ?? kind.rawValue,
                            mimeType: mime))
                }
            }
            if answersOnly && !parts.isEmpty { continue }
            pieces.write(into: &message)
            messages.append(message)
        }
        return messages
    }

    /// The system instruction's text.
    static func system(_ instruction: JSONValue?) -> String? {
        if let text = instruction?.string { return text }
        let texts = (instruction?["parts"]?.array ?? []).compactMap { $0["text"]?.string }
        return texts.isEmpty ? nil : texts.joined(separator: "\n\n")
    }
}
