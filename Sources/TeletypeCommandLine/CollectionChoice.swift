import Teletype
import TeletypeANSI
import TeletypeLayout
import TeletypeSessions
import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What `render`, `replay` and `export` do with a source of many conversations — a chat app's
/// data export, an agent's database or store: its conversations are listed (newest first,
/// numbered) unless `--conversation N|ID|TITLE` picks one; `--branch ID` shows another version of it.
enum CollectionChoice {
    /// The collection `path` is (standard input for `-`, already read into `data`), or nil when it
    /// is not one.
    static func open(_ path: String, data: Data?, format: TranscriptFormat?) throws -> (any ConversationCollection)? {
        do {
            if let data {
                if let format, format.chatExportApp == nil { return nil }
                guard let app = format?.chatExportApp ?? data.withUnsafeBytes({ ChatExport.detect($0) }) else {
                    return nil
                }
                return try data.withUnsafeBytes { bytes throws(TranscriptError) in
                    try ChatExport(bytes: bytes, name: "<stdin>", app: app)
                }
            }
            return try ConversationCollections.open(path, format: format)
        } catch let error as TranscriptError {
            throw CommandError.malformed(error.description)
        }
    }

    /// The conversation `--conversation` picks (the only one when the source holds one), or nil
    /// when it holds many and none is picked.
    static func conversation(of export: any ConversationCollection, selector: String?) throws -> ListedConversation? {
        if let selector {
            do {
                return try export.find(selector)
            } catch {
                throw CommandError.failure(error.message)
            }
        }
        return export.conversations.count == 1 ? export.conversations[0] : nil
    }

    /// Reads the conversation, its notices (a broken tree) on standard error.
    static func read(_ conversation: ListedConversation, of export: any ConversationCollection, branch: String?) throws
        -> Transcript
    {
        do {
            let transcript = try export.read(conversation, branch: branch)
            for notice in transcript.notices { Console.error("teletype: warning: " + notice + "\n") }
            return transcript
        } catch {
            throw CommandError.malformed(error.description)
        }
    }

    /// The length (8 at least) of the ids' starts that tell every one of them apart.
    static func uniquePrefixLength(_ ids: [String]) -> Int {
        var length = 8
        let longest = ids.map(\.count).max() ?? 0
        while length < longest, Set(ids.map { $0.prefix(length) }).count < Set(ids).count { length += 1 }
        return length
    }

    /// The list of a source's conversations, newest first: number, last time, title, id.
    static func listing(_ export: any ConversationCollection, command: String, width: Int) -> String {
        let listed = export.newestFirst
        var out =
            "\(export.kindName), \(listed.count) conversations, newest first "
            + "(teletype \(command) \(export.name) --conversation N|ID|TITLE shows one):\n"
        let digits = String(listed.count).count
        let shortened = uniquePrefixLength(listed.map(\.id))
        for (index, conversation) in listed.enumerated() {
            let number = String(index + 1)
            let when = (conversation.updatedAt ?? conversation.createdAt).map { SessionTime.text($0) } ?? "—"
            let title = conversation.title.isEmpty ? "(untitled)" : conversation.title
            // The start of a long id is enough to name it, as long as no other id starts alike.
            let id =
                conversation.id.count > max(12, shortened) ? String(conversation.id.prefix(shortened)) : conversation.id
            let start = String(repeating: " ", count: digits - number.count) + number + "  " + when + "  "
            let room = max(12, width - start.count - id.count - 2)
            let flat = title.split(whereSeparator: \.isNewline).joined(separator: " ")
            var shown = flat
            var used = CellWidth.of(flat)
            if used > room {
                // Cut to fit, with an ellipsis.
                shown = ""
                used = 0
                for character in flat {
                    let cells = CellWidth.of(character)
                    if used + cells > room - 1 { break }
                    shown.append(character)
                    used += cells
                }
                shown += "…"
                used += 1
            }
            let line = start + shown + String(repeating: " ", count: max(0, room - used)) + "  " + id
            out += TerminalSafeText.sanitize(line) + "\n"
        }
        return out
    }
}
