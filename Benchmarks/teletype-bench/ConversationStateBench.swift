import Foundation
import Teletype

/// `teletype-bench conversation`: feed updates applied to an `AIConversation`, in a long
/// conversation against a short one.
@MainActor
enum ConversationStateBench {
    /// A transport that only hands the benchmark its feed.
    final class FeedOnly: AIConversationTransport {
        var feed: AIConversationFeed<Message>?
        func connect(_ feed: AIConversationFeed<Message>) { self.feed = feed }
        func send(_ request: AIConversationRequest<Message>) async throws {}
        func stop() async throws {}
    }

    /// CPU seconds per update while one reply grows `updates` times, after `count` messages, the
    /// conversation observed as a view observes it.
    static func perUpdate(messages count: Int, updates: Int) -> Double {
        let transport = FeedOnly()
        let conversation = AIConversation(transport: transport, replyTimeout: nil)
        var seen = 0
        let observation = conversation.observe { seen += conversation.status == .streaming ? 1 : 0 }
        transport.feed?.update(
            messages: (0..<count).map { index in
                index % 2 == 0
                    ? Message(id: "q\(index)", role: .user, text: "Question \(index)?")
                    : Message(id: "a\(index)", role: .assistant, text: "Answer \(index).")
            })
        var reply = Message(id: "live", role: .assistant, text: "", isGenerating: true)
        let start = StreamingBench.cpu()
        for update in 0..<updates {
            reply.text = update % 50 == 0 ? "" : reply.text + "w"  // a reply growing, in pieces
            transport.feed?.update(message: reply)
        }
        let elapsed = StreamingBench.cpu() - start
        observation.cancel()
        precondition(seen > 0 && conversation.messages.count == count + 1)
        return elapsed / Double(updates)
    }

    static func run(quick: Bool) {
        let updates = quick ? 10_000 : 100_000
        let long = perUpdate(messages: 10_000, updates: updates)
        let short = perUpdate(messages: 10, updates: updates)
        print(
            String(
                format: "\nConversation state: %d feed updates of one growing reply, 10,000 messages ÷ 10 messages: "
                    + "%.2f× per update (goal ≤ 2; %.1f µs vs %.1f µs)", updates, long / short, long * 1e6, short * 1e6)
        )
    }
}
