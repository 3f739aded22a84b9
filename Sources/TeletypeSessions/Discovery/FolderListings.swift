import TeletypeMarkdown

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

/// What the agents' folders held when they were last looked at (`folders.bin` in Teletype's
/// cache folder): each folder's entries, kept with the folder's modification time and inode. A
/// folder whose time and inode are what was kept holds the same entries (adding, removing or
/// renaming one changes its folder's time): it is not read again, a `stat` says so. Most agents
/// keep a folder per session (Copilot CLI, Cline, Antigravity, Kimi, Grok, Cursor): reading 1,700
/// folders at each search was half of its time.
///
/// A listing is kept only when its folder's time is two seconds or more before the look began: a
/// folder changed again within the tick of its time would otherwise keep the time it had.
final class FolderListings: @unchecked Sendable {
    /// A folder's entry: its name and kind (`d_type`).
    struct Entry: Equatable {
        var name: String
        var kind: UInt8
    }

    /// A folder as it was read.
    struct Listing: Equatable {
        var seconds: Int64
        var nanoseconds: Int64
        var inode: UInt64
        var entries: [Entry]
    }

    private let location: String?
    private let lock = ThreadLock()
    private var kept: [String: Listing] = [:]
    private var seen: [String: Listing] = [:]
    private var changed = false
    /// When the look began, in seconds since 1970.
    let began: Int64

    /// The listings kept in the cache folder of `environment` (none when caching is off).
    init(environment: [String: String]) {
        location = SessionListingCache.folder(environment).map { $0 + "/folders.bin" }
        began = Int64(Date().timeIntervalSince1970)
        if let location, let data = FileManager.default.contents(atPath: location) {
            kept = Self.decode([UInt8](data)) ?? [:]
        }
    }

    /// The entries kept of the folder at `path` whose status is `status`, when it is unchanged.
    func entries(of path: String, _ status: stat) -> [Entry]? {
        let now = Self.listing(status, entries: [])
        lock.lock()
        defer { lock.unlock() }
        guard let listing = kept[path], listing.seconds == now.seconds, listing.nanoseconds == now.nanoseconds,
            listing.inode == now.inode
        else { return nil }
        seen[path] = listing
        return listing.entries
    }

    /// Keeps what the folder at `path` (of status `status`) was read to hold.
    func keep(_ entries: [Entry], of path: String, _ status: stat) {
        let listing = Self.listing(status, entries: entries)
        guard listing.seconds <= began - 2 else { return }
        lock.lock()
        defer { lock.unlock() }
        seen[path] = listing
        changed = true
    }

    /// Writes the listings seen in this look (those of folders gone are left out), when any was
    /// read anew or one kept was not seen.
    func save() {
        lock.lock()
        defer { lock.unlock() }
        guard let location, changed || seen.count != kept.count else { return }
        let bytes = Self.encode(seen)
        let temporary = location + ".\(getpid()).tmp"
        if let slash = location.lastIndex(of: "/") {
            try? FileManager.default.createDirectory(
                atPath: String(location[..<slash]), withIntermediateDirectories: true)
        }
        // Names of the user's projects and sessions: for their eyes alone, as the index is.
        guard
            FileManager.default.createFile(
                atPath: temporary, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
        else { return }
        if rename(temporary, location) != 0 { unlink(temporary) }
    }

    private static func listing(_ status: stat, entries: [Entry]) -> Listing {
        #if canImport(Darwin)
            let time = status.st_mtimespec
        #else
            let time = status.st_mtim
        #endif
        return Listing(
            seconds: Int64(time.tv_sec), nanoseconds: Int64(time.tv_nsec), inode: UInt64(status.st_ino),
            entries: entries)
    }

    /// What `folders.bin` holds: a mark, then each folder's path, time, inode and entries.
    static func encode(_ listings: [String: Listing]) -> [UInt8] {
        var out = Array("teletype folders 1\n".utf8)
        func integer(_ value: UInt64) {
            TextBlock.appendVarint(value, to: &out)
        }
        func text(_ value: String) {
            integer(UInt64(value.utf8.count))
            out += value.utf8
        }
        for (path, listing) in listings {
            text(path)
            integer(UInt64(bitPattern: listing.seconds))
            integer(UInt64(bitPattern: listing.nanoseconds))
            integer(listing.inode)
            integer(UInt64(listing.entries.count))
            for entry in listing.entries {
                out.append(entry.kind)
                text(entry.name)
            }
        }
        return out
    }

    /// The listings of `bytes` (as ``encode(_:)`` wrote them); nil when they are not.
    static func decode(_ bytes: [UInt8]) -> [String: Listing]? {
        let mark = Array("teletype folders 1\n".utf8)
        guard bytes.starts(with: mark) else { return nil }
        return bytes.withUnsafeBytes { buffer -> [String: Listing]? in
            var offset = mark.count
            func integer() -> UInt64? { TextBlock.readVarint(buffer, &offset) }
            func text() -> String? {
                guard let count = integer(), count <= UInt64(buffer.count - offset) else { return nil }
                let start = offset
                offset += Int(count)
                return String(validating: buffer[start..<offset], as: UTF8.self)
            }
            var listings: [String: Listing] = [:]
            while offset < buffer.count {
                guard let path = text(), let seconds = integer(), let nanoseconds = integer(), let inode = integer(),
                    let count = integer(), count <= UInt64(buffer.count - offset)
                else { return nil }
                var entries: [Entry] = []
                entries.reserveCapacity(Int(count))
                for _ in 0..<count {
                    guard offset < buffer.count else { return nil }
                    let kind = buffer[offset]
                    offset += 1
                    guard let name = text() else { return nil }
                    entries.append(Entry(name: name, kind: kind))
                }
                listings[path] = Listing(
                    seconds: Int64(bitPattern: seconds), nanoseconds: Int64(bitPattern: nanoseconds), inode: inode,
                    entries: entries)
            }
            return listings
        }
    }
}
