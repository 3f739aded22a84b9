import Foundation
import Teletype
import TeletypeArchive
import TeletypeCommandLine
import TeletypeTransports

/// Where `teletype chat` keeps conversations: one JSONL transcript in Teletype's format per
/// conversation, in `$XDG_DATA_HOME/teletype/conversations` (else `~/.local/share/…`), named by its id.
/// A transcript is replaced whole and atomically, so a crash never leaves half a file.
struct ChatStore: Sendable {
    let folder: URL

    /// The store the environment names; created on first save.
    init(environment: [String: String]) {
        let base =
            environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? URL(fileURLWithPath: environment["HOME"] ?? NSHomeDirectory()).appendingPathComponent(".local/share")
        folder = base.appendingPathComponent("teletype/conversations")
    }

    /// A new conversation's id: the time it started, sortable.
    static func newID(now: Date = Date()) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        return formatter.string(from: now) + "-" + String(UInt32.random(in: 0...0xFFFF), radix: 16)
    }

    func url(of id: String) -> URL { folder.appendingPathComponent("\(id).jsonl") }

    /// Saves `messages` as conversation `id`.
    func save(_ messages: [Message], id: String) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = try AtomicFile(path: url(of: id).path)
        do {
            for message in messages { try file.write(TeletypeTranscript.json(message).jsonText + "\n") }
            try file.commit()
        } catch {
            file.discard()
            throw error
        }
    }

    /// The messages of conversation `id`.
    func load(_ id: String) throws -> [Message] {
        let path = url(of: id).path
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandError.failure("no saved conversation '\(id)' in \(folder.path)")
        }
        do {
            return try TranscriptReader(format: .teletype).read(data, file: path).messages
        } catch {
            throw CommandError.malformed(error.description)
        }
    }

    /// The saved conversations, newest first: id, title (the first question), last change.
    func summaries() -> [ConversationSummary] {
        let files =
            (try? FileManager.default.contentsOfDirectory(
                at: folder, includingPropertiesForKeys: [.contentModificationDateKey])) ?? []
        return files.filter { $0.pathExtension == "jsonl" }.compactMap { file -> ConversationSummary? in
            let id = file.deletingPathExtension().lastPathComponent
            let modified = (try? file.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate
            let title = (try? load(id))?.first { $0.role.isUser }?.text.split(separator: "\n").first.map(String.init)
            return ConversationSummary(id: id, title: title, updatedAt: modified?.timeIntervalSince1970)
        }.sorted { ($0.updatedAt ?? 0, $0.id) > ($1.updatedAt ?? 0, $1.id) }
    }
}

/// The saved conversations as pages for a ``ConversationList`` (the chat's side menu).
struct ChatStoreListSource: ConversationListSource {
    let store: ChatStore

    func page(after cursor: String?, limit: Int) async throws -> ConversationPage {
        let all = store.summaries()
        let start = cursor.flatMap(Int.init) ?? 0
        let end = min(all.count, start + limit)
        return ConversationPage(
            conversations: Array(all[min(start, end)..<end]), nextCursor: end < all.count ? String(end) : nil)
    }
}
