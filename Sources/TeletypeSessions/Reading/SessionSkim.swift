import Teletype
import TeletypeTranscripts

/// What a listing needs of a session, found without building its messages: what the reader would
/// say of the session, how many messages it would hand over, and the text of the first prompt (a
/// title for a session without one). A format that can count its messages from a few fields of
/// each record skims its logs (see ``AgentLogFormat/skim(_:path:name:)``); `teletype sessions` reads
/// thousands of logs the first time, and building every message to count them was most of it.
struct SessionSkim: Equatable {
    /// What the log says of the session, as ``AgentLogFormat/read(_:path:name:notice:start:emit:)``
    /// returns it (its message count aside).
    var info: SessionInfo
    /// How many messages a reading hands over (the ends of turns aside).
    var messages = 0
    /// The text of the first message from the user.
    var firstPrompt: String?

    init(agent: SessionAgent) { info = SessionInfo(agent: agent) }

    /// Notes a message the reader would hand over.
    mutating func count(_ message: Message) {
        guard message.role != .turnEnd else { return }
        messages += 1
        if firstPrompt == nil, message.role.isUser { firstPrompt = message.text }
    }
}

extension SessionFormats {
    /// A quick look at the log in `source` by `agent`'s format: nil when the format has none (it is
    /// then read). Throws where a reading would (a line that is not JSON).
    static func skim(_ source: SessionSource, path: String?, agent: SessionAgent, name: String) throws
        -> SessionSkim?
    {
        try format(of: agent)?.skim(source, path: path, name: name)
    }
}
