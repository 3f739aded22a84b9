import Foundation
import Teletype
import TeletypeLayout
import TeletypeSessions
import TeletypeTestSupport
import TeletypeTransports

/// The sample conversation, which holds every element of the conversation view.
enum ConversationFixtures {
    static let sample: [Message] = {
        let url = PackageRoot.url.appendingPathComponent("Samples/conversation.json")
        guard let data = try? Data(contentsOf: url),
            let transcript = try? ConversationReader().read(data, file: url.path)
        else { fatalError("cannot read \(url.path)") }
        return transcript.messages
    }()

    /// The view's own elements: older messages, a pending message, the thinking indicator and a footer.
    static func state(expanded: Bool = false) -> ConversationViewState {
        ConversationViewState(
            isThinking: true, thinkingElapsed: 4,
            pendingMessage: AIPendingMessage(text: "Also: is the Louvre open on Sunday?"), hasOlderMessages: true,
            footer: "The agent is checking opening hours…", expandReasoning: expanded, expandToolCalls: expanded)
    }

    /// The sample with the view's own elements.
    static func rows(appearance: AIAppearance = .dark, expanded: Bool = false) -> [ConversationRow] {
        ConversationLayout(appearance: appearance).rows(for: sample, state: state(expanded: expanded))
    }

    /// No messages yet: the empty content with suggestions.
    static func emptyRows(appearance: AIAppearance = .dark) -> [ConversationRow] {
        ConversationLayout(appearance: appearance).rows(
            for: [], state: ConversationViewState(suggestions: ["Plan a trip", "Summarize my week", "Explain monads"]))
    }
}
