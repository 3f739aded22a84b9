import Teletype
import TeletypeANSI
import TeletypeLayout
import Testing

/// An update of one message lays out and draws one row again, whatever the conversation's length,
/// and gives the same lines as laying everything out afresh.
@Suite struct IncrementalLayoutTests {
    static func conversation(_ count: Int) -> [Message] {
        (0..<count).map { index in
            index % 2 == 0
                ? Message(id: "q\(index)", role: .user, text: "Question \(index)?")
                : Message(id: "a\(index)", role: .assistant, text: "Answer **\(index)** with `code`.")
        }
    }

    @Test func oneMessageChangedIsOneRowLaidOut() {
        var messages = Self.conversation(200)
        let layout = ConversationLayout()
        var rows = ConversationRowCache()
        var lines = ConversationLineCache(renderer: ConversationTerminalRenderer(width: 60, capabilities: .full))
        _ = lines.lines(rows.rows(for: messages, layout: layout))
        #expect(rows.layouts == 200)
        #expect(lines.renders == 200)
        // The latest reply streams a little more text.
        messages[199].text += " More text."
        let updated = lines.lines(rows.rows(for: messages, layout: layout))
        #expect(rows.layouts == 201)
        #expect(lines.renders == 201)
        let fresh = ConversationTerminalRenderer(width: 60, capabilities: .full)
            .lines(layout.rows(for: messages))
        #expect(updated == fresh)
    }

    @Test func aNewLatestReplyRedrawsTheOldOne() {
        var messages = Self.conversation(10)
        let layout = ConversationLayout()
        var rows = ConversationRowCache()
        _ = rows.rows(for: messages, layout: layout)
        messages.append(Message(id: "q10", role: .user, text: "And?"))
        messages.append(Message(id: "a11", role: .assistant, text: "Yes."))
        let updated = rows.rows(for: messages, layout: layout)
        // The new question, the new reply, and the reply that loses its regenerate action.
        #expect(rows.layouts == 13)
        #expect(updated == layout.rows(for: messages))
    }
}
