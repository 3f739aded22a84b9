import Foundation
import Teletype
import TeletypeTestSupport
import TeletypeTransports
import Testing

/// OpenAI Responses API exchanges and Gemini contents as transcripts.
@Suite struct ResponsesAndGeminiTranscriptTests {
    func read(_ name: String) throws -> Transcript {
        let url = PackageRoot.url.appendingPathComponent("Tests/Fixtures/transcripts/\(name)")
        return try TranscriptReader().read(try Data(contentsOf: url), file: name)
    }

    func read(text: String, as format: TranscriptFormat? = nil) throws(TranscriptError) -> Transcript {
        try TranscriptReader(format: format).read(Data(text.utf8), file: "t.json")
    }

    @Test func responsesInputAndOutputMakeOneReply() throws {
        let transcript = try read("responses.json")
        #expect(transcript.format == .openaiResponses)
        let messages = transcript.messages
        #expect(messages.map(\.role) == [.system, .user, .assistant])
        #expect(messages[1].text == "Weather in Paris and a chart?")
        let reply = messages[2]
        #expect(reply.text == "It is 21 °C in Paris.")
        let calls = reply.parts.compactMap { if case .toolCall(let call) = $0 { call } else { nil } }
        #expect(calls.map(\.name) == ["get_weather", "code_interpreter"])
        #expect(calls[0].output == ["temp": 21] && calls[0].status == .completed)
        #expect(calls[1].arguments == ["code": "import matplotlib\nplot()"] && calls[1].output == "ok")
        let sources = reply.parts.compactMap { if case .source(let source) = $0 { source } else { nil } }
        #expect(sources.map(\.url) == ["https://meteo.example/paris"])
        #expect(reply.reasoningTexts["rs_1"] == "Need the weather tool.")
    }

    @Test func aResponseObjectIsAReply() throws {
        let transcript = try read(
            text: """
                {"id":"resp_1","object":"response","output":[{"type":"message","role":"assistant","content":[{"type":"refusal","refusal":"I can't help."}]}]}
                """)
        let refusals = transcript.messages.last?.parts.compactMap { if case .refusal(let r) = $0 { r } else { nil } }
        #expect(refusals?.map(\.text) == ["I can't help."])
    }

    @Test func geminiContentsFoldFunctionResponsesIntoCalls() throws {
        let transcript = try read("gemini.json")
        #expect(transcript.format == .gemini)
        let messages = transcript.messages
        #expect(messages.map(\.role) == [.system, .user, .assistant, .assistant])
        let call = messages[2].parts.compactMap { if case .toolCall(let call) = $0 { call } else { nil } }.first
        #expect(call?.arguments == ["sides": 6] && call?.output == ["value": 4] && call?.status == .completed)
        #expect(messages[3].text == "You rolled a 4.")
    }

    @Test func wrongShapesSayWhere() {
        #expect(throws: TranscriptError.self) { try read(text: #"{"input": 3}"#) }
        do {
            _ = try read(text: "{\"contents\": [{\"role\": \"user\"}]}")
            Issue.record("no error")
        } catch {
            #expect(error.message.contains("parts") && error.line == 1 && error.column == 15)
        }
    }
}
