import Teletype

extension ChunkTranslator {
    /// Teletype's own event stream: each line is an event, timed in milliseconds by `t`.
    mutating func teletype(_ value: JSONValue) throws(TranscriptProblem) -> [(Double?, StreamEvent)] {
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
        case "error":
            return [(time, .error(Self.errorText(code: value["code"]?.string, message: value["message"]?.string)))]
        default: return []  // unknown events are skipped
        }
    }
}
