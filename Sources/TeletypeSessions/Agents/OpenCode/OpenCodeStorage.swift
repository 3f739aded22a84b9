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

/// OpenCode's store before its database (`~/.local/share/opencode/storage/`): a JSON file each —
/// `session/<project>/<session>.json`, `message/<session>/<message>.json`, and
/// `part/<message>/<part>.json` (or, in some builds, every part flat in `part/`, each naming its
/// message). Opened on the `storage` folder or the data folder that holds it; a session with a
/// `parentID` is a subagent's, nested under the call that started it.
struct OpenCodeStorage: ConversationCollection {
    let name: String
    /// The `storage` folder.
    let root: String
    let conversations: [ListedConversation]

    var kindName: String { "OpenCode storage" }

    /// The `storage` folder `path` is or holds, when it is OpenCode's.
    static func root(of path: String) -> String? {
        for candidate in [path, path + "/storage"] {
            guard isReadableFolder(candidate + "/session"), isReadableFolder(candidate + "/message") else { continue }
            return candidate
        }
        return nil
    }

    /// Whether `path` is a folder whose entries can be read: asked of every folder above every
    /// file an archive or a search opens (is it a file of OpenCode's storage?), so it is one
    /// `stat`, not a listing of the folder.
    private static func isReadableFolder(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return false }
        return access(path, R_OK | X_OK) == 0
    }

    init(root: String, name: String) throws(TranscriptError) {
        self.root = root
        self.name = name
        var listed: [ListedConversation] = []
        for session in Self.sessionFiles(root) {
            guard let value = Self.json(session), let id = value["id"]?.string, value["parentID"]?.string == nil else {
                continue
            }
            let count = Self.names(in: root + "/message/" + id).count
            guard count > 0 else { continue }
            var info = SessionInfo(agent: .opencode)
            OpenCodeConversation.describe(value, into: &info)
            listed.append(
                ListedConversation(
                    position: listed.count, id: id, title: info.title ?? "", createdAt: info.started,
                    updatedAt: info.ended, agent: .opencode, project: info.project, length: count,
                    version: "\(info.ended ?? 0)-\(count)"))
        }
        guard !listed.isEmpty || !Self.sessionFiles(root).isEmpty else {
            throw TranscriptError(
                file: name, line: 0, column: 0, message: "an OpenCode storage folder with no session in it")
        }
        conversations = listed
    }

    func read(_ conversation: ListedConversation, branch: String?) throws(TranscriptError) -> Transcript {
        guard
            let session = Self.sessionFiles(root).lazy.compactMap(Self.json).first(where: {
                $0["id"]?.string == conversation.id
            })
        else {
            throw TranscriptError(
                file: name, line: 0, column: 0, message: "no session \(conversation.id) (deleted since it was listed?)")
        }
        var info = SessionInfo(agent: .opencode)
        OpenCodeConversation.describe(session, into: &info)
        let flatParts = Self.flatParts(root)
        let messages = Self.messages(root, session: conversation.id, info: &info, flatParts: flatParts, depth: 0)
        var transcript = Transcript(messages: messages, format: .opencode, info: info)
        transcript.conversation = conversation
        return transcript
    }

    /// A session's messages, its subagents' nested.
    static func messages(
        _ root: String, session: String, info: inout SessionInfo, flatParts: [String: [JSONValue]], depth: Int
    ) -> [Message] {
        let folder = root + "/message/" + session
        let messages = names(in: folder).compactMap { json(folder + "/" + $0) }.sorted {
            let a = ($0["time"]?["created"]?.number ?? 0, $0["id"]?.string ?? "")
            let b = ($1["time"]?["created"]?.number ?? 0, $1["id"]?.string ?? "")
            return a < b
        }
        var conversation = OpenCodeConversation(info: info)
        if depth < 4 {
            conversation.child = { child in
                var childInfo = SessionInfo(agent: .opencode)
                let nested = Self.messages(
                    root, session: child, info: &childInfo, flatParts: flatParts, depth: depth + 1)
                return nested.isEmpty ? nil : nested
            }
        }
        for message in messages {
            guard let id = message["id"]?.string else { continue }
            let partFolder = root + "/part/" + id
            var parts = names(in: partFolder).compactMap { json(partFolder + "/" + $0) }
            parts += flatParts[id] ?? []
            // In the order they were written: by their start times where every part has one, else
            // by their files' names (OpenCode's ids grow with time).
            if parts.allSatisfy({ $0["time"]?["start"]?.number != nil }) {
                parts.sort { ($0["time"]?["start"]?.number ?? 0) < ($1["time"]?["start"]?.number ?? 0) }
            }
            conversation.add(message, parts: parts)
        }
        let shown = conversation.finish()
        info = conversation.info
        info.messageCount = shown.count
        return shown
    }

    /// Parts kept flat in `part/` (some builds), by the message each names.
    static func flatParts(_ root: String) -> [String: [JSONValue]] {
        var byMessage: [String: [JSONValue]] = [:]
        for name in names(in: root + "/part") where name.hasSuffix(".json") {
            guard let part = json(root + "/part/" + name), let message = part["messageID"]?.string else { continue }
            byMessage[message, default: []].append(part)
        }
        return byMessage
    }

    static func sessionFiles(_ root: String) -> [String] {
        let folder = root + "/session"
        return names(in: folder).flatMap { project in
            names(in: folder + "/" + project).filter { $0.hasSuffix(".json") }.map { folder + "/" + project + "/" + $0 }
        }
    }

    static func names(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    static func json(_ path: String) -> JSONValue? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return data.withUnsafeBytes { try? JSONParser.parse($0) }
    }
}
