import Teletype

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The recorded-stream formats `teletype replay` plays.
public enum StreamFormat: String, Sendable, CaseIterable {
    /// Teletype's event stream: JSONL with `t` (milliseconds) and message, delta, part, activity and
    /// done events.
    case teletype
    /// OpenAI chat completion chunks, and the servers that speak them (DeepSeek, Groq, Mistral,
    /// Qwen, Perplexity, Ollama, vLLM, LM Studio, …); legacy completions too.
    case openai
    /// OpenAI Responses API events (also xAI, Azure OpenAI, LM Studio, GitHub Copilot).
    case openaiResponses = "openai-responses"
    /// Anthropic messages stream events.
    case anthropic
    /// Gemini `streamGenerateContent` chunks (Google AI and Vertex AI).
    case gemini
    /// Gemini Interactions API events.
    case geminiInteractions = "gemini-interactions"
    /// Cohere v2 chat stream events.
    case cohere
    /// Amazon Bedrock ConverseStream events.
    case bedrock
    /// The Vercel AI SDK UI message stream.
    case vercel
}

/// What a recording holds: its events, in order, and the error that cut it short, if any (the events
/// before it still play).
public struct StreamRecording: Sendable {
    /// The format the recording was read as (given or detected).
    public var format: StreamFormat
    /// The events, in the order they arrived.
    public var events: [TimedEvent]
    /// Where and why reading stopped early, `nil` when the whole recording was read.
    public var error: TranscriptError?
}

/// Reads recorded streams: raw server-sent events, one chunk object per line (as SDK fixtures keep
/// them), or a JSON array of chunks; the format is detected from the chunks unless given.
public struct StreamRecordingReader: Sendable {
    /// The format to read as; `nil` detects it from the chunks.
    public var format: StreamFormat?

    /// A reader for `format`, or for whatever format the recording turns out to be.
    public init(format: StreamFormat? = nil) {
        self.format = format
    }

    /// A record of the recording: its JSON, the SSE event name, and its line.
    struct Record {
        var value: JSONValue
        var eventName: String?
        var line: Int
    }

    /// The events of a recording; `file` names it in the error, when there is one.
    public func read(_ data: Data, file: String) -> StreamRecording {
        let text = String(decoding: data, as: UTF8.self)
        let (records, readFailure) = Self.records(text, file: file)
        let format = self.format ?? Self.detect(records.map(\.value))
        var translator = ChunkTranslator(format: format)
        var failure = readFailure
        var events: [TimedEvent] = []
        for record in records {
            do throws(TranscriptProblem) {
                for (time, event) in try translator.events(for: record.value, eventName: record.eventName) {
                    events.append(TimedEvent(time: time, event: event, line: record.line))
                }
            } catch {
                failure = failure ?? TranscriptError(file: file, line: record.line, column: 1, message: error.message)
                break
            }
        }
        if failure == nil, translator.isOpen, format != .teletype {
            let line = records.last?.line ?? 1
            failure = TranscriptError(
                file: file, line: line, column: 1, message: "the stream ends before the reply is finished")
        }
        events += translator.finish().map { TimedEvent(time: nil, event: $0, line: records.last?.line ?? 1) }
        if records.isEmpty && failure == nil {
            failure = TranscriptError(file: file, line: 1, column: 1, message: "the recording holds no events")
        }
        return StreamRecording(format: format, events: events, error: failure)
    }

    /// Splits a recording into JSON records. A line that is not JSON is skipped and reported (the
    /// first one, with how many there were): the rest still plays.
    static func records(_ text: String, file: String) -> ([Record], TranscriptError?) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map {
            (number: $0.offset + 1, text: $0.element.hasSuffix("\r") ? $0.element.dropLast() : Substring($0.element))
        }
        let firstContent = lines.first { !$0.text.allSatisfy(\.isWhitespace) }?.text.drop(while: \.isWhitespace)
        // A JSON array of chunks.
        if firstContent?.first == "[" {
            do throws(JSONParser.Failure) {
                let array = try JSONParser.parse(text).array ?? []
                let located = Array(text.utf8)
                var records: [Record] = []
                for (index, value) in array.enumerated() {
                    let line = located.withUnsafeBytes { JSONParser.location(of: [.index(index)], in: $0)?.line } ?? 1
                    records.append(Record(value: value, eventName: nil, line: line))
                }
                return (records, nil)
            } catch {
                return ([], TranscriptError(file: file, line: error.line, column: error.column, message: error.message))
            }
        }
        if firstContent.map({ $0.hasPrefix("interactions:") }) ?? false {
            lines = CassetteBodies.lines(of: lines)
        }
        let isSSE = lines.contains { $0.text.hasPrefix("data:") || $0.text.hasPrefix("event:") }
        var records: [Record] = []
        var firstFailure: TranscriptError?
        var failures = 0
        func parse(_ payload: Substring, line: Int, column: Int, eventName: String?) -> Bool {
            do throws(JSONParser.Failure) {
                records.append(Record(value: try JSONParser.parse(String(payload)), eventName: eventName, line: line))
                return true
            } catch {
                failures += 1
                if firstFailure == nil {
                    firstFailure = TranscriptError(
                        file: file, line: line + error.line - 1, column: error.column + (error.line == 1 ? column : 0),
                        message: error.message)
                }
                return false
            }
        }
        if isSSE {
            // Server-sent events: `data:` lines up to a blank line make one event.
            var eventName: String?
            var data: [(line: Int, column: Int, text: Substring)] = []
            func dispatch() {
                defer {
                    data = []
                    eventName = nil
                }
                guard let first = data.first else { return }
                if data.count == 1 {
                    if first.text != "[DONE]" {
                        _ = parse(first.text, line: first.line, column: first.column, eventName: eventName)
                    }
                    return
                }
                let joined = data.map(\.text).joined(separator: "\n")
                if (try? JSONParser.parse(joined)) != nil {
                    _ = parse(Substring(joined), line: first.line, column: first.column, eventName: eventName)
                } else {
                    // Captures that leave out the blank lines: each data line is an event.
                    for piece in data where piece.text != "[DONE]" {
                        _ = parse(piece.text, line: piece.line, column: piece.column, eventName: eventName)
                    }
                }
            }
            for (number, line) in lines {
                if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                    dispatch()
                } else if line.hasPrefix("event:") {
                    if !data.isEmpty { dispatch() }
                    eventName = String(line.dropFirst(6).trimmingSpaces)
                } else if line.hasPrefix("data:") {
                    var payload = line.dropFirst(5)
                    if payload.first == " " { payload = payload.dropFirst() }
                    data.append((number, line.count - payload.count, payload))
                }  // comments, ids, retries
            }
            dispatch()
        } else {
            for (number, line) in lines where !line.allSatisfy(\.isWhitespace) {
                _ = parse(line, line: number, column: 0, eventName: nil)
            }
        }
        if var failure = firstFailure, failures > 1 {
            failure.message += " (\(failures) records are not JSON; the others were played)"
            firstFailure = failure
        }
        return (records, firstFailure)
    }

    static let anthropicTypes: Set<String> = [
        "message_start", "content_block_start", "content_block_delta", "content_block_stop", "message_delta",
        "message_stop", "ping",
    ]
    static let cohereTypes: Set<String> = [
        "message-start", "content-start", "content-delta", "content-end", "tool-plan-delta", "tool-call-start",
        "tool-call-delta", "tool-call-end", "citation-start", "citation-end", "message-end",
    ]
    static let bedrockEvents: Set<String> = [
        "messageStart", "contentBlockStart", "contentBlockDelta", "contentBlockStop", "messageStop",
    ]
    static let teletypeTypes: Set<String> = ["message", "delta", "part", "reasoning-delta", "activity", "done"]

    /// The format of a recording's chunks.
    static func detect(_ values: [JSONValue]) -> StreamFormat {
        for value in values.prefix(20) {
            guard let object = value.object else { continue }
            if object["choices"] != nil || object["object"]?.string == "chat.completion.chunk" { return .openai }
            if object["candidates"] != nil || object["promptFeedback"] != nil { return .gemini }
            if object["event_type"] != nil { return .geminiInteractions }
            if let key = object.keys.first, object.keys.count <= 2, bedrockEvents.contains(key) { return .bedrock }
            guard let type = object["type"]?.string else { continue }
            if type.hasPrefix("response.") { return .openaiResponses }
            if anthropicTypes.contains(type) { return .anthropic }
            if cohereTypes.contains(type) { return .cohere }
            if type == "error" { continue }  // every format has one
            if teletypeTypes.contains(type) || object["t"] != nil { return .teletype }
            return .vercel
        }
        return values.contains { $0["error"] != nil } ? .openai : .teletype
    }
}

extension Substring {
    /// The text without the spaces and tabs around it.
    fileprivate var trimmingSpaces: Substring {
        let start = firstIndex { $0 != " " && $0 != "\t" } ?? endIndex
        let end = lastIndex { $0 != " " && $0 != "\t" }.map { index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }
}
