import Teletype
import TeletypeTranscripts

/// A source that holds many conversations: a chat app's export (``ChatExport``), an agent's
/// database (Cursor's `state.vscdb`, OpenCode's `opencode.db`, Kiro's store). Opening one lists its
/// conversations without reading them; ``read(_:branch:)`` reads one whole. `render` lists them
/// newest first and shows the one `--conversation N|ID|TITLE` names; `export` writes a page of each;
/// `sessions` lists each as a session of its own.
public protocol ConversationCollection: Sendable {
    /// How errors name it: its file.
    var name: String { get }
    /// What it is, as a listing's heading says: "ChatGPT export", "Cursor database".
    var kindName: String { get }
    /// Its conversations, in its own order.
    var conversations: [ListedConversation] { get }
    /// Reads one conversation whole; `branch` names a message whose version to show, where the
    /// source keeps versions.
    func read(_ conversation: ListedConversation, branch: String?) throws(TranscriptError) -> Transcript
}

extension ConversationCollection {
    /// Reads one conversation whole, the version its app last showed.
    public func read(_ conversation: ListedConversation) throws(TranscriptError) -> Transcript {
        try read(conversation, branch: nil)
    }

    /// The conversations, the most recently updated first (as the apps list them).
    public var newestFirst: [ListedConversation] {
        conversations.sorted { a, b in
            let x = a.updatedAt ?? a.createdAt ?? -.infinity
            let y = b.updatedAt ?? b.createdAt ?? -.infinity
            return x != y ? x > y : a.position < b.position
        }
    }

    /// The conversation `selector` names: its number in ``newestFirst`` (from 1), its id (or the
    /// start of it), or words of its title (every word, in any case). Throws a message saying why
    /// none or more than one is meant.
    public func find(_ selector: String) throws(ChatExportSelectionError) -> ListedConversation {
        let listed = newestFirst
        let wanted = selector.trimmingSpaces()
        // A number in the list is its place; another may be the start of an id or a title's word.
        let number = Int(wanted)
        if let number, number >= 1, number <= listed.count { return listed[number - 1] }
        if let exact = listed.first(where: { $0.id == wanted }) { return exact }
        let byID = listed.filter { !wanted.isEmpty && $0.id.hasPrefix(wanted) }
        if byID.count == 1 { return byID[0] }
        let words = wanted.lowercased().split(whereSeparator: { $0.isWhitespace })
        let byTitle = listed.filter { conversation in
            let title = conversation.title.lowercased()
            return !words.isEmpty && words.allSatisfy { title.contains($0) }
        }
        if byTitle.count == 1 { return byTitle[0] }
        if byTitle.isEmpty && byID.isEmpty {
            if let number {
                throw ChatExportSelectionError(
                    message: "there is no conversation \(number): \(name) holds \(listed.count) (1 is the newest)")
            }
            throw ChatExportSelectionError(
                message: "no conversation of \(name) has the number, id or title '\(selector)'")
        }
        let candidates = (byTitle.isEmpty ? byID : byTitle).prefix(5).map { "\($0.id) \"\($0.title)\"" }
        throw ChatExportSelectionError(
            message:
                "'\(selector)' names \(max(byTitle.count, byID.count)) conversations of \(name) (\(candidates.joined(separator: ", "))): "
                + "give its number or id")
    }
}
