import Teletype

/// Stream Chat message lists: a reply is a message with `ai_generated`, `generating` while it is
/// written; its steps are `ai_*` attachments, read by ``AIMessagePart/parts(from:)``; other
/// attachments are images and files; `ai_ui` is its generated UI.
enum StreamChatTranscript {
    static func message(_ value: JSONValue, at path: [JSONParser.PathComponent], position: Int)
        throws(TranscriptProblem)
        -> Message
    {
        guard let object = value.object else { throw TranscriptProblem("a message must be a JSON object", at: path) }
        let extra = object["extra_data"]?.object ?? object["extraData"]?.object ?? JSONObject()
        func field(_ key: String) -> JSONValue? { object[key] ?? extra[key] }
        let isAI = field("ai_generated")?.bool ?? false
        var message = Message(
            id: object["id"]?.string ?? "message-\(position + 1)", role: isAI ? .assistant : .user,
            text: object["text"]?.string ?? "")
        message.isGenerating = field("generating")?.bool ?? false
        let attachments = object["attachments"]?.array ?? []
        message.parts = attachments.enumerated().compactMap { offset, attachment in
            guard let payload = attachment.object, let type = payload["type"]?.string, type.hasPrefix("ai_") else {
                return nil
            }
            return AIMessagePart.part(type: type, payload: payload, position: offset)
        }
        message.attachments = attachments.compactMap { value -> AIMessageAttachment? in
            guard let attachment = value.object, let type = attachment["type"]?.string, !type.hasPrefix("ai_") else {
                return nil
            }
            switch type {
            case "image", "giphy":
                var image = AIMessageAttachment.image(
                    attachment["image_url"]?.string ?? attachment["thumb_url"]?.string ?? attachment["asset_url"]?
                        .string ?? "",
                    name: attachment["title"]?.string ?? attachment["fallback"]?.string)
                image.width = attachment["original_width"]?.integer
                image.height = attachment["original_height"]?.integer
                image.size = attachment["file_size"]?.integer
                if image.url == "" { image.url = nil }
                return image
            case "file", "audio", "video", "voiceRecording":
                var file = AIMessageAttachment(
                    url: attachment["asset_url"]?.string ?? "", name: attachment["title"]?.string,
                    size: attachment["file_size"]?.integer, mimeType: attachment["mime_type"]?.string)
                if file.url == "" { file.url = nil }
                return file
            default:
                return AIMessageAttachment(
                    kind: AIMessageAttachment.Kind(rawValue: type), url: attachment["asset_url"]?.string,
                    name: attachment["title"]?.string, extraData: attachment)
            }
        }
        message.uiDocument = field("ai_ui")?.object.flatMap(AIUIDocument.init(payload:))
        if let created = object["created_at"]?.string { message.createdAt = ISODate.seconds(created) }
        return message
    }
}

/// Reads ISO 8601 dates such as `2024-05-01T10:00:00.123Z`.
package enum ISODate {
    /// Seconds since 1970 of an ISO 8601 date and time (`2026-07-09T10:00:16.195+05:30`, `…Z`, or
    /// without a zone, read as UTC): its fraction of a second and its offset from UTC counted.
    package static func seconds(_ text: String) -> Double? {
        var text = text
        // Read in place, with no array made: every message of a log has a date or two.
        return text.withUTF8 { seconds(utf8: $0) }
    }

    private static func seconds(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        // The first six runs of digits: year, month, day, hours, minutes, seconds.
        var digits = SIMD8<Int>()
        var found = 0
        var run: Int?
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte >= 0x30 && byte <= 0x39 {
                run = (run ?? 0) &* 10 &+ Int(byte - 0x30)
            } else if let value = run {
                digits[found] = value
                found += 1
                run = nil
                if found == 6 { break }
            }
            index += 1
        }
        if let run, found < 6 {
            digits[found] = run
            found += 1
        }
        guard found >= 6 else { return nil }
        var (year, month, day) = (digits[0], digits[1], digits[2])
        // Days from 1970-01-01 (civil calendar).
        if month <= 2 { year -= 1 }
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        month = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * month + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        let days = era * 146_097 + dayOfEra - 719_468
        var seconds = Double(days * 86_400 + digits[3] * 3600 + digits[4] * 60 + digits[5])
        // What follows the seconds: a fraction, then a zone.
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ",") {
            index += 1
            var scale = 0.1
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                seconds += Double(bytes[index] - 0x30) * scale
                scale /= 10
                index += 1
            }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign: Double = bytes[index] == UInt8(ascii: "+") ? 1 : -1
            var zone = SIMD4<Int>()
            var zoneDigits = 0
            index += 1
            while index < bytes.count, zoneDigits < 4 {
                let byte = bytes[index]
                if byte >= 0x30 && byte <= 0x39 {
                    zone[zoneDigits] = Int(byte - 0x30)
                    zoneDigits += 1
                } else if byte != UInt8(ascii: ":") {
                    break
                }
                index += 1
            }
            if zoneDigits == 4 || zoneDigits == 2 {
                let hours = zone[0] * 10 + zone[1]
                let minutes = zoneDigits == 4 ? zone[2] * 10 + zone[3] : 0
                if hours <= 18, minutes < 60 { seconds -= sign * Double(hours * 3600 + minutes * 60) }
            }
        }
        return seconds
    }
}
