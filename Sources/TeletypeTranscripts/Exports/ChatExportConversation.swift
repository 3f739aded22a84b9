import Teletype

/// One conversation of a ``ChatExport``, as a listing shows it: its id, title and times, and
/// where it is in the file.
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
    public var app: ChatExport.App
    /// The models that wrote its replies (known once it has been read; ChatGPT's default model
    /// before).
    public var models: [String] = []
    /// Where its JSON is in the file.
    var piece: ChatExportScanner.Piece
    /// How many bytes of the file it takes.
    public var length: Int { piece.length }
    /// Where its JSON starts in the file.
    public var offset: Int { piece.offset }

    static let chatGPTFields = JSONFields([
        "id", "conversation_id", "title", "create_time", "update_time", "default_model_slug",
    ])
    static let claudeFields = JSONFields(["uuid", "name", "created_at", "updated_at"])

    /// What a listing shows of the conversation whose JSON is `bytes`.
    init(listing bytes: UnsafeRawBufferPointer, piece: ChatExportScanner.Piece, position: Int, app: ChatExport.App) {
        self.position = position
        self.piece = piece
        self.app = app
        switch app {
        case .chatgpt:
            let fields = Self.chatGPTFields.read(bytes) ?? [:]
            id = fields["id"]?.string ?? fields["conversation_id"]?.string ?? "conversation-\(position + 1)"
            title = fields["title"]?.string ?? ""
            createdAt = fields["create_time"]?.number
            updatedAt = fields["update_time"]?.number
            if let model = fields["default_model_slug"]?.string { models = [model] }
        case .claudeAI:
            let fields = Self.claudeFields.read(bytes) ?? [:]
            id = fields["uuid"]?.string ?? "conversation-\(position + 1)"
            title = fields["name"]?.string ?? ""
            createdAt = fields["created_at"]?.string.flatMap(ISODate.seconds)
            updatedAt = fields["updated_at"]?.string.flatMap(ISODate.seconds)
        }
        title = title.trimmingSpaces()
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

/// The keys of the first object of a JSON document (or of its first element, when it is an
/// array), as far as `bytes` go: enough to tell a chat export from its first bytes.
struct TopLevelKeys {
    init() {}

    mutating func scan(_ bytes: UnsafeRawBufferPointer) -> [String] {
        var keys: [String] = []
        var index = 0
        var depth = 0
        var objectDepth: Int?
        var expectsKey = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let start = index + 1
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == 0x5C ? 2 : 1 }
                guard end < bytes.count else { return keys }
                if expectsKey, depth == objectDepth {
                    keys.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                    expectsKey = false
                }
                index = end + 1
                continue
            case UInt8(ascii: "{"):
                depth += 1
                if objectDepth == nil, depth <= 2 { objectDepth = depth }
                if depth == objectDepth { expectsKey = true }
            case UInt8(ascii: "["):
                depth += 1
                if objectDepth == nil, depth > 1 { return keys }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == objectDepth { return keys }
                depth -= 1
            case UInt8(ascii: ","):
                if depth == objectDepth { expectsKey = true }
            default:
                break
            }
            index += 1
        }
        return keys
    }
}
