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

/// Where each agent keeps its sessions, and what each session found there is. Each agent's format
/// says where it keeps them, on Linux, macOS and Windows: Claude
/// Code under `~/.claude/projects` (or `$CLAUDE_CONFIG_DIR/projects`), Codex under
/// `~/.codex/sessions` (or `$CODEX_HOME/sessions`), Gemini CLI under `~/.gemini/tmp/*/chats`, aider
/// in the working folder, and so on. Subagents' own files are not sessions of their own.
public enum SessionLocator {
    /// A session found on disk: a file, or one conversation of a store of many.
    public struct Entry: Sendable, Equatable {
        /// The agent that wrote it.
        public var agent: SessionAgent
        /// The log's path (a store's: its database or folder).
        public var path: String
        /// The folder the agent worked in, when the log says.
        public var project: String?
        /// The session's title, when the log has one.
        public var title: String?
        /// When it was last written (seconds since 1970).
        public var lastModified: Double
        /// How many messages it shows, as far as a quick look counts them.
        public var messages: Int
        /// The conversation's id in a store of many (`render PATH --conversation ID` shows it).
        public var conversation: String?

        /// A session found at `path`.
        public init(agent: SessionAgent, path: String, lastModified: Double, messages: Int) {
            self.agent = agent
            self.path = path
            self.lastModified = lastModified
            self.messages = messages
        }

        /// The arguments `render` and `export` take to show it: its path, and the conversation
        /// within a store.
        public var arguments: [String] { [path] + (conversation.map { ["--conversation", $0] } ?? []) }
    }

    /// The folders searched for `agent`'s sessions, from the environment.
    public static func folders(for agent: SessionAgent, environment: [String: String]) -> [String] {
        let home = SessionHome(environment: environment)
        guard let format = SessionFormats.format(of: agent) else { return [] }
        let stores = format.stores(home)
        return format.places(home).map(\.folder) + stores.files.map(\.folder) + stores.folders
    }

    /// The places of `agent`'s sessions.
    static func places(for agent: SessionAgent, environment: [String: String]) -> [SessionPlace] {
        SessionFormats.format(of: agent)?.places(SessionHome(environment: environment)) ?? []
    }

    /// A file or store to look at: its agent, its path, its size and time, and whether it holds
    /// many conversations.
    struct Candidate {
        var agent: SessionAgent
        var path: String
        var stamp: SessionListingCache.Stamp
        var isStore: Bool
    }

    /// Every file and store of `agents` under their folders.
    static func candidates(agents: [SessionAgent], environment: [String: String]) -> [Candidate] {
        let home = SessionHome(environment: environment)
        // Every place to look, in order; each is walked on its own, on every core.
        enum Look: Sendable {
            case files(SessionAgent, SessionPlace)
            case databases(SessionAgent, SessionPlace)
            case store(SessionAgent, String)
        }
        var looks: [Look] = []
        for agent in agents {
            guard let format = SessionFormats.format(of: agent) else { continue }
            looks += format.places(home).map { .files(agent, $0) }
            let stores = format.stores(home)
            looks += stores.files.map { .databases(agent, $0) }
            looks += stores.folders.map { .store(agent, $0) }
        }
        let all = looks
        // Every agent's folders looked at: what each held is kept for the next look.
        let listings = Set(agents) == Set(SessionAgent.allCases) ? FolderListings(environment: environment) : nil
        defer { listings?.save() }
        let found = ParallelWork.map(all.count) { index -> [Candidate] in
            switch all[index] {
            case .files(let agent, let place):
                return candidates(place, listings: listings).map {
                    Candidate(
                        agent: agent, path: $0.path, stamp: .init(size: $0.size, modified: $0.modified), isStore: false)
                }
            case .databases(let agent, let place):
                return candidates(place, listings: listings).map { file in
                    // A database's changes may sit in its write-ahead log: its time counts too.
                    let log = modified(file.path + "-wal") ?? 0
                    return Candidate(
                        agent: agent, path: file.path,
                        stamp: .init(size: file.size, modified: max(file.modified, log)), isStore: true)
                }
            case .store(let agent, let folder):
                guard ConversationCollections.isStoreFolder(folder) else { return [] }
                // A folder of files changes with its newest file.
                let newest = files(in: folder, depth: 3, listings: listings).map(\.modified).max() ?? 0
                return [Candidate(agent: agent, path: folder, stamp: .init(size: 0, modified: newest), isStore: true)]
            }
        }
        var seen = Set<String>()
        return found.joined().filter { seen.insert($0.path).inserted }
    }

    /// Every session of `agents` under their folders, newest first. What was found in a file that
    /// has not changed since the last listing is taken from the cache (`sessions.jsonl` in Teletype's
    /// cache folder; `TELETYPE_CACHE_DIR=off` keeps none).
    public static func sessions(agents: [SessionAgent] = SessionAgent.allCases, environment: [String: String])
        -> [Entry]
    {
        var entries: [Entry] = []
        forEachSession(agents: agents, environment: environment) { found in
            entries += found
            return true
        }
        return entries
    }

    /// ``sessions(agents:environment:)`` handed over as it is read, newest first: each call of
    /// `body` brings the sessions that no file still unread can come before, and returns whether
    /// more are wanted; when it returns false, the files left are not read.
    ///
    /// A session of a file is as new as the file, which is known before the file is read: files are
    /// read newest first, a few at first and more at a time after, so that the newest sessions are
    /// handed over at once. Stores (a database, a folder of conversations) may hold sessions of any
    /// time, and are read first.
    public static func forEachSession(
        agents: [SessionAgent] = SessionAgent.allCases, environment: [String: String],
        _ body: ([Entry]) -> Bool
    ) {
        let found = candidates(agents: agents, environment: environment)
        var cache = SessionListingCache(environment: environment)
        var known: [Entry] = []
        var stores: [Int] = []
        var files: [Int] = []
        for (index, candidate) in found.enumerated() {
            if let kept = cache.entries(candidate.path, stamp: candidate.stamp) {
                known += kept
            } else if candidate.isStore {
                stores.append(index)
            } else {
                files.append(index)
            }
        }
        /// Reads the candidates at `indices` on every core, keeping what they hold in the cache.
        func read(_ indices: ArraySlice<Int>) {
            // The largest first, so that no core is left reading one large file alone at the end.
            let order = indices.sorted { found[$0].stamp.size > found[$1].stamp.size }
            // Each file's line of the cache is written on the core that read it.
            let keepsCache = cache.isKept
            let read = ParallelWork.map(order.count) { index -> (entries: [Entry], line: String?) in
                let candidate = found[order[index]]
                let entries = describe(candidate)
                return (
                    entries,
                    keepsCache
                        ? SessionListingCache.line(candidate.path, stamp: candidate.stamp, entries: entries) : nil
                )
            }
            for (index, result) in zip(order, read) {
                cache.keep(found[index].path, stamp: found[index].stamp, entries: result.entries, line: result.line)
                known += result.entries
            }
        }
        files.sort {
            found[$0].stamp.modified != found[$1].stamp.modified
                ? found[$0].stamp.modified > found[$1].stamp.modified : found[$0].path < found[$1].path
        }
        // The stores (whose conversations may be of any time) are read with the newest files, so
        // that no core waits while one reads a large database.
        var batch = 4 * ParallelWork.cores
        var next = min(batch, files.count)
        read((stores + files[..<next])[...])
        batch = min(batch * 2, 1024)
        while true {
            // What no unread file can come before: newer than the newest of them (an equal time
            // goes by path, which the file may win).
            let bound = next < files.count ? found[files[next]].stamp.modified : -Double.infinity
            known.sort(by: isNewer)
            let ready = known.prefix { $0.lastModified > bound }
            if !ready.isEmpty {
                let wanted = body(Array(ready))
                known.removeFirst(ready.count)
                if !wanted { break }
            }
            guard next < files.count else { break }
            let upTo = min(next + batch, files.count)
            read(files[next..<upTo])
            next = upTo
            batch = min(batch * 2, 1024)
        }
        cache.keepOnly(Set(found.map(\.path)), under: agents.flatMap { folders(for: $0, environment: environment) })
        cache.save()
    }

    /// The logs of `agents` whose quick look (see ``SessionSkim``) finds another session than a
    /// reading does, each with both: none, where every format's skim agrees with its reader. The
    /// benchmarks ask it of every log of a generated home.
    package static func skimsThatDisagree(agents: [SessionAgent], environment: [String: String])
        -> [(path: String, skimmed: Entry?, read: Entry?)]
    {
        let logs = candidates(agents: agents, environment: environment).filter { !$0.isStore }
        let found = ParallelWork.map(logs.count) { index -> (String, Entry?, Entry?)? in
            let log = logs[index]
            let (skimmed, read) = JSONParser.withStringsCut(to: skimmedStringBytes) {
                (
                    describe(log.path, agent: log.agent, modified: 0, skimming: true),
                    describe(log.path, agent: log.agent, modified: 0, skimming: false)
                )
            }
            return skimmed == read ? nil : (log.path, skimmed, read)
        }
        return found.compactMap { $0 }.map { (path: $0.0, skimmed: $0.1, read: $0.2) }
    }

    /// Whether `left` is listed before `right`: newer first, then by path.
    package static func isNewer(_ left: Entry, _ right: Entry) -> Bool {
        left.lastModified != right.lastModified ? left.lastModified > right.lastModified : left.path < right.path
    }

    /// The newest session (of `agent`, if given).
    public static func latest(_ agent: SessionAgent?, environment: [String: String]) -> Entry? {
        // The newest file is the newest session: only it is read (a store, its newest conversation).
        let found = candidates(agents: agent.map { [$0] } ?? SessionAgent.allCases, environment: environment)
        for newest in found.sorted(by: { $0.stamp.modified > $1.stamp.modified }) {
            if let entry = describe(newest).max(by: { $0.lastModified < $1.lastModified }) { return entry }
        }
        return nil
    }

    /// How much of each string of a log a quick look reads: enough for a title's line (80
    /// characters of up to 4 bytes, after spaces) and for every marker a reader looks for at a
    /// text's start, not a tool's whole output.
    package static let skimmedStringBytes = 384

    /// The sessions a candidate holds: a file's one (none when it is a subagent's or holds no
    /// message), a store's every conversation. Long strings are read cut (see
    /// ``skimmedStringBytes``).
    static func describe(_ candidate: Candidate) -> [Entry] {
        JSONParser.withStringsCut(to: skimmedStringBytes) { describeWhole(candidate) }
    }

    static func describeWhole(_ candidate: Candidate) -> [Entry] {
        guard candidate.isStore else {
            return describe(candidate.path, agent: candidate.agent, modified: candidate.stamp.modified).map { [$0] }
                ?? []
        }
        guard let collection = try? ConversationCollections.open(candidate.path) else { return [] }
        return collection.newestFirst.map { conversation in
            var entry = Entry(
                agent: conversation.agent ?? candidate.agent, path: candidate.path,
                lastModified: conversation.updatedAt ?? conversation.createdAt ?? candidate.stamp.modified,
                messages: conversation.length)
            entry.project = conversation.project
            entry.title = conversation.title.isEmpty ? nil : conversation.title
            entry.conversation = conversation.id
            return entry
        }
    }

    /// The files of `place` that are sessions, with their sizes and when each was last written.
    static func candidates(_ place: SessionPlace, listings: FolderListings? = nil) -> [(
        path: String, size: Int, modified: Double
    )] {
        // A file's name says whether it may be a session before it is looked at: only those are.
        files(
            in: place.folder, depth: place.depth, includesHidden: place.includesHidden, listings: listings,
            accepts: place.isSession)
    }

    /// Whether a Claude Code file is a subagent's (below `subagents/`, or an `agent-*` file of old).
    static func isSubagentFile(_ path: RelativePath) -> Bool {
        let name = path.last
        return path.contains("/subagents/") || (name.hasPrefix("agent-") && name.count < 30)
    }

    /// The regular files below `folder`, at most `depth` folders down, whose path below `folder`
    /// `accepts`. A folder's entries come with their kind (`readdir`), so that only a file accepted
    /// (or a link, or an entry of a kind the file system does not say) costs a `stat`. With
    /// `listings`, a folder unchanged since it was last read is not read again (``FolderListings``).
    static func files(
        in folder: String, depth: Int, includesHidden: Bool = false, listings: FolderListings? = nil,
        accepts: (RelativePath) -> Bool = { _ in true }
    ) -> [(path: String, size: Int, modified: Double)] {
        var found: [(String, Int, Double)] = []
        // Each folder is read through its own descriptor, and what is in it is looked at relative
        // to that (`fstatat`, `openat`): the kernel does not walk the whole path again for every
        // file (a sixth of a search's time went to that). A folder is read to its end before its
        // folders are opened (`pending`): one folder a level is open at once. A folder whose
        // listing is kept is not opened: its entries are looked at relative to the nearest folder
        // that is (`base`, by the path `relative` below it).
        func walk(
            base: Int32, relative: String, current: String, below: String, level: Int, status: stat?,
            descriptor: Int32? = nil
        ) {
            var entries: [FolderListings.Entry] = []
            var directory: OpaquePointer?
            var childBase = base
            // The path of this folder's entries below `childBase`, before their names.
            var prefix = relative
            if let status, let kept = listings?.entries(of: current, status) {
                entries = kept
                if let descriptor {
                    childBase = descriptor
                    prefix = ""
                }
            } else {
                let opened = descriptor ?? openat(base, relative, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
                guard opened >= 0 else { return }
                guard let read = fdopendir(opened) else {
                    close(opened)
                    return
                }
                directory = read
                childBase = dirfd(read)
                prefix = ""
                while let entry = readdir(read) {
                    let (name, kind) = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                        (
                            String(cString: UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self)),
                            UInt8(entry.pointee.d_type)
                        )
                    }
                    guard name != ".", name != ".." else { continue }
                    entries.append(.init(name: name, kind: kind))
                }
                if let listings, let status { listings.keep(entries, of: current, status) }
            }
            defer {
                if let directory {
                    closedir(directory)
                } else if let descriptor {
                    close(descriptor)
                }
            }
            func path(_ name: String) -> String { prefix.isEmpty ? name : prefix + "/" + name }
            var pending: [(name: String, below: String)] = []
            for entry in entries {
                let name = entry.name
                guard includesHidden || !name.hasPrefix(".") else { continue }
                let kind = Int32(entry.kind)
                let relativeName = RelativePath(below.isEmpty ? name : below + "/" + name)
                var isFolder = kind == Int32(DT_DIR)
                if kind == Int32(DT_REG), !accepts(relativeName) { continue }
                if kind != Int32(DT_DIR) {
                    // A file accepted, a link or an entry of no known kind: what it is, and its size and time.
                    var status = stat()
                    guard fstatat(childBase, path(name), &status, 0) == 0 else { continue }
                    isFolder = status.st_mode & S_IFMT == S_IFDIR
                    if status.st_mode & S_IFMT == S_IFREG, kind == Int32(DT_REG) || accepts(relativeName) {
                        #if canImport(Darwin)
                            let seconds = status.st_mtimespec.tv_sec
                        #else
                            let seconds = status.st_mtim.tv_sec
                        #endif
                        found.append((current + "/" + name, Int(status.st_size), Double(seconds)))
                    }
                }
                if isFolder, level < depth {
                    pending.append((name, relativeName.text))
                }
            }
            for (name, below) in pending {
                var status = stat()
                // Its time and inode say whether its listing holds (only asked when one may be kept).
                if listings != nil, fstatat(childBase, path(name), &status, 0) != 0 { continue }
                walk(
                    base: childBase, relative: path(name), current: current + "/" + name, below: below,
                    level: level + 1, status: listings == nil ? nil : status)
            }
        }
        // The folder itself is opened: what is below it is looked at relative to it.
        let root = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        var status = stat()
        if root >= 0 {
            if listings != nil, fstat(root, &status) != 0 {
                close(root)
                return found
            }
            walk(
                base: AT_FDCWD, relative: folder, current: folder, below: "", level: 0,
                status: listings == nil ? nil : status, descriptor: root)
        }
        return found
    }

    static func modified(_ path: String) -> Double? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return Double(status.st_mtim.tv_sec)
    }

    /// A quick look at one session: its folder, title and messages, without laying anything out.
    /// `skimming` takes the format's quick look where it has one (see ``SessionSkim``); without it
    /// every log is read as `render` reads it.
    package static func describe(_ path: String, agent: SessionAgent, modified: Double, skimming: Bool = true)
        -> Entry?
    {
        var entry = Entry(agent: agent, path: path, lastModified: modified, messages: 0)
        switch agent {
        case .claudeCode:
            guard let index = try? ClaudeCodeIndex.read(SessionSource(path: path), name: path),
                !index.records.isEmpty
            else { return nil }
            // A file of sidechains only is a subagent's.
            guard !index.info.isSubagent else { return nil }
            let shown = index.path()
            entry.project = index.info.project
            entry.title = index.title(path: shown).map(ClaudeCodeSession.cleanTitle)
            entry.messages =
                shown.count { index.records[$0].isPrompt } + Set(shown.compactMap { index.records[$0].messageID }).count
            if entry.title == nil, let first = shown.first(where: { index.records[$0].isPrompt }) {
                entry.title = firstPrompt(path: path, record: index.records[first])
            }
        default:
            if skimming {
                let skimmed: SessionSkim?
                do {
                    skimmed = try SessionFormats.skim(SessionSource(path: path), path: path, agent: agent, name: path)
                } catch {
                    return nil
                }
                if let skimmed {
                    // A subagent's own log shows under the call that started it; a log of nothing is no session.
                    guard !skimmed.info.isSubagent, skimmed.messages > 0 else { return nil }
                    entry.project = skimmed.info.project
                    entry.title = skimmed.info.title ?? skimmed.firstPrompt.map(Self.titleLine)
                    entry.messages = skimmed.messages
                    return entry
                }
            }
            var info: SessionInfo?
            var count = 0
            var firstPrompt: String?
            guard
                let read = try? SessionFormats.read(
                    SessionSource(path: path), path: path, agent: agent, name: path, notice: { _ in },
                    emit: { message in
                        guard message.role != .turnEnd else { return }
                        count += 1
                        if firstPrompt == nil, message.role.isUser { firstPrompt = message.text }
                    })
            else { return nil }
            // A subagent's own log shows under the call that started it; a log of nothing is no session.
            guard !read.isSubagent, count > 0 else { return nil }
            info = read
            entry.project = info?.project
            entry.title = info?.title ?? firstPrompt.map(Self.titleLine)
            entry.messages = count
        }
        return entry
    }

    /// The first line of the first prompt, shortened, as a title for a session without one.
    static func firstPrompt(path: String, record: ClaudeCodeIndex.Record) -> String? {
        let source = SessionSource(path: path)
        guard let bytes = try? source.read(offset: record.offset, length: record.length),
            let value = bytes.withUnsafeBytes({ try? JSONParser.parse($0) })
        else { return nil }
        let content = value["message"]?["content"]
        let text = content?.string ?? content?.array?.first { $0["type"]?.string == "text" }?["text"]?.string
        return text.map(titleLine)
    }

    static func titleLine(_ text: String) -> String {
        let line = text.split(whereSeparator: \.isNewline).first.map(String.init)?.trimmingSpaces() ?? ""
        return line.count > 80 ? String(line.prefix(79)) + "…" : line
    }
}
