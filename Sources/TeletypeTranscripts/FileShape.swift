import Teletype

/// What a file looks like, told from its first bytes, for the error that says a file is not a
/// conversation Teletype reads: "a SQLite database", "JSONL records with `type` fields (…)",
/// "binary data". A guess for a person, never a format decision.
public enum FileShape {
    /// How many bytes are looked at.
    public static let sampleSize = 64 * 1024

    /// A short description of what `bytes` (a file's first bytes) hold.
    public static func describe(_ bytes: UnsafeRawBufferPointer) -> String {
        let sample = UnsafeRawBufferPointer(rebasing: bytes[..<min(bytes.count, sampleSize)])
        if let magic = magicName(sample) { return magic }
        if isBinary(sample) { return "binary data, not text" }
        var start = 0
        while start < sample.count, [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains(sample[start]) { start += 1 }
        guard start < sample.count else { return "an empty file" }
        let text = UnsafeRawBufferPointer(rebasing: sample[start...])
        switch text[0] {
        case UInt8(ascii: "{"): return describeObjects(text)
        case UInt8(ascii: "["):
            if let value = try? JSONParser.parse(UnsafeRawBufferPointer(rebasing: bytes[start...])),
                let items = value.array
            {
                return describeArray(items)
            }
            return "text that begins with '[' but is not whole JSON"
        case UInt8(ascii: "#"): return "Markdown or plain text (teletype md shows Markdown)"
        default:
            let line = String(decoding: text.prefix { $0 != 0x0A && $0 != 0x0D }.prefix(60), as: UTF8.self)
            return "text, not JSON: it begins \"\(line)\""
        }
    }

    /// Whether `bytes` look like binary data: a NUL byte (as `git` and `bat` tell), or, in 64 bytes
    /// or more, over a third of them that are not valid UTF-8 or are control characters other than
    /// tab, line feed, form feed, carriage return and escape. Text with a few bytes of another
    /// encoding is still text (they read as U+FFFD).
    public static func isBinary(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let sample = UnsafeRawBufferPointer(rebasing: bytes[..<min(bytes.count, 8192)])
        guard let base = sample.baseAddress, !sample.isEmpty else { return false }
        let count = sample.count
        var odd = 0
        var index = 0
        while index < count {
            // Eight bytes at a time while all are printable ASCII (every document's start drawn
            // checks these, once a byte each cost 15 instructions).
            while index + 8 <= count,
                Self.isPrintableASCII(UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            {
                index += 8
            }
            guard index < count else { break }
            let byte = sample[index]
            if byte < 0x20 {
                if byte == 0 { return true }
                if byte != 0x09 && byte != 0x0A && byte != 0x0C && byte != 0x0D && byte != 0x1B { odd += 1 }
                index += 1
            } else if byte < 0x80 {
                index += 1
            } else {
                let length = byte >= 0xF0 && byte < 0xF5 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 && byte < 0xE0 ? 2 : 0
                // A sequence cut by the end of the sample is not counted against it.
                if length == 0 {
                    odd += 1
                    index += 1
                } else if index + length > count {
                    // A NUL among the last bytes still makes it binary.
                    if sample[index...].contains(0) { return true }
                    break
                } else if (1..<length).allSatisfy({ sample[index + $0] & 0xC0 == 0x80 }) {
                    index += length
                } else {
                    odd += 1
                    index += 1
                }
            }
        }
        return count >= 64 && odd * 3 > count
    }

    /// Whether every byte of `word` is 0x20 to 0x7F: none has its high bit set or is below 0x20
    /// (by the has-less-than test, exact as a whole).
    @inline(__always)
    static func isPrintableASCII(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        return (word | ((word &- 0x20 &* ones) & ~word)) & highs == 0
    }

    /// The name of a file kind known by its first bytes.
    static func magicName(_ bytes: UnsafeRawBufferPointer) -> String? {
        func starts(_ prefix: [UInt8]) -> Bool { bytes.count >= prefix.count && bytes.starts(with: prefix) }
        if starts(Array("SQLite format 3\0".utf8)) { return "a SQLite database" }
        if starts([0x50, 0x4B, 0x03, 0x04]) { return "a ZIP archive" }
        if starts([0x1F, 0x8B]) { return "a gzip-compressed file" }
        if starts([0x28, 0xB5, 0x2F, 0xFD]) { return "a zstd-compressed file" }
        if starts(Array("%PDF".utf8)) { return "a PDF document" }
        if starts([0x7F, 0x45, 0x4C, 0x46]) { return "an executable (ELF)" }
        if starts([0xCF, 0xFA, 0xED, 0xFE]) || starts([0xCE, 0xFA, 0xED, 0xFE]) { return "an executable (Mach-O)" }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "a PNG image" }
        if starts([0xFF, 0xD8, 0xFF]) { return "a JPEG image" }
        if starts(Array("GIF8".utf8)) { return "a GIF image" }
        if starts(Array("bplist".utf8)) { return "a binary property list" }
        return nil
    }

    /// A file that starts with `{`: one JSON object, or JSONL records.
    static func describeObjects(_ text: UnsafeRawBufferPointer) -> String {
        var objects: [JSONObject] = []
        var lineStart = 0
        var lines = 0
        while lineStart < text.count, lines < 50 {
            var lineEnd = lineStart
            while lineEnd < text.count, text[lineEnd] != 0x0A { lineEnd += 1 }
            let line = UnsafeRawBufferPointer(rebasing: text[lineStart..<lineEnd])
            if line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) {
                lines += 1
                guard let object = (try? JSONParser.parse(line))?.object else { break }
                objects.append(object)
            }
            lineStart = lineEnd + 1
        }
        if objects.count >= 2 { return "JSONL " + describeRecords(objects, noun: "records") }
        if let object = objects.first { return "a JSON object with " + fieldList(object.keys, noun: "key") }
        // One object over several lines: its top-level keys, read from the whole sample if it parses.
        if let object = (try? JSONParser.parse(text))?.object {
            return "a JSON object with " + fieldList(object.keys, noun: "key")
        }
        return "a JSON object (or JSONL records) whose start is cut or not whole JSON"
    }

    static func describeArray(_ items: [JSONValue]) -> String {
        let objects = items.prefix(50).compactMap(\.object)
        if items.isEmpty { return "an empty JSON array" }
        if objects.isEmpty { return "a JSON array of \(items.count) values that are not objects" }
        return "a JSON array of \(describeRecords(objects, noun: "objects"))"
    }

    /// `records with fields a, b, c` and, where they have one, their `type`s.
    static func describeRecords(_ objects: [JSONObject], noun: String) -> String {
        var keys: [String] = []
        var types: [String] = []
        for object in objects {
            for key in object.keys where !keys.contains(key) { keys.append(key) }
            for field in ["type", "kind", "event", "method"] {
                if let type = object[field]?.string, !types.contains(type) { types.append(type) }
            }
        }
        var description = "\(noun) with " + fieldList(keys, noun: "field")
        if !types.isEmpty {
            let field = ["type", "kind", "event", "method"].first { name in objects.contains { $0[name] != nil } }
            let shown = types.prefix(6).joined(separator: ", ") + (types.count > 6 ? ", …" : "")
            description += " (\(field ?? "type"): \(shown))"
        }
        return description
    }

    static func fieldList(_ keys: [String], noun: String) -> String {
        guard !keys.isEmpty else { return "no \(noun)s" }
        let shown = keys.prefix(8).map { "\"\(String($0.prefix(40)))\"" }.joined(separator: ", ")
        return "\(noun)s " + shown + (keys.count > 8 ? " and \(keys.count - 8) more" : "")
    }

    /// The message of the error for a file that holds no conversation Teletype reads.
    public static func notAConversation(_ bytes: UnsafeRawBufferPointer) -> String {
        "not a conversation format Teletype reads: this is \(describe(bytes)). Teletype reads provider "
            + "transcripts, agent session logs and chat exports (teletype render -h lists them; --from names one)"
    }
}
