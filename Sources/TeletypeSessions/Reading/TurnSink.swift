import Teletype
import TeletypeTranscripts

/// Where a reader hands the pieces of a conversation: a ``ConversationBuilder``, which makes the
/// messages, or a ``TurnCounter``, which counts them for a listing (see ``SessionSkim``). A reader
/// written against it is its own skim: what only a drawing needs (a call's arguments, a result) is
/// made in closures the counter never calls.
protocol TurnSink {
    /// A person's prompt: ``ConversationBuilder/prompt(_:)``.
    mutating func sinkPrompt(_ message: Message)
    /// A reply begins, unless one is open: ``ConversationBuilder/startReply(id:time:model:separate:)``.
    mutating func sinkReply(id: String, time: Double?, model: String?)
    /// Words of the reply: ``ConversationBuilder/addText(_:id:time:)``.
    mutating func sinkText(_ text: String, id: String, time: Double?)
    /// A thinking step: ``ConversationBuilder/addReasoning(_:text:id:time:)``.
    mutating func sinkReasoning(id: String, text: String, _ part: () -> AIReasoningPart)
    /// A call: ``ConversationBuilder/addCall(_:id:time:)``.
    mutating func sinkCall(id: String, time: Double?, _ call: () -> AIToolCallPart)
    /// The call `callID`'s result came: ``ConversationBuilder/updateCall(_:_:)``.
    mutating func sinkResult(of callID: String, _ change: (inout AIToolCallPart) -> Void)
    /// The result of the turn's last call of the tool `name` without one came.
    mutating func sinkResult(ofLast name: String, _ change: (inout AIToolCallPart) -> Void)
}

extension ConversationBuilder: TurnSink {
    mutating func sinkPrompt(_ message: Message) { prompt(message) }
    mutating func sinkReply(id: String, time: Double?, model: String?) { startReply(id: id, time: time, model: model) }
    mutating func sinkText(_ text: String, id: String, time: Double?) { addText(text, id: id, time: time) }
    mutating func sinkReasoning(id: String, text: String, _ part: () -> AIReasoningPart) {
        addReasoning(part(), text: text, id: id)
    }
    mutating func sinkCall(id: String, time: Double?, _ call: () -> AIToolCallPart) {
        addCall(call(), id: id, time: time)
    }
    mutating func sinkResult(of callID: String, _ change: (inout AIToolCallPart) -> Void) {
        updateCall(callID, change)
    }
    mutating func sinkResult(ofLast name: String, _ change: (inout AIToolCallPart) -> Void) {
        updateLastCall(named: name, change)
    }
}

extension TurnCounter: TurnSink {
    mutating func sinkPrompt(_ message: Message) { prompt(message) }
    mutating func sinkReply(id: String, time: Double?, model: String?) { startReply() }
    mutating func sinkText(_ text: String, id: String, time: Double?) { addText(text) }
    mutating func sinkReasoning(id: String, text: String, _ part: () -> AIReasoningPart) { addStep() }
    mutating func sinkCall(id: String, time: Double?, _ call: () -> AIToolCallPart) { addStep() }
    mutating func sinkResult(of callID: String, _ change: (inout AIToolCallPart) -> Void) {}
    mutating func sinkResult(ofLast name: String, _ change: (inout AIToolCallPart) -> Void) {}
}
