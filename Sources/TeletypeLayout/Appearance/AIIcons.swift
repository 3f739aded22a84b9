/// The symbols a conversation is drawn with, in Unicode, and an ASCII set for terminals without it.
public struct AIIcons: Sendable, Equatable {
    public var reasoning: String
    public var toolRunning: String
    public var toolAwaitingClient: String
    public var toolAwaitingApproval: String
    public var toolCompleted: String
    public var toolFailed: String
    public var toolCancelled: String
    public var unsupported: String
    public var attachmentImage: String
    public var attachmentFile: String
    public var attachmentPDF: String
    public var attachmentAudio: String
    public var attachmentVideo: String
    public var attachmentArchive: String
    public var messageCopy: String
    public var messageShare: String
    public var messageRegenerate: String
    public var messageRatePositive: String
    public var messageRatedPositive: String
    public var messageRateNegative: String
    public var messageRatedNegative: String
    public var olderMessages: String
    public var separator: String

    /// Unicode symbols of one cell each.
    public static let unicode = AIIcons(
        reasoning: "✻", toolRunning: "◌", toolAwaitingClient: "⧗", toolAwaitingApproval: "?", toolCompleted: "✓",
        toolFailed: "✗", toolCancelled: "⊘", unsupported: "⚠", attachmentImage: "▣", attachmentFile: "▤",
        attachmentPDF: "▤", attachmentAudio: "♪", attachmentVideo: "▶", attachmentArchive: "▦", messageCopy: "⧉",
        messageShare: "↗", messageRegenerate: "↻", messageRatePositive: "△", messageRatedPositive: "▲",
        messageRateNegative: "▽", messageRatedNegative: "▼", olderMessages: "↑", separator: "·")

    /// ASCII stand-ins.
    public static let ascii = AIIcons(
        reasoning: "*", toolRunning: "~", toolAwaitingClient: "...", toolAwaitingApproval: "?", toolCompleted: "v",
        toolFailed: "x", toolCancelled: "-", unsupported: "!", attachmentImage: "[img]", attachmentFile: "[file]",
        attachmentPDF: "[pdf]", attachmentAudio: "[audio]", attachmentVideo: "[video]", attachmentArchive: "[zip]",
        messageCopy: "", messageShare: "", messageRegenerate: "", messageRatePositive: "+", messageRatedPositive: "[+]",
        messageRateNegative: "-", messageRatedNegative: "[-]", olderMessages: "^", separator: "-")
}
