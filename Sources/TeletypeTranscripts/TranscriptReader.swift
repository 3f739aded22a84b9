import Teletype
import TeletypeMarkdown

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A conversation read from a transcript file.
public struct Transcript: Sendable {
    /// The messages, in order.
    public var messages: [Message]
    /// The format it was read as.
    public var format: TranscriptFormat
    /// What a session log says of the session (an agent's log only).
    public var info: SessionInfo?
    /// Things worth a word that did not stop the reading (a last line cut short).
    public var notices: [String] = []
    /// What a chat export says of the conversation (a chat export's conversation only).
    public var conversation: ListedConversation?

    /// A transcript of `messages` read as `format`.
    public init(messages: [Message], format: TranscriptFormat, info: SessionInfo? = nil, notices: [String] = []) {
        self.messages = messages
        self.format = format
        self.info = info
        self.notices = notices
    }
}

/// Reads providers' transcripts: a JSON document (a list of messages, or an object with `messages`)
/// or JSONL (one message a line), in any provider ``TranscriptFormat``, detected from the messages'
/// shape unless given. Agents' session logs and chat apps' exports are read by `ConversationReader`
/// (TeletypeSessions), which hands every other file to this reader.
/// Unknown fields are ignored and wrongly typed fields read as missing; a document that is not
/// JSON, or whose structure is wrong, is an error naming the file, line and column.
public struct TranscriptReader: Sendable {
    /// The format to read, or `nil` to detect it.
    public var format: TranscriptFormat?

    /// A reader of `format` (nil: detected from each file).
    public init(format: TranscriptFormat? = nil) {
        self.format = format
    }

    /// Reads a whole transcript.
    public func read(_ data: Data, file: String) throws(TranscriptError) -> Transcript {
        let result: Result<Transcript, TranscriptError> = data.withUnsafeBytes { bytes in
            do throws(TranscriptError) {
                return .success(try read(bytes, file: file))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// Reads a whole transcript from UTF-8 bytes.
    public func read(_ bytes: UnsafeRawBufferPointer, file: String) throws(TranscriptError) -> Transcript {
        if let format, !format.isProviderFormat {
            throw TranscriptError(
                file: file, line: 1, column: 1,
                message: "\(format.displayName) is read by ConversationReader (TeletypeSessions), not TranscriptReader")
        }
        var start = 0
        while start < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains(bytes[start]) { start += 1 }
        guard start < bytes.count else {
            throw TranscriptError(file: file, line: 1, column: 1, message: "the file is empty: expected JSON or JSONL")
        }
        // What is not JSON, and was not known as a session log or an export, is no conversation.
        if format == nil, bytes[start] != UInt8(ascii: "{"), bytes[start] != UInt8(ascii: "[") {
            throw TranscriptError(file: file, line: 1, column: 1, message: FileShape.notAConversation(bytes))
        }
        let document: JSONValue
        do throws(JSONParser.Failure) {
            document = try JSONParser.parse(bytes)
        } catch  where error.message == "unexpected text after the JSON value" && bytes[start] == UInt8(ascii: "{") {
            return try readLines(bytes, file: file)
        } catch {
            throw TranscriptError(file: file, line: error.line, column: error.column, message: error.message)
        }
        return try decodeDocument(document, bytes: bytes, file: file)
    }

    private func decodeDocument(_ document: JSONValue, bytes: UnsafeRawBufferPointer, file: String)
        throws(TranscriptError) -> Transcript
    {
        do throws(TranscriptProblem) {
            let (list, path, system) = try messageList(document)
            // A document's shape can say its format: `contents` is Gemini's, `input`/`output` the
            // Responses API's.
            let shape: TranscriptFormat? =
                document["contents"] != nil || document["candidates"] != nil
                ? .gemini
                : Self.isResponsesExchange(document) ? .openaiResponses : nil
            var transcript = try decode(list, path: path, system: system, shape: shape)
            // An exchange's document names its model once (a request's or response's `model`,
            // Gemini's `modelVersion`): it wrote the replies that name none.
            let model =
                document["model"]?.string ?? document["response"]?["model"]?.string ?? document["modelVersion"]?.string
            if let model {
                for index in transcript.messages.indices
                where transcript.messages[index].role == .assistant && transcript.messages[index].model == nil {
                    transcript.messages[index].model = model
                }
            }
            return transcript
        } catch  where error.isNotAConversation {
            throw TranscriptError(file: file, line: 1, column: 1, message: FileShape.notAConversation(bytes))
        } catch {
            let location = JSONParser.location(of: error.path, in: bytes) ?? (1, 1)
            throw TranscriptError(file: file, line: location.line, column: location.column, message: error.message)
        }
    }

    /// The messages of a document: an array, an object with `messages`, or one message.
    private func messageList(_ document: JSONValue) throws(TranscriptProblem) -> (
        [JSONValue], [JSONParser.PathComponent], String?
    ) {
        switch document {
        case .array(let messages): return (messages, [], nil)
        case .object(let object):
            if format == nil || format == .openaiResponses, Self.isResponsesExchange(document) {
                return try responsesItems(object)
            }
            if let contents = object["contents"] ?? object["candidates"]?.array?.first?["content"].map({ .array([$0]) })
            {
                guard let list = contents.array else {
                    throw TranscriptProblem("\"contents\" must be an array of contents", at: [.key("contents")])
                }
                let path: [JSONParser.PathComponent] =
                    object["contents"] != nil ? [.key("contents")] : [.key("candidates")]
                return (
                    list, path, GeminiTranscript.system(object["systemInstruction"] ?? object["system_instruction"])
                )
            }
            if let messages = object["messages"] {
                guard let list = messages.array else {
                    throw TranscriptProblem("\"messages\" must be an array of messages", at: [.key("messages")])
                }
                let system =
                    object["system"]?.string
                    ?? object["system"]?.array.map {
                        $0.compactMap { $0["text"]?.string }.joined(separator: "\n\n")
                    }
                return (list, [.key("messages")], system)
            }
            if object["role"] != nil || object["parts"] != nil || object["text"] != nil { return ([document], [], nil) }
            if format == nil { throw .notAConversation }
            throw TranscriptProblem(
                "expected a list of messages: a JSON array, or an object with \"messages\"", at: [])
        default:
            if format == nil { throw .notAConversation }
            throw TranscriptProblem("expected a list of messages: a JSON array, or an object with \"messages\"", at: [])
        }
    }

    /// Whether a document is a Responses API request (`input`), response (`output`), or both.
    static func isResponsesExchange(_ document: JSONValue) -> Bool {
        document["messages"] == nil
            && (document["input"] != nil || document["object"]?.string == "response"
                || document["output"]?.array != nil)
    }

    /// A Responses API exchange: the request's `input` (a string or items) then the response's
    /// `output` items (the response may be the document itself, or under `response`).
    private func responsesItems(_ object: JSONObject) throws(TranscriptProblem) -> (
        [JSONValue], [JSONParser.PathComponent], String?
    ) {
        var items: [JSONValue] = []
        switch object["input"] {
        case .string(let text)?: items.append(["type": "message", "role": "user", "content": .string(text)])
        case .array(let list)?: items += list
        case nil, .null?: break
        default: throw TranscriptProblem("\"input\" must be a string or an array of items", at: [.key("input")])
        }
        let output = object["output"] ?? object["response"]?["output"]
        switch output {
        case .array(let list)?: items += list
        case nil, .null?: break
        default: throw TranscriptProblem("\"output\" must be an array of items", at: [.key("output")])
        }
        // Paths point into the document only when the list is one of its arrays.
        let path: [JSONParser.PathComponent] =
            object["input"]?.array != nil && output == nil
            ? [.key("input")]
            : object["input"] == nil && object["output"]?.array != nil ? [.key("output")] : []
        return (items, path, object["instructions"]?.string)
    }

    private func decode(
        _ list: [JSONValue], path: [JSONParser.PathComponent], system: String?, shape: TranscriptFormat? = nil
    )
        throws(TranscriptProblem)
        -> Transcript
    {
        // An empty list is an empty transcript; a list with no message of any format is no transcript.
        guard let format = self.format ?? shape ?? (list.isEmpty ? .teletype : TranscriptFormat.detect(list)) else {
            throw .notAConversation
        }
        switch format {
        case .openai:
            var messages = try ChatCompletionTranscript.openAI(list, at: path)
            if let system { messages.insert(Message(id: "system", role: .system, text: system), at: 0) }
            return Transcript(messages: messages, format: format)
        case .anthropic:
            return Transcript(
                messages: try ChatCompletionTranscript.anthropic(list, system: system, at: path), format: format)
        case .openaiResponses:
            var messages = try ResponsesTranscript.messages(list, at: path)
            if let system { messages.insert(Message(id: "system", role: .system, text: system), at: 0) }
            return Transcript(messages: messages, format: format)
        case .gemini:
            return Transcript(messages: try GeminiTranscript.messages(list, system: system, at: path), format: format)
        default:
            var messages: [Message] = []
            messages.reserveCapacity(list.count)
            for (index, value) in list.enumerated() {
                messages += try format.decode(value, at: path + [.index(index)], position: index)
            }
            return Transcript(messages: messages, format: format)
        }
    }

    /// JSONL: one message a line; blank lines are skipped.
    private func readLines(_ bytes: UnsafeRawBufferPointer, file: String) throws(TranscriptError) -> Transcript {
        var values: [JSONValue] = []
        var lineNumbers: [Int] = []
        var lines: [UnsafeRawBufferPointer] = []
        try JSONLines.forEach(in: bytes, file: file) { (value, line, text) throws(TranscriptError) in
            values.append(value)
            lineNumbers.append(line)
            lines.append(text)
        }
        do throws(TranscriptProblem) {
            return try decode(values, path: [], system: nil)
        } catch  where error.isNotAConversation {
            throw TranscriptError(file: file, line: 1, column: 1, message: FileShape.notAConversation(bytes))
        } catch {
            guard case .index(let index)? = error.path.first, index < lineNumbers.count else {
                throw TranscriptError(file: file, line: 1, column: 1, message: error.message)
            }
            let column = JSONParser.location(of: Array(error.path.dropFirst()), in: lines[index])?.column ?? 1
            throw TranscriptError(file: file, line: lineNumbers[index], column: column, message: error.message)
        }
    }
}

/// Splits JSONL bytes into parsed lines.
enum JSONLines {
    /// Files larger than this have their lines parsed on every core.
    static let parallelBytes = 256 * 1024

    /// Calls `body` with each non-blank line's value, number and bytes, in order; the first line
    /// that is not JSON throws, after the lines before it were handed over.
    static func forEach(
        in bytes: UnsafeRawBufferPointer, file: String, firstLine: Int = 1,
        _ body: (JSONValue, Int, UnsafeRawBufferPointer) throws(TranscriptError) -> Void
    ) throws(TranscriptError) {
        let lines = nonBlankLines(in: bytes, firstLine: firstLine)
        nonisolated(unsafe) let source = bytes
        @Sendable func parse(_ index: Int) -> Result<JSONValue, JSONParser.Failure> {
            Result { () throws(JSONParser.Failure) in
                try JSONParser.parse(UnsafeRawBufferPointer(rebasing: source[lines[index].range]))
            }
        }
        let parsed: [[Result<JSONValue, JSONParser.Failure>]]
        if bytes.count >= parallelBytes {
            let ranges = ParallelWork.ranges(lines.count, pieces: 4 * ParallelWork.cores, minimum: 64)
            parsed = ParallelWork.map(ranges.count) { piece in ranges[piece].map(parse) }
        } else {
            parsed = [lines.indices.map(parse)]
        }
        var index = 0
        for results in parsed {
            for result in results {
                let (range, line) = lines[index]
                index += 1
                switch result {
                case .success(let value): try body(value, line, UnsafeRawBufferPointer(rebasing: bytes[range]))
                case .failure(let error):
                    throw TranscriptError(
                        file: file, line: line + error.line - 1, column: error.column, message: error.message)
                }
            }
        }
    }

    /// The byte range and number of each line that holds more than spaces.
    private static func nonBlankLines(in bytes: UnsafeRawBufferPointer, firstLine: Int) -> [(
        range: Range<Int>, line: Int
    )] {
        var lines: [(range: Range<Int>, line: Int)] = []
        var start = 0
        var line = firstLine
        while start < bytes.count {
            let end = ByteScan.firstIndex(of: 0x0A, in: bytes, from: start) ?? bytes.count
            let text = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            if !text.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { lines.append((start..<end, line)) }
            start = end + 1
            line += 1
        }
        return lines
    }
}
