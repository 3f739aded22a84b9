/// The fuzz targets: each takes arbitrary bytes, runs one part of Teletype on them and checks the
/// properties that must hold for any input. `teletype-fuzz` runs them under libFuzzer, and the
/// regression tests run every input kept in `Tests/Fixtures/fuzz/<target>/` through them.
public enum FuzzTarget: String, Sendable, CaseIterable {
    /// Markdown rendered to plain text, ANSI and HTML at a width taken from the input.
    case markdown
    /// Markdown streamed in pieces whose sizes come from the input: streamed equals batch.
    case markdownStream = "markdown-stream"
    /// Transcripts read in every format (and detected), then rendered.
    case transcript
    /// Recorded streams read in every format (and detected), played, then rendered.
    case recording
    /// Terminal bytes fed to the snapshot library's terminal emulator.
    case terminalEmulator = "terminal-emulator"
    /// A2UI message streams read, resolved and drawn.
    case a2ui
    /// An agent's log on disk, read as every agent and as detected: streamed equals whole.
    case agentLog = "agent-log"
    /// Bytes as an agent's SQLite database: opened read-only, listed and read, or an error naming it.
    case agentDatabase = "agent-database"
    /// Bytes as an image a conversation holds: its header, its pixels, drawn for every terminal.
    case image
    /// Bytes as text the search index tokenizes: the same tokens as FTS5's own tokenizer.
    case searchTokenizer = "search-tokenizer"

    /// What went wrong for this input: an empty list when every property held. A crash or a hang
    /// is found by the fuzzer itself.
    public func problems(in bytes: [UInt8]) -> [String] {
        switch self {
        case .markdown: MarkdownFuzzing.problems(in: bytes)
        case .markdownStream: StreamedMarkdownFuzzing.problems(in: bytes)
        case .transcript: TranscriptFuzzing.problems(in: bytes)
        case .recording: RecordingFuzzing.problems(in: bytes)
        case .terminalEmulator: EmulatorFuzzing.problems(in: bytes)
        case .a2ui: A2UIFuzzing.problems(in: bytes)
        case .agentLog: AgentLogFuzzing.problems(in: bytes)
        case .agentDatabase: AgentDatabaseFuzzing.problems(in: bytes)
        case .image: ImageFuzzing.problems(in: bytes)
        case .searchTokenizer: SearchTokenizerFuzzing.problems(in: bytes)
        }
    }
}
