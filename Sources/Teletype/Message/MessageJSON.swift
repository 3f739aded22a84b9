/// `Message` in the Teletype transcript shape: every field of the model, with parts and UI documents
/// in the Stream Chat payload shapes (see `Schemas/teletype-transcript.schema.json`).
extension Message: Codable {
    /// Why a JSON value is not a message.
    public struct DecodingFailure: Error, Sendable, Equatable {
        /// What is wrong, in a sentence, such as "a message must be a JSON object".
        public var message: String
    }

    /// Reads a message from its transcript JSON; unknown fields are ignored and fields of the wrong type
    /// read as missing. `position` names a message without an id (`message-<position + 1>`).
    public init(transcriptJSON value: JSONValue, position: Int = 0) throws(DecodingFailure) {
        guard let object = value.object else { throw DecodingFailure(message: "a message must be a JSON object") }
        guard let role = object["role"]?.string else {
            throw DecodingFailure(message: "the message has no \"role\" (a non-empty string)")
        }
        self.init(
            id: object["id"]?.string ?? "message-\(position + 1)", role: AIMessageRole(rawValue: role),
            text: object["text"]?.string ?? "")
        isGenerating = object["generating"]?.bool ?? false
        if let parts = object["parts"]?.array {
            self.parts = parts.enumerated().compactMap { offset, part in
                guard let type = part["type"]?.string else { return nil }
                return AIMessagePart.part(
                    type: type, payload: part["payload"]?.object ?? JSONObject(), position: offset)
            }
        }
        attachments = (object["attachments"]?.array ?? []).compactMap { $0.object.map(Message.attachment) }
        // `ui`, or `ai_ui` as Stream Chat names it: both are read, `ui` first.
        uiDocument = (object["ui"]?.object ?? object["ai_ui"]?.object).flatMap(AIUIDocument.init(payload:))
        rating = object["rating"]?.string.flatMap(AIMessageRating.init(rawValue:))
        if let texts = object["reasoning_text"]?.object {
            for (key, text) in texts.pairs { if let text = text.string { reasoningTexts[key] = text } }
        }
        createdAt = object["created_at"]?.number
        model = object["model"]?.string
        if let runs = object["text_runs"]?.array {
            textRuns = runs.compactMap { run in
                guard let after = run["after_parts"]?.integer, let length = run["length"]?.integer else { return nil }
                return AITextRun(afterParts: after, length: length)
            }
            // Runs that do not add up to the text are dropped: the text shows whole.
            if AITextRun.pieces(of: text, runs: textRuns) == nil { textRuns = [] }
        }
    }

    static func attachment(_ object: JSONObject) -> AIMessageAttachment {
        AIMessageAttachment(
            kind: AIMessageAttachment.Kind(rawValue: object["kind"]?.string ?? "file"), url: object["url"]?.string,
            imageData: nil, name: object["name"]?.string, size: object["size"]?.integer,
            mimeType: object["mime_type"]?.string, width: object["width"]?.integer, height: object["height"]?.integer,
            extraData: object["extra_data"]?.object ?? JSONObject())
    }

    /// The message as transcript JSON.
    public var transcriptJSON: JSONValue { Message.transcriptJSON(of: self) }

    /// Any message as transcript JSON.
    public static func transcriptJSON(of message: some AIMessage) -> JSONValue {
        var object = JSONObject()
        object["id"] = .string(message.id)
        object["role"] = .string(message.role.rawValue)
        object["text"] = .string(message.text)
        if message.isGenerating { object["generating"] = .bool(true) }
        if !message.parts.isEmpty {
            object["parts"] = .array(
                message.parts.map { part in
                    let attachment = part.attachment
                    return .object(
                        JSONObject([("type", .string(attachment.type)), ("payload", .object(attachment.payload))]))
                })
        }
        if !message.attachments.isEmpty {
            object["attachments"] = .array(
                message.attachments.map { attachment in
                    var item = JSONObject()
                    item["kind"] = .string(attachment.kind.rawValue)
                    if let url = attachment.url { item["url"] = .string(url) }
                    if let name = attachment.name { item["name"] = .string(name) }
                    if let size = attachment.size { item["size"] = .number(Double(size)) }
                    if let mime = attachment.mimeType { item["mime_type"] = .string(mime) }
                    if let width = attachment.width { item["width"] = .number(Double(width)) }
                    if let height = attachment.height { item["height"] = .number(Double(height)) }
                    if !attachment.extraData.isEmpty { item["extra_data"] = .object(attachment.extraData) }
                    return .object(item)
                })
        }
        if let document = message.uiDocument { object["ui"] = .object(document.payload) }
        if let rating = message.rating { object["rating"] = .string(rating.rawValue) }
        var texts = JSONObject()
        for part in message.parts {
            if case .reasoning(let reasoning) = part, let text = message.reasoningText(for: reasoning) {
                texts[reasoning.id] = .string(text)
            }
        }
        if !texts.isEmpty { object["reasoning_text"] = .object(texts) }
        if let created = (message as? Message)?.createdAt { object["created_at"] = .number(created) }
        if let model = (message as? Message)?.model { object["model"] = .string(model) }
        if !message.textRuns.isEmpty {
            object["text_runs"] = .array(
                message.textRuns.map {
                    .object(
                        JSONObject([
                            ("after_parts", .number(Double($0.afterParts))), ("length", .number(Double($0.length))),
                        ]))
                })
        }
        return .object(object)
    }

    /// Reads a message from its transcript JSON.
    public init(from decoder: any Decoder) throws {
        let value = try JSONValue(from: decoder)
        do {
            try self.init(transcriptJSON: value)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }

    /// Writes the message as transcript JSON.
    public func encode(to encoder: any Encoder) throws {
        try transcriptJSON.encode(to: encoder)
    }
}
