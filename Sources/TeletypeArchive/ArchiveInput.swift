import TeletypeMarkdown
import TeletypeSessions
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

/// A transcript an archive exports, and the page it becomes.
public struct ArchiveInput: Sendable, Equatable, Hashable {
    /// The transcript file (as found: the path given, or one below a folder given).
    public var path: String
    /// Its page, relative to the archive's folder: `pages/` then the file's path below the folder
    /// all inputs share, with `.html` added. Stable from run to run and collision-free.
    public var page: String
    /// The file's size in bytes (a chat export's conversation: its own).
    public var size: Int
    /// The conversation of a chat export this input is (the export holds many; each is a page).
    public var conversation: ListedConversation?

    /// An input.
    public init(path: String, page: String, size: Int, conversation: ListedConversation? = nil) {
        self.path = path
        self.page = page
        self.size = size
        self.conversation = conversation
    }

    /// The endings of the files a folder is searched for: JSON and JSONL transcripts.
    public static let transcriptExtensions: Set<String> = ["json", "jsonl", "ndjson"]

    /// The endings of text files a folder search reads when they are conversations (exported
    /// Markdown, aider's history, Cursor's text transcripts), and passes over otherwise.
    public static let textExtensions: Set<String> = ["md", "markdown", "txt"]

    /// The endings of the databases a folder search looks into (each exported only when it is an
    /// agent's: Cursor's, OpenCode's, Kiro's).
    public static let databaseExtensions: Set<String> = ["db", "vscdb", "sqlite", "sqlite3"]

    /// Whether a file is a Claude Code subagent's log (`agent-*.jsonl` beside its session, or under
    /// `<session>/subagents/`): it shows nested under the call that started it, not as a session.
    static func isSubagentLog(_ path: String, name: String) -> Bool {
        guard name.hasPrefix("agent-"), name.hasSuffix(".jsonl") else { return false }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var start = [UInt8](repeating: 0, count: 64 * 1024)
        let count = read(descriptor, &start, start.count)
        guard count > 0 else { return false }
        let line = start[..<count].prefix { $0 != 0x0A }
        return String(decoding: line, as: UTF8.self).contains("\"isSidechain\":true")
    }

    /// The transcripts `paths` name: files as given, folders searched recursively for
    /// ``transcriptExtensions`` (hidden files and folders, the sidecar files agents write beside a
    /// session, and `excluding` with what is under it, skipped). A path that does not exist is returned in `missing`.
    public static func find(_ paths: [String], excluding: String? = nil) -> (inputs: [ArchiveInput], missing: [String])
    {
        let excluded = excluding.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        var found: [(path: String, absolute: String, size: Int)] = []
        var roots: [String] = []
        var missing: [String] = []
        var seen: Set<String> = []
        func add(_ path: String, absolute: String, size: Int) {
            guard seen.insert(absolute).inserted else { return }
            found.append((path, absolute, size))
        }
        for path in paths {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
            guard let kind = FileKind.of(absolute) else {
                missing.append(path)
                continue
            }
            guard kind.isFolder else {
                roots.append(URL(fileURLWithPath: absolute).deletingLastPathComponent().path)
                add(path, absolute: absolute, size: kind.size)
                continue
            }
            roots.append(absolute)
            var files: [(relative: String, size: Int)] = []
            // Folders still to read, relative to the root; each folder is read once, however many
            // links lead to it (a link to a parent would otherwise never end).
            var folders = [""]
            var visited: Set<FileKind.Identity> = [kind.identity]
            while let folder = folders.popLast() {
                let full = folder.isEmpty ? absolute : absolute + "/" + folder
                let names = (try? FileManager.default.contentsOfDirectory(atPath: full)) ?? []
                for name in names where !name.hasPrefix(".") || SessionSidecar.hiddenFolders.contains(name) {
                    let relative = folder.isEmpty ? name : folder + "/" + name
                    let path = absolute + "/" + relative
                    guard path != excluded, let kind = FileKind.of(path) else { continue }
                    if kind.isFolder {
                        // A store of conversations (OpenCode's storage) is one source, not its files.
                        if ConversationCollections.isStoreRoot(path) {
                            files.append((relative, 0))
                        } else if visited.insert(kind.identity).inserted {
                            folders.append(relative)
                        }
                    } else if kind.isRegular, let dot = name.lastIndex(of: "."),
                        transcriptExtensions.contains(name[name.index(after: dot)...].lowercased()),
                        !SessionSidecar.isSidecar(path: path), !isSubagentLog(path, name: name),
                        !SessionSidecar.isSubagentLog(path: path)
                    {
                        files.append((relative, kind.size))
                    } else if kind.isRegular, let dot = name.lastIndex(of: "."),
                        textExtensions.contains(name[name.index(after: dot)...].lowercased()),
                        SessionFormats.isConversation(fileAt: path)
                    {
                        // Markdown or text only when it is a conversation (an export, aider's history).
                        files.append((relative, kind.size))
                    } else if kind.isRegular, let dot = name.lastIndex(of: "."),
                        databaseExtensions.contains(name[name.index(after: dot)...].lowercased()),
                        ConversationCollections.isAgentDatabase(fileAt: path)
                    {
                        // An agent's database; any other is not a conversation and is passed over.
                        files.append((relative, kind.size))
                    }
                }
            }
            for file in files.sorted(by: { $0.relative < $1.relative }) {
                add(
                    (path.hasSuffix("/") ? path : path + "/") + file.relative, absolute: absolute + "/" + file.relative,
                    size: file.size)
            }
        }
        let shared = commonFolder(roots)
        // Each file's start read to tell a source of many from a session: on every core, in order.
        let files = found
        let pages = ParallelWork.map(files.count) { index in
            inputs(of: files[index], under: shared)
        }
        return (pages.flatMap { $0 }, missing)
    }

    /// The pages of `file`, whose path below `shared` names them: one, or one a conversation.
    private static func inputs(of file: (path: String, absolute: String, size: Int), under shared: String)
        -> [ArchiveInput]
    {
        // Each name of the page's path stays within the file system's 255 bytes.
        let relative = ArchiveNames.shortenedPath(
            file.absolute.hasPrefix(shared + "/")
                ? String(file.absolute.dropFirst(shared.count + 1)) : String(file.absolute.drop { $0 == "/" }))
        // A source of many (a chat export, an agent's database or store) is a page a
        // conversation, under a folder named for it.
        if ChatExport.detect(fileAt: file.absolute) != nil
            || ConversationCollections.isDatabase(fileAt: file.absolute)
            || ConversationCollections.isStoreFolder(file.absolute)
        {
            do throws(TranscriptError) {
                guard let export = try ConversationCollections.open(file.path) else {
                    throw TranscriptError(file: file.path, line: 0, column: 0, message: "not a source of many")
                }
                var inputs: [ArchiveInput] = []
                var used = Set<String>()
                for conversation in export.conversations {
                    var name = pageName(conversation.id)
                    if !used.insert(name).inserted {
                        name += "-\(conversation.position + 1)"
                        used.insert(name)
                    }
                    inputs.append(
                        ArchiveInput(
                            path: file.path, page: "pages/" + relative + "/" + name + ".html",
                            size: conversation.length, conversation: conversation))
                }
                return inputs
            } catch {
                // Exported as one page, which fails with what is wrong where.
            }
        }
        return [ArchiveInput(path: file.path, page: "pages/" + relative + ".html", size: file.size)]
    }

    /// A conversation's id as a page's name: letters, digits, `.`, `-` and `_` kept, anything else `_`.
    static func pageName(_ id: String) -> String {
        let kept = id.unicodeScalars.map { scalar -> Character in
            scalar.isASCII
                && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "-_.".unicodeScalars.contains(scalar))
                ? Character(scalar) : "_"
        }
        let name = String(kept.prefix(100))
        return name.isEmpty || name.hasPrefix(".") ? "conversation" + name : name
    }

    /// The deepest folder that holds every one of `folders` (absolute, standardized paths).
    static func commonFolder(_ folders: [String]) -> String {
        guard var shared = folders.first?.split(separator: "/", omittingEmptySubsequences: true) else { return "" }
        for folder in folders.dropFirst() {
            let parts = folder.split(separator: "/", omittingEmptySubsequences: true)
            var count = 0
            while count < min(shared.count, parts.count), shared[count] == parts[count] { count += 1 }
            shared.removeLast(shared.count - count)
        }
        return "/" + shared.joined(separator: "/")
    }
}

/// Whether a path is a folder, and its size (symbolic links followed); nil when it does not exist.
package struct FileKind {
    package var isFolder: Bool
    /// Whether it is a regular file (not a pipe, a device or a socket, which a folder search skips).
    package var isRegular: Bool
    package var size: Int
    /// The file's device and inode: the same file, whatever path leads to it.
    package var identity: Identity

    package struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    package static func of(_ path: String) -> FileKind? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileKind(
            isFolder: status.st_mode & S_IFMT == S_IFDIR, isRegular: status.st_mode & S_IFMT == S_IFREG,
            size: Int(status.st_size),
            identity: Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino)))
    }
}
