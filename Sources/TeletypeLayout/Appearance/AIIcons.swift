/// The symbols a conversation is drawn with, in Unicode, and an ASCII set for terminals without it.
public struct AIIcons: Sendable, Equatable {
    /// Marks a reasoning (thinking) step.
    public var reasoning: String
    /// Marks a tool call that is running.
    public var toolRunning: String
    /// Marks a tool call waiting for the client to run it.
    public var toolAwaitingClient: String
    /// Marks a tool call waiting for the user to allow it.
    public var toolAwaitingApproval: String
    /// Marks a tool call that finished.
    public var toolCompleted: String
    /// Marks a tool call that failed.
    public var toolFailed: String
    /// Marks a tool call that was cancelled.
    public var toolCancelled: String
    /// Marks a tool call in a record that has no result in it.
    public var toolNoResult: String = "∅"
    /// Marks a part this version cannot show.
    public var unsupported: String
    /// Marks an image attachment.
    public var attachmentImage: String
    /// Marks a file attachment of no more specific kind.
    public var attachmentFile: String
    /// Marks a PDF attachment.
    public var attachmentPDF: String
    /// Marks an audio attachment.
    public var attachmentAudio: String
    /// Marks a video attachment.
    public var attachmentVideo: String
    /// Marks an archive attachment (zip, tar, …).
    public var attachmentArchive: String
    /// Leads the "Copy" reply action.
    public var messageCopy: String
    /// Leads the "Share" reply action.
    public var messageShare: String
    /// Leads the "Regenerate" reply action.
    public var messageRegenerate: String
    /// The thumbs-up action, not chosen.
    public var messageRatePositive: String
    /// The thumbs-up action, chosen.
    public var messageRatedPositive: String
    /// The thumbs-down action, not chosen.
    public var messageRateNegative: String
    /// The thumbs-down action, chosen.
    public var messageRatedNegative: String
    /// Leads the "older messages" line above a trimmed history.
    public var olderMessages: String
    /// Separates items on one line (file name · size).
    public var separator: String
    /// Leads a refusal: the model declined to answer.
    public var refusal: String = "⊘"
    /// Leads a plan (a to-do list an agent keeps), which shows its progress rather than a status.
    public var plan: String = "☰"

    /// Unicode symbols of one cell each.
    public static let unicode = AIIcons(
        reasoning: "✻", toolRunning: "◌", toolAwaitingClient: "⧗", toolAwaitingApproval: "?", toolCompleted: "✓",
        toolFailed: "✗", toolCancelled: "⊘", unsupported: "⚠", attachmentImage: "▣", attachmentFile: "▤",
        attachmentPDF: "▤", attachmentAudio: "♪", attachmentVideo: "▶", attachmentArchive: "▦", messageCopy: "⧉",
        messageShare: "↗", messageRegenerate: "↻", messageRatePositive: "△", messageRatedPositive: "▲",
        messageRateNegative: "▽", messageRatedNegative: "▼", olderMessages: "↑", separator: "·")

    /// ASCII stand-ins.
    public static let ascii: AIIcons = {
        var icons = asciiBase
        icons.refusal = "(x)"
        icons.toolNoResult = "o"
        icons.plan = "="
        return icons
    }()

    private static let asciiBase = AIIcons(
        reasoning: "*", toolRunning: "~", toolAwaitingClient: "...", toolAwaitingApproval: "?", toolCompleted: "v",
        toolFailed: "x", toolCancelled: "-", unsupported: "!", attachmentImage: "[img]", attachmentFile: "[file]",
        attachmentPDF: "[pdf]", attachmentAudio: "[audio]", attachmentVideo: "[video]", attachmentArchive: "[zip]",
        messageCopy: "", messageShare: "", messageRegenerate: "", messageRatePositive: "+", messageRatedPositive: "[+]",
        messageRateNegative: "-", messageRatedNegative: "[-]", olderMessages: "^", separator: "-")
}
