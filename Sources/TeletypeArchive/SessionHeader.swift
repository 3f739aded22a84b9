import Teletype
import TeletypeLayout
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

    /// The header as Markdown.
    public static func markdown(_ info: SessionInfo) -> String {
        var out = ""
        if let title = info.title, !title.isEmpty { out += "# " + MarkdownEscaping.text(title) + "\n\n" }
        return out + "*" + MarkdownEscaping.text(info.summaryLine) + "*\n\n"
    }
}
