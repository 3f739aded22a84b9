import Foundation
import Teletype
import TeletypeANSI
import TeletypeLayout
import TeletypeSessions
import TeletypeTranscripts
import Testing

/// A reply's text and steps show in the order the agent produced them, in every format that says
/// the order: "Let me look", a call, "Found it" reads in that order, in the terminal and in Markdown.
@Suite struct ReplyOrderTests {
    static let transcripts: [(String, String)] = [
        (
            "anthropic",
            #"[{"role":"user","content":"Go"},{"role":"assistant","content":[{"type":"text","text":"Let me look."},{"type":"server_tool_use","id":"s1","name":"web_search","input":{"query":"q"}},{"type":"text","text":"Between the calls."},{"type":"tool_use","id":"t1","name":"lookup","input":{}},{"type":"text","text":"Found it."}]}]"#
        ),
        (
            "openai-responses",
            #"{"input":"Go","output":[{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Let me look."}]},{"type":"web_search_call","id":"s1","status":"completed","action":{"query":"q"}},{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Between the calls."}]},{"type":"function_call","call_id":"t1","name":"lookup","arguments":"{}"},{"type":"message","role":"assistant","content":[{"type":"output_text","text":"Found it."}]}]}"#
        ),
        (
            "gemini",
            #"{"contents":[{"role":"user","parts":[{"text":"Go"}]},{"role":"model","parts":[{"text":"Let me look."},{"executableCode":{"language":"PYTHON","code":"print(1)"}},{"text":"Between the calls."},{"functionCall":{"name":"lookup","args":{}}},{"text":"Found it."}]}]}"#
        ),
        (
            "vercel",
            #"[{"id":"u","role":"user","parts":[{"type":"text","text":"Go"}]},{"id":"a","role":"assistant","parts":[{"type":"text","text":"Let me look."},{"type":"tool-web_search","toolCallId":"s1","state":"output-available","input":{},"output":{}},{"type":"text","text":"Between the calls."},{"type":"tool-lookup","toolCallId":"t1","state":"output-available","input":{},"output":{}},{"type":"text","text":"Found it."}]}]"#
        ),
    ]

    @Test(arguments: transcripts)
    func textAndStepsShowInTheOrderTheyCame(_ format: String, _ json: String) throws {
        let transcript = try ConversationReader().read(Data(json.utf8), file: format)
        #expect(transcript.format.rawValue == format)
        let rows = ConversationLayout().rows(for: transcript.messages, state: ConversationViewState(isRecorded: true))
        let terminal = ConversationTerminalRenderer(width: 80, capabilities: .plain).render(rows)
        let markdown = ConversationMarkdownWriter().write(transcript.messages)
        for output in [terminal, markdown] {
            let marks = ["Let me look.", "Between the calls.", "Found it."].map { output.range(of: $0)?.lowerBound }
            #expect(marks.allSatisfy { $0 != nil }, "\(format): \(output)")
            let calls = transcript.messages.flatMap(\.parts).compactMap { part -> String? in
                if case .toolCall(let call) = part { return call.title }
                return nil
            }
            #expect(calls.count == 2, "\(format)")
            guard calls.count == 2, let first = output.range(of: calls[0])?.lowerBound,
                let second = output.range(of: calls[1], range: first..<output.endIndex)?.lowerBound,
                let a = marks[0], let b = marks[1], let c = marks[2]
            else { continue }
            #expect(a < first && first < b && b < second && second < c, "\(format):\n\(output)")
        }
    }

    /// Streamed, the same: text, a step, text keep their order as they arrive and once done, and the
    /// row laid out while streaming ends as the one laid out afresh.
    @Test func aStreamedReplyKeepsItsOrder() {
        var conversation = StreamedConversation(messages: [Message(id: "q", role: .user, text: "Go")])
        let layout = ConversationLayout()
        var cache = ConversationRowCache()
        let events: [StreamEvent] = [
            .textDelta(messageID: "a", delta: "Let me "), .textDelta(messageID: "a", delta: "look."),
            .part(messageID: "a", part: .toolCall(AIToolCallPart(id: "c1", name: "lookup"))),
            .part(messageID: "a", part: .toolCall(AIToolCallPart(id: "c1", name: "lookup", status: .completed))),
            .textDelta(messageID: "a", delta: "Found "), .textDelta(messageID: "a", delta: "it."),
            .done(messageID: "a"),
        ]
        for event in events {
            conversation.apply(event)
            _ = cache.rows(for: conversation.messages, layout: layout)
        }
        let rows = cache.rows(for: conversation.messages, layout: layout)
        #expect(rows == layout.rows(for: conversation.messages))
        let text = ConversationTerminalRenderer(width: 80, capabilities: .plain).render(rows)
        let marks = ["Let me look.", "lookup", "Found it."].compactMap { text.range(of: $0)?.lowerBound }
        #expect(marks.count == 3 && marks == marks.sorted(), "\(text)")
    }

    /// A chat completion says what it will do, then calls: its text comes before its calls.
    @Test func aChatCompletionsTextComesBeforeItsCalls() throws {
        let json =
            #"[{"role":"user","content":"Go"},{"role":"assistant","content":"Let me look.","tool_calls":[{"id":"t1","type":"function","function":{"name":"lookup","arguments":"{}"}}]},{"role":"tool","tool_call_id":"t1","content":"{}"}]"#
        let transcript = try ConversationReader().read(Data(json.utf8), file: "openai")
        let text = ConversationTerminalRenderer(width: 80, capabilities: .plain).render(
            ConversationLayout().rows(for: transcript.messages))
        let said = try #require(text.range(of: "Let me look."))
        let call = try #require(text.range(of: "lookup"))
        #expect(said.lowerBound < call.lowerBound, "\(text)")
    }

    /// Runs survive the transcript JSON, and runs that do not add up to the text are dropped.
    @Test func runsRoundTripThroughTheTranscript() throws {
        var message = Message(id: "a", role: .assistant, text: "")
        let joined = AITextRun.joined([(0, "First."), (1, "Second.")])
        message.text = joined.text
        message.textRuns = joined.runs
        message.parts = [.toolCall(AIToolCallPart(id: "c", name: "tool"))]
        let read = try Message(transcriptJSON: message.transcriptJSON)
        #expect(read == message)
        var broken = message.transcriptJSON.object!
        broken["text"] = "Different"
        #expect(try Message(transcriptJSON: .object(broken)).textRuns.isEmpty)
    }
}
