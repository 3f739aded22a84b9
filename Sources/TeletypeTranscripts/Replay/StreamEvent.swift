import Teletype

/// One thing that happens in a recorded conversation stream.
public enum StreamEvent: Sendable, Equatable {
    /// A message appears or is replaced whole.
    case message(Message)
    /// Text is added to a message's answer.
    case textDelta(messageID: String, delta: String)
    /// A message's answer is replaced whole (the provider's final text corrects what streamed).
    case text(messageID: String, text: String)
    /// A step of a message appears or is replaced (by part id).
    case part(messageID: String, part: AIMessagePart)
    /// Text is added to a reasoning step's thinking.
    case reasoningDelta(messageID: String, partID: String, delta: String)
    /// What the agent is doing (`thinking`, `generating`, …), or `nil` when it stopped saying.
    case activity(String?)
    /// A message is finished (the latest one when no id is given).
    case done(messageID: String?)
    /// The agent reported an error.
    case error(String)
}

extension StreamEvent {
    /// The event with its message ids followed by `suffix`: a stream played or asked again makes
    /// messages of its own.
    public func renamingMessages(suffix: String) -> StreamEvent {
        guard !suffix.isEmpty else { return self }
        switch self {
        case .message(var message):
            message.id += suffix
            return .message(message)
        case .textDelta(let id, let delta): return .textDelta(messageID: id + suffix, delta: delta)
        case .text(let id, let text): return .text(messageID: id + suffix, text: text)
        case .part(let id, let part): return .part(messageID: id + suffix, part: part)
        case .reasoningDelta(let id, let part, let delta):
            return .reasoningDelta(messageID: id + suffix, partID: part, delta: delta)
        case .done(let id): return .done(messageID: id.map { $0 + suffix })
        case .activity, .error: return self
        }
    }
}

/// An event and when it happened, in seconds from the start (when the recording says).
public struct TimedEvent: Sendable, Equatable {
    /// Seconds from the start, `nil` when the recording does not say.
    public var time: Double?
    /// What happened.
    public var event: StreamEvent
    /// The line of the recording it came from.
    public var line: Int

    /// An event at `time`, read from `line` of its recording.
    public init(time: Double?, event: StreamEvent, line: Int) {
        self.time = time
        self.event = event
        self.line = line
    }
}

/// The conversation as the events of a stream build it.
public struct StreamedConversation: Sendable {
    /// The messages so far, in order; a message being written has `isGenerating` set.
    public private(set) var messages: [Message] = []
    /// What the agent is doing, as the last activity event said.
    public private(set) var activity: String?
    /// The last error the agent reported.
    public private(set) var agentError: String?
    /// When the agent started thinking, in the stream's seconds: set by a thinking activity or the
    /// first reasoning step, kept while a reasoning step streams (it takes over the same timer), and
    /// cleared when the answer, a tool call or the end comes. Nil when it is not thinking or the
    /// stream has no times.
    public private(set) var thinkingSince: Double?
    /// When each reasoning step (by message and part id) started, for its duration when it ends.
    private var reasoningStarts: [String: Double] = [:]
    /// When each tool call (by message and part id) appeared, for its duration when it finishes.
    private var toolStarts: [String: Double] = [:]
    /// How many parts a message had when its text began: where its text goes if a step comes after
    /// it (see ``AITextRun``).
    private var textStarts: [String: Int] = [:]

    /// A conversation that starts from `messages` (the history before the stream).
    public init(messages: [Message] = []) {
        self.messages = messages
    }

    private mutating func index(of id: String, role: AIMessageRole = .assistant) -> Int {
        if let index = messages.lastIndex(where: { $0.id == id }) { return index }
        messages.append(Message(id: id, role: role, text: "", isGenerating: true))
        return messages.count - 1
    }

    /// Applies one event.
    public mutating func apply(_ event: StreamEvent) { apply(event, at: nil) }

    /// Applies one event that happened at `time` (seconds from the start of the stream, when known),
    /// keeping the thinking timer and the durations of reasoning steps.
    public mutating func apply(_ event: StreamEvent, at time: Double?) {
        switch event {
        case .message(let message):
            if let index = messages.lastIndex(where: { $0.id == message.id }) {
                messages[index] = message
            } else {
                messages.append(message)
            }
        case .textDelta(let id, let delta):
            let index = index(of: id)
            endReasoning(in: index, at: time)
            appendText(delta, to: index)
            messages[index].isGenerating = true
        case .text(let id, let text):
            let index = index(of: id)
            messages[index].text = text
            // The final text is the reply's whole answer: it shows after the steps.
            messages[index].textRuns = []
        case .part(let id, let part):
            let index = index(of: id)
            if case .reasoning(var reasoning) = part {
                let key = id + "\u{0}" + reasoning.id
                if reasoning.isStreaming {
                    startReasoning(key, at: time)
                } else if reasoning.duration == nil, let start = reasoningStarts[key], let time {
                    reasoning.duration = max(0, time - start)
                }
                upsert(.reasoning(reasoning), in: index)
            } else if case .toolCall(var call) = part {
                endReasoning(in: index, at: time)
                // A call's duration, when the stream has times: from when it appeared to when it
                // finished (unless the stream says).
                let key = id + "\u{0}" + call.id
                if let time {
                    if toolStarts[key] == nil { toolStarts[key] = time }
                    if call.status.isFinished, call.duration == nil, let start = toolStarts[key], time > start {
                        call.duration = time - start
                    }
                }
                upsert(.toolCall(call), in: index)
            } else {
                endReasoning(in: index, at: time)
                upsert(part, in: index)
            }
            // A result that reaches an earlier reply (a tool's output arriving later) does not
            // reopen it.
            if index == messages.count - 1 { messages[index].isGenerating = true }
        case .reasoningDelta(let id, let partID, let delta):
            let index = index(of: id)
            if let existing = messages[index].parts.firstIndex(where: { $0.id == partID }),
                case .reasoning(var reasoning) = messages[index].parts[existing]
            {
                reasoning.preview = (reasoning.preview ?? "") + delta
                messages[index].parts[existing] = .reasoning(reasoning)
                messages[index].reasoningTexts[partID, default: ""] += delta
            } else {
                startReasoning(id + "\u{0}" + partID, at: time)
                messages[index].parts.append(
                    .reasoning(AIReasoningPart(id: partID, status: .streaming, preview: delta)))
                messages[index].reasoningTexts[partID] = delta
            }
        case .activity(let state):
            activity = state
            if state.map({ $0.lowercased().contains("think") }) ?? false {
                if thinkingSince == nil { thinkingSince = time }
            } else if !isReasoning {
                thinkingSince = nil
            }
        case .done(let id):
            guard let index = id.flatMap({ id in messages.lastIndex { $0.id == id } }) ?? messages.indices.last else {
                return
            }
            messages[index].isGenerating = false
            // Steps still streaming when the reply ends are over.
            endReasoning(in: index, at: time)
            activity = nil
            thinkingSince = nil
        case .error(let message):
            agentError = message
            activity = nil
            thinkingSince = nil
        }
    }

    private mutating func upsert(_ part: AIMessagePart, in index: Int) {
        if let existing = messages[index].parts.firstIndex(where: { $0.id == part.id }) {
            messages[index].parts[existing] = part
        } else {
            // A step after text: the text so far stays where it was written.
            if messages[index].textRuns.isEmpty, !messages[index].text.isEmpty {
                messages[index].textRuns = [
                    AITextRun(
                        afterParts: textStarts[messages[index].id] ?? 0, length: messages[index].text.utf8.count)
                ]
            }
            messages[index].parts.append(part)
        }
    }

    /// Adds streamed text to message `index`: to its last piece, or as a new piece after the steps
    /// that came since.
    private mutating func appendText(_ delta: String, to index: Int) {
        let id = messages[index].id
        if messages[index].text.isEmpty, messages[index].textRuns.isEmpty {
            textStarts[id] = messages[index].parts.count
        }
        guard let last = messages[index].textRuns.last else {
            messages[index].text += delta
            return
        }
        if last.afterParts == messages[index].parts.count {
            messages[index].text += delta
            messages[index].textRuns[messages[index].textRuns.count - 1].length += delta.utf8.count
        } else {
            messages[index].text += AITextRun.separator + delta
            messages[index].textRuns.append(
                AITextRun(afterParts: messages[index].parts.count, length: delta.utf8.count))
        }
    }

    /// A reasoning step starts: it takes over the thinking timer, or starts it.
    private mutating func startReasoning(_ key: String, at time: Double?) {
        if thinkingSince == nil { thinkingSince = time }
        if reasoningStarts[key] == nil, let start = thinkingSince { reasoningStarts[key] = start }
    }

    /// The reasoning steps of message `index` still streaming are over: each folds with how long it
    /// took, and the thinking timer stops.
    private mutating func endReasoning(in index: Int, at time: Double?) {
        let id = messages[index].id
        messages[index].parts = messages[index].parts.map { part in
            guard case .reasoning(var reasoning) = part, reasoning.isStreaming else { return part }
            reasoning.status = .completed
            if reasoning.duration == nil, let time, let start = reasoningStarts[id + "\u{0}" + reasoning.id] {
                reasoning.duration = max(0, time - start)
            }
            return .reasoning(reasoning)
        }
        if !isReasoning { thinkingSince = nil }
    }

    /// Whether a reasoning step is streaming in the latest message.
    private var isReasoning: Bool {
        messages.last?.parts.contains {
            if case .reasoning(let reasoning) = $0 { return reasoning.isStreaming }
            return false
        } ?? false
    }
}
