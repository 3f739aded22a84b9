import Foundation
import Teletype
import TeletypeTestSupport
import TeletypeTransports
import Testing

/// Recorded streams of every format, as raw SSE, chunk lines and JSON arrays, played to their end.
@Suite struct StreamRecordingTests {
    func play(_ name: String) throws -> (StreamRecording, StreamedConversation) {
        let url = PackageRoot.url.appendingPathComponent("Tests/Fixtures/streams/\(name)")
        let recording = StreamRecordingReader().read(try Data(contentsOf: url), file: name)
        var conversation = StreamedConversation()
        for timed in recording.events { conversation.apply(timed.event) }
        return (recording, conversation)
    }

    func toolCalls(_ message: Message) -> [AIToolCallPart] {
        message.parts.compactMap { if case .toolCall(let call) = $0 { call } else { nil } }
    }

    @Test func openAIServerSentEvents() throws {
        let (recording, conversation) = try play("openai.sse")
        #expect(recording.format == .openai && recording.error == nil)
        let reply = try #require(conversation.messages.last)
        #expect(reply.text == "It is **cold** in Oslo.")
        #expect(!reply.isGenerating)
        #expect(toolCalls(reply).map(\.name) == ["get_weather"])
        #expect(toolCalls(reply).first?.arguments == ["city": "Oslo"])
        guard case .reasoning(let reasoning)? = reply.parts.first else {
            Issue.record("no reasoning")
            return
        }
        #expect(reply.reasoningText(for: reasoning) == "Need the weather tool.")
        #expect(!reasoning.isStreaming)
    }

    @Test func anthropicServerSentEvents() throws {
        let (recording, conversation) = try play("anthropic.sse")
        #expect(recording.format == .anthropic && recording.error == nil)
        let reply = try #require(conversation.messages.last)
        #expect(reply.id == "msg_01")
        #expect(reply.text == "Two files: `a.txt` and `b.txt`.")
        #expect(toolCalls(reply).first?.arguments == ["path": "/tmp"])
        #expect(reply.parts.count == 2)
    }

    @Test(arguments: ["vercel.jsonl", "vercel.json"])
    func vercelUIMessageStream(_ name: String) throws {
        let (recording, conversation) = try play(name)
        #expect(recording.format == .vercel && recording.error == nil)
        let reply = try #require(conversation.messages.last)
        #expect(reply.id == "msg-v1")
        #expect(reply.text == "Found **3** pages.")
        let call = try #require(toolCalls(reply).first)
        #expect(call.status == .completed && call.output == ["hits": 3] && call.arguments == ["q": "streaming"])
    }

    @Test func teletypeEventStream() throws {
        let url = PackageRoot.url.appendingPathComponent("Samples/replay.jsonl")
        let recording = StreamRecordingReader().read(try Data(contentsOf: url), file: "replay.jsonl")
        #expect(recording.format == .teletype && recording.error == nil)
        #expect(recording.events.first?.time == 0)
        var conversation = StreamedConversation()
        for timed in recording.events { conversation.apply(timed.event) }
        #expect(conversation.messages.map(\.role) == [.user, .assistant])
        #expect(conversation.messages[1].text.contains("| Memory safety |"))
        #expect(!conversation.messages[1].isGenerating)
        #expect(conversation.activity == nil)
    }

    /// "Thinking… 4s" counts from the thinking activity; the reasoning step takes over the same timer
    /// and folds with the whole time ("Thought for 8s") when the answer starts.
    @Test func reasoningTakesOverTheThinkingTimerAndFoldsWithItsDuration() {
        var conversation = StreamedConversation(messages: [Message(id: "u", role: .user, text: "Why?")])
        conversation.apply(.activity("thinking"), at: 1)
        #expect(conversation.thinkingSince == 1)
        conversation.apply(.reasoningDelta(messageID: "a", partID: "r", delta: "Let me see"), at: 5)
        #expect(conversation.thinkingSince == 1)
        conversation.apply(.activity("generating"), at: 6)
        #expect(conversation.thinkingSince == 1, "the streaming step keeps the timer")
        conversation.apply(.textDelta(messageID: "a", delta: "Because"), at: 9)
        #expect(conversation.thinkingSince == nil)
        guard case .reasoning(let step)? = conversation.messages.last?.parts.first else {
            Issue.record("no reasoning step")
            return
        }
        #expect(!step.isStreaming && step.duration == 8)
        // A recorded duration wins; a step completed by its own update gets the time it took.
        var other = StreamedConversation()
        other.apply(.part(messageID: "a", part: .reasoning(AIReasoningPart(id: "r", status: .streaming))), at: 2)
        other.apply(.part(messageID: "a", part: .reasoning(AIReasoningPart(id: "r", status: .completed))), at: 5.5)
        guard case .reasoning(let folded)? = other.messages.last?.parts.first else { return }
        #expect(folded.duration == 3.5)
        #expect(other.thinkingSince == 2, "thinking goes on until the answer starts")
        other.apply(.done(messageID: nil), at: 6)
        #expect(other.thinkingSince == nil)
        // Without times, no duration is made up.
        var untimed = StreamedConversation()
        untimed.apply(.reasoningDelta(messageID: "a", partID: "r", delta: "hm"))
        untimed.apply(.textDelta(messageID: "a", delta: "Yes"))
        guard case .reasoning(let plain)? = untimed.messages.last?.parts.first else { return }
        #expect(plain.duration == nil && !plain.isStreaming)
    }

    @Test func truncatedStreamKeepsWhatArrivedAndSaysWhere() throws {
        let (recording, conversation) = try play("truncated.sse")
        #expect(recording.error?.line == 7)
        #expect(recording.error?.message == "the stream ends before the reply is finished")
        #expect(toolCalls(try #require(conversation.messages.last)).first?.name == "get_weather")
    }

    @Test func malformedLineStopsThePlayWithItsPosition() throws {
        let (recording, conversation) = try play("malformed.jsonl")
        #expect(recording.error?.line == 3)
        #expect(conversation.messages.last?.text == "Hel")
    }
}
