import Teletype
import TeletypeTranscripts

/// A conversation built a record at a time, as the agents' readers build theirs: a person's
/// prompt starts a turn; the agent's reply collects its text, thinking and tool calls in the order
/// they came; a call's result, which comes later in the log, finds its call by id anywhere in the
/// turn; a subagent's records (those a call started) build a conversation of their own under the
/// call. A turn is handed over (``takeFinished()``) once the next prompt begins, so memory holds
/// one turn however long the log is.
struct ConversationBuilder {
    /// The messages of the turn being read: the prompt, the reply, notes between.
    private var turn: [Message] = []
    /// The reply being written, with its pieces in order; its place in `turn`.
    private var reply: (index: Int, pieces: ReplyPieces)?
    /// Where each call of the turn is: its message and its part.
    private var calls: [String: (message: Int, part: Int)] = [:]
    /// The turn's calls' ids, in order.
    private var callOrder: [String] = []
    /// The conversations of the subagents the turn's calls started, by call id.
    private var subagents: [String: (title: String?, builder: Box)] = [:]
    /// Finished turns, not yet handed over.
    private var finished: [Message] = []
    /// How many messages were made, for ids.
    private(set) var count = 0

    /// A builder's storage for the builders of its subagents (a struct cannot hold itself).
    final class Box {
        var builder = ConversationBuilder()
    }

    init() {}

    /// The summary of a thinking step the log did not keep (signed, encrypted or redacted).
    static let thinkingHidden = "Thinking hidden"

    /// A person's prompt (or anything of the user's that starts a turn).
    mutating func prompt(_ message: Message) {
        endTurn()
        turn.append(message)
        count += 1
    }

    /// A message that stands between the turn's other messages (a notice, an error, a compaction).
    mutating func note(_ message: Message) {
        closeReply()
        turn.append(message)
        count += 1
    }

    /// Starts a reply when none is open (or, with `separate`, always): its id, time and model.
    mutating func startReply(id: String, time: Double? = nil, model: String? = nil, separate: Bool = false) {
        if separate { closeReply() }
        if let reply {
            if turn[reply.index].model == nil, let model { turn[reply.index].model = model }
            return
        }
        var message = Message(id: id, role: .assistant, text: "", createdAt: time)
        message.model = model
        turn.append(message)
        reply = (turn.count - 1, ReplyPieces())
        count += 1
    }

    /// Whether a reply is open.
    var isReplying: Bool { reply != nil }

    /// Text of the reply, after what it holds so far.
    mutating func addText(_ text: String, id: String, time: Double? = nil) {
        guard !text.isEmpty else { return }
        startReply(id: id, time: time)
        reply?.pieces.addText(text)
    }

    /// A thinking step of the reply; its whole text, when the log keeps it.
    mutating func addReasoning(_ part: AIReasoningPart, text: String?, id: String, time: Double? = nil) {
        startReply(id: id, time: time)
        reply?.pieces.addPart(.reasoning(part))
        if let text, !text.isEmpty, let index = reply?.index { turn[index].reasoningTexts[part.id] = text }
    }

    /// A tool call of the reply.
    mutating func addCall(_ call: AIToolCallPart, id: String, time: Double? = nil) {
        startReply(id: id, time: time)
        guard let index = reply?.index, let part = reply?.pieces.addPart(.toolCall(call)) else { return }
        calls[call.id] = (index, part)
        callOrder.append(call.id)
    }

    /// The call of the turn with `id`, as it stands.
    func call(_ id: String) -> AIToolCallPart? {
        guard let place = calls[id] else { return nil }
        let parts = reply?.index == place.message ? reply?.pieces.parts ?? [] : turn[place.message].parts
        guard place.part < parts.count, case .toolCall(let call) = parts[place.part] else { return nil }
        return call
    }

    /// The id of the turn's latest call that `matches`.
    func lastCall(where matches: (AIToolCallPart) -> Bool) -> String? {
        callOrder.last { id in call(id).map(matches) ?? false }
    }

    /// Whether the turn has a call with `id`.
    func hasCall(_ id: String) -> Bool { calls[id] != nil }

    /// Changes the call with `id` (its result came); false when the turn has no such call.
    @discardableResult
    mutating func updateCall(_ id: String, _ change: (inout AIToolCallPart) -> Void) -> Bool {
        guard let place = calls[id] else { return false }
        if let reply, reply.index == place.message {
            guard case .toolCall(var call) = reply.pieces.parts[place.part] else { return false }
            change(&call)
            self.reply?.pieces.replacePart(at: place.part, with: .toolCall(call))
            return true
        }
        guard place.part < turn[place.message].parts.count,
            case .toolCall(var call) = turn[place.message].parts[place.part]
        else { return false }
        change(&call)
        turn[place.message].parts[place.part] = .toolCall(call)
        return true
    }

    /// The builder of the subagent the call `id` started (made on first use).
    mutating func subagent(of id: String, title: String? = nil) -> Box {
        if let existing = subagents[id] { return existing.builder }
        let box = Box()
        subagents[id] = (title, box)
        return box
    }

    /// The model of the reply, when known only later.
    mutating func setModel(_ model: String?) {
        guard let model, !model.isEmpty, let reply, turn[reply.index].model == nil else { return }
        turn[reply.index].model = model
    }

    /// Closes the open reply: its pieces written into its message.
    mutating func closeReply() {
        guard let open = reply else { return }
        open.pieces.write(into: &turn[open.index])
        reply = nil
    }

    /// Ends the turn: subagents' conversations put under their calls, the turn's messages ready
    /// to be handed over.
    mutating func endTurn() {
        closeReply()
        for (id, subagent) in subagents {
            let messages = subagent.builder.builder.finish()
            guard !messages.isEmpty else { continue }
            updateCall(id) { $0.subagent = AISubagent(title: subagent.title, messages: messages) }
        }
        subagents.removeAll()
        // A reply that shows nothing (an empty message of the log) is left out.
        finished += turn.filter { !($0.role == .assistant && $0.text.isEmpty && $0.parts.isEmpty) }
        turn.removeAll()
        calls.removeAll()
        callOrder.removeAll()
    }

    /// The messages of the turns finished so far, handed over once.
    mutating func takeFinished() -> [Message] {
        defer { finished.removeAll() }
        return finished
    }

    /// Every message not yet handed over, the last turn ended.
    mutating func finish() -> [Message] {
        endTurn()
        return takeFinished()
    }
}
