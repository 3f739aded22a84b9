import Teletype
import TeletypeTranscripts

/// The messages a ``ConversationBuilder`` would hand over, counted without building them: a
/// format that reads its logs with a builder skims them (see ``SessionSkim``) by making the same
/// calls here. A reply counts once it shows something (text, a thinking step, a call); a prompt
/// or a note counts as it comes.
struct TurnCounter {
    private(set) var skim: SessionSkim
    /// Whether a reply is open, and whether it shows anything yet.
    private var reply: (isOpen: Bool, shows: Bool) = (false, false)
    /// The ids of the turn's calls.
    private var calls: Set<String> = []

    init(agent: SessionAgent) { skim = SessionSkim(agent: agent) }

    /// What is known of the session.
    var info: SessionInfo {
        get { skim.info }
        set { skim.info = newValue }
    }

    /// ``ConversationBuilder/prompt(_:)``.
    mutating func prompt(_ message: Message) {
        closeReply()
        calls.removeAll()
        add(message)
    }

    /// ``ConversationBuilder/addCall(_:id:time:)`` of a call with `id`.
    mutating func addCall(id: String) {
        addStep()
        calls.insert(id)
    }

    /// ``ConversationBuilder/hasCall(_:)``.
    func hasCall(_ id: String) -> Bool { calls.contains(id) }

    /// ``ConversationBuilder/note(_:)``.
    mutating func note(_ message: Message) {
        closeReply()
        add(message)
    }

    /// ``ConversationBuilder/startReply(id:time:model:separate:)``.
    mutating func startReply(separate: Bool = false) {
        if separate { closeReply() }
        reply.isOpen = true
    }

    /// ``ConversationBuilder/addText(_:id:time:)``.
    mutating func addText(_ text: String) {
        guard !text.isEmpty else { return }
        reply = (true, true)
    }

    /// A thinking step or a call of the reply (``ConversationBuilder/addReasoning(_:text:id:time:)``,
    /// ``ConversationBuilder/addCall(_:id:time:)`` where its id does not matter).
    mutating func addStep() { reply = (true, true) }

    /// ``ConversationBuilder/closeReply()``.
    mutating func closeReply() {
        if reply.isOpen, reply.shows { skim.messages += 1 }
        reply = (false, false)
    }

    /// What was counted, the last turn ended.
    mutating func finish() -> SessionSkim {
        closeReply()
        return skim
    }

    private mutating func add(_ message: Message) {
        // As a turn leaves out a reply that shows nothing.
        guard !(message.role == .assistant && message.text.isEmpty && message.parts.isEmpty) else { return }
        skim.count(message)
    }
}
