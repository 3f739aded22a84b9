/// A message the user sent that has not reached the conversation yet: it shows as theirs
/// straight away, until its copy arrives.
public struct AIPendingMessage: Sendable, Hashable {
    /// The id the message will have, when known.
    public var id: String?
    /// What the user wrote.
    public var text: String
    /// The files sent with it.
    public var attachments: [AIMessageAttachment]

    /// A message on its way, with the id it will have when known.
    public init(id: String? = nil, text: String, attachments: [AIMessageAttachment] = []) {
        self.id = id
        self.text = text
        self.attachments = attachments
    }
}
