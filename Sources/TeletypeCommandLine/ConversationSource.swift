import TeletypeSessions
import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A conversation a user names — a file (or `-`, standard input), or one conversation of a chat
/// export or an agent's store — read whole, the one way `render` and `browse` read what they show.
package struct ConversationSource {
    /// The file, folder or store; `-` for standard input.
    var path: String
    /// Which conversation of an export or store (`--conversation`): a number, an id or a title.
    var conversation: String?
    /// Which version of a branched conversation (`--branch`).
    var branch: String?
    /// The format named with `--from`, or `nil` to tell it by shape.
    var format: TranscriptFormat?

    /// A conversation to read: the file at `path`, and which of a store's.
    package init(
        path: String, conversation: String? = nil, branch: String? = nil, format: TranscriptFormat? = nil
    ) {
        self.path = path
        self.conversation = conversation
        self.branch = branch
        self.format = format
    }

    /// The name errors give it.
    var name: String { path == "-" ? "<stdin>" : path }

    /// The export or store of many conversations `path` is, opened without reading them; `nil`
    /// for a file of one conversation.
    func collection() throws -> (any ConversationCollection)? {
        path == "-" ? nil : try CollectionChoice.open(path, data: nil, format: format)
    }

    /// The conversation, read whole; an export or store without ``conversation`` is an error that
    /// says to name one.
    func read() throws -> Transcript {
        if let export = try collection() {
            guard let chosen = try CollectionChoice.conversation(of: export, selector: conversation) else {
                throw CommandError.failure(
                    "'\(path)' is a \(export.kindName) of \(export.conversations.count) conversations: "
                        + "name one with --conversation N|ID|TITLE")
            }
            return try CollectionChoice.read(chosen, of: export, branch: branch)
        }
        if conversation != nil || branch != nil {
            throw CommandError.failure(
                "--conversation and --branch choose within a source of many conversations (a chat export, "
                    + "an agent's database); '\(path)' is not one")
        }
        if path != "-", let problem = Input.problem(path) { throw problem }
        let data = try Input.read(path)
        do {
            return try ConversationReader(format: format).read(data, file: name)
        } catch {
            throw CommandError.malformed(error.description)
        }
    }
}
