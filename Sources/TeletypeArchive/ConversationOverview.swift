import Teletype

/// What an archive's index says about one conversation: its title, when it began and ended, how
/// many messages it holds, and the models and tools it used.
public struct ConversationOverview: Sendable, Equatable, Codable {
    /// The first question's first line (or the page's given title).
    public var title: String
    /// When the first message that carries a time was written (seconds since 1970).
    public var firstMessageAt: Double?
    /// When the last message that carries a time was written (seconds since 1970).
    public var lastMessageAt: Double?
    /// How many messages the conversation holds.
    public var messageCount: Int
    /// The models that wrote its replies, in the order they first answered.
    public var models: [String]
    /// The tools its replies called, in the order they were first called.
    public var tools: [String]
    /// The agent whose session log it is (`claude-code`, `codex`, …), for a session log.
    public var agent: String?
    /// The folder the agent worked in, for a session log.
    public var project: String?
    /// How many secrets of each kind were redacted from the page, when any were.
    public var redactions: [String: Int]?
    /// How many pages the conversation was cut into, when more than one (the destination then
    /// lists its prompts, and the pages are beside it: `out-1.html`, …).
    public var pages: Int?

    /// An empty summary, titled `title`.
    public init(
        title: String = "", firstMessageAt: Double? = nil, lastMessageAt: Double? = nil, messageCount: Int = 0,
        models: [String] = [], tools: [String] = []
    ) {
        self.title = title
        self.firstMessageAt = firstMessageAt
        self.lastMessageAt = lastMessageAt
        self.messageCount = messageCount
        self.models = models
        self.tools = tools
    }

    /// Counts `message` in: its time, its model, the tools it called, and the title from the first question.
    public mutating func add(_ message: Message) {
        guard message.role != .turnEnd else { return }  // how long a turn took: not a message
        messageCount += 1
        if let time = message.createdAt {
            firstMessageAt = min(firstMessageAt ?? time, time)
            lastMessageAt = max(lastMessageAt ?? time, time)
        }
        if let model = message.model, !model.isEmpty, !models.contains(model) { models.append(model) }
        for case .toolCall(let call) in message.parts where !call.name.isEmpty && !tools.contains(call.name) {
            tools.append(call.name)
        }
        if title.isEmpty, message.role.isUser {
            title = Self.title(from: message.text)
        }
    }
}

extension ConversationOverview {
    /// A title from a prompt: its first line that is not empty, trimmed, cut to 79 characters and
    /// an ellipsis when it is longer than 80. No more of the prompt is read than the title needs (a
    /// prompt may be a whole pasted file on one line).
    static func title(from text: String) -> String {
        if let title = asciiTitle(from: text) { return title }
        if let title = scalarTitle(from: text) { return title }
        // Characters that join: the line is walked character by character.
        var start = text.startIndex
        while start < text.endIndex, text[start].isNewline { start = text.index(after: start) }
        var end = start
        var characters = 0
        while end < text.endIndex, characters <= 80, !text[end].isNewline {
            end = text.index(after: end)
            characters += 1
        }
        let line = text[start..<end]
        return characters > 80 ? String(line.prefix(79)).trimmingWhitespace + "…" : String(line).trimmingWhitespace
    }

    /// ``title(from:)`` read as scalars from the bytes, or nil when its line is longer than 80
    /// scalars and one of its first 81 may join another into a character. Lines end at the same
    /// places by scalar as by character (a newline is a character of its own, CR LF aside, both
    /// newlines), and a line of 80 scalars or fewer has 80 characters or fewer: such a line is its
    /// title, trimmed, without counting its characters; a longer one whose first 81 scalars each
    /// stand alone (``standsAlone(_:)``) has its first 79 scalars as its first 79 characters.
    private static func scalarTitle(from text: String) -> String? {
        func isNewline(_ scalar: UInt32) -> Bool {
            (0x0A...0x0D).contains(scalar) || scalar == 0x85 || scalar == 0x2028 || scalar == 0x2029
        }
        var text = text
        return text.withUTF8 { bytes -> String? in
            // The scalar at `position` (of a well-formed string) and its length.
            func scalar(at position: Int) -> (value: UInt32, length: Int) {
                let lead = UInt32(bytes[position])
                func next(_ offset: Int) -> UInt32 { UInt32(bytes[position + offset] & 0x3F) }
                switch lead {
                case 0..<0x80: return (lead, 1)
                case 0xC0..<0xE0: return ((lead & 0x1F) << 6 | next(1), 2)
                case 0xE0..<0xF0: return ((lead & 0x0F) << 12 | next(1) << 6 | next(2), 3)
                default: return ((lead & 0x07) << 18 | next(1) << 12 | next(2) << 6 | next(3), 4)
                }
            }
            var start = 0
            while start < bytes.count {
                let (value, length) = scalar(at: start)
                guard isNewline(value) else { break }
                start += length
            }
            var end = start
            var count = 0
            var allStandAlone = true
            var cut = start
            while end < bytes.count, count <= 80 {
                let (value, length) = scalar(at: end)
                if isNewline(value) { break }
                if !standsAlone(value) { allStandAlone = false }
                end += length
                count += 1
                if count == 79 { cut = end }
            }
            if count <= 80 {
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                    .trimmingWhitespace
            }
            guard allStandAlone else { return nil }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<cut]), as: UTF8.self)
                .trimmingWhitespace + "…"
        }
    }

    /// Whether `scalar` is a character of its own beside any other such scalar: no rule of
    /// Unicode's grapheme clusters (UAX #29) joins two of these. Printable ASCII and tabs, Latin
    /// letters before the combining marks, CJK ideographs and punctuation before its marks, kana
    /// without the voicing marks, fullwidth ASCII, Hangul syllables (only jamo join them), and
    /// emoji but their skin-tone modifiers (only marks and joiners join them, none of which is here).
    static func standsAlone(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x09, 0x20...0x7E, 0xA0...0x2FF, 0x3000...0x3029, 0x3041...0x3096, 0x30A1...0x30FA, 0x4E00...0x9FFF,
            0xAC00...0xD7A3, 0xFF01...0xFF5E, 0x1F300...0x1F3FA, 0x1F400...0x1F64F, 0x1F680...0x1F6FF,
            0x1F900...0x1F9FF:
            return true
        default:
            return false
        }
    }

    /// ``title(from:)`` read as bytes, when the bytes it reads are ASCII (a character a byte, no
    /// byte joining the one before it); nil otherwise. Walking a prompt character by character
    /// cost hundreds of instructions a character, for every prompt of an archive's pages.
    private static func asciiTitle(from text: String) -> String? {
        func isNewline(_ byte: UInt8) -> Bool { byte >= 0x0A && byte <= 0x0D }
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
        var text = text
        return text.withUTF8 { bytes -> String? in
            var start = 0
            while start < bytes.count, isNewline(bytes[start]) { start += 1 }
            var end = start
            // Up to 81 characters, the 81st only telling that the line is longer than 80.
            while end < bytes.count, end - start <= 80, !isNewline(bytes[end]) {
                if bytes[end] >= 0x80 { return nil }
                end += 1
            }
            let isLong = end - start > 80
            if isLong { end = start + 79 }
            while start < end, isSpace(bytes[start]) { start += 1 }
            while end > start, isSpace(bytes[end - 1]) { end -= 1 }
            let title = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            return isLong ? title + "…" : title
        }
    }

    /// The first line of `text` that is not empty, whole; no more of `text` is read.
    static func firstLine(of text: String) -> String {
        var start = text.startIndex
        while start < text.endIndex, text[start].isNewline { start = text.index(after: start) }
        let end = text[start...].firstIndex(where: \.isNewline) ?? text.endIndex
        return String(text[start..<end])
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        // Printable ASCII at both ends is no white space, nor part of a character that is (no
        // rule of Unicode's grapheme clusters joins it to what stands beside it): nothing to trim.
        if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) {
            return self
        }
        var text = Substring(self)
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }
}
