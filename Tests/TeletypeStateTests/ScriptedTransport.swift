import Foundation
import Teletype

/// A transport a test drives: it records what the conversation asks, can fail or hold a send, and
/// hands the test the feed to play the agent's side.
@MainActor
final class ScriptedTransport: AIConversationTransport {
    typealias Message = Teletype.Message

    struct Failure: Error, Equatable {
        var reason: String
    }

    var feed: AIConversationFeed<Message>?
    private(set) var sent: [AIConversationRequest<Message>] = []
    private(set) var stops = 0
    private(set) var rated: [(id: String, rating: AIMessageRating?)] = []
    private(set) var olderLoads = 0
    /// The next sends fail with these, in order.
    var failures: [Failure] = []
    /// While set, sends wait until the test releases them.
    var holdsSends = false
    private var held: [CheckedContinuation<Void, any Error>] = []

    func connect(_ feed: AIConversationFeed<Message>) { self.feed = feed }

    func send(_ request: AIConversationRequest<Message>) async throws {
        sent.append(request)
        if holdsSends {
            try await withCheckedThrowingContinuation { held.append($0) }
        }
        if !failures.isEmpty { throw failures.removeFirst() }
    }

    /// Lets the held send at `index` return, or throw `failure`.
    func release(_ index: Int, failing failure: Failure? = nil) {
        if let failure { held[index].resume(throwing: failure) } else { held[index].resume() }
    }

    var heldCount: Int { held.count }

    func stop() async throws { stops += 1 }

    func loadOlderMessages() async throws { olderLoads += 1 }

    func rate(_ message: Message, _ rating: AIMessageRating?) async throws { rated.append((message.id, rating)) }

    // The agent's side.

    func messages(_ messages: [Message]) { feed?.update(messages: messages) }
    func activity(_ activity: AIAgentActivity?) { feed?.update(activity: activity) }
}

extension Message {
    static func user(_ id: String, _ text: String) -> Message { Message(id: id, role: .user, text: text) }
    static func reply(_ id: String, _ text: String, generating: Bool = false) -> Message {
        Message(id: id, role: .assistant, text: text, isGenerating: generating)
    }
}
