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

/// One conversation of a source that holds many — a chat app's export (`ChatExport`), an agent's
/// database (Cursor's `state.vscdb`, OpenCode's `opencode.db`) — as a listing shows it: its id,
/// title and times, and where it is in its source.
public struct ListedConversation: Sendable, Hashable {
    /// Its place in its source, from 0.
    public var position: Int
    /// Its id (ChatGPT's `id` or `conversation_id`, Claude.ai's `uuid`, Cursor's composer id).
    public var id: String
    /// Its title (empty when the app gave it none).
    public var title: String
    /// When it began and when it was last updated, in seconds since 1970.
    public var createdAt: Double?
    /// When it was last updated, in seconds since 1970.
    public var updatedAt: Double?
    /// The chat app that made the export, for an export's conversation.
    public var app: ChatApp?
    /// The agent whose database holds it, for an agent's conversation.
    public var agent: SessionAgent?
    /// The folder the agent worked in, where the source says.
    public var project: String?
    /// The models that wrote its replies (known once it has been read; ChatGPT's default model
    /// before).
    public var models: [String] = []
    /// Where its JSON starts in an export's file.
    public var offset: Int
    /// How many bytes of the file it takes (an export's), or of its records (a database's).
    public var length: Int
    /// The line its JSON starts on, for errors.
    public var line: Int
    /// The column its JSON starts at, for errors.
    public var column: Int
    /// What changes when the conversation changes, in a database (its last update, its number of
    /// messages): an archive's page is written again when it does.
    public var version: String?

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

    /// A conversation of `agent`'s database.
    public init(
        position: Int, id: String, title: String, createdAt: Double?, updatedAt: Double?, agent: SessionAgent,
        project: String? = nil, models: [String] = [], length: Int = 0, version: String? = nil
    ) {
        self.position = position
        self.id = id
        self.title = title
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.agent = agent
        self.project = project
        self.models = models
        self.offset = 0
        self.length = length
        self.line = 1
        self.column = 1
        self.version = version
    }

    /// The name of its source as people write it: the app's, or the agent's.
    public var sourceName: String { app?.displayName ?? agent?.displayName ?? "Conversations" }

    /// One line about it: its source, the models, when it began and was last updated.
    public var summaryLine: String {
        var parts = [sourceName]
        if let project, !project.isEmpty { parts.append(project) }
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

/// The name the listing's conversations had when only chat exports held many.
public typealias ChatExportConversation = ListedConversation
