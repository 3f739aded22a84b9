import Foundation
import Teletype
import Testing

/// Every rule of the reference's conversation state, one test each.
@MainActor
@Suite struct ConversationRulesTests {
    let transport = ScriptedTransport()
    let clock = AIManualClock()

    func conversation(
        actions: AIConversationActions = .all, replyTimeout: Double? = 300, history: [Message] = []
    ) -> AIConversation<Message> {
        let conversation = AIConversation(
            transport: transport, actions: actions, replyTimeout: replyTimeout, clock: clock)
        if !history.isEmpty { transport.messages(history) }
        return conversation
    }

    @Test func statusGoesSubmittedStreamingReady() async {
        let chat = conversation()
        #expect(chat.status == .ready)
        await chat.send("Hi").value
        #expect(chat.status == .submitted && chat.status.isAnswering)
        let id = transport.sent[0].messageID
        transport.messages([.user(id, "Hi"), .reply("r", "", generating: true)])
        #expect(chat.status == .submitted, "an empty reply shows nothing yet")
        transport.messages([.user(id, "Hi"), .reply("r", "Hel", generating: true)])
        #expect(chat.status == .streaming)
        #expect(chat.composer.isGenerating)
        transport.messages([.user(id, "Hi"), .reply("r", "Hello")])
        #expect(chat.status == .ready && !chat.status.isAnswering)
        #expect(!chat.composer.isGenerating)
    }

    @Test func aReplyShowingOnlyUIStaysSubmitted() async {
        let chat = conversation()
        await chat.send("Show a card").value
        let id = transport.sent[0].messageID
        var reply = Message.reply("r", "", generating: true)
        reply.uiDocument = AIUIDocument(format: "card", content: "{}")
        transport.messages([.user(id, "Show a card"), reply])
        #expect(chat.status == .submitted)
        reply.isGenerating = false
        transport.messages([.user(id, "Show a card"), reply])
        #expect(chat.status == .ready, "a finished reply counts, UI or not")
    }

    @Test func thePendingMessageIsReplacedByItsCopyFoundById() async {
        let chat = conversation(history: [.user("u0", "Earlier"), .reply("r0", "Yes")])
        await chat.send("Again?").value
        let id = transport.sent[0].messageID
        #expect(chat.pendingMessage?.id == id && chat.pendingMessage?.text == "Again?")
        #expect(chat.messages.map(\.id) == ["u0", "r0"])
        // A message of someone else's arriving first does not take its place.
        transport.messages([.user("u0", "Earlier"), .reply("r0", "Yes"), .reply("x", "unrelated")])
        transport.messages([.user("u0", "Earlier"), .reply("r0", "Yes"), .user(id, "Again?")])
        #expect(chat.pendingMessage == nil)
        #expect(chat.messages.map(\.id) == ["u0", "r0", id], "the copy shows where the pending message was")
    }

    @Test func withoutItsIdThePendingMessageIsReplacedByTheFirstNewUserMessage() async {
        let chat = conversation(history: [.user("u0", "Earlier")])
        await chat.send("Hello").value
        transport.messages([.user("u0", "Earlier"), .user("server-id", "Hello")])
        #expect(chat.pendingMessage == nil)
    }

    @Test func thePendingMessageGoesWhenItsReplyStartsEvenWithoutACopy() async {
        let chat = conversation()
        await chat.send("Hello").value
        transport.messages([.reply("r", "Hi", generating: true)])
        #expect(chat.pendingMessage == nil)
        #expect(chat.status == .streaming)
    }

    @Test func aFailedSendIsTheErrorAndRetrySendsTheSameRequestAgain() async {
        let chat = conversation()
        transport.failures = [.init(reason: "offline")]
        await chat.send("Hello").value
        #expect(chat.status == .error)
        #expect(chat.error as? ScriptedTransport.Failure == .init(reason: "offline"))
        #expect(chat.pendingMessage?.text == "Hello", "it stays while it can be sent again")
        await chat.retry().value
        #expect(transport.sent.count == 2)
        #expect(transport.sent[1].messageID == transport.sent[0].messageID)
        #expect(transport.sent[1].kind == .message && transport.sent[1].text == "Hello")
        #expect(chat.status == .submitted && chat.error == nil)
    }

    @Test func anAgentErrorActivityIsAnAIAgentErrorAndRetryAsksForTheReplyAgain() async {
        let chat = conversation()
        await chat.send("Hello").value
        let id = transport.sent[0].messageID
        transport.messages([.user(id, "Hello")])
        transport.activity(AIAgentActivity(state: .error, text: "The model is overloaded"))
        #expect(chat.status == .error)
        #expect((chat.error as? AIAgentError)?.message == "The model is overloaded")
        #expect(chat.error?.localizedDescription == "The model is overloaded")
        #expect(AIAgentError().localizedDescription == "The agent couldn't answer. Try again.")
        await chat.retry().value
        #expect(transport.sent.count == 2)
        #expect(transport.sent[1].kind == .regenerate && transport.sent[1].message == nil)
        #expect(transport.sent[1].text == "Hello")
        #expect(!transport.sent.dropFirst().contains { $0.kind == .message }, "the message is not sent twice")
        #expect(chat.status == .submitted && chat.error == nil)
    }

    @Test func anAgentErrorWhileTheReplyStreamsKeepsWhatWasWritten() async {
        let chat = conversation()
        await chat.send("Hello").value
        let id = transport.sent[0].messageID
        transport.messages([.user(id, "Hello"), .reply("r", "Half of it", generating: true)])
        #expect(chat.status == .streaming)
        transport.activity(AIAgentActivity(state: .error, text: "Lost the model"))
        #expect(chat.status == .error)
        #expect((chat.error as? AIAgentError)?.message == "Lost the model")
        #expect(chat.messages.last?.text == "Half of it")
    }

    @Test func theReplyTimeoutIsAnAgentErrorButNotWhileTheAgentSaysItWorks() async {
        let chat = conversation(replyTimeout: 300)
        await chat.send("Hello").value
        clock.advance(by: 299)
        #expect(chat.status == .submitted)
        transport.activity(AIAgentActivity(state: .thinking, text: "Thinking"))
        clock.advance(by: 10_000)
        #expect(chat.status == .submitted, "no timeout while the agent says it is working")
        transport.activity(nil)
        clock.advance(by: 299)
        #expect(chat.status == .submitted)
        clock.advance(by: 2)
        #expect(chat.status == .error)
        #expect(chat.error is AIAgentError)
        // The reply starts after all: the error goes.
        transport.messages([.reply("r", "Sorry, I was slow", generating: true)])
        #expect(chat.error == nil && chat.status == .streaming)
    }

    @Test func withoutATimeoutItWaitsForever() async {
        let chat = conversation(replyTimeout: nil)
        await chat.send("Hello").value
        clock.advance(by: 1e9)
        #expect(chat.status == .submitted)
        #expect(clock.scheduledCount == 0)
    }

    @Test func stopKeepsWhatWasWrittenAndCountsTheReplyFinished() async {
        let chat = conversation()
        await chat.send("Tell me").value
        let id = transport.sent[0].messageID
        transport.messages([.user(id, "Tell me"), .reply("r", "Once upon", generating: true)])
        transport.activity(AIAgentActivity(state: .generating))
        #expect(chat.status == .streaming)
        await chat.stop().value
        #expect(transport.stops == 1)
        #expect(chat.status == .ready)
        #expect(chat.messages.last?.text == "Once upon")
        #expect(chat.messages.last.map(chat.isGenerating) == false, "finished although the feed says generating")
        // Activity is ignored until the agent clears it.
        transport.activity(AIAgentActivity(state: .generating))
        #expect(chat.activity == nil)
        transport.messages([.user(id, "Tell me"), .reply("r", "Once upon a", generating: true)])
        #expect(chat.status == .ready)
        transport.activity(nil)
        transport.activity(AIAgentActivity(state: .thinking))
        #expect(chat.activity?.state == .thinking)
    }

    @Test func stopHidesAReplyThatShowedNothing() async {
        let chat = conversation()
        await chat.send("Tell me").value
        let id = transport.sent[0].messageID
        transport.messages([.user(id, "Tell me"), .reply("r", "", generating: true)])
        await chat.stop().value
        #expect(chat.messages.map(\.id) == [id])
        #expect(chat.status == .ready)
    }

    @Test func regenerateHidesTheReplyUntilTheNewOneStarts() async {
        let history: [Message] = [.user("u", "Why?"), .reply("r", "Because.")]
        let chat = conversation(history: history)
        await chat.regenerate(history[1]).value
        #expect(transport.sent[0].kind == .regenerate)
        #expect(transport.sent[0].message?.id == "r" && transport.sent[0].text == "Why?")
        #expect(chat.messages.map(\.id) == ["u"])
        #expect(chat.status == .submitted)
        // Written again in place, under its id.
        transport.messages([.user("u", "Why?"), .reply("r", "", generating: true)])
        #expect(chat.messages.map(\.id) == ["u"], "hidden until the new reply shows something")
        transport.messages([.user("u", "Why?"), .reply("r", "Well,", generating: true)])
        #expect(chat.messages.map(\.id) == ["u", "r"] && chat.status == .streaming)
    }

    @Test func editOnlyTheUsersLatestMessageOnlyWhileNotAnswering() async {
        let history: [Message] = [.user("u1", "First"), .reply("r1", "A"), .user("u2", "Second"), .reply("r2", "B")]
        let chat = conversation(history: history)
        chat.edit(history[0])
        #expect(chat.editingMessage == nil, "not the latest")
        chat.edit(history[2])
        #expect(chat.editingMessage?.id == "u2" && chat.composer.text == "Second" && chat.composer.isEditing)
        chat.cancelEditing()
        #expect(chat.editingMessage == nil && chat.composer.text.isEmpty)
        chat.edit(history[2])
        await chat.send("Second, better").value
        #expect(transport.sent[0].kind == .edit && transport.sent[0].message?.id == "u2")
        #expect(transport.sent[0].text == "Second, better")
        #expect(chat.messages.map(\.id) == ["u1", "r1"], "the edited message and its reply hide")
        #expect(chat.pendingMessage?.text == "Second, better")
        // While answering, nothing can be edited.
        chat.edit(history[0])
        #expect(chat.editingMessage == nil)
        transport.messages([.user("u1", "First"), .reply("r1", "A"), .user("u2", "Second, better")])
        #expect(chat.pendingMessage == nil, "its copy, found by id with the new text")
        transport.messages([
            .user("u1", "First"), .reply("r1", "A"), .user("u2", "Second, better"), .reply("r3", "C", generating: true),
        ])
        #expect(chat.messages.map(\.id) == ["u1", "r1", "u2", "r3"])
    }

    @Test func actionsGateEditRegenerateAndRate() async {
        let history: [Message] = [.user("u", "Q"), .reply("r", "A")]
        let chat = conversation(actions: [], history: history)
        chat.edit(history[0])
        await chat.regenerate(history[1]).value
        await chat.rate(history[1], .positive).value
        #expect(chat.editingMessage == nil && transport.sent.isEmpty && chat.ratings.isEmpty && transport.rated.isEmpty)
        #expect(!chat.canEdit(history[0]) && !chat.canRegenerate(history[1]))
    }

    @Test func ratingsStayOnTheDeviceAndWinOverTheBackends() async {
        var backendRated = Message.reply("r", "A")
        backendRated.rating = .negative
        let chat = conversation(history: [.user("u", "Q"), backendRated])
        #expect(chat.rating(of: backendRated) == .negative, "the backend's shows until the user rates")
        await chat.rate(backendRated, .positive).value
        #expect(chat.rating(of: backendRated) == .positive)
        #expect(transport.rated.map(\.rating) == [.positive])
        await chat.rate(backendRated, nil).value
        #expect(chat.rating(of: backendRated) == nil, "taken back on the device")
    }

    @Test func outcomesOfSupersededRequestsAreIgnored() async {
        let chat = conversation()
        transport.holdsSends = true
        let first = chat.send("One")
        let second = chat.send("Two")
        while transport.heldCount < 2 { await Task.yield() }
        transport.release(0, failing: .init(reason: "late failure of the first"))
        await first.value
        #expect(chat.error == nil && chat.status == .submitted)
        #expect(chat.pendingMessage?.text == "Two")
        transport.release(1)
        await second.value
        #expect(chat.status == .submitted)
    }

    @Test func olderMessagesLoadOnceAtATime() async {
        let chat = conversation()
        await chat.loadOlderMessages().value
        #expect(transport.olderLoads == 0, "nothing to load")
        transport.feed?.update(hasOlderMessages: true)
        let first = chat.loadOlderMessages()
        let second = chat.loadOlderMessages()
        await first.value
        await second.value
        #expect(transport.olderLoads == 1)
        #expect(!chat.isLoadingOlderMessages)
    }

    @Test func observersHearEveryChangeUntilCancelled() async {
        let chat = conversation()
        var heard = 0
        let observation = chat.observe { heard += 1 }
        await chat.send("Hi").value
        #expect(heard > 0)
        let before = heard
        observation.cancel()
        transport.messages([.reply("r", "Hello")])
        #expect(heard == before)
    }

    @Test func theFeedHoldsTheConversationWeakly() {
        var chat: AIConversation<Message>? = conversation()
        #expect(transport.feed?.isConnected == true)
        chat = nil
        #expect(chat == nil)
        #expect(transport.feed?.isConnected == false)
    }

    @Test func oneMessageUpdatesLikeTheWholeList() async {
        let chat = conversation(history: [.user("u0", "Earlier"), .reply("r0", "Yes")])
        await chat.send("More?").value
        let id = transport.sent[0].messageID
        transport.feed?.update(message: .user(id, "More?"))
        #expect(chat.pendingMessage == nil && chat.messages.map(\.id) == ["u0", "r0", id])
        transport.feed?.update(message: .reply("r1", "Su", generating: true))
        #expect(chat.status == .streaming)
        transport.feed?.update(message: .reply("r1", "Sure."))
        #expect(chat.status == .ready && chat.messages.last?.text == "Sure." && chat.messages.count == 4)
    }

    @Test func bothSpellingsOfCheckingSourcesAreOneState() {
        #expect(AIAgentActivity.State(rawValue: "AI_STATE_EXTERNAL_SOURCES") == .checkingExternalSources)
        #expect(AIAgentActivity.State(rawValue: "AI_STATE_CHECKING_SOURCES") == .checkingExternalSources)
        #expect(AIAgentActivity.State(rawValue: "AI_STATE_SOMETHING_NEW").rawValue == "AI_STATE_SOMETHING_NEW")
    }
}
