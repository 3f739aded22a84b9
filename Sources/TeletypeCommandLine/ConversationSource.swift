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

    /// What a source turned out to be, once opened.
    enum Opened {
        /// One conversation, read whole.
        case one(Transcript)
        /// An export or store of many, and no ``conversation`` chosen of it.
        case many(any ConversationCollection)
    }

    /// Opens the source: reads the conversation named (a file's, or one of an export or store);
    /// an export or store without ``conversation`` is given back unread. `stage` hears what is
    /// being read, for a progress line.
    func open(
        collection: (any ConversationCollection)? = nil, stage: (String) -> Void = { _ in }
    ) throws -> Opened {
        let data = path == "-" || collection == nil ? try Input.read(path) : Data()
        if let export = try collection ?? CollectionChoice.open(path, data: data, format: format) {
            guard let chosen = try CollectionChoice.conversation(of: export, selector: conversation) else {
                return .many(export)
            }
            stage(chosen.title.isEmpty ? chosen.id : chosen.title)
            return .one(try CollectionChoice.read(chosen, of: export, branch: branch))
        }
        if conversation != nil || branch != nil {
            throw CommandError.failure(
                "--conversation and --branch choose within a source of many conversations (a chat export, "
                    + "an agent's database); '\(path)' is not one")
        }
        do {
            return .one(try ConversationReader(format: format).read(data, file: name))
        } catch {
            throw CommandError.malformed(error.description)
        }
    }

    /// The conversation, read whole; an export or store without ``conversation`` is an error that
    /// says to name one.
    func read() throws -> Transcript {
        if path != "-", !ConversationCollections.isStoreFolder(path), let problem = Input.problem(path) {
            throw problem
        }
        switch try open(collection: path == "-" ? nil : try CollectionChoice.open(path, data: nil, format: format)) {
        case .one(let transcript): return transcript
        case .many(let export):
            throw CommandError.failure(
                "'\(path)' is a \(export.kindName) of \(export.conversations.count) conversations: "
                    + "name one with --conversation N|ID|TITLE")
        }
    }
}
