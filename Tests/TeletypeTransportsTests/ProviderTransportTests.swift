import Foundation
import Teletype
import TeletypeTestSupport
import Testing

@testable import TeletypeTransports

/// The Responses API and Gemini transports against a loopback server: what they send, and real
/// provider captures (`../shared/corpus/streams`) played back as the server's answer.
@MainActor
@Suite(.serialized) struct ProviderTransportTests {
    func settle(_ chat: AIConversation<Message>, seconds: Double = 30) async {
        let deadline = Date().addingTimeInterval(seconds)
        while chat.status.isAnswering && Date() < deadline { try? await Task.sleep(nanoseconds: 5_000_000) }
    }

    func responses(_ endpoint: URL) -> AIConversation<Message> {
        let configuration = OpenAIChatConfiguration(
            endpoint: endpoint, model: "gpt-test", apiKey: "sk-test", system: "Be brief.")
        return AIConversation(transport: OpenAIResponsesTransport(configuration: configuration))
    }

    func gemini(_ endpoint: URL) -> AIConversation<Message> {
        let configuration = GeminiConfiguration(
            endpoint: endpoint, model: "gemini-test", apiKey: "g-key", system: "Be kind.")
        return AIConversation(transport: GeminiTransport(configuration: configuration))
    }

    @Test func responsesRequestsCarryTheInputAndInstructions() async throws {
        let server = try FakeOpenAIServer()
        defer { server.stop() }
        let chat = responses(server.endpoint("echo"))
        await chat.send("First").value
        await settle(chat)
        await chat.send("Second").value
        await settle(chat)
        let echoed = try JSONParser.parse(chat.messages.last?.text ?? "")
        #expect(echoed["path"]?.string == "/echo/v1/responses")
        #expect(echoed["authorization"]?.string == "Bearer sk-test")
        let body = echoed["body"]
        #expect(body?["model"]?.string == "gpt-test" && body?["stream"] == .bool(true))
        #expect(body?["instructions"]?.string == "Be brief.")
        #expect(body?["input"]?.array?.compactMap { $0["role"]?.string } == ["user", "assistant", "user"])
    }

    @Test func aResponsesErrorEventIsTheAgentsErrorWithItsCode() async throws {
        let server = try FakeOpenAIServer()
        defer { server.stop() }
        let chat = responses(server.endpoint("quota"))
        await chat.send("Hello").value
        await settle(chat)
        #expect(chat.status == .error)
        #expect((chat.error as? AIAgentError)?.message == "insufficient_quota: You exceeded your current quota.")
    }

    @Test func geminiRequestsCarryContentsAndTheKey() async throws {
        let server = try FakeOpenAIServer()
        defer { server.stop() }
        let chat = gemini(server.endpoint("echo"))
        await chat.send("Hi").value
        await settle(chat)
        let echoed = try JSONParser.parse(chat.messages.last?.text ?? "")
        #expect(echoed["path"]?.string == "/echo/v1/models/gemini-test:streamGenerateContent?alt=sse")
        #expect(echoed["x-goog-api-key"]?.string == "g-key")
        #expect(echoed["body"]?["contents"]?.array?.first?["parts"]?.array?.first?["text"]?.string == "Hi")
        #expect(echoed["body"]?["systemInstruction"]?["parts"]?.array?.first?["text"]?.string == "Be kind.")
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func aRecordedResponsesStreamWithWebSearchPlays() async throws {
        let server = try FakeOpenAIServer()
        defer { server.stop() }
        let chat = responses(server.captureEndpoint("vercel__ai__openai__openai-web-search-tool.1.chunks.txt"))
        await chat.send("Tech news?").value
        await settle(chat)
        #expect(chat.status == .ready && chat.error == nil)
        let reply = try #require(chat.messages.last)
        #expect(!reply.text.isEmpty && !reply.isGenerating)
        let searches = reply.parts.compactMap { if case .toolCall(let call) = $0 { call } else { nil } }
        #expect(searches.count == 6 && searches.allSatisfy { $0.name == "web_search" && $0.status == .completed })
        #expect(reply.parts.contains { if case .source = $0 { true } else { false } })
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func aRecordedGeminiStreamWithStreamedArgumentsPlays() async throws {
        let server = try FakeOpenAIServer()
        defer { server.stop() }
        let chat = gemini(server.captureEndpoint("vercel__ai__google__google-stream-tool-call-arguments.chunks.txt"))
        await chat.send("Weather?").value
        await settle(chat)
        let calls = chat.messages.last?.parts.compactMap { if case .toolCall(let call) = $0 { call } else { nil } }
        #expect(calls?.map(\.arguments) == [["location": "Boston"], ["location": "San Francisco"]])
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func aRecordedChatRefusalPlaysAsARefusal() async throws {
        let server = try FakeOpenAIServer()
        defer { server.stop() }
        let configuration = OpenAIChatConfiguration(
            endpoint: server.captureEndpoint(
                "openai__openai-python__openai__569c877e69429d4cbc1577d2cd6dd33878095c68badc6b6654a69769b391a1c1.bin"),
            model: "m")
        let chat = AIConversation(transport: OpenAIChatTransport(configuration: configuration))
        await chat.send("Something").value
        await settle(chat)
        let refusal = chat.messages.last?.parts.compactMap { if case .refusal(let part) = $0 { part } else { nil } }
        #expect(refusal?.first?.text?.contains("can't assist") == true)
    }
}
