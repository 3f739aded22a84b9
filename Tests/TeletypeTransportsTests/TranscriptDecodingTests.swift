import Foundation
import Teletype
import TeletypeTestSupport
import TeletypeTransports
import Testing

/// Every transcript format, from fixtures shaped like the real ones.
@Suite struct TranscriptDecodingTests {
    func read(_ name: String, as format: TranscriptFormat? = nil) throws -> Transcript {
        let url = PackageRoot.url.appendingPathComponent("Tests/Fixtures/transcripts/\(name)")
        return try TranscriptReader(format: format).read(try Data(contentsOf: url), file: name)
    }

    func toolCalls(_ message: Message) -> [AIToolCallPart] {
        message.parts.compactMap { if case .toolCall(let call) = $0 { call } else { nil } }
    }

    @Test func streamChat() throws {
        let transcript = try read("stream-chat.json")
        #expect(transcript.format == .stream)
        let messages = transcript.messages
        #expect(messages.map(\.role) == [.user, .assistant, .assistant])
        #expect(messages[0].attachments.first?.kind == .image)
        #expect(messages[0].attachments.first?.width == 640)
        #expect(messages[0].createdAt == 1_746_093_600)
        let reply = messages[1]
        #expect(reply.parts.count == 6)
        guard case .reasoning(let reasoning) = reply.parts[0] else {
            Issue.record("no reasoning")
            return
        }
        #expect(reasoning.id == "reason-1" && reasoning.summary == "Compared fares" && reasoning.duration == 5.3)
        let calls = toolCalls(reply)
        #expect(calls.map(\.id) == ["call-1", "ai_tool_call-2", "call-3"])
        #expect(
            calls[0].title == "Searching flights" && calls[0].status == .completed
                && calls[0].arguments == ["to": "LIS"])
        #expect(calls[1].status == .awaitingApproval && calls[1].approval?.allowTitle == "Book")
        #expect(calls[1].approval?.declineTitle == "Don't Allow")
        // Wrong types read as missing: the status defaults to running, the duration is absent.
        #expect(calls[2].status == .running && calls[2].duration == nil && calls[2].title == "weird")
        guard case .unsupported(let chart) = reply.parts[4], case .unsupported(let newer) = reply.parts[5] else {
            Issue.record("unsupported parts not kept")
            return
        }
        #expect(chart.type == "ai_chart" && chart.payload["data"] == [1, 2, 3])
        #expect(newer.version == 2)
        #expect(reply.attachments.map(\.kind) == [.file])
        #expect(reply.attachments.first?.mimeType == "application/pdf" && reply.attachments.first?.size == 1_200_000)
        #expect(
            reply.uiDocument
                == AIUIDocument(format: "openui", version: 1, status: "done", content: "<Card title=\"Flights\"/>"))
        #expect(messages[2].isGenerating)
    }

    @Test func vercel() throws {
        let transcript = try read("vercel.json")
        #expect(transcript.format == .vercel)
        let messages = transcript.messages
        #expect(messages[0].text == "Summarize this file")
        #expect(
            messages[0].attachments.first?.name == "notes.txt"
                && messages[0].attachments.first?.mimeType == "text/plain")
        let reply = messages[1]
        #expect(reply.text == "The notes cover **three** topics.")
        let calls = toolCalls(reply)
        #expect(calls.map(\.name) == ["readFile", "search_web", "sendEmail", "deleteAll"])
        #expect(calls.map(\.status) == [.completed, .failed, .awaitingApproval, .cancelled])
        #expect(calls[0].output == ["lines": 12])
        #expect(calls[1].errorText == "Network unreachable")
        #expect(calls[3].isDeclined)
        #expect(reply.attachments.first?.url == "https://example.com/source")
        #expect(
            reply.parts.contains { if case .unsupported(let part) = $0 { part.type == "data-weather" } else { false } })
        guard case .reasoning(let reasoning) = reply.parts[0] else {
            Issue.record("no reasoning")
            return
        }
        #expect(reply.reasoningText(for: reasoning) == "The user wants a summary.")
        #expect(messages[2].isGenerating)
    }

    @Test func openAIFoldsToolResultsIntoCards() throws {
        let transcript = try read("openai.json")
        #expect(transcript.format == .openai)
        let messages = transcript.messages
        #expect(messages.map(\.role) == [.system, .user, .assistant, .assistant])
        #expect(messages[1].text == "What's the weather in Oslo?")
        #expect(messages[1].attachments.first?.url == "https://example.com/sky.jpg")
        let calls = toolCalls(messages[2])
        #expect(calls.map(\.status) == [.completed, .failed])
        #expect(calls[0].arguments == ["city": "Oslo"] && calls[0].output == ["temp": 4, "sky": "snow"])
        // Arguments that are not valid JSON are kept as the text the model wrote.
        #expect(calls[1].arguments == .string("{\"city\": \"Oslo\""))
        #expect(calls[1].errorText == "service unavailable")
        #expect(messages[3].parts.count == 1)
    }

    @Test func anthropic() throws {
        let transcript = try read("anthropic.json")
        #expect(transcript.format == .anthropic)
        let messages = transcript.messages
        #expect(messages.map(\.role) == [.system, .user, .assistant, .assistant])
        #expect(messages[0].text == "Be brief.")
        let reply = messages[2]
        #expect(reply.text == "Let me look.")
        let calls = toolCalls(reply)
        #expect(calls.map(\.status) == [.completed, .failed])
        #expect(calls[0].output == .string("a.txt\nb.txt"))
        #expect(calls[1].errorText == "Permission denied")
    }

    /// A result in the same message as its call (found by the fuzzer: it read past the messages so far).
    @Test func anthropicToolResultInTheCallsOwnMessage() throws {
        let json = """
            {"messages": [{"role": "assistant", "content": [
              {"type": "tool_use", "id": "t1", "name": "ls", "input": {}},
              {"type": "tool_result", "tool_use_id": "t1", "content": "a.txt"}]}]}
            """
        let transcript = try TranscriptReader(format: .anthropic).read(Data(json.utf8), file: "same.json")
        let calls = toolCalls(transcript.messages[0])
        #expect(calls.map(\.status) == [.completed])
        #expect(calls[0].output == .string("a.txt"))
    }

    @Test func teletypeJSONL() throws {
        let transcript = try read("teletype.jsonl")
        #expect(transcript.format == .teletype)
        #expect(transcript.messages.map(\.id) == ["q1", "r1", "q2"])
        #expect(transcript.messages[1].rating == .negative)
        #expect(transcript.messages[2].attachments.first?.kind == "location")
        #expect(transcript.messages[2].attachments.first?.extraData["name"] == "Lisbon")
    }

    @Test func teletypeRoundTrip() throws {
        let url = PackageRoot.url.appendingPathComponent("Samples/conversation.json")
        let original = try TranscriptReader().read(try Data(contentsOf: url), file: "conversation.json").messages
        let written = JSONValue.object(JSONObject([("messages", .array(original.map(TeletypeTranscript.json)))]))
        let reread = try TranscriptReader().read(Data(written.prettyJSONText.utf8), file: "round-trip").messages
        #expect(reread == original)
    }

    @Test(arguments: [
        ("malformed.json", 4, 1, "unexpected end of the document"),
        ("malformed.jsonl", 2, 31, "unexpected end of the document"),
        ("missing-role.json", 3, 3, "the message has no \"role\""),
    ])
    func errorsSayWhere(_ name: String, _ line: Int, _ column: Int, _ message: String) {
        do {
            _ = try read(name)
            Issue.record("\(name) was read")
        } catch let error as TranscriptError {
            #expect(error.file == name)
            #expect(error.line == line, "\(error)")
            #expect(error.column == column, "\(error)")
            #expect(error.message.hasPrefix(message), "\(error)")
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    /// A JSONL file large enough to be parsed on every core reads its messages in order, and its
    /// first bad line (with a later bad line and blank lines around) is the one named.
    @Test func largeJSONLReadsInOrderAndNamesItsFirstBadLine() throws {
        var lines = (0..<6000).map {
            #"{"role":"\#($0 % 2 == 0 ? "user" : "assistant")","content":"message \#($0) "#
                + String(repeating: "word ", count: 10) + #""}"#
        }
        lines.insert("", at: 10)
        let good = Data(lines.joined(separator: "\n").utf8)
        #expect(good.count > 256 * 1024)
        let transcript = try TranscriptReader().read(good, file: "big.jsonl")
        #expect(transcript.messages.count == 6000)
        #expect(
            transcript.messages.map(\.text).enumerated().allSatisfy { $0.element.hasPrefix("message \($0.offset) ") })
        lines[4001] = #"{"role":"user","content":"cut"#
        lines[5001] = "not json"
        do {
            _ = try TranscriptReader().read(Data(lines.joined(separator: "\n").utf8), file: "big.jsonl")
            Issue.record("the broken file was read")
        } catch {
            #expect(error.line == 4002 && error.column == 26, "\(error)")
        }
    }

    @Test func formatCanBeForced() throws {
        // Read as Teletype messages, the OpenAI file's messages are missing their text field.
        let transcript = try read("openai.json", as: .teletype)
        #expect(transcript.format == .teletype)
        #expect(transcript.messages.allSatisfy { $0.text.isEmpty })
    }
}

/// The JSON Schema in `Schemas/` documents every field the Teletype format writes.
@Suite struct TranscriptSchemaTests {
    @Test func everyWrittenFieldIsInTheSchema() throws {
        let schemaURL = PackageRoot.url.appendingPathComponent("Schemas/teletype-transcript.schema.json")
        let schema = try JSONParser.parse(String(contentsOf: schemaURL, encoding: .utf8))
        func properties(_ name: String) -> Set<String> {
            Set(schema["$defs"]?[name]?["properties"]?.object?.keys ?? [])
        }
        let url = PackageRoot.url.appendingPathComponent("Samples/conversation.json")
        let messages = try TranscriptReader().read(try Data(contentsOf: url), file: "conversation.json").messages
        for message in messages {
            let json = TeletypeTranscript.json(message)
            let messageKeys = Set(json.object?.keys ?? [])
            #expect(messageKeys.isSubset(of: properties("message")))
            for attachment in json["attachments"]?.array ?? [] {
                let keys = Set(attachment.object?.keys ?? [])
                #expect(keys.isSubset(of: properties("attachment")))
            }
            for part in json["parts"]?.array ?? [] {
                let payload = Set(part["payload"]?.object?.keys ?? [])
                switch part["type"]?.string {
                case "ai_reasoning": #expect(payload.isSubset(of: properties("reasoningPayload")))
                case "ai_tool_call": #expect(payload.isSubset(of: properties("toolCallPayload")))
                default: continue
                }
            }
        }
    }
}

/// `Message` is `Codable` in the transcript shape, for apps that store messages with Foundation.
@Suite struct MessageCodableTests {
    @Test func roundTripsThroughJSONEncoder() throws {
        let url = PackageRoot.url.appendingPathComponent("Samples/conversation.json")
        var messages = try TranscriptReader().read(try Data(contentsOf: url), file: "conversation.json").messages
        messages[0].createdAt = 1_700_000_000
        let data = try JSONEncoder().encode(messages)
        let decoded = try JSONDecoder().decode([Message].self, from: data)
        // Keyed containers do not keep key order, so compare what the messages hold.
        #expect(decoded.map(\.transcriptJSON.jsonText.count) == messages.map(\.transcriptJSON.jsonText.count))
        #expect(decoded.map(\.id) == messages.map(\.id))
        #expect(decoded.map(\.parts.count) == messages.map(\.parts.count))
        #expect(decoded[0].createdAt == 1_700_000_000)
        #expect(decoded[1].rating == .positive)
        #expect(decoded[1].attachments == messages[1].attachments)
    }

    @Test func decodingFailsWithoutARole() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Message.self, from: Data(#"{"text": "hi"}"#.utf8))
        }
    }
}

/// Reading a transcript message by message gives the messages of a whole read, whatever the size of
/// the chunks it reads (lines and documents split across chunks, long lines searched once).
@Suite struct TranscriptStreamChunkTests {
    @Test(arguments: ["teletype.jsonl", "stream-chat.json", "vercel.json", "openai.json", "anthropic.json"])
    func chunksOfAnySizeReadTheSameMessages(_ name: String) throws {
        let path = PackageRoot.url.appendingPathComponent("Tests/Fixtures/transcripts/\(name)").path
        let whole = try TranscriptReader().read(try Data(contentsOf: URL(fileURLWithPath: path)), file: name)
        for size in [1, 7, 64, 1 << 20] {
            var stream = TranscriptStream()
            stream.chunkSize = size
            var messages: [Message] = []
            _ = try stream.forEachMessage(inFileAt: path, name: name) { messages.append($0) }
            #expect(messages == whole.messages, "\(name) in chunks of \(size)")
        }
    }

    /// A JSONL transcript is read a line at a time, whatever its format is given as or detected to
    /// be, and whatever the first reads (the check for an agent's session) hold: the messages before a
    /// malformed line arrive before the error, which names the line. (Read whole, a file of 200 MB
    /// took 1 GB; the exporter still writes nothing of a file that fails.)
    @Test(arguments: [nil, TranscriptFormat.teletype])
    func aJSONLTranscriptIsReadALineAtATime(_ format: TranscriptFormat?) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lines-\(getpid())-\(format?.rawValue ?? "detected").jsonl"
        ).path
        defer { try? FileManager.default.removeItem(atPath: path) }
        var lines: [String] = []
        for index in 0..<300 {
            lines.append(
                index % 2 == 0
                    ? #"{"id":"q\#(index)","role":"user","text":"Question \#(index)?"}"#
                    : #"{"id":"a\#(index)","role":"assistant","text":"Answer **\#(index)**.","parts":[{"type":"ai_reasoning","payload":{"id":"r\#(index)","summary":"thought"}}]}"#
            )
        }
        lines.append(#"{"id":"broken","role":"user","text":"cut"#)
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        for size in [7, 4096, 1 << 20] {
            var stream = TranscriptStream(format: format)
            stream.chunkSize = size
            var before = 0
            #expect(throws: TranscriptError.self) {
                _ = try stream.forEachMessage(inFileAt: path, name: "lines.jsonl") { _ in before += 1 }
            }
            #expect(before == 300, "chunks of \(size): \(before) messages came before the error")
            do {
                _ = try stream.forEachMessage(inFileAt: path, name: "lines.jsonl") { _ in }
            } catch let error as TranscriptError {
                #expect(error.line == 301 && error.file == "lines.jsonl", "\(error)")
            }
        }
    }
}
