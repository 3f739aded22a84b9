import Teletype

/// What of a message is searched, in up to four pieces by who said it: the user's words, the
/// agent's reply, its thinking, and its tool calls with their output (a subagent's conversation
/// among them). Each piece is cleaned of control characters (a snippet of it is printed to a
/// terminal) and kept to its first ``limit`` bytes: a tool's output can be megabytes of a file
/// read, whose start says what it is.
public enum SearchableText {
    /// Who said a piece of a message, as `--role` narrows a search.
    public enum Kind: Int, Sendable, CaseIterable, Codable {
        /// The user's own words.
        case user = 0
        /// The agent's reply.
        case agent = 1
        /// The agent's thinking.
        case thinking = 2
        /// Tool calls, their arguments and their output.
        case tool = 3

        /// The word hits show for it.
        public var name: String {
            switch self {
            case .user: "user"
            case .agent: "agent"
            case .thinking: "thinking"
            case .tool: "tool"
            }
        }
    }

    /// How many bytes of each piece are kept.
    public static let limit = 32 * 1024

    /// The pieces of `message` worth searching, each with who said it (none for a system message).
    public static func pieces(of message: Message) -> [(kind: Kind, text: String)] {
        var pieces: [(Kind, String)] = []
        switch message.role {
        case .system, .turnEnd: return []
        case .user:
            pieces.append((.user, message.text))
        case "tool":
            pieces.append((.tool, message.text))
        default:
            pieces.append((.agent, message.text))
        }
        var thinking: [String] = []
        var tools: [String] = []
        for part in message.parts {
            switch part {
            case .reasoning(let reasoning):
                if let text = message.reasoningText(for: reasoning) ?? reasoning.summary { thinking.append(text) }
            case .toolCall(let call):
                tools.append(toolText(call))
            case .refusal(let refusal):
                if let text = refusal.text { pieces.append((.agent, text)) }
            default: break
            }
        }
        if !thinking.isEmpty { pieces.append((.thinking, thinking.joined(separator: "\n"))) }
        if !tools.isEmpty { pieces.append((.tool, tools.joined(separator: "\n"))) }
        // One piece of each kind: a message's two replies (text and refusal) are one.
        var merged: [Kind: String] = [:]
        for (kind, text) in pieces where !text.isEmpty {
            merged[kind] = merged[kind].map { $0 + "\n" + text } ?? text
        }
        return Kind.allCases.compactMap { kind in
            guard let text = merged[kind] else { return nil }
            let clean = cleaned(text)
            return clean.isEmpty ? nil : (kind, clean)
        }
    }

    /// A call's name, title, arguments, output and error, and its subagent's words.
    static func toolText(_ call: AIToolCallPart) -> String {
        var out = call.name
        if let title = call.displayTitle { out += " " + title }
        if let arguments = call.arguments { words(of: arguments, into: &out) }
        if let summary = call.summary { out += "\n" + summary }
        if let output = call.output { words(of: output, into: &out) }
        if let error = call.errorText { out += "\n" + error }
        if let subagent = call.subagent {
            for message in subagent.messages where out.utf8.count < limit {
                for piece in pieces(of: message) { out += "\n" + piece.text }
            }
        }
        return out
    }

    /// The strings and numbers of a JSON value, one after another (its keys are the tool's, not
    /// what was said), up to ``limit`` bytes.
    static func words(of value: JSONValue, into out: inout String) {
        guard out.utf8.count < limit else { return }
        switch value {
        case .string(let text): out += "\n" + text
        case .number(let number):
            out += " " + (number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number))
        case .array(let items): for item in items { words(of: item, into: &out) }
        case .object(let object): for (_, item) in object.pairs { words(of: item, into: &out) }
        default: break
        }
    }

    /// `text` without control characters and the escape sequences they start (new lines and tabs
    /// kept), cut to ``limit`` bytes at a character's edge: what a terminal would show of it, so
    /// that the words an escape sequence colours are found as they read. Bells, C1 controls and
    /// bidirectional overrides print nothing a reader wants and could drive the terminal: a space in
    /// their place keeps words apart. Read and written as UTF-8 bytes; text with none of them is
    /// kept as it is.
    public static func cleaned(_ text: String) -> String {
        var text = text
        let cleaned: [UInt8]? = text.withUTF8 { bytes in
            guard bytes.count > limit || needsCleaning(bytes) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(min(bytes.count, limit))
            var index = 0
            let count = bytes.count
            func at(_ offset: Int) -> UInt8 { index + offset < count ? bytes[index + offset] : 0 }
            while index < count, out.count < limit {
                let byte = bytes[index]
                if byte == 0x1B {
                    index = afterEscape(bytes, from: index)
                    out.append(0x20)
                } else if (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F {
                    index += 1
                    out.append(0x20)
                } else if byte == 0xC2, (0x80...0x9F).contains(at(1)) {
                    index += 2
                    out.append(0x20)
                } else if byte == 0xE2,
                    at(1) == 0x80 && (0xAA...0xAE).contains(at(2))
                        || at(1) == 0x81 && (0xA6...0xA9).contains(at(2))
                {
                    index += 3
                    out.append(0x20)
                } else {
                    out.append(byte)
                    index += 1
                }
            }
            // Cut at a character's edge.
            if index < count, (bytes[index] & 0xC0) == 0x80 {
                while let last = out.last, (last & 0xC0) == 0x80 { out.removeLast() }
                if let last = out.last, last >= 0xC0 { out.removeLast() }
            }
            return out
        }
        return cleaned.map { String(decoding: $0, as: UTF8.self) } ?? text
    }

    /// Whether `bytes` hold a control character, a C1 control or a bidirectional override. Eight
    /// bytes at a time while none of them can start one: most text has none, and this looked at
    /// every byte of what is indexed one at a time (3.6% of a first index's instructions).
    static func needsCleaning(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        let raw = UnsafeRawBufferPointer(bytes)
        while index < count {
            if index + 8 <= count {
                let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                let flagged = mayStartControl(word)
                // The lowest flag is the first such byte; those before it start nothing.
                guard flagged != 0 else {
                    index += 8
                    continue
                }
                index += flagged.trailingZeroBitCount / 8
            }
            let byte = bytes[index]
            if byte < 0x20 {
                if byte != 0x0A && byte != 0x09 { return true }
            } else if byte == 0x7F {
                return true
            } else if byte == 0xC2, index + 1 < count, (0x80...0x9F).contains(bytes[index + 1]) {
                return true
            } else if byte == 0xE2, index + 2 < count {
                let next = bytes[index + 1]
                let third = bytes[index + 2]
                if next == 0x80 && (0xAA...0xAE).contains(third) || next == 0x81 && (0xA6...0xA9).contains(third) {
                    return true
                }
            }
            index += 1
        }
        return false
    }

    /// The high bit of each byte of `word` that is below 0x20, 0x7F, or the first byte of a C1
    /// control (0xC2) or of a bidirectional override (0xE2), by the classic zero-byte tests; a
    /// byte after a flagged one may be flagged falsely (a borrow), never one before it.
    @inline(__always)
    static func mayStartControl(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        func zero(_ value: UInt64) -> UInt64 { (value &- ones) & ~value }
        let below = (word &- 0x20 &* ones) & ~word
        return (below | zero(word ^ (0x7F &* ones)) | zero(word ^ (0xC2 &* ones)) | zero(word ^ (0xE2 &* ones)))
            & 0x8080_8080_8080_8080
    }

    /// Where the escape sequence at `start` ends: a CSI's parameters to its final byte, an OSC's
    /// or string's text to its BEL or ST, or the one character of a two-character escape.
    static func afterEscape(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start + 1
        guard index < bytes.count else { return index }
        let kind = bytes[index]
        index += 1
        switch kind {
        case UInt8(ascii: "["):
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if (0x40...0x7E).contains(byte) { break }
            }
        case UInt8(ascii: "]"), UInt8(ascii: "P"), UInt8(ascii: "X"), UInt8(ascii: "^"), UInt8(ascii: "_"):
            while index < bytes.count {
                let byte = bytes[index]
                index += 1
                if byte == 0x07 || (byte == UInt8(ascii: "\\") && bytes[index - 2] == 0x1B) { break }
            }
        default: break
        }
        return index
    }
}
