import Foundation
import Teletype
import TeletypeTestSupport
import Testing

@testable import TeletypeTransports

/// The Vercel AI SDK transport against the fake server on 127.0.0.1.
@MainActor
@Suite(.serialized) struct UIMessageStreamTransportTests {
    func conversation(_ server: FakeOpenAIServer, _ scenario: String) -> AIConversation<Message> {
        let endpoint = URL(string: "http://127.0.0.1:\(server.port)/\(scenario)/api/chat")!
        return AIConversation(
            transport: UIMessageStreamTransport(endpoint: endpoint, chatID: "chat-1", headers: ["X-Test": "yes"]))
    }

    func settle(_ chat: AIConversation<Message>) async {
        let deadline = Date().addingTimeInterval(30)
        while chat.status.isAnswering && Date() < deadline { try? await Task.sleep(nanoseconds: 5_000_000) }
    }

    @Test func aRecordedUIMessageStreamAnswers() async throws {
        let server = try FakeOpenAIServer()
        defer { server.stop() }
        let chat = conversation(server, "ui")
        await chat.send("Search for streaming").value
        await settle(chat)
        #expect(chat.status == .ready && chat.error == nil)
        let reply = try #require(chat.messages.last)
        #expect(!reply.role.isUser && !reply.text.isEmpty)
        #expect(reply.parts.contains { if case .toolCall = $0 { true } else { false } })
    }

    @Test func theRequestIsWhatUseChatSends() async throws {
        let server = try FakeOpenAIServer()
        defer { server.stop() }
        let chat = conversation(server, "ui-echo")
        await chat.send("Hello there").value
        await settle(chat)
        let body = try JSONParser.parse(chat.messages.last?.text ?? "")
        #expect(body["id"]?.string == "chat-1")
        #expect(body["trigger"]?.string == "submit-message")
        let first = body["messages"]?.array?.first
        #expect(first?["role"]?.string == "user")
        #expect(first?["parts"]?.array?.first?["text"]?.string == "Hello there")
        // Writing the reply again names it.
        if let reply = chat.messages.last {
            await chat.regenerate(reply).value
            await settle(chat)
            let again = try JSONParser.parse(chat.messages.last?.text ?? "")
            #expect(again["trigger"]?.string == "regenerate-message")
            #expect(again["messageId"]?.string == reply.id)
        }
    }

    @Test func anErrorChunkIsTheAgentsErrorAndKeepsTheText() async throws {
        let server = try FakeOpenAIServer()
        defer { server.stop() }
        let chat = conversation(server, "ui-error")
        await chat.send("Hello").value
        await settle(chat)
        #expect(chat.status == .error)
        #expect((chat.error as? AIAgentError)?.message == "Rate limited")
        #expect(chat.messages.last?.text == "Partial answer")
    }
}
