import Teletype
import TeletypeSnapshotTesting
import Testing

/// The README's example of snapshot tests for a message type of your own, run as written.
struct SupportReply: AIMessage {
    var id: String
    var role: AIMessageRole { .assistant }
    var text: String
    var ticket: Int
    var parts: [AIMessagePart] {
        [.toolCall(AIToolCallPart(id: "t\(ticket)", name: "lookup_ticket", status: .completed))]
    }
}

@Suite struct SupportReplyTests {
    let reply = SupportReply(id: "r1", text: "Your order **#4411** ships *tomorrow*.", ticket: 4411)

    @Test func layout() {
        assertSnapshot(of: reply, as: .plain(width: 60))
        assertSnapshot(of: reply, as: .ansi(width: 60), named: "styled")
        assertSnapshot(of: reply, as: .html)
    }

    @Test(arguments: [40, 80]) func widths(_ width: Int) {
        // One reference per argument: Snapshots/SupportReplyTests/widths.<width>.txt
        assertSnapshot(of: reply, as: .plain(width: width), named: "\(width)")
    }

    @Test func justTheText() {
        // A strategy of your own, from an existing one.
        let text = Snapshotting<String>.plain(width: 60).pullback { (reply: SupportReply) in reply.text }
        assertSnapshot(of: reply, as: text)
    }
}
