/// A message the user sent that has not reached the conversation yet: it shows as theirs
/// straight away, until its copy arrives.
public struct AIPendingMessage: Sendable, Hashable {
    /// The id the message will have, when known.
    public var id: String?
    public var text: String
    public var attachments: [AIMessageAttachment]

    public init(id: String? = nil, text: String, attachments: [AIMessageAttachment] = []) {
        self.id = id
        self.text = text
        self.attachments = attachments
    }
}
