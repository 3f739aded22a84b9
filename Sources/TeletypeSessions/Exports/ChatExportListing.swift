import Teletype
import TeletypeTranscripts

extension ListedConversation {
    static let chatGPTFields = JSONFields([
        "id", "conversation_id", "title", "create_time", "update_time", "default_model_slug",
    ])
    static let claudeFields = JSONFields(["uuid", "name", "created_at", "updated_at"])

    /// Where its JSON is in the file, as the scanner found it.
    var piece: ChatExportScanner.Piece { .init(offset: offset, length: length, line: line, column: column) }

    /// What a listing shows of the conversation whose JSON is `bytes`.
    init(listing bytes: UnsafeRawBufferPointer, piece: ChatExportScanner.Piece, position: Int, app: ChatApp) {
        var id: String
        var title: String
        var createdAt: Double?
        var updatedAt: Double?
        var models: [String] = []
        switch app {
        case .chatgpt:
            let fields = Self.chatGPTFields.read(bytes) ?? JSONFields.Found()
            id = fields["id"]?.string ?? fields["conversation_id"]?.string ?? "conversation-\(position + 1)"
            title = fields["title"]?.string ?? ""
            createdAt = fields["create_time"]?.number
            updatedAt = fields["update_time"]?.number
            if let model = fields["default_model_slug"]?.string { models = [model] }
        case .claudeAI:
            let fields = Self.claudeFields.read(bytes) ?? JSONFields.Found()
            id = fields["uuid"]?.string ?? "conversation-\(position + 1)"
            title = fields["name"]?.string ?? ""
            createdAt = fields["created_at"]?.string.flatMap(ISODate.seconds)
            updatedAt = fields["updated_at"]?.string.flatMap(ISODate.seconds)
        }
        self.init(
            position: position, id: id, title: title.trimmingSpaces(), createdAt: createdAt, updatedAt: updatedAt,
            app: app, models: models, offset: piece.offset, length: piece.length, line: piece.line,
            column: piece.column)
    }
}
