import Foundation
import Teletype
import TeletypeTestSupport
import TeletypeTransports
import Testing

/// What each provider's stream means, event by event: refusals, errors with the provider's code,
/// server tools matched with their results, sources, code in arguments, arguments streamed by
/// JSONPath, item ids that change on every event, VCR cassettes, lines that are not JSON.
@Suite struct ProviderStreamTests {
    func play(_ text: String, format: StreamFormat? = nil) -> (StreamRecording, [Message], String?) {
        let recording = StreamRecordingReader(format: format).read(Data(text.utf8), file: "capture")
        var conversation = StreamedConversation()
        for timed in recording.events { conversation.apply(timed.event) }
        return (recording, conversation.messages, conversation.agentError)
    }

    func parts(_ message: Message?) -> (tools: [AIToolCallPart], sources: [AISourcePart], refusals: [AIRefusalPart]) {
        var result: ([AIToolCallPart], [AISourcePart], [AIRefusalPart]) = ([], [], [])
        for part in message?.parts ?? [] {
            switch part {
            case .toolCall(let call): result.0.append(call)
            case .source(let source): result.1.append(source)
            case .refusal(let refusal): result.2.append(refusal)
            default: break
            }
        }
        return result
    }

    @Test func chatCompletionRefusalIsARefusal() {
        let (recording, messages, _) = play(
            """
            data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant","content":null,"refusal":""}}]}

            data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"refusal":"I can't"}}]}

            data: {"id":"c1","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"refusal":" help with that."},"finish_reason":"stop"}]}

            data: [DONE]
            """)
        #expect(recording.error == nil)
        #expect(messages.last?.text == "")
        #expect(parts(messages.last).refusals.map(\.text) == ["I can't help with that."])
    }

    @Test func anthropicRefusalStopsWithItsExplanation() {
        let (_, messages, _) = play(
            """
            {"type":"message_start","message":{"id":"m1","role":"assistant","content":[]}}
            {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}
            {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Here is"}}
            {"type":"content_block_stop","index":0}
            {"type":"message_delta","delta":{"stop_reason":"refusal","stop_details":{"type":"refusal","category":"cyber","explanation":"Refused by policy."}}}
            {"type":"message_stop"}
            """)
        let refusal = parts(messages.last).refusals.first
        #expect(messages.last?.text == "Here is")
        #expect(refusal?.text == "Refused by policy." && refusal?.reason == "cyber")
        #expect(messages.last?.isGenerating == false)
    }

    @Test func responsesErrorShowsTheProvidersCodeAndMessage() {
        let (recording, messages, error) = play(
            """
            event: response.created
            data: {"type":"response.created","response":{"id":"resp_1","status":"in_progress","output":[]}}

            event: error
            data: {"type":"error","code":"insufficient_quota","message":"You exceeded your current quota, please check your plan and billing details.","param":null}
            """)
        #expect(recording.format == .openaiResponses)
        #expect(recording.error == nil)  // the provider's error is shown, the recording was read
        #expect(
            error == "insufficient_quota: You exceeded your current quota, please check your plan and billing details.")
        #expect(messages.last?.isGenerating == false)
    }

    @Test func responsesJoinDeltasByOutputIndexWhenItemIDsChange() {
        let (_, messages, _) = play(
            """
            {"type":"response.created","response":{"id":"r1"}}
            {"type":"response.output_item.added","output_index":0,"item":{"id":"x1","type":"message","content":[]}}
            {"type":"response.output_text.delta","output_index":0,"item_id":"x2","delta":"Hel"}
            {"type":"response.output_text.delta","output_index":0,"item_id":"x3","delta":"lo"}
            {"type":"response.output_text.done","output_index":0,"item_id":"x4","text":"Hello, world."}
            {"type":"response.output_text.annotation.added","output_index":0,"annotation":{"type":"url_citation","url":"https://example.com/a","title":"A"}}
            {"type":"response.output_text.annotation.added","output_index":0,"annotation":{"type":"url_citation","url":"https://example.com/a","title":"A"}}
            {"type":"response.completed","response":{"id":"r1","status":"completed"}}
            """)
        #expect(messages.last?.text == "Hello, world.")  // the final text adds what did not stream
        #expect(parts(messages.last).sources.map(\.url) == ["https://example.com/a"])
    }

    @Test func hostedToolsEndWithTheirResults() {
        let (_, messages, _) = play(
            """
            {"type":"response.created","response":{"id":"r1"}}
            {"type":"response.output_item.added","output_index":0,"item":{"id":"ci","type":"code_interpreter_call","status":"in_progress","code":""}}
            {"type":"response.code_interpreter_call_code.delta","output_index":0,"delta":"print(1)\\n"}
            {"type":"response.code_interpreter_call_code.delta","output_index":0,"delta":"print(2)"}
            {"type":"response.output_item.done","output_index":0,"item":{"id":"ci","type":"code_interpreter_call","status":"completed","code":"print(1)\\nprint(2)","outputs":[{"type":"logs","logs":"1\\n2"}]}}
            {"type":"response.output_item.added","output_index":1,"item":{"id":"ws","type":"web_search_call","status":"in_progress"}}
            {"type":"response.completed","response":{"id":"r1","status":"completed"}}
            """)
        let tools = parts(messages.last).tools
        #expect(tools.map(\.name) == ["code_interpreter", "web_search"])
        #expect(tools.first?.arguments == ["code": "print(1)\nprint(2)"])
        #expect(tools.first?.output == "1\n2")
        // A server's tool the reply outlived is over, not running.
        #expect(tools.allSatisfy { $0.status == .completed })
    }

    @Test func anthropicServerToolResultsReachTheirCards() {
        let (_, messages, _) = play(
            """
            {"type":"message_start","message":{"id":"m1","role":"assistant","content":[]}}
            {"type":"content_block_start","index":0,"content_block":{"type":"server_tool_use","id":"srv1","name":"web_search","input":{}}}
            {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\\"query\\": \\"tides\\"}"}}
            {"type":"content_block_stop","index":0}
            {"type":"content_block_start","index":1,"content_block":{"type":"web_search_tool_result","tool_use_id":"srv1","content":[{"type":"web_search_result","title":"Tide tables","url":"https://example.org/tides","encrypted_content":"QUJD"}]}}
            {"type":"content_block_stop","index":1}
            {"type":"content_block_start","index":2,"content_block":{"type":"text","text":""}}
            {"type":"content_block_delta","index":2,"delta":{"type":"citations_delta","citation":{"type":"web_search_result_location","url":"https://example.org/tides","title":"Tide tables","cited_text":"…"}}}
            {"type":"content_block_delta","index":2,"delta":{"type":"text_delta","text":"High tide is at noon."}}
            {"type":"content_block_stop","index":2}
            {"type":"content_block_start","index":3,"content_block":{"type":"tool_use","id":"tu1","name":"get_time","input":{}}}
            {"type":"content_block_stop","index":3}
            {"type":"message_stop"}
            """)
        let (tools, sources, _) = parts(messages.last)
        #expect(tools.first?.status == .completed)
        #expect(tools.first?.arguments == ["query": "tides"])
        #expect(tools.first?.output == [["title": "Tide tables", "url": "https://example.org/tides"]])
        #expect(sources.map(\.title) == ["Tide tables"])
        // The client's tool waits for the client.
        #expect(tools.last?.status == .awaitingClient)
    }

    @Test func mistralContentPartsAreThinkingAndText() {
        let (_, messages, _) = play(
            """
            {"id":"m","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":[{"type":"thinking","thinking":[{"type":"text","text":"Count the letters."}]}]}}]}
            {"id":"m","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":[{"type":"text","text":"Three."}]},"finish_reason":"stop"}]}
            """)
        #expect(messages.last?.text == "Three.")
        #expect(messages.last?.reasoningTexts["reasoning"] == "Count the letters.")
    }

    @Test func onlyTheFirstChoiceIsShown() {
        let (_, messages, _) = play(
            """
            {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"A"}}]}
            {"id":"c","object":"chat.completion.chunk","choices":[{"index":1,"delta":{"content":"B"}}]}
            {"id":"c","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"a"},"finish_reason":"stop"}]}
            {"id":"c","object":"chat.completion.chunk","choices":[{"index":1,"delta":{"content":"b"},"finish_reason":"stop"}]}
            """)
        #expect(messages.map(\.text) == ["Aa"])
    }

    @Test func geminiArgumentsStreamByJSONPath() {
        let (_, messages, _) = play(
            """
            {"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"name":"write","willContinue":true}}]}}],"responseId":"g"}
            {"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"partialArgs":[{"jsonPath":"$.items[1].name","stringValue":"ba","willContinue":true}],"willContinue":true}}]}}],"responseId":"g"}
            {"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"partialArgs":[{"jsonPath":"$.items[1].name","stringValue":"nana"}],"willContinue":true}}]}}],"responseId":"g"}
            {"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"partialArgs":[{"jsonPath":"$.items[0]['price']","numberValue":0.5}],"willContinue":true}}]}}],"responseId":"g"}
            {"candidates":[{"content":{"role":"model","parts":[{"functionCall":{}}]},"finishReason":"STOP"}],"responseId":"g"}
            """)
        #expect(parts(messages.last).tools.first?.arguments == ["items": [["price": 0.5], ["name": "banana"]]])
    }

    @Test func geminiSafetyStopIsARefusal() {
        let (recording, messages, _) = play(
            """
            {"candidates":[{"content":{"role":"model","parts":[{"text":"Sure"}]}}]}
            {"candidates":[{"finishReason":"SAFETY","safetyRatings":[]}]}
            """)
        #expect(recording.format == .gemini)
        #expect(parts(messages.last).refusals.first?.reason == "safety")
    }

    @Test func cassetteBodiesPlayAsReplies() {
        let (recording, messages, error) = play(
            """
            interactions:
            - request:
                body: '{"model":"m"}'
              response:
                body:
                  string: |+
                    data: {"id":"a","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"content":"One"},"finish_reason":"stop"}]}

                    event: error
                    data: {"error":{"message":"Tool call validation failed","code":"tool_use_failed"}}

                status:
                  code: 200
            - request:
                body: '{}'
              response:
                body:
                  string: "data: {\\"id\\":\\"b\\",\\"object\\":\\"chat.completion.chunk\\",\\"choices\\":[{\\"index\\":0,\\"delta\\":{\\"content\\":\\"Two\\"},\\"finish_reason\\":\\"stop\\"}]}\\n\\n"
            """)
        #expect(recording.error == nil)
        #expect(messages.map(\.text) == ["One", "Two"])
        #expect(error == "tool_use_failed: Tool call validation failed")
    }

    @Test func aLineThatIsNotJSONIsNamedAndTheRestPlays() {
        let (recording, messages, _) = play(
            """
            {"type":"response.created","response":{"id":"r"}
            {"type":"response.output_text.delta","output_index":0,"delta":"Still here"}
            {"type":"response.completed","response":{"id":"r"}
            """)
        #expect(recording.error?.line == 1)
        #expect(recording.error?.message.contains("2 records are not JSON") == true)
        #expect(messages.last?.text == "Still here")
    }

    /// The format every corpus capture is detected as.
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func everyCaptureIsDetected() {
        for file in Corpus.streams {
            let recording = StreamRecordingReader().read(Data(file.bytes), file: file.name)
            let provider = file.name.components(separatedBy: "__").dropFirst(2).first ?? ""
            let expected: Set<StreamFormat> =
                switch provider {
                case "anthropic": [.anthropic]
                case "google", "google-vertex": [.gemini, .geminiInteractions]
                case "cohere": [.cohere]
                case "amazon-bedrock": [.bedrock]
                case "uimessage-chunks": [.vercel]
                case "openai", "azure", "xai", "lmstudio", "github-copilot": [.openai, .openaiResponses]
                default: [.openai]
                }
            #expect(expected.contains(recording.format), "\(file.name) read as \(recording.format)")
        }
    }
}

/// Tool calls take their duration from the stream's times; far array indexes in streamed
/// arguments are not padded to.
@Suite struct StreamTimingAndLimitsTests {
    @Test func aToolCallsDurationIsFromItsStartToItsEnd() {
        var conversation = StreamedConversation()
        conversation.apply(.part(messageID: "a", part: .toolCall(AIToolCallPart(id: "t", name: "search"))), at: 1.0)
        conversation.apply(
            .part(messageID: "a", part: .toolCall(AIToolCallPart(id: "t", name: "search", status: .completed))),
            at: 3.5)
        guard case .toolCall(let call)? = conversation.messages.last?.parts.first else {
            Issue.record("no call")
            return
        }
        #expect(call.duration == 2.5)
    }

    @Test func farIndexesInStreamedArgumentsAreIgnored() {
        let text = """
            {"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"name":"f","willContinue":true}}]}}]}
            {"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"partialArgs":[{"jsonPath":"$.a[99999][99999]","numberValue":1}],"willContinue":true}}]}}]}
            {"candidates":[{"content":{"role":"model","parts":[{"functionCall":{"partialArgs":[{"jsonPath":"$.a[0]","numberValue":2}],"willContinue":true}}]}}]}
            {"candidates":[{"content":{"role":"model","parts":[{"functionCall":{}}]},"finishReason":"STOP"}]}
            """
        let recording = StreamRecordingReader().read(Data(text.utf8), file: "t")
        var conversation = StreamedConversation()
        for timed in recording.events { conversation.apply(timed.event) }
        guard case .toolCall(let call)? = conversation.messages.last?.parts.first else {
            Issue.record("no call")
            return
        }
        #expect(call.arguments == ["a": [2]])
    }
}
