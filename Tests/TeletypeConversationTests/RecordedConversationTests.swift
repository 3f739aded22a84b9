import Teletype
import TeletypeANSI
import TeletypeHTML
import TeletypeLayout
import TeletypeTestSupport
import Testing

/// A conversation read from a file is a record: a call without a result runs no longer, and a
/// reply of many steps has one row of actions, under its end.
@Suite struct RecordedConversationTests {
    /// Conversations drawn with `seed`: turns of one to five steps, each step a message with tool
    /// calls of every status (some without a result), reasoning still marked as streaming, the last
    /// step of a turn with an answer or not.
    static func conversation(seed: UInt64) -> [Message] {
        var generator = SeededGenerator(seed: seed)
        let statuses: [AIToolCallPart.Status] = [
            .running, .awaitingClient, .awaitingApproval, .completed, .failed, .cancelled, "queued",
        ]
        var messages: [Message] = []
        for turn in 0..<(1 + Int(generator.next() % 4)) {
            messages.append(Message(id: "q\(turn)", role: .user, text: "Question \(turn)?"))
            let steps = 1 + Int(generator.next() % 5)
            for step in 0..<steps {
                var parts: [AIMessagePart] = []
                if generator.next() % 3 == 0 {
                    parts.append(
                        .reasoning(AIReasoningPart(id: "r\(turn)-\(step)", status: .streaming, preview: "Weighing it")))
                }
                for call in 0..<(1 + Int(generator.next() % 2)) {
                    let status = statuses[Int(generator.next() % UInt64(statuses.count))]
                    parts.append(
                        .toolCall(
                            AIToolCallPart(
                                id: "c\(turn)-\(step)-\(call)", name: "code_execution", status: status,
                                approval: status == .awaitingApproval ? AIToolApproval() : nil)))
                }
                let isLast = step == steps - 1
                let text = isLast && generator.next() % 4 != 0 ? "The answer of turn \(turn)." : ""
                if generator.next() % 5 == 0 {
                    messages.append(Message(id: "s\(turn)-\(step)", role: .system, text: "note"))
                }
                messages.append(Message(id: "a\(turn)-\(step)", role: .assistant, text: text, parts: parts))
            }
        }
        return messages
    }

    static let seeds: [UInt64] = Array(1...16)

    static func toolCalls(_ rows: [ConversationRow]) -> [ToolCallView] {
        rows.flatMap(\.blocks).compactMap { if case .toolCall(let view) = $0 { view } else { nil } }
    }

    @Test(arguments: seeds)
    func aRecordShowsNoCallAsRunning(_ seed: UInt64) {
        let messages = Self.conversation(seed: seed)
        let layout = ConversationLayout()
        let recorded = layout.rows(for: messages, state: ConversationViewState(isRecorded: true))
        let live = layout.rows(for: messages)
        let unfinished = messages.flatMap(\.parts).compactMap { part -> AIToolCallPart? in
            if case .toolCall(let call) = part, !call.status.isFinished { return call }
            return nil
        }
        #expect(Self.toolCalls(recorded).filter { $0.state == .noResult }.count == unfinished.count)
        #expect(
            !Self.toolCalls(recorded).contains { [.running, .awaitingClient, .awaitingApproval].contains($0.state) })
        #expect(
            !recorded.flatMap(\.blocks).contains {
                if case .reasoning(let view) = $0 { view.isStreaming } else { false }
            })
        // A live conversation still runs them.
        #expect(Self.toolCalls(live).filter { $0.state == .noResult }.isEmpty)
        // Drawn, in the terminal and in HTML.
        let terminal = ConversationTerminalRenderer(width: 80, capabilities: .plain).render(recorded)
        let html = ConversationHTMLRenderer().render(recorded)
        for output in [terminal, html] {
            #expect(!output.contains("Running") && !output.contains("Waiting for") && !output.contains("Thinking…"))
            #expect(output.contains("No result recorded") == !unfinished.isEmpty)
        }
        #expect(!terminal.contains(AIIcons.unicode.toolRunning))
    }

    @Test(arguments: seeds)
    func aReplyOfManyStepsHasOneRowOfActionsUnderItsEnd(_ seed: UInt64) {
        let messages = Self.conversation(seed: seed)
        let layout = ConversationLayout()
        var cache = ConversationRowCache()
        for rows in [layout.rows(for: messages), cache.rows(for: messages, layout: layout)] {
            let withActions = rows.filter { row in
                row.blocks.contains { if case .actions = $0 { true } else { false } }
            }.map(\.id)
            // The last message of the agent's before each question, and at the end.
            let ends = messages.indices.filter { index in
                !messages[index].role.isUser && messages[index].role != .system
                    && ConversationLayout.endsReply(messages, at: index)
            }.map { messages[$0].id }
            let turns = messages.filter(\.role.isUser).count
            #expect(withActions == ends)
            #expect(ends.count == turns, "\(ends)")
        }
    }

    /// The cache lays out the step that stops ending its reply when the next step arrives.
    @Test func aStepThatArrivesTakesTheActionsFromTheOneBefore() {
        var messages = [
            Message(id: "q", role: .user, text: "Go"),
            Message(
                id: "a1", role: .assistant, text: "",
                parts: [.toolCall(AIToolCallPart(id: "c", name: "search", status: .completed))]),
        ]
        let layout = ConversationLayout()
        var cache = ConversationRowCache()
        _ = cache.rows(for: messages, layout: layout)
        messages.append(Message(id: "a2", role: .assistant, text: "Found it."))
        let rows = cache.rows(for: messages, layout: layout)
        #expect(rows == layout.rows(for: messages))
        let actionRows = rows.filter { $0.blocks.contains { if case .actions = $0 { true } else { false } } }
        #expect(actionRows.map(\.id) == ["a2"])
    }
}
