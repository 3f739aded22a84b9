import Teletype

extension ChunkTranslator {
    /// The Vercel AI SDK UI message stream: text, reasoning and tool parts by id, sources, errors.
    mutating func vercel(_ value: JSONValue) -> [StreamEvent] {
        let type = value["type"]?.string ?? ""
        switch type {
        case "start": return startReply(value["messageId"]?.string)
        case "text-start": return newParagraph()
        case "text-delta": return text(value["delta"]?.string ?? "")
        case "reasoning-start": return startReasoning(value["id"]?.string ?? "reasoning")
        case "reasoning-delta":
            return thought(value["delta"]?.string ?? "", partID: value["id"]?.string ?? "reasoning")
        case "source-url":
            return source(url: value["url"]?.string, title: value["title"]?.string)
        case "source-document":
            return source(url: nil, title: value["title"]?.string ?? value["filename"]?.string)
        case "tool-input-start", "tool-input-delta", "tool-input-available", "tool-input-error",
            "tool-output-available", "tool-output-error", "tool-output-denied", "tool-approval-request":
            let callID = value["toolCallId"]?.string ?? "tool"
            let server = value["providerExecuted"]?.bool
            return tool(callID, id: callID, name: value["toolName"]?.string, server: server) { entry in
                switch type {
                case "tool-input-delta": entry.addArguments(value["inputTextDelta"]?.string ?? "")
                case "tool-input-available": entry.part.arguments = value["input"]
                case "tool-input-error":
                    entry.part.arguments = value["input"]
                    entry.part.status = .failed
                    entry.part.errorText = value["errorText"]?.string
                case "tool-output-available":
                    entry.part.status = .completed
                    entry.part.output = value["output"]
                case "tool-output-error":
                    entry.part.status = .failed
                    entry.part.errorText = value["errorText"]?.string
                case "tool-output-denied":
                    entry.part.status = .cancelled
                    entry.part.approval = AIToolApproval(decision: .declined)
                case "tool-approval-request":
                    entry.part.status = .awaitingApproval
                    entry.part.approval = entry.part.approval ?? AIToolApproval()
                default: break
                }
            }
        case "finish", "abort": return finishReply()
        case "error": return fail(code: nil, message: value["errorText"]?.string)
        default: return []
        }
    }
}
