import Teletype

/// The chat apps whose data exports Teletype reads.
public enum ChatApp: String, Sendable, CaseIterable {
    /// ChatGPT (Settings → Data controls → Export).
    case chatgpt
    /// Claude.ai (Settings → Privacy → Export data).
    case claudeAI = "claude-ai"

    /// The app's name as people write it.
    public var displayName: String {
        switch self {
        case .chatgpt: "ChatGPT"
        case .claudeAI: "Claude.ai"
        }
    }
}

/// One conversation of a chat app's export (`ChatExport` in TeletypeSessions), as a listing shows
/// it: its id, title and times, and where it is in the file.
public struct ChatExportConversation: Sendable, Hashable {
    /// Its place in the file, from 0.
    public var position: Int
    /// Its id (ChatGPT's `id` or `conversation_id`, Claude.ai's `uuid`).
    public var id: String
    /// Its title (empty when the app gave it none).
    public var title: String
    /// When it began and when it was last updated, in seconds since 1970.
    public var createdAt: Double?
    /// When it was last updated, in seconds since 1970.
    public var updatedAt: Double?
    /// The app that made the export.
    public var app: ChatApp
    /// The models that wrote its replies (known once it has been read; ChatGPT's default model
    /// before).
    public var models: [String] = []
    /// Where its JSON starts in the file.
    public var offset: Int
    /// How many bytes of the file it takes.
    public var length: Int
    /// The line its JSON starts on, for errors.
    public var line: Int
    /// The column its JSON starts at, for errors.
    public var column: Int

    /// A conversation of `app`'s export, listed with `id`, `title` and times, found at `offset`.
    public init(
        position: Int, id: String, title: String, createdAt: Double?, updatedAt: Double?, app: ChatApp,
        models: [String] = [], offset: Int, length: Int, line: Int = 1, column: Int = 1
    ) {
        self.position = position
        self.id = id
        self.title = title
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.app = app
        self.models = models
        self.offset = offset
        self.length = length
        self.line = line
        self.column = column
    }

    /// One line about it: the app, the models, when it began and was last updated.
    public var summaryLine: String {
        var parts = [app.displayName]
        if !models.isEmpty { parts.append(models.joined(separator: ", ")) }
        if let started = createdAt {
            var when = SessionTime.text(started)
            if let updated = updatedAt, updated - started >= 60 {
                when += " – " + SessionTime.text(updated, sameDayAs: started)
            }
            parts.append(when)
        }
        return parts.joined(separator: " · ")
    }
}

