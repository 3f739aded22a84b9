import Teletype
import TeletypeLayout
import TeletypeSessions
import TeletypeTranscripts

/// What a page or a render shows above an agent session's conversation: its title, and a line of
/// what the log says of it (agent, folder, branch, models, times, tokens).
public enum SessionHeader {
    /// The header's row; without the title when the page already shows it as its heading.
    public static func row(_ info: SessionInfo, showsTitle: Bool = true) -> ConversationRow {
        var blocks: [ConversationBlock] = []
        if showsTitle, let title = info.title, !title.isEmpty { blocks.append(.notice(title, kind: .title)) }
        blocks.append(.notice(info.summaryLine, kind: .session))
        return ConversationRow(id: "session", kind: .indicator, blocks: blocks)
    }

    /// The header of a chat export's conversation: its title, and a line of its app, models and times.
    public static func row(_ conversation: ListedConversation, showsTitle: Bool = true) -> ConversationRow {
        var blocks: [ConversationBlock] = []
        if showsTitle, !conversation.title.isEmpty { blocks.append(.notice(conversation.title, kind: .title)) }
        blocks.append(.notice(conversation.summaryLine, kind: .session))
        return ConversationRow(id: "conversation", kind: .indicator, blocks: blocks)
    }

    /// A chat export's conversation's header as Markdown.
    public static func markdown(_ conversation: ListedConversation) -> String {
        var out = ""
        if !conversation.title.isEmpty { out += "# " + MarkdownEscaping.text(conversation.title) + "\n\n" }
        return out + "*" + MarkdownEscaping.text(conversation.summaryLine) + "*\n\n"
    }

    /// The header as Markdown.
    public static func markdown(_ info: SessionInfo) -> String {
        var out = ""
        if let title = info.title, !title.isEmpty { out += "# " + MarkdownEscaping.text(title) + "\n\n" }
        return out + "*" + MarkdownEscaping.text(info.summaryLine) + "*\n\n"
    }
}
