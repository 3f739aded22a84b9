import Teletype
import TeletypeMarkdown
import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SearchIndex {
    /// A file or store the index holds the conversations of: an agent's session log, a chat
    /// export, an agent's database or store folder, a transcript.
    public struct Source: Sendable, Equatable {
        /// Its path.
        public var path: String
        /// The folder a search named it under (`--in`), or "" for the agents' own folders.
        public var root: String
        /// The agent whose folders it was found in.
        var agent: SessionAgent?
        /// Its size and time, which say whether it changed since it was read.
        var stamp: SessionListingCache.Stamp
        /// Whether it holds many conversations.
        var isStore: Bool
    }

    /// What an update did.
    public struct Report: Sendable, Equatable {
        /// Files and stores read (new or changed).
        public var read = 0
        /// Files and stores passed over, unchanged since they were read.
        public var unchanged = 0
        /// Files and stores gone since, whose conversations left the index.
        public var removed = 0
        /// Files and stores now found under another root (`--in`).
        public var moved = 0
        /// Pieces of text (a message's words of one speaker) of the files read that the index
        /// held as they are and kept, not written again.
        public var piecesKept = 0
        /// Pieces of text written.
        public var piecesWritten = 0

        /// Whether the index changed: a search of it before would find otherwise.
        public var changedIndex: Bool { read > 0 || removed > 0 || moved > 0 }
        /// Files that could not be read, with why.
        public var failures: [String] = []
    }

    /// Every session of every agent in its own folders (those `teletype sessions` lists).
    public static func homeSources(environment: [String: String]) -> [Source] {
        SessionLocator.candidates(agents: SessionAgent.allCases, environment: environment).map {
            Source(path: $0.path, root: "", agent: $0.agent, stamp: $0.stamp, isStore: $0.isStore)
        }
    }

    /// The files, databases and store folders at `paths` (found below a folder named with
    /// `--in`), as sources under `root`.
    public static func sources(_ paths: [String], root: String) -> [Source] {
        var seen = Set<String>()
        return paths.compactMap { path in
            guard seen.insert(path).inserted else { return nil }
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            let isFolder = status.st_mode & S_IFMT == S_IFDIR
            let isStore =
                isFolder || ChatExport.detect(fileAt: path) != nil || ConversationCollections.isDatabase(fileAt: path)
            var stamp = SessionListingCache.Stamp(size: Int(status.st_size), modified: Double(status.st_mtim.tv_sec))
            if isFolder {
                stamp = .init(
                    size: 0, modified: SessionLocator.files(in: path, depth: 3).map(\.modified).max() ?? stamp.modified)
            } else if let log = SessionLocator.modified(path + "-wal") {
                stamp.modified = max(stamp.modified, log)
            }
            return Source(path: path, root: root, agent: nil, stamp: stamp, isStore: isStore)
        }
    }

    /// Brings the index up to date with `sources`: what is new or changed is read (on every core)
    /// and written a batch at a time, what is unchanged is passed over, and what the index holds
    /// under `roots` ("" for the agents' folders) that `sources` no longer has leaves it.
    /// `progress` hears the bytes read so far and in all.
    ///
    /// One process updates at a time: another waits for it (and then finds little left to do).
    public func update(_ sources: [Source], roots: [String], progress: (Int, Int) -> Void = { _, _ in }) throws
        -> Report
    {
        let lock = try UpdateLock(path: path + ".lock")
        defer { lock.release() }
        var known: [String: (stamp: SessionListingCache.Stamp, root: String)] = [:]
        try database.forEachRow("SELECT path, size, modified, root FROM file") { row in
            guard let path = row[0].text else { return }
            known[path] = (
                .init(size: (row[1].number ?? 0).clampedToInt, modified: row[2].number ?? 0), row[3].text ?? ""
            )
        }
        var report = Report()
        var todo: [Source] = []
        var moved: [Source] = []
        var present = Set<String>()
        for source in sources where present.insert(source.path).inserted {
            if let kept = known[source.path], kept.stamp == source.stamp {
                report.unchanged += 1
                if kept.root != source.root { moved.append(source) }
            } else {
                todo.append(source)
            }
        }
        let rootSet = Set(roots)
        let gone = known.filter { !present.contains($0.key) && rootSet.contains($0.value.root) }.map(\.key)
        // Nothing gone or moved (most searches): no write transaction is taken.
        if !gone.isEmpty || !moved.isEmpty {
            try removing(gone, moving: moved)
        }
        report.removed = gone.count
        report.moved = moved.count
        // Oldest first: a conversation's id grows with its time, which a search's window of the
        // latest matches leans on.
        todo.sort { $0.stamp.modified != $1.stamp.modified ? $0.stamp.modified < $1.stamp.modified : $0.path < $1.path }
        let total = todo.reduce(0) { $0 + max($1.stamp.size, 1) }
        var done = 0
        progress(0, total)
        // Files are read on every core, in order, while this thread writes those read: a group of
        // them to a transaction, which a search in another process sees whole. The text is
        // compressed with the index's dictionary; without one, the first files are read a few at
        // a time until their text trains one, for the files after them.
        func keep(_ file: ReadFile) throws {
            try replace(file, report: &report)
            if let failure = file.failure { report.failures.append(failure) }
            report.read += 1
        }
        var dictionary = database.storedDictionary()
        var first = 0
        var samples: [String] = []
        var sampled = 0
        while dictionary == nil, first < todo.count, done < Self.trainingReadLimit {
            // A few files at a time, until their text is enough to train on.
            var end = first
            var bytes = 0
            while end < todo.count, end - first < 16, bytes < 8 << 20 {
                bytes += max(todo[end].stamp.size, 1)
                end += 1
            }
            let group = Array(todo[first..<end])
            let read = Self.read(group, share: storeShare, dictionary: nil, packsWords: packsWords)
            for piece in read.lazy.flatMap(\.conversations).flatMap(\.pieces)
            where sampled < CompressedText.Dictionary.trainingBytes.most {
                samples.append(piece.text)
                sampled += piece.text.utf8.count
            }
            dictionary = CompressedText.Dictionary.train(on: samples)
            try database.transaction {
                if let dictionary {
                    try database.run("INSERT INTO said_dictionary(bytes) VALUES (?)", [.blob(dictionary.bytes)])
                }
                for file in read { try keep(file) }
            }
            first = end
            done += bytes
            progress(done, total)
        }
        let rest = Array(todo[first...])
        let parts = Self.parts(of: rest, share: storeShare)
        let stores = OpenedStores()
        var shares = ReadShares()
        var group = (files: 0, bytes: 0)
        var isOpen = false
        var merged = false
        let packsWords = packsWords
        // The word lists merged into one segment (FTS5's `optimize`), which later updates add to cheaply.
        func mergeWordLists() throws {
            try database.transaction { try database.run("INSERT INTO said(said) VALUES ('optimize')") }
            merged = true
        }
        do {
            try OrderedWork.run(
                parts.count, ahead: 32, bytesAhead: 64 << 20, size: { parts[$0].size },
                produce: { [dictionary] in
                    let part = parts[$0]
                    return Self.read(
                        rest[part.source], dictionary: dictionary, part: part.part, of: part.parts, stores: stores,
                        packsWords: packsWords)
                }
            ) { index, share in
                let part = parts[index]
                done += part.size
                guard let file = shares.add(share, as: part) else {
                    progress(done, total)
                    return
                }
                if file.source.isStore { stores.close(file.source.path) }
                if !isOpen {
                    try database.execute("BEGIN IMMEDIATE")
                    isOpen = true
                }
                try keep(file)
                group.files += 1
                group.bytes += max(rest[part.source].stamp.size, 1)
                if Self.groupIsFull(files: group.files, bytes: group.bytes) || index == parts.count - 1 {
                    try database.execute("COMMIT")
                    isOpen = false
                    group = (0, 0)
                    // Most of a large update written: its word lists merged now, while the other
                    // cores read the rest, rather than at the end with them idle.
                    if !merged, Self.mergesEarly(done: done, total: total) { try mergeWordLists() }
                }
                progress(done, total)
            }
        } catch {
            if isOpen { try? database.execute("ROLLBACK") }
            throw error
        }
        // After much was written, the word lists in one segment (a large update merged them before
        // its last groups: one segment and the few those made).
        if done >= Self.mergedAfter {
            if !merged { try mergeWordLists() }
            try database.execute("PRAGMA incremental_vacuum")
        }
        return report
    }

    /// Whether an update that has written `done` of its `total` bytes merges its word lists now:
    /// a large one, at the first group it commits with a quarter or less left to read but 32 MB
    /// or more (read on the other cores while this one merges; a window wider than a group, so
    /// that one commits in it). What is left ends as a segment or two beside the merged one.
    package static func mergesEarly(done: Int, total: Int) -> Bool {
        let left = total - done
        return total >= 4 * mergedAfter && left <= total / 4 && left >= mergedAfter / 2
    }

    /// How much of the files an update reads without a dictionary, looking for text enough to
    /// train one on, before it reads the rest without one (the next update looks again).
    static let trainingReadLimit = 32 << 20

    /// Whether a group of files written in one transaction is full: 256 files, or 64 MB of them.
    /// Each transaction ends in a segment of word lists, merged with others later: larger groups
    /// made a home's first index a tenth faster than groups of 16 files or 8 MB.
    static func groupIsFull(files: Int, bytes: Int) -> Bool { files >= 256 || bytes >= 64 << 20 }

    /// A file as read: its conversations, each with its pieces of text, or why it could not be.
    struct ReadFile: Sendable {
        var source: Source
        var conversations: [ReadConversation] = []
        var failure: String?
    }

    /// A conversation as read.
    struct ReadConversation: Sendable {
        var key: String?
        var agent: String
        var project: String?
        var title: String?
        var updated: Double
        var messages = 0
        /// Each piece of text: its message (from 1), who said it, its words as indexed.
        var pieces: [(message: Int, kind: SearchableText.Kind, text: String)] = []
        var firstPrompt: String?
        /// The title as it is searched (message 0), cleaned.
        var searchedTitle: String?
        /// The pieces (the title first) packed and compressed in blocks (``TextBlock``), on the
        /// reading thread, each with its first piece's place.
        var blocks: [(place: Int64, bytes: [UInt8])] = []
        /// The words of those pieces, tokenized on the reading thread; nil when they could not be.
        var words: PackedWords?

        /// Secrets never reach the index: what is kept is what an exported page shows.
        static let redactor = SecretRedactor()

        /// Keeps the title as it is searched, once it is known, packs the text in blocks and
        /// (`packsWords`) works out its words.
        mutating func seal(compressor: CompressedText.Compressor, packsWords: Bool) {
            if let cleaned = title.map(SearchableText.cleaned), !cleaned.isEmpty { searchedTitle = cleaned }
            let placed = placed(from: 0)
            blocks = TextBlock.blocks(of: placed, compressor: compressor)
            words = packsWords ? PackedWords(placed) : nil
        }

        /// The pieces of messages `from` on (and the title when `from` is 0), each at its place.
        func placed(from: Int) -> [TextBlock.Piece] {
            var placed: [TextBlock.Piece] = []
            if from == 0, let title = searchedTitle {
                placed.append((SearchIndex.place(message: 0, kind: .user), title))
            }
            for piece in pieces where piece.message >= from {
                placed.append((SearchIndex.place(message: piece.message, kind: piece.kind), piece.text))
            }
            return placed
        }

        mutating func add(_ read: Message) {
            messages += 1
            guard messages <= SearchIndex.messageLimit else { return }
            var tally = SecretRedactor.Tally()
            let message = Self.redactor.redact(read, into: &tally)
            if firstPrompt == nil, message.role.isUser { firstPrompt = message.text }
            for piece in SearchableText.pieces(of: message) {
                pieces.append((messages, piece.kind, piece.text))
            }
        }
    }

    /// Reads what `source` says, or of a store the conversations of share `part` of `parts`
    /// (opened through `stores`, or on its own without), with the words of its text worked out
    /// (`packsWords`): no index needed, runs on any thread.
    static func read(
        _ source: Source, dictionary: CompressedText.Dictionary?, part: Int = 0, of parts: Int = 1,
        stores: OpenedStores? = nil, packsWords: Bool = true
    ) -> ReadFile {
        var file = ReadFile(source: source)
        let compressor = CompressedText.Compressor(dictionary: dictionary)
        do {
            if source.isStore {
                let store = try stores?.listing(of: source.path) ?? OpenedStores.open(source.path)
                let shared = store.oldestFirst[share(part, of: parts, count: store.oldestFirst.count)]
                for listed in shared {
                    let transcript = try store.collection.read(listed)
                    var conversation = ReadConversation(
                        key: listed.id,
                        agent: listed.agent?.displayName ?? listed.app?.displayName ?? source.agent?.displayName
                            ?? transcript.format.displayName,
                        project: (listed.project ?? transcript.info?.project).map {
                            ReadConversation.redactor.redact($0)
                        },
                        title: listed.title.isEmpty ? nil : ReadConversation.redactor.redact(listed.title),
                        updated: listed.updatedAt ?? listed.createdAt ?? source.stamp.modified)
                    for message in transcript.messages { conversation.add(message) }
                    conversation.title = conversation.title ?? conversation.firstPrompt.map(SessionLocator.titleLine)
                    conversation.seal(compressor: compressor, packsWords: packsWords)
                    if conversation.messages > 0 { file.conversations.append(conversation) }
                }
            } else {
                var info: SessionInfo?
                var conversation = ReadConversation(
                    key: nil, agent: source.agent?.displayName ?? "", updated: source.stamp.modified)
                let format = try ConversationStream().forEachMessage(
                    inFileAt: source.path, name: source.path, session: { info = $0 }
                ) { conversation.add($0) }
                // A subagent's own log is searched as part of its session.
                guard info?.isSubagent != true, conversation.messages > 0 else { return file }
                if conversation.agent.isEmpty {
                    conversation.agent = format.sessionAgent?.displayName ?? format.displayName
                }
                conversation.project = info?.project.map { ReadConversation.redactor.redact($0) }
                conversation.title =
                    (info?.title).map { ReadConversation.redactor.redact($0) }
                    ?? conversation.firstPrompt.map(SessionLocator.titleLine)
                conversation.seal(compressor: compressor, packsWords: packsWords)
                file.conversations.append(conversation)
            }
        } catch {
            file.failure = "\(error)"
            file.conversations = []
        }
        return file
    }

    /// Takes the files `gone` out of the index and files its `moved` ones under their new roots, in
    /// one transaction.
    private func removing(_ gone: [String], moving moved: [Source]) throws {
        try database.transaction {
            for path in gone { try forget(path) }
            for source in moved {
                try database.run("UPDATE file SET root = ? WHERE path = ?", [.text(source.root), .text(source.path)])
            }
        }
    }

    /// Takes the conversations of the file at `path` out of the index.
    func forget(_ path: String) throws {
        let parts = try database.rows("SELECT id FROM conversation WHERE file = ?", [.text(path)]).compactMap {
            row -> Int64? in
            guard case .integer(let id) = row[0] else { return nil }
            return id
        }
        try remove(parts)
        try database.run("DELETE FROM file WHERE path = ?", [.text(path)])
    }
}

/// The lock an update holds on the index (a file beside it, locked with `flock`), so that two
/// processes do not read the same files at once: the second waits, then finds them indexed.
final class UpdateLock {
    private let descriptor: Int32

    init(path: String) throws {
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw SearchIndex.Failure(description: "\(path): cannot be opened (\(String(cString: strerror(errno))))")
        }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else { break }
        }
    }

    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
