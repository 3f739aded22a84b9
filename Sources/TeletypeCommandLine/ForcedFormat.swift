import TeletypeSessions
import TeletypeTranscripts

/// A file read as the format `--from` names that finds no message in it, while read as what it is
/// the file holds messages: a mistaken `--from`, said as an error that names the file's own format,
/// never drawn as an empty conversation.
enum ForcedFormat {
    /// The error for `path` (named `name`) read as `forced` with no message in it, when its own
    /// format reads messages from it; nil when nothing was forced, the file is standard input, or
    /// no other reading finds a message either (a session that never began).
    static func mismatch(path: String, name: String, forced: TranscriptFormat?) -> String? {
        guard let forced, path != "-" else { return nil }
        var count = 0
        guard
            let own = try? ConversationStream(format: nil).forEachMessage(
                inFileAt: path, name: name, { _ in count += 1 }),
            own != forced, count > 0
        else { return nil }
        return "\(name): read as \(forced.displayName) (--from \(forced.rawValue)), it holds no message; "
            + "read as what it is, \(own.displayName), it holds \(count): leave --from out, or use --from \(own.rawValue)"
    }
}
