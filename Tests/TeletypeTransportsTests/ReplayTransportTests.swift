import Foundation
import Teletype
import TeletypeTestSupport
import Testing

@testable import TeletypeTransports

/// The recorded agent answers through a real conversation.
@MainActor
@Suite struct ReplayTransportTests {
    func recording(_ path: String) throws -> StreamRecording {
        let url = PackageRoot.url.appendingPathComponent(path)
        return StreamRecordingReader().read(try Data(contentsOf: url), file: url.lastPathComponent)
    }

    /// Waits (in real time, the recording being instant) until the conversation settles.
    func settle(_ conversation: AIConversation<Message>) async {
        for _ in 0..<20000 where conversation.status.isAnswering {
            try? await Task.sleep(nanoseconds: 1_000_000)
        }
    }

    @Test func theDemoRecordingAnswersAQuestion() async throws {
        let transport = ReplayTransport(recording: try recording("Samples/replay.jsonl"), timing: .instant)
        let chat = AIConversation(transport: transport)
        await chat.send("Swift or Rust?").value
        await settle(chat)
        #expect(chat.status == .ready && chat.error == nil)
        #expect(chat.messages.map(\.role) == [.user, .assistant])
        #expect(chat.messages[0].text == "Swift or Rust?")
        #expect(chat.messages[1].text.contains("| Memory safety |"))
        #expect(chat.pendingMessage == nil)
        // A second question gets a reply of its own.
        await chat.send("And Go?").value
        await settle(chat)
        #expect(chat.messages.map(\.role) == [.user, .assistant, .user, .assistant])
        #expect(Set(chat.messages.map(\.id)).count == 4)
    }

    /// A long history shows a page at a time; older pages load on request, and a new message still
    /// follows the latest.
    @Test func aLongHistoryShowsAPageAtATime() async throws {
        let history = (0..<100).map {
            Message(id: "m\($0)", role: $0 % 2 == 0 ? .user : .assistant, text: "message \($0)")
        }
        let transport = ReplayTransport(
            recording: try recording("Samples/replay.jsonl"), history: history, timing: .instant, historyPageSize: 40)
        let chat = AIConversation(transport: transport)
        #expect(chat.messages.map(\.id) == (60..<100).map { "m\($0)" })
        #expect(chat.hasOlderMessages)
        await chat.loadOlderMessages().value
        #expect(chat.messages.first?.id == "m20" && chat.messages.count == 80 && chat.hasOlderMessages)
        await chat.loadOlderMessages().value
        #expect(chat.messages.first?.id == "m0" && chat.messages.count == 100 && !chat.hasOlderMessages)
        await chat.loadOlderMessages().value
        #expect(chat.messages.count == 100)
        await chat.send("one more").value
        await settle(chat)
        #expect(chat.messages.count == 102 && chat.messages[100].text == "one more")
    }

    @Test(arguments: ["openai.sse", "anthropic.sse", "vercel.jsonl"])
    func everyFormatAnswers(_ name: String) async throws {
        let transport = ReplayTransport(recording: try recording("Tests/Fixtures/streams/\(name)"), timing: .instant)
        let chat = AIConversation(transport: transport)
        await chat.send("Hello").value
        await settle(chat)
        #expect(chat.status == .ready)
        #expect(chat.messages.last.map { !$0.role.isUser && !($0.text.isEmpty && $0.parts.isEmpty) } == true)
    }

    @Test func aTruncatedRecordingIsAnAgentErrorThatKeepsTheText() async throws {
        let transport = ReplayTransport(
            recording: try recording("Tests/Fixtures/streams/truncated.sse"), timing: .instant)
        let chat = AIConversation(transport: transport)
        await chat.send("Hello").value
        await settle(chat)
        #expect(chat.status == .error)
        #expect((chat.error as? AIAgentError)?.message?.contains("ends before the reply is finished") == true)
        #expect(chat.messages.last?.parts.isEmpty == false, "what arrived stays")
    }

    @Test func stopEndsThePlay() async throws {
        let transport = ReplayTransport(recording: try recording("Samples/replay.jsonl"), timing: .recorded(speed: 1))
        let chat = AIConversation(transport: transport)
        await chat.send("Hello").value
        try await Task.sleep(nanoseconds: 400_000_000)
        await chat.stop().value
        #expect(chat.status == .ready)
        let shown = chat.messages.count
        try await Task.sleep(nanoseconds: 300_000_000)
        #expect(chat.messages.count == shown)
    }
}
