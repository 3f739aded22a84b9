import Teletype
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

/// What `teletype sessions` found in each file the last time, kept so that a file that has not
/// changed since (same size, same time) is not read again: `sessions.jsonl` in Teletype's cache
/// folder (`$TELETYPE_CACHE_DIR`, else `$XDG_CACHE_HOME/teletype`, `~/.cache/teletype`, or
/// `~/Library/Caches/teletype` on macOS). A line a file: its path, size and time, and the sessions
/// it holds (none, one, or a store's many). `TELETYPE_CACHE_DIR=off` keeps no cache. A cache that
/// cannot be read is ignored; one that cannot be written is left as it was.
struct SessionListingCache {
    /// A file's size and time of last change, which say whether it changed.
    struct Stamp: Equatable {
        var size: Int
        var modified: Double
    }

    private(set) var files: [String: (stamp: Stamp, entries: [SessionLocator.Entry], line: String?)] = [:]
    /// Whether anything was added or dropped since it was read.
    private(set) var changed = false
    let location: String?

    /// Teletype's cache folder for `environment`, or nil when caching is off.
    static func folder(_ environment: [String: String]) -> String? {
        if let folder = environment["TELETYPE_CACHE_DIR"], !folder.isEmpty { return folder == "off" ? nil : folder }
        if let folder = environment["XDG_CACHE_HOME"], !folder.isEmpty { return folder + "/teletype" }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        #if os(macOS)
            return home + "/Library/Caches/teletype"
        #else
            return home + "/.cache/teletype"
        #endif
    }

    /// The cache file for `environment`, or nil when caching is off.
    static func location(_ environment: [String: String]) -> String? {
        folder(environment).map { $0 + "/sessions.jsonl" }
    }

    /// The cache as last written (empty when there is none).
    init(environment: [String: String]) {
        location = Self.location(environment)
        guard let location, let data = FileManager.default.contents(atPath: location) else { return }
        for line in data.split(separator: 0x0A) {
            guard let value = line.withUnsafeBytes({ try? JSONParser.parse($0) }), let path = value["path"]?.string,
                let size = value["size"]?.integer, let modified = value["modified"]?.number
            else { continue }
            let entries = (value["sessions"]?.array ?? []).compactMap { Self.entry($0, path: path, modified: modified) }
            files[path] = (Stamp(size: size, modified: modified), entries, nil)
        }
    }

    /// The sessions of the file at `path`, when it has not changed since they were kept.
    func entries(_ path: String, stamp: Stamp) -> [SessionLocator.Entry]? {
        guard let kept = files[path], kept.stamp == stamp else { return nil }
        return kept.entries
    }

    /// Keeps what the file at `path` holds; `line` is its line of the cache, when it was written
    /// already (on the core that read the file).
    mutating func keep(_ path: String, stamp: Stamp, entries: [SessionLocator.Entry], line: String? = nil) {
        files[path] = (stamp, entries, line)
        changed = true
    }

    /// Whether the cache is kept at all (`TELETYPE_CACHE_DIR=off` keeps none).
    var isKept: Bool { location != nil }

    /// Forgets the files not in `present` (deleted since).
    mutating func keepOnly(_ present: Set<String>, under prefixes: [String]) {
        for path in files.keys where !present.contains(path) && prefixes.contains(where: { path.hasPrefix($0) }) {
            files[path] = nil
            changed = true
        }
    }

    /// Writes the cache, whole, in place of the old one.
    func save() {
        guard changed, let location else { return }
        var out = ""
        for (path, kept) in files.sorted(by: { $0.key < $1.key }) {
            out += kept.line ?? Self.line(path, stamp: kept.stamp, entries: kept.entries)
        }
        let folder = location.lastIndex(of: "/").map { String(location[..<$0]) } ?? "."
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = location + ".\(getpid()).tmp"
        // Titles are the user's first prompts: for their eyes alone, as the search index is.
        guard
            FileManager.default.createFile(
                atPath: temporary, contents: Data(out.utf8), attributes: [.posixPermissions: 0o600])
        else { return }
        if rename(temporary, location) != 0 { unlink(temporary) }
    }

    /// The cache's line for the file at `path`.
    static func line(_ path: String, stamp: Stamp, entries: [SessionLocator.Entry]) -> String {
        var object = JSONObject()
        object["path"] = .string(path)
        object["size"] = .number(Double(stamp.size))
        object["modified"] = .number(stamp.modified)
        object["sessions"] = .array(entries.map(Self.json))
        return JSONValue.object(object).jsonText + "\n"
    }

    static func json(_ entry: SessionLocator.Entry) -> JSONValue {
        var object = JSONObject()
        object["agent"] = .string(entry.agent.rawValue)
        object["project"] = entry.project.map(JSONValue.string) ?? .null
        object["title"] = entry.title.map(JSONValue.string) ?? .null
        object["last"] = .number(entry.lastModified)
        object["messages"] = .number(Double(entry.messages))
        object["conversation"] = entry.conversation.map(JSONValue.string) ?? .null
        return .object(object)
    }

    static func entry(_ value: JSONValue, path: String, modified: Double) -> SessionLocator.Entry? {
        guard let agent = value["agent"]?.string.flatMap(SessionAgent.init(rawValue:)) else { return nil }
        var entry = SessionLocator.Entry(
            agent: agent, path: path, lastModified: value["last"]?.number ?? modified,
            messages: value["messages"]?.integer ?? 0)
        entry.project = value["project"]?.string
        entry.title = value["title"]?.string
        entry.conversation = value["conversation"]?.string
        return entry
    }
}
