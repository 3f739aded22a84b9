import Foundation
import Teletype
import TeletypeCommandLine
import TeletypeTransports

/// Who answers `teletype ask` and `teletype chat`: an OpenAI-compatible server, or a recorded stream.
enum Agent: Sendable {
    case server(OpenAIChatConfiguration)
    case recording(StreamRecording, speed: Double)

    /// The agent the options name: `--replay FILE`, else a server from `--endpoint`/`--model` (or
    /// `TELETYPE_ENDPOINT`/`TELETYPE_MODEL`); `fallback` is used when neither names one, and without
    /// it a missing model is a usage error.
    static func from(
        _ parsed: OptionParser.Parsed, parser: OptionParser, environment: [String: String],
        fallback: (() -> Agent)? = nil
    ) throws -> Agent {
        let speed = try parser.speed(parsed)
        if let path = parsed.value("--replay") {
            let data = try Input.read(path)
            let recording = StreamRecordingReader().read(data, file: path == "-" ? "<stdin>" : path)
            if recording.events.isEmpty, let error = recording.error { throw CommandError.malformed(error.description) }
            return .recording(recording, speed: speed)
        }
        let named =
            parsed.value("--endpoint") ?? environment["TELETYPE_ENDPOINT"] ?? parsed.value("--model")
            ?? environment["TELETYPE_MODEL"]
        if named == nil, let fallback { return fallback() }
        let address = parsed.value("--endpoint") ?? environment["TELETYPE_ENDPOINT"] ?? "http://localhost:11434/v1"
        guard let endpoint = URL(string: address), ["http", "https"].contains(endpoint.scheme?.lowercased() ?? "")
        else {
            throw CommandError.usage("--endpoint must be an http(s) address, not '\(address)'", help: parser.usage)
        }
        guard let model = parsed.value("--model") ?? environment["TELETYPE_MODEL"], !model.isEmpty else {
            throw CommandError.usage("name a model: --model NAME or TELETYPE_MODEL", help: parser.usage)
        }
        return .server(
            OpenAIChatConfiguration(
                endpoint: endpoint, model: model, apiKey: environment["OPENAI_API_KEY"],
                system: parsed.value("--system")))
    }

    /// `--timeout SECONDS`: how long to wait for a reply to start (default 300, 0 for ever).
    static func timeout(_ parsed: OptionParser.Parsed, parser: OptionParser) throws -> Double? {
        guard let text = parsed.value("--timeout") else { return 300 }
        guard let value = Double(text), value >= 0, value.isFinite else {
            throw CommandError.usage(
                "--timeout must be a number of seconds, 0 or more, not '\(text)'", help: parser.usage)
        }
        return value == 0 ? nil : value
    }

    /// A conversation with this agent, after `history` (shown `historyPage` messages at a time).
    @MainActor
    func conversation(
        timeout: Double?, history: [Message] = [], historyPage: Int? = nil, approver: (any AIToolApprover)? = nil
    ) -> AIConversation<Message> {
        switch self {
        case .server(let configuration):
            return AIConversation(
                transport: OpenAIChatTransport(
                    configuration: configuration, history: history, historyPageSize: historyPage),
                approver: approver, replyTimeout: timeout)
        case .recording(let recording, let speed):
            return AIConversation(
                transport: ReplayTransport(
                    recording: recording, history: history, timing: .recorded(speed: speed),
                    historyPageSize: historyPage),
                approver: approver, replyTimeout: timeout)
        }
    }
}
