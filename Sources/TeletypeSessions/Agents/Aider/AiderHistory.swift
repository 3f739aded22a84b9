import Teletype
import TeletypeTranscripts

/// aider's chat history (`.aider.chat.history.md`): Markdown appended to by every session. A
/// session starts at `# aider chat started at …`; `#### ` lines are what the user typed (a pasted
/// prompt has every line so marked), `> ` lines aider's own output (its banner, token counts,
/// edits applied, commits, questions); the rest is the assistant's reply, in which a file's
/// `<<<<<<< SEARCH` / `=======` / `>>>>>>> REPLACE` block is an edit of that file. Inside a code
/// fence of a reply, a `####` or `>` line is the code's, not the user's or aider's.
enum AiderHistory: AgentLogFormat {
    static let agent = SessionAgent.aider

    static func places(_ home: SessionHome) -> [SessionPlace] {
        [.files(home.workingFolder, depth: 0, named: ".aider.chat.history.md")]
    }

    static func matches(_ head: LogHead) -> Bool {
        head.name.hasSuffix(".aider.chat.history.md") || looksLikeHistory(head.bytes)
    }

    static func read(
        _ source: SessionSource, path: String?, name: String, notice: (String) -> Void,
        start: (SessionInfo) -> Void, emit: (Message) throws -> Void
    ) throws -> SessionInfo {
        try read(source, name: name, start: start, emit: emit)
    }

    static let sessionMarker = "# aider chat started at "

    /// Whether `bytes` start as a history does.
    static func looksLikeHistory(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let prefix = String(decoding: bytes.prefix(200), as: UTF8.self).trimmingSpaces()
        return prefix.hasPrefix(sessionMarker)
    }

    static func read(
        _ source: SessionSource, name: String, start: (SessionInfo) -> Void = { _ in },
        emit: (Message) throws -> Void
    ) throws -> SessionInfo {
        // The description (times, models, tokens) is spread through the history: a first pass
        // reads it, so that what is known before the first message is all of it.
        var described = Reader()
        try source.forEachLine { line in
            _ = described.add(String(decoding: line.bytes, as: UTF8.self), number: line.number)
        }
        _ = described.finish()
        start(described.info)
        var reader = Reader()
        try source.forEachLine { line in
            let text = String(decoding: line.bytes, as: UTF8.self)
            for message in reader.add(text, number: line.number) { try emit(message) }
        }
        for message in reader.finish() { try emit(message) }
        reader.info.messageCount = reader.shown
        return reader.info
    }

    /// Reads a history a line at a time.
    struct Reader {
        var info = SessionInfo(agent: .aider)
        var shown = 0
        private enum Block { case none, user, aider, reply }
        private var block = Block.none
        private var lines: [String] = []
        private var fence: String?
        private var number = 0
        private var session = 0

        mutating func add(_ line: String, number: Int) -> [Message] {
            self.number = number
            // Inside a reply's code fence every line is the reply's.
            if block == .reply, let open = fence {
                lines.append(line)
                if Self.closes(line, open) { fence = nil }
                return []
            }
            if line.hasPrefix(AiderHistory.sessionMarker) {
                let finished = end()
                session += 1
                let when = String(line.dropFirst(AiderHistory.sessionMarker.count)).trimmingSpaces()
                info.add(time: ISODate.seconds(when))
                shown += 1
                return finished + [
                    Message(id: "session-\(session)", role: .system, text: "aider chat started at " + when)
                ]
            }
            if line.hasPrefix("####") {
                var finished: [Message] = []
                if block != .user { finished = end() }
                block = .user
                lines.append(Self.withoutHardBreak(String(line.dropFirst(4).drop { $0 == " " })))
                return finished
            }
            if line.hasPrefix("> ") || line == ">" {
                var finished: [Message] = []
                if block != .aider { finished = end() }
                block = .aider
                let said = Self.withoutHardBreak(String(line.dropFirst(2)))
                read(aiderLine: said)
                lines.append(said)
                return finished
            }
            if block == .user || block == .aider {
                // A blank line ends what the user or aider wrote; other text is the reply.
                if line.trimmingSpaces().isEmpty { return [] }
                let finished = end()
                block = .reply
                lines.append(line)
                fence = Self.opens(line)
                return finished
            }
            if block == .none {
                guard !line.trimmingSpaces().isEmpty else { return [] }
                block = .reply
            }
            lines.append(line)
            if fence == nil { fence = Self.opens(line) }
            return []
        }

        mutating func finish() -> [Message] { end() }

        /// What aider's own lines say of the session: its model, its tokens.
        private mutating func read(aiderLine line: String) {
            if line.hasPrefix("Model: ") {
                let model = line.dropFirst("Model: ".count)
                info.add(model: String(model.split(separator: " ").first ?? model))
            }
            if line.hasPrefix("Tokens: ") {
                let words = line.split(separator: " ")
                if words.count > 3 {
                    info.inputTokens.saturatingAdd(Self.count(words[1]))
                    info.outputTokens.saturatingAdd(Self.count(words[3]))
                }
            }
        }

        /// `2.4k` as 2400.
        static func count(_ word: Substring) -> Int {
            var text = word.trimmingCharacters(",")
            var scale = 1.0
            if text.hasSuffix("k") {
                scale = 1000
                text.removeLast()
            } else if text.hasSuffix("M") {
                scale = 1_000_000
                text.removeLast()
            }
            return max(0, ((Double(text) ?? 0) * scale).clampedToInt)
        }

        private mutating func end() -> [Message] {
            defer {
                lines.removeAll()
                block = .none
                fence = nil
            }
            while lines.last?.trimmingSpaces().isEmpty == true { lines.removeLast() }
            guard !lines.isEmpty else { return [] }
            let id = "line-\(number)"
            let message: Message
            switch block {
            case .user: message = Message(id: id, role: .user, text: lines.joined(separator: "\n").trimmingSpaces())
            case .aider: message = Message(id: id, role: .system, text: lines.joined(separator: "\n"))
            case .reply: message = Self.reply(lines, id: id)
            case .none: return []
            }
            shown += 1
            return [message]
        }

        /// A reply: its text, with each file's SEARCH/REPLACE block an edit of that file.
        static func reply(_ lines: [String], id: String) -> Message {
            var pieces = ReplyPieces()
            var text: [String] = []
            var index = 0
            func flushText() {
                let joined = text.joined(separator: "\n").trimmingSpaces()
                if !joined.isEmpty { pieces.addText(joined) }
                text.removeAll()
            }
            while index < lines.count {
                // `path`, then a fence whose first line is `<<<<<<< SEARCH`.
                if index + 2 < lines.count, opens(lines[index + 1]) != nil,
                    lines[index + 2].trimmingSpaces().hasPrefix("<<<<<<< SEARCH"),
                    let edit = searchReplace(lines, from: index + 2)
                {
                    flushText()
                    let path = lines[index].trimmingSpaces()
                    pieces.addPart(
                        .toolCall(
                            AIToolCallPart(
                                id: "\(id)-edit-\(pieces.parts.count)", name: "Edit", status: .completed,
                                executor: .client,
                                arguments: [
                                    "file_path": .string(path), "old_string": .string(edit.old),
                                    "new_string": .string(edit.new),
                                ])))
                    index = edit.end
                    continue
                }
                text.append(lines[index])
                index += 1
            }
            flushText()
            var message = Message(id: id, role: .assistant, text: "")
            pieces.write(into: &message)
            return message
        }

        /// The search and replace texts of the block starting at `start`, and the line after its fence.
        static func searchReplace(_ lines: [String], from start: Int) -> (old: String, new: String, end: Int)? {
            var old: [String] = []
            var new: [String] = []
            var inReplace = false
            var index = start + 1
            while index < lines.count {
                let line = lines[index]
                if line.hasPrefix("=======") {
                    inReplace = true
                } else if line.hasPrefix(">>>>>>> REPLACE") {
                    // The fence that closes the block.
                    var end = index + 1
                    if end < lines.count, lines[end].hasPrefix("```") { end += 1 }
                    return (old.joined(separator: "\n"), new.joined(separator: "\n"), end)
                } else if inReplace {
                    new.append(line)
                } else {
                    old.append(line)
                }
                index += 1
            }
            return nil
        }

        /// The fence a line opens (its backticks or tildes), if it does.
        static func opens(_ line: String) -> String? {
            let trimmed = line.drop { $0 == " " }
            guard line.count - trimmed.count < 4, let first = trimmed.first, first == "`" || first == "~" else {
                return nil
            }
            let run = trimmed.prefix { $0 == first }
            guard run.count >= 3 else { return nil }
            if first == "`", trimmed.dropFirst(run.count).contains("`") { return nil }
            return String(run)
        }

        static func closes(_ line: String, _ fence: String) -> Bool {
            let trimmed = line.trimmingSpaces()
            return trimmed.hasPrefix(fence) && trimmed.allSatisfy { $0 == fence.first }
        }

        static func withoutHardBreak(_ line: String) -> String {
            var line = line
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }
    }
}

extension Substring {
    /// The text without `character` at its ends.
    fileprivate func trimmingCharacters(_ character: Character) -> String {
        String(drop { $0 == character }.reversed().drop { $0 == character }.reversed())
    }
}
