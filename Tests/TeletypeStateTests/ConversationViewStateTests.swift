import Foundation
import Teletype
import TeletypeLayout
import Testing

/// The conversation view shows an `AIConversation`: thinking, the pending message, errors, actions.
@MainActor
@Suite struct ConversationViewStateTests {
    @Test func theViewFollowsTheConversation() async {
        let transport = ScriptedTransport()
        let chat = AIConversation(transport: transport, actions: [.regenerate], clock: AIManualClock())
        transport.messages([.user("u0", "Earlier"), .reply("r0", "Yes")])
        await chat.send("Now?").value
        var state = ConversationViewState(conversation: chat, thinkingElapsed: 4)
        #expect(state.isThinking && state.pendingMessage?.text == "Now?")
        #expect(
            !state.actions.contains(.regenerate) && !state.actions.contains(.rate), "not while answering; no rating")
        let rows = ConversationLayout().rows(for: chat.messages, state: state)
        #expect(rows.last?.id == "thinking")
        #expect(rows.contains { $0.kind == .pending })
        transport.activity(AIAgentActivity(state: .error, text: "Out of credits"))
        state = ConversationViewState(conversation: chat)
        #expect(state.footer == "Out of credits" && state.footerIsError && !state.isThinking)
        #expect(state.actions.contains(.regenerate))
    }
}
