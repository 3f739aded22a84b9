/// The styles of a conversation's own elements; Markdown answers use the ``Theme``.
public struct ConversationStyles: Sendable, Equatable {
    /// The frame of the user's bubble.
    public var userBubble: TextStyle
    /// The text in the user's bubble.
    public var userText: TextStyle
    /// Reasoning's title line ("Thought for 4s").
    public var reasoningTitle: TextStyle
    /// Reasoning's thoughts.
    public var reasoningText: TextStyle
    /// A tool call's title.
    public var toolTitle: TextStyle
    /// The status of a call that is running.
    public var toolRunning: TextStyle
    /// The status of a call that completed.
    public var toolCompleted: TextStyle
    /// The status of a call that failed.
    public var toolFailed: TextStyle
    /// The status of a call that was cancelled or declined.
    public var toolCancelled: TextStyle
    /// The status of a call waiting for approval or for the user's device.
    public var toolWaiting: TextStyle
    /// A call's details: its arguments, output and summary.
    public var toolDetails: TextStyle
    /// The approval card's frame.
    public var approvalFrame: TextStyle
    /// The approval card's buttons.
    public var approvalButton: TextStyle
    /// An attachment's name.
    public var attachmentName: TextStyle
    /// An attachment's details: its kind, size and type.
    public var attachmentDetails: TextStyle
    /// Reply actions (copy, share, rate, regenerate).
    public var messageAction: TextStyle
    /// A reply action that is chosen: a rating the user gave, the focused action.
    public var messageActionSelected: TextStyle
    /// Notes such as the footer, "older messages" and the empty content.
    public var notice: TextStyle
    /// Errors.
    public var error: TextStyle
    /// Suggestions.
    public var suggestion: TextStyle
    /// The thinking indicator.
    public var thinking: TextStyle
    /// An added line of a diff (an edit's card): its background, across the line.
    public var diffAdded: TextStyle = .plain
    /// A removed line of a diff: its background, across the line.
    public var diffRemoved: TextStyle = .plain

    /// Colours for a dark background.
    public static let dark = ConversationStyles(
        userBubble: TextStyle(foreground: .hex(0x666C78)), userText: TextStyle(foreground: .hex(0xE6E6E6)),
        reasoningTitle: TextStyle(foreground: .hex(0xC678DD)),
        reasoningText: TextStyle(foreground: .hex(0x7F848E), italic: true),
        toolTitle: TextStyle(bold: true), toolRunning: TextStyle(foreground: .hex(0x61AFEF)),
        toolCompleted: TextStyle(foreground: .hex(0x98C379)), toolFailed: TextStyle(foreground: .hex(0xE06C75)),
        toolCancelled: TextStyle(foreground: .hex(0x7F848E)), toolWaiting: TextStyle(foreground: .hex(0xE5C07B)),
        toolDetails: TextStyle(foreground: .hex(0x7F848E)), approvalFrame: TextStyle(foreground: .hex(0xE5C07B)),
        approvalButton: TextStyle(bold: true), attachmentName: TextStyle(underline: false),
        attachmentDetails: TextStyle(foreground: .hex(0x7F848E)), messageAction: TextStyle(foreground: .hex(0x7F848E)),
        messageActionSelected: TextStyle(foreground: .hex(0x61AFEF), bold: true),
        notice: TextStyle(foreground: .hex(0x7F848E)),
        error: TextStyle(foreground: .hex(0xE06C75), bold: true), suggestion: TextStyle(foreground: .hex(0x56B6C2)),
        thinking: TextStyle(foreground: .hex(0xC678DD), italic: true), diffAdded: TextStyle(background: .hex(0x23382A)),
        diffRemoved: TextStyle(background: .hex(0x42262A)))

    /// Colours for a light background, each at AA contrast on white.
    public static let light = ConversationStyles(
        userBubble: TextStyle(foreground: .hex(0x8B8C92)), userText: TextStyle(foreground: .hex(0x383A42)),
        reasoningTitle: TextStyle(foreground: .hex(0xA626A4)),
        reasoningText: TextStyle(foreground: .hex(0x646771), italic: true),
        toolTitle: TextStyle(bold: true), toolRunning: TextStyle(foreground: .hex(0x2E64D8)),
        toolCompleted: TextStyle(foreground: .hex(0x3C783B)), toolFailed: TextStyle(foreground: .hex(0xCC2D1E)),
        toolCancelled: TextStyle(foreground: .hex(0x646771)), toolWaiting: TextStyle(foreground: .hex(0x986801)),
        toolDetails: TextStyle(foreground: .hex(0x646771)), approvalFrame: TextStyle(foreground: .hex(0x986801)),
        approvalButton: TextStyle(bold: true), attachmentName: .plain,
        attachmentDetails: TextStyle(foreground: .hex(0x646771)), messageAction: TextStyle(foreground: .hex(0x6A6B72)),
        messageActionSelected: TextStyle(foreground: .hex(0x2E64D8), bold: true),
        notice: TextStyle(foreground: .hex(0x646771)),
        error: TextStyle(foreground: .hex(0xCC2D1E), bold: true), suggestion: TextStyle(foreground: .hex(0x0172A3)),
        thinking: TextStyle(foreground: .hex(0xA626A4), italic: true), diffAdded: TextStyle(background: .hex(0xDAFBE1)),
        diffRemoved: TextStyle(background: .hex(0xFFEBE9)))

    /// No colour: bold, italic, dim and underline only.
    public static let plain = ConversationStyles(
        userBubble: TextStyle(dim: true), userText: .plain, reasoningTitle: TextStyle(italic: true),
        reasoningText: TextStyle(dim: true, italic: true), toolTitle: TextStyle(bold: true), toolRunning: .plain,
        toolCompleted: .plain, toolFailed: TextStyle(bold: true), toolCancelled: TextStyle(dim: true),
        toolWaiting: TextStyle(bold: true), toolDetails: TextStyle(dim: true), approvalFrame: TextStyle(bold: true),
        approvalButton: TextStyle(bold: true, underline: true), attachmentName: .plain,
        attachmentDetails: TextStyle(dim: true), messageAction: TextStyle(dim: true),
        messageActionSelected: TextStyle(bold: true), notice: TextStyle(dim: true), error: TextStyle(bold: true),
        suggestion: TextStyle(underline: true), thinking: TextStyle(italic: true))
}
