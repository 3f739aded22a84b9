import Foundation
import Teletype
import TeletypeTestSupport
import Testing

@testable import TeletypeTransports

@MainActor
@Suite(.serialized) struct OpenAIChatTransportTests {
    func conversation(_ server: FakeOpenAIServer, _ scenario: String, timeout: Double? = 300)
        -> AIConversation<Message>
    {
        let configuration = OpenAIChatConfiguration(
            endpoint: server.endpoint(scenario), model: "test-model", apiKey: "sk-test", system: "Be brief.")
        return AIConversation(transport: OpenAIChatTransport(configuration: configuration), replyTimeout: timeout)
    }

    func settle(_ chat: AIConversation<Message>, seconds: Double = 30) async {
        let deadline = Date().addingTimeInterval(seconds)
        while chat.status.isAnswering && Date() < deadline { try? await Task.sleep(nanoseconds: 5_000_000) }
    }

    @Test func aRecordedReplyStreamsIn() async throws {
        let server = try FakeOpenAIServer()
        defer { server.stop() }
        let chat = conversation(server, "ok")
        await chat.send("What's the weather?").value
        await settle(chat)
        #expect(chat.status == .ready && chat.error == nil)
        #expect(chat.messages.map(\.role) == [.user, .assistant])
        let reply = chat.messages[1]
        #expect(!reply.text.isEmpty && !reply.isGenerating)
        #expect(reply.parts.contains { if case .reasoning = $0 { true } else { false } })
        #expect(reply.parts.contains { if case .toolCall = $0 { true } else { false } })
    }

    @Test func theRequestCarriesTheModelTheHistoryAndTheKey() async throws {
        let server = try FakeOpenAIServer()
        defer { server.stop() }
        let chat = conversation(server, "echo")
        await chat.send("First question").value
        await settle(chat)
        let echoed = try JSONParser.parse(chat.messages.last?.text ?? "")
        #expect(echoed["authorization"]?.string == "Bearer sk-test")
        #expect(echoed["body"]?["model"]?.string == "test-model")
        #expect(echoed["body"]?["stream"] == .bool(true))
        let roles = echoed["body"]?["messages"]?.array?.compactMap { $0["role"]?.string }
        #expect(roles == ["system", "user"])
        await chat.send("Second").value
        await settle(chat)
        let second = try JSONParser.parse(chat.messages.last?.text ?? "")
        #expect(
            second["body"]?["messages"]?.array?.compactMap { $0["role"]?.string } == [
                "system", "user", "assistant", "user",
            ])
    }

    @Test func anHTTPErrorIsTheRequestsErrorWithTheServersMessage() async throws {
        let server = try FakeOpenAIServer()
        defer { server.stop() }
        let chat = conversation(server, "http500")
        await chat.send("Hello").value
        #expect(chat.status == .error)
        #expect(chat.error as? OpenAIChatError == .http(status: 500, message: "The model is overloaded"))
        // The transport keeps its copy of the message, so a retry (same id) does not add it twice.
        #expect(chat.messages.map(\.text) == ["Hello"])
        await chat.retry().value
        #expect(chat.status == .error)
        #expect(chat.messages.map(\.text) == ["Hello"])
    }

    @Test func aDroppedConnectionIsAnAgentErrorThatKeepsTheText() async throws {
        let server = try FakeOpenAIServer()
        defer { server.stop() }
        let chat = conversation(server, "drop")
        await chat.send("Hello").value
        await settle(chat)
        #expect(chat.status == .error)
        #expect((chat.error as? AIAgentError)?.message?.contains("connection was lost") == true)
        let reply = chat.messages.last
        #expect(reply.map { !$0.role.isUser && !($0.text.isEmpty && $0.parts.isEmpty) } == true)
    }

    @Test func aFirstByteSlowerThanTheReplyTimeoutIsAnAgentError() async throws {
        // The reply is held until the test releases it, so a busy machine cannot let it in before the
        // timeout has been seen (the server lets it go by itself after a minute).
        let server = try FakeOpenAIServer(slowSeconds: 60)
        defer { server.stop() }
        let chat = conversation(server, "slow", timeout: 0.5)
        await chat.send("Hello").value
        await settle(chat, seconds: 30)
        #expect(chat.status == .error)
        #expect(chat.error is AIAgentError)
        #expect(chat.messages.map(\.role) == [.user])
        // The reply comes after all: the error goes.
        try await server.release()
        let deadline = Date().addingTimeInterval(30)
        while (chat.error != nil || chat.status.isAnswering) && Date() < deadline {
            try await Task.sleep(nanoseconds: 10_000_000)
        }
        #expect(chat.error == nil)
        #expect(chat.messages.last.map { !$0.role.isUser } == true)
    }

    @Test func aMalformedLineIsAnAgentErrorThatKeepsWhatCameBefore() async throws {
        let server = try FakeOpenAIServer()
        defer { server.stop() }
        let chat = conversation(server, "malformed")
        await chat.send("Hello").value
        await settle(chat)
        #expect(chat.status == .error)
        #expect((chat.error as? AIAgentError)?.message?.contains("not JSON") == true)
        #expect(chat.messages.last?.text == "Before the bad line. ")
    }

    @Test func stopDropsTheRequestAndKeepsWhatWasWritten() async throws {
        let server = try FakeOpenAIServer(slowSeconds: 30)
        defer { server.stop() }
        let chat = conversation(server, "slow")
        await chat.send("Hello").value
        await chat.stop().value
        #expect(chat.status == .ready)
        #expect(chat.messages.map(\.role) == [.user])
    }

    @Test func endpointsBecomeTheCompletionsAddress() {
        func url(_ text: String) -> String {
            OpenAIChatConfiguration(endpoint: URL(string: text)!, model: "m").completionsURL.absoluteString
        }
        #expect(url("http://localhost:11434/v1") == "http://localhost:11434/v1/chat/completions")
        #expect(url("http://localhost:8080") == "http://localhost:8080/v1/chat/completions")
        #expect(url("https://api.openai.com/v1/chat/completions") == "https://api.openai.com/v1/chat/completions")
    }

    @Test func serverSentEventsSplitAnywhere() {
        let text = "event: a\r\ndata: one\r\ndata: two\r\n\r\n: comment\ndata: {\"x\": \"é\"}\n\nid: 3\ndata: last"
        let bytes = Array(text.utf8)
        for size in 1...7 {
            var decoder = ServerSentEventDecoder()
            var events: [ServerSentEvent] = []
            var offset = 0
            while offset < bytes.count {
                events += decoder.decode(bytes[offset..<min(bytes.count, offset + size)])
                offset += size
            }
            if let last = decoder.finish() { events.append(last) }
            #expect(events.map(\.data) == ["one\ntwo", "{\"x\": \"é\"}", "last"])
            #expect(events.first?.name == "a" && events[1].name == nil)
        }
    }
}
