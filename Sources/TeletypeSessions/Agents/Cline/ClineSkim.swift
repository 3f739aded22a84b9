import Teletype
import TeletypeTranscripts

/// A task's history skimmed for a listing: each message read as ``ClineTask`` reads it, into a
/// ``TurnCounter`` rather than a builder, so that no call, result or message is made, and in one
/// pass. What is not one array of messages (Cline CLI's object, a broken file) is read.
extension ClineTask {
    static func skim(_ source: SessionSource, path: String?, name: String) throws -> SessionSkim? {
        var counter = TurnCounter(agent: .cline)
        // The task's other files first, then each message's figures, as a reading adds them.
        if let path { describe(taskAt: path, into: &counter.info) }
        var isMessages = true
        var xmlCalls = 0
        var index = 0
        let isArray = try JSONArrayElements.forEach(in: source) { bytes, _ in
            guard isMessages else { return }
            guard let message = try? JSONParser.parse(bytes), message.object != nil else {
                isMessages = false
                return
            }
            account(message, into: &counter.info)
            add(message, index: index, to: &counter, xmlCalls: &xmlCalls)
            index += 1
        }
        guard isArray, isMessages else { return nil }
        return counter.finish()
    }
}
