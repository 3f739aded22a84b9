import Teletype
import TeletypeTranscripts

/// A rollout skimmed for a listing: its messages counted from each record's `type`,
/// `payload.type` and `payload.role` as ``CodexRollout`` would hand them over — a user's or the
/// system's message stands alone, the items between them are one reply, results and events add
/// none. A record whose payload says no type, and a user's message (which may be Codex's own
/// boilerplate, or the first prompt), are parsed whole.
extension CodexRollout {
    static let skimming = JSONFields(describing.paths + ["payload.role"])

    static func skim(_ source: SessionSource, path: String?, name: String) throws -> SessionSkim? {
        var counter = Counter()
        try JSONLLog.forEachRecord(source, name: name, fields: skimming) { fields, line in
            describe(fields, into: &counter.skim.info)
            counter.position += 1
            guard let kind = fields["payload.type"]?.string else {
                // No payload, or one without a type (the session's metadata, a compaction): whole.
                if let record = try? JSONParser.parse(line.bytes) { counter.add(record: record) }
                return
            }
            switch fields["type"]?.string {
            case "response_item" where kind == "message" && fields["payload.role"]?.string == "user":
                // Codex's own context, or a prompt: its text says which.
                if let payload = (try? JSONParser.parse(line.bytes))?["payload"], !isBoilerplate(payload) {
                    counter.add(payload)
                }
            case "response_item" where kind == "message":
                let role = fields["payload.role"]?.string
                guard role != "developer", role != "system" else { return }
                counter.add(kind: kind, role: role)
            case "response_item":
                counter.add(kind: kind, role: fields["payload.role"]?.string)
            case "event_msg" where kind == "turn_aborted" || kind == "error":
                counter.stand(.system)
            default:
                break
            }
        }
        counter.endReply()
        return counter.skim
    }

    /// The count ``ResponsesConversation`` and the rollout's own records would make.
    struct Counter {
        var skim = SessionSkim(agent: .codex)
        var position = 0
        var isReplying = false
        var loose = CodexLooseRecord()

        mutating func endReply() {
            if isReplying { skim.messages += 1 }
            isReplying = false
        }

        /// A message that stands alone.
        mutating func stand(_ role: AIMessageRole) {
            endReply()
            skim.count(Message(id: "", role: role, text: ""))
        }

        /// An item of `kind` said by `role`: a message of someone else than the agent stands alone,
        /// a result adds nothing, anything else is a step of the reply.
        mutating func add(kind: String, role: String?) {
            let role = role ?? "assistant"
            if kind == "message", role != "assistant" {
                stand(role == "developer" ? .system : AIMessageRole(rawValue: role))
            } else if !kind.isEmpty, kind != "item_reference", !ResponsesItems.outputTypes.contains(kind) {
                isReplying = true
            }
        }

        /// An item parsed whole: a prompt is read as the reader reads it, for its text.
        mutating func add(_ item: JSONValue) {
            let kind = item["type"]?.string ?? (item["role"] != nil ? "message" : "")
            let role = item["role"]?.string ?? "assistant"
            guard kind == "message", role != "assistant", skim.firstPrompt == nil, role == "user" else {
                return add(kind: kind, role: role)
            }
            var conversation = ResponsesConversation()
            conversation.add(item, position: position)
            endReply()
            for message in conversation.finish() { skim.count(message) }
        }

        /// A record parsed whole, as ``CodexRollout`` reads it.
        mutating func add(record: JSONValue) {
            let payload = record["payload"] ?? .null
            if record["payload"] == nil, let item = loose.item(record, position: position) { add(item) }
            switch record["type"]?.string {
            case "response_item": if !isBoilerplate(payload) { add(payload) }
            case "compacted": stand(.compaction)
            case "event_msg" where ["turn_aborted", "error"].contains(payload["type"]?.string): stand(.system)
            default: break
            }
        }
    }
}
