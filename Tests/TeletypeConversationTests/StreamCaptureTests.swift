import Foundation
import Teletype
import TeletypeANSI
import TeletypeHTML
import TeletypeLayout
import TeletypeTestSupport
import TeletypeTransports
import Testing

@testable import TeletypeTranscripts

/// Every recorded provider stream of the corpus (`../shared/corpus/streams`: captures from the
/// providers' own SDK tests) plays: without a reading error — unless the capture itself holds a
/// line that is not JSON, which is then named — and, with reasoning and tool calls open, the
/// terminal and the HTML show the words the stream carried: its text, reasoning, refusal, tool
/// arguments and output, sources and errors.
@Suite struct StreamCaptureTests {
    /// The keys whose strings a reader must see, in any format (text, thoughts, arguments, output,
    /// citations, errors).
    static let shownKeys: Set<String> = [
        "text", "delta", "content", "thinking", "reasoning_content", "reasoning", "refusal", "partial_json",
        "arguments", "input", "code", "stdout", "output", "tool_plan", "stringValue", "explanation", "message",
        "command", "url", "uri", "citations", "logs", "diff", "query",
    ]

    /// The strings under `shownKeys` anywhere in `value`, in order.
    static func shownStrings(_ value: JSONValue, key: String? = nil, into out: inout [String]) {
        switch value {
        case .string(let text): if let key, shownKeys.contains(key) { out.append(text) }
        case .array(let items): for item in items { shownStrings(item, key: key, into: &out) }
        case .object(let object):
            for (name, child) in object.pairs { shownStrings(child, key: name, into: &out) }
        default: break
        }
    }

    /// The words (letters only, five or more) of `text`, lowercased; the escapes of JSON text
    /// (arguments streamed as JSON) separate words.
    static func words(_ text: String) -> Set<String> {
        let unescaped = text.replacingOccurrences(of: "\\n", with: " ").replacingOccurrences(of: "\\t", with: " ")
        return Set(unescaped.lowercased().split { !$0.isLetter }.filter { $0.count >= 5 }.map(String.init))
    }

    /// What the stream's chunks say, read straight from the capture (not through the translator):
    /// each key's strings joined in order, so that words split across deltas are whole.
    static func expectedWords(_ file: Corpus.File) -> Set<String> {
        let (records, _) = StreamRecordingReader.records(file.text, file: file.name)
        var byKey: [String: String] = [:]
        for record in records {
            guard let object = record.value.object else { continue }
            for (name, child) in object.pairs {
                var strings: [String] = []
                shownStrings(child, key: name, into: &strings)
                byKey[name, default: ""] += strings.joined()
            }
            var strings: [String] = []
            shownStrings(record.value, into: &strings)
            byKey["\u{0}all", default: ""] += " " + strings.joined(separator: " ")
        }
        // A word is expected when it reads the same joined by key and spaced by chunk: then a
        // delta's end and the next delta's start did not glue two words together.
        let all = words(byKey["\u{0}all"] ?? "")
        var joined = Set<String>()
        for (key, text) in byKey where key != "\u{0}all" { joined.formUnion(words(text)) }
        return all.intersection(joined)
    }

    /// The conversation the capture plays to, and what reading it reported.
    static func play(_ file: Corpus.File) -> (
        messages: [Message], state: ConversationViewState, error: TranscriptError?
    ) {
        let recording = StreamRecordingReader().read(Data(file.bytes), file: file.name)
        var conversation = StreamedConversation()
        for timed in recording.events { conversation.apply(timed.event, at: timed.time) }
        var state = ConversationViewState()
        state.expandReasoning = true
        state.expandToolCalls = true
        if let error = conversation.agentError {
            state.footer = error
            state.footerIsError = true
        }
        return (conversation.messages, state, recording.error)
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)), arguments: Corpus.streamNames)
    func everyCaptureShowsWhatItCarries(_ name: String) throws {
        let file = Corpus.stream(named: name)
        let (messages, state, error) = Self.play(file)
        if let error {
            // The only error allowed is the capture's own: a line that is not JSON.
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false)
            let line = error.line <= lines.count ? String(lines[error.line - 1]) : ""
            let payload = line.hasPrefix("data:") ? String(line.dropFirst(5)) : line
            #expect((try? JSONParser.parse(payload)) == nil, "\(name): \(error)")
        }
        #expect(messages.contains { !$0.role.isUser }, "\(name) plays no reply")
        #expect(!messages.contains { $0.isGenerating }, "\(name) leaves a reply unfinished")
        let rows = ConversationLayout().rows(for: messages, state: state)
        let terminal = ConversationTerminalRenderer(width: 4000, capabilities: .plain).render(rows)
        let html = ConversationHTMLRenderer().render(rows)
        let expected = Self.expectedWords(file)
        #expect(!terminal.isEmpty && !html.isEmpty, "\(name) shows nothing")
        let missingInTerminal = expected.subtracting(Self.words(terminal)).sorted()
        let missingInHTML = expected.subtracting(Self.words(html)).sorted()
        #expect(missingInTerminal.isEmpty, "\(name): the terminal does not show \(missingInTerminal.prefix(20))")
        #expect(missingInHTML.isEmpty, "\(name): the HTML does not show \(missingInHTML.prefix(20))")
    }
}
