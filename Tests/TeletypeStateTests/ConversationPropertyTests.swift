import Foundation
import Teletype
import TeletypeTestSupport
import Testing

/// A conversation driven by seeded random interleavings of what the user does, what the agent sends,
/// transport failures, stops and the clock, with its invariants checked after every step.
@MainActor
@Suite struct ConversationPropertyTests {
    /// The agent's side: a backend that echoes the user's messages (under the request's id, or an id
    /// of its own), writes replies in pieces, and sometimes fails or says what it is doing.
    struct Agent {
        var messages: [Message] = []
        var serial = 0

        mutating func newID(_ prefix: String) -> String {
            serial += 1
            return "\(prefix)\(serial)"
        }
    }

    @Test(arguments: 1...40)
    func invariantsHoldUnderRandomInterleavings(_ seed: Int) async {
        var random = SeededGenerator(seed: UInt64(seed))
        let transport = ScriptedTransport()
        let clock = AIManualClock()
        let chat = AIConversation(transport: transport, replyTimeout: 30, clock: clock)
        var agent = Agent()
        var removedPending = Set<String>()
        var lastPending: String?
        var answered = 0  // requests the agent has dealt with

        for step in 0..<120 {
            let choice = Int(random.next() % 14)
            var requested = false
            let sendFails = !transport.failures.isEmpty
            switch choice {
            case 0, 1:
                await chat.send("message \(step)").value
                requested = true
            case 2:
                await chat.stop().value
            case 3:
                if chat.error != nil {
                    await chat.retry().value
                    requested = true
                }
            case 4:
                chat.clearError()
            case 5:
                if let reply = chat.messages.last(where: { !$0.role.isUser }), chat.canRegenerate(reply) {
                    await chat.regenerate(reply).value
                    requested = true
                }
            case 6:
                if let mine = chat.messages.last(where: { $0.role.isUser }), chat.canEdit(mine) {
                    chat.edit(mine)
                    await chat.send("edited \(step)").value
                    requested = true
                }
            case 7:
                transport.failures = [.init(reason: "drop \(step)")]
            case 8:
                clock.advance(by: Double(random.next() % 40))
            case 9:
                transport.activity(
                    random.next() % 3 == 0
                        ? nil : AIAgentActivity(state: random.next() % 2 == 0 ? .thinking : .error, text: "busy"))
            default:
                // The agent deals with the latest request it has, a piece at a time.
                if answered < transport.sent.count {
                    var removed = false
                    let request = transport.sent[transport.sent.count - 1]
                    if request.kind == .message || request.kind == .edit,
                        !agent.messages.contains(where: { $0.role.isUser && $0.text == request.text })
                    {
                        let id = random.next() % 2 == 0 ? request.messageID : agent.newID("u")
                        if request.kind == .edit, let edited = request.message,
                            let index = agent.messages.firstIndex(where: { $0.id == edited.id })
                        {
                            agent.messages.removeSubrange(index...)
                            agent.messages.append(.user(edited.id, request.text))
                            removed = true
                        } else {
                            agent.messages.append(.user(id, request.text))
                        }
                    } else if let last = agent.messages.last, !last.role.isUser, last.isGenerating {
                        agent.messages[agent.messages.count - 1].text += " more"
                        if random.next() % 3 == 0 {
                            agent.messages[agent.messages.count - 1].isGenerating = false
                            answered = transport.sent.count
                        }
                    } else {
                        if request.kind == .regenerate, let old = request.message,
                            let index = agent.messages.firstIndex(where: { $0.id == old.id })
                        {
                            agent.messages.removeSubrange(index...)
                        }
                        agent.messages.append(
                            .reply(agent.newID("r"), random.next() % 2 == 0 ? "" : "Hi", generating: true))
                    }
                    // Sometimes the whole list, sometimes just the message that changed.
                    if removed || random.next() % 2 == 0 {
                        transport.messages(agent.messages)
                    } else if let last = agent.messages.last {
                        transport.feed?.update(message: last)
                    }
                }
            }
            let where_ = "seed \(seed), step \(step), choice \(choice)"
            // No message twice.
            #expect(Set(chat.messages.map(\.id)).count == chat.messages.count, "\(where_)")
            // The status agrees with the reply and the error.
            switch chat.status {
            case .error: #expect(chat.error != nil, "\(where_)")
            case .streaming:
                #expect(chat.messages.contains { !$0.role.isUser && chat.isGenerating($0) }, "\(where_)")
                #expect(chat.error == nil, "\(where_)")
            case .submitted: #expect(chat.error == nil, "\(where_)")
            case .ready: #expect(!(chat.error is AIAgentError) || chat.status == .error, "\(where_)")
            }
            if chat.error != nil { #expect(chat.status == .error, "\(where_)") }
            // The composer follows.
            #expect(chat.composer.isGenerating == chat.status.isAnswering, "\(where_)")
            // A new request clears the error (unless sending it failed).
            if requested && !sendFails { #expect(chat.error == nil, "\(where_)") }
            // The pending message is removed exactly once: once gone, it never comes back.
            let pending = chat.pendingMessage.map { "\($0.id ?? "")|\($0.text)" }
            if let lastPending, pending != lastPending { removedPending.insert(lastPending) }
            if let pending { #expect(!removedPending.contains(pending), "\(where_): \(pending) came back") }
            // It never shows next to its own copy.
            if let shown = chat.pendingMessage {
                #expect(!chat.messages.contains { $0.id == shown.id && $0.text == shown.text }, "\(where_)")
            }
            lastPending = pending
        }
    }
}
