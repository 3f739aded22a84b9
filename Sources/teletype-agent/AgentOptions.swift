import Foundation
import Teletype
import TeletypeCommandLine
import TeletypeTransports

/// The API a server speaks.
enum AgentAPI: String, Sendable, CaseIterable {
    /// OpenAI chat completions, which OpenAI-compatible local servers speak (the default).
    case chat
    /// OpenAI's Responses API.
    case responses
    /// Gemini's `streamGenerateContent`.
    case gemini
}

/// Who answers `teletype ask` and `teletype chat`: a server, or a recorded stream.
enum Agent: Sendable {
    case server(OpenAIChatConfiguration, api: AgentAPI)
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
        let apiName = parsed.value("--api") ?? environment["TELETYPE_API"] ?? "chat"
        guard let api = AgentAPI(rawValue: apiName) else {
            throw CommandError.usage("--api must be chat, responses or gemini, not '\(apiName)'", help: parser.usage)
        }
        let address =
            parsed.value("--endpoint") ?? environment["TELETYPE_ENDPOINT"]
            ?? (api == .gemini ? "https://generativelanguage.googleapis.com" : "http://localhost:11434/v1")
        guard let endpoint = URL(string: address), ["http", "https"].contains(endpoint.scheme?.lowercased() ?? "")
        else {
            throw CommandError.usage("--endpoint must be an http(s) address, not '\(address)'", help: parser.usage)
        }
        guard let model = parsed.value("--model") ?? environment["TELETYPE_MODEL"], !model.isEmpty else {
            throw CommandError.usage("name a model: --model NAME or TELETYPE_MODEL", help: parser.usage)
        }
        let key =
            api == .gemini
            ? environment["GEMINI_API_KEY"] ?? environment["GOOGLE_API_KEY"] : environment["OPENAI_API_KEY"]
        return .server(
            OpenAIChatConfiguration(endpoint: endpoint, model: model, apiKey: key, system: parsed.value("--system")),
            api: api)
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
        case .server(let configuration, let api):
            let transport: any AIConversationTransport<Message>
            switch api {
            case .chat:
                transport = OpenAIChatTransport(
                    configuration: configuration, history: history, historyPageSize: historyPage)
            case .responses:
                transport = OpenAIResponsesTransport(
                    configuration: configuration, history: history, historyPageSize: historyPage)
            case .gemini:
                transport = GeminiTransport(
                    configuration: GeminiConfiguration(
                        endpoint: configuration.endpoint, model: configuration.model, apiKey: configuration.apiKey,
                        system: configuration.system),
                    history: history, historyPageSize: historyPage)
            }
            return AIConversation(transport: transport, approver: approver, replyTimeout: timeout)
        case .recording(let recording, let speed):
            return AIConversation(
                transport: ReplayTransport(
                    recording: recording, history: history, timing: .recorded(speed: speed),
                    historyPageSize: historyPage),
                approver: approver, replyTimeout: timeout)
        }
    }
}
