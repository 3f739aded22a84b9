import Synchronization
import Teletype
import TeletypeMarkdown
import TeletypeTranscripts

extension SearchIndex {
    /// A share of the reading an update does: a whole file, or some of the conversations of a
    /// store (a Cursor or OpenCode database, a chat export). A store is one file of tens or
    /// hundreds of megabytes; read whole, its reading was one thread's while the other cores had
    /// nothing left to read (a home's first index ended with each of its two databases read alone,
    /// 2 s each).
    struct ReadPart: Sendable, Equatable {
        /// Which of the update's sources.
        var source: Int
        /// Which share of it, from 0.
        var part: Int
        /// In how many shares it is read.
        var parts: Int
        /// The bytes of it the share stands for (for reading ahead and the progress).
        var size: Int

        /// Whether it is the source's last share: the file is written once it is read.
        var isLast: Bool { part == parts - 1 }
    }

    /// About how many bytes of a store a share reads, unless ``storeShare`` says otherwise.
    static let defaultStoreShare = 4 << 20

    /// The shares `sources` are read in, in their order: a store in one share for every `share`
    /// bytes (up to 64), any other file whole.
    static func parts(of sources: [Source], share: Int = defaultStoreShare) -> [ReadPart] {
        sources.enumerated().flatMap { index, source -> [ReadPart] in
            let size = max(source.stamp.size, 1)
            let parts = source.isStore ? min(max(size / max(share, 1), 1), 64) : 1
            // The shares' sizes add up to the file's, which the progress counts in.
            return (0..<parts).map {
                ReadPart(source: index, part: $0, parts: parts, size: size * ($0 + 1) / parts - size * $0 / parts)
            }
        }
    }

    /// `sources` read on every core, a store in shares, each file put back together, in order.
    static func read(
        _ sources: [Source], share: Int, dictionary: CompressedText.Dictionary?, packsWords: Bool = true
    ) -> [ReadFile] {
        let parts = parts(of: sources, share: share)
        let stores = OpenedStores()
        let read = ParallelWork.map(parts.count) {
            Self.read(
                sources[parts[$0].source], dictionary: dictionary, part: parts[$0].part, of: parts[$0].parts,
                stores: stores, packsWords: packsWords)
        }
        var shares = ReadShares()
        return zip(parts, read).compactMap { shares.add($1, as: $0) }
    }

    /// The conversations of a store that share `part` of `parts` reads: an even run of them, in
    /// the store's order (the oldest first).
    static func share(_ part: Int, of parts: Int, count: Int) -> Range<Int> {
        (count * part / parts)..<(count * (part + 1) / parts)
    }

    /// A store opened and listed once for all of its shares (each share read on any thread).
    struct StoreListing: Sendable {
        /// The store, read a conversation at a time.
        var collection: any ConversationCollection
        /// Its conversations, the oldest first.
        var oldestFirst: [ListedConversation]
    }

    /// The stores an update has opened, until their last shares are read.
    final class OpenedStores: Sendable {
        private let opened = Mutex<[String: Result<StoreListing, TranscriptError>]>([:])

        /// The store at `path`, opened and listed by the first share that asks (the others wait
        /// for it rather than list it again).
        func listing(of path: String) throws(TranscriptError) -> StoreListing {
            try opened.withLock { opened throws(TranscriptError) -> StoreListing in
                if let known = opened[path] { return try known.get() }
                let made = Result { () throws(TranscriptError) -> StoreListing in try Self.open(path) }
                opened[path] = made
                return try made.get()
            }
        }

        /// Lets the store at `path` go: its shares are all read.
        func close(_ path: String) {
            _ = opened.withLock { $0.removeValue(forKey: path) }
        }

        /// The store at `path`, listed.
        static func open(_ path: String) throws(TranscriptError) -> StoreListing {
            guard let collection = try ConversationCollections.open(path) else {
                throw TranscriptError(file: path, line: 0, column: 0, message: "not a source of many")
            }
            return StoreListing(collection: collection, oldestFirst: collection.newestFirst.reversed())
        }
    }

    /// A file's shares put back together as they are read, in order: the file once its last one
    /// is; a share that failed fails the file (none of its conversations is written).
    struct ReadShares {
        private var gathered: ReadFile?

        /// The whole file when `file` is its last share, nil until then.
        mutating func add(_ file: ReadFile, as part: ReadPart) -> ReadFile? {
            var whole = file
            if part.part > 0, let earlier = gathered {
                whole = earlier
                whole.conversations += file.conversations
                whole.failure = whole.failure ?? file.failure
            }
            guard part.isLast else {
                gathered = whole
                return nil
            }
            gathered = nil
            if whole.failure != nil { whole.conversations = [] }
            return whole
        }
    }
}
