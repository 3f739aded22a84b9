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
    /// OpenAI chat completion chunks (also OpenAI-compatible servers with `reasoning_content`).
    case openai
    /// Anthropic messages stream events.
    case anthropic
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
        if failure == nil {
            if translator.isOpen && format != .teletype {
                let line = records.last?.line ?? 1
                failure = TranscriptError(
                    file: file, line: line, column: 1, message: "the stream ends before the reply is finished")
            }
            events += translator.finish().map { TimedEvent(time: nil, event: $0, line: records.last?.line ?? 1) }
        }
        return StreamRecording(format: format, events: events, error: failure)
    }

    /// Splits a recording into JSON records; stops at the first one that is not valid JSON.
    static func records(_ text: String, file: String) -> ([Record], TranscriptError?) {
        var records: [Record] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? $0.dropLast() : Substring($0)
        }
        let firstContent = lines.first { !$0.allSatisfy(\.isWhitespace) }?.drop(while: \.isWhitespace)
        // A JSON array of chunks.
        if firstContent?.first == "[" {
            do throws(JSONParser.Failure) {
                let array = try JSONParser.parse(text).array ?? []
                let located = Array(text.utf8)
                for (index, value) in array.enumerated() {
                    let line = located.withUnsafeBytes { JSONParser.location(of: [.index(index)], in: $0)?.line } ?? 1
                    records.append(Record(value: value, eventName: nil, line: line))
                }
                return (records, nil)
            } catch {
                return ([], TranscriptError(file: file, line: error.line, column: error.column, message: error.message))
            }
        }
        let isSSE = lines.contains { $0.hasPrefix("data:") || $0.hasPrefix("event:") }
        var eventName: String?
        for (offset, line) in lines.enumerated() {
            let number = offset + 1
            var payload: Substring
            if isSSE {
                if line.hasPrefix("event:") {
                    eventName = String(
                        line.dropFirst(6).drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }
                            .reversed())
                    continue
                }
                if line.isEmpty {
                    eventName = nil
                    continue
                }
                guard line.hasPrefix("data:") else { continue }  // comments, ids, retries
                payload = line.dropFirst(5)
                if payload.first == " " { payload = payload.dropFirst() }
                if payload == "[DONE]" { continue }
            } else {
                payload = line
                if payload.allSatisfy(\.isWhitespace) { continue }
            }
            do throws(JSONParser.Failure) {
                records.append(Record(value: try JSONParser.parse(String(payload)), eventName: eventName, line: number))
            } catch {
                let column = error.column + (isSSE ? line.count - payload.count : 0)
                return (records, TranscriptError(file: file, line: number, column: column, message: error.message))
            }
        }
        return (records, nil)
    }

    static let anthropicTypes: Set<String> = [
        "message_start", "content_block_start", "content_block_delta", "content_block_stop", "message_delta",
        "message_stop", "ping",
    ]
    static let teletypeTypes: Set<String> = ["message", "delta", "part", "reasoning-delta", "activity", "done"]

    /// The format of a recording's chunks.
    static func detect(_ values: [JSONValue]) -> StreamFormat {
        for value in values.prefix(20) {
            if value["choices"] != nil || value["object"]?.string == "chat.completion.chunk" { return .openai }
            guard let type = value["type"]?.string else { continue }
            if anthropicTypes.contains(type) { return .anthropic }
            if teletypeTypes.contains(type) || value["t"] != nil { return .teletype }
            return .vercel
        }
        return .teletype
    }
}
