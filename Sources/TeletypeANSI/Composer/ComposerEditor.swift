/// The text a user writes in a terminal composer, with its cursor and the history of sent messages,
/// and what the usual line-editing keys do to it. Sending is the caller's: Enter asks to send (unless
/// the text ends with a backslash, which becomes a new line), and the text stays until the caller
/// clears it, so nothing typed is lost when a send fails.
public struct ComposerEditor: Sendable, Equatable {
    /// The text, as characters.
    public private(set) var characters: [Character]
    /// Where the cursor is: a character index from 0 to `characters.count`.
    public private(set) var cursor: Int
    /// Messages sent before, oldest first.
    public private(set) var history: [String] = []
    /// Which history entry is shown while browsing it, and the text written before browsing.
    private var browsing: (index: Int, draft: [Character])?

    /// What a key did.
    public enum Outcome: Sendable, Equatable {
        /// The text changed.
        case edited
        /// Only the cursor moved (or nothing happened).
        case moved
        /// Enter on text worth sending: the text to send.
        case send(String)
        /// A key the editor leaves to the caller (Up on the first line, Escape, Ctrl-C, …).
        case unhandled(TerminalKey)
    }

    /// Starts an editor holding `text`, with the cursor at its end.
    public init(text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    /// Whether two editors hold the same text, cursor and history.
    public static func == (lhs: ComposerEditor, rhs: ComposerEditor) -> Bool {
        lhs.characters == rhs.characters && lhs.cursor == rhs.cursor && lhs.history == rhs.history
    }

    /// The text.
    public var text: String { String(characters) }

    /// Whether there is nothing but white space to send.
    public var isBlank: Bool { characters.allSatisfy(\.isWhitespace) }

    /// Replaces the text (the cursor goes to its end), as when editing a message sent before.
    public mutating func setText(_ text: String) {
        characters = Array(text)
        cursor = characters.count
        browsing = nil
    }

    /// Clears the text after a send and remembers what was sent.
    public mutating func clear(remembering sent: String? = nil) {
        if let sent, !sent.isEmpty, history.last != sent { history.append(sent) }
        setText("")
    }

    /// Applies a key.
    public mutating func handle(_ key: TerminalKey) -> Outcome {
        switch key {
        case .character(let character): return insert([character])
        case .paste(let text): return insert(Array(text))
        case .newline: return insert(["\n"])
        case .tab: return insert(["\t"])
        case .enter:
            if cursor == characters.count, characters.last == "\\" {
                characters[characters.count - 1] = "\n"
                return .edited
            }
            return isBlank ? .unhandled(.enter) : .send(text)
        case .backspace:
            guard cursor > 0 else { return .moved }
            characters.remove(at: cursor - 1)
            cursor -= 1
            return .edited
        case .delete, .control("d"):
            // Ctrl-D on an empty composer is the caller's (it quits, as in a shell).
            if key == .control("d") && characters.isEmpty { return .unhandled(key) }
            guard cursor < characters.count else { return .moved }
            characters.remove(at: cursor)
            return .edited
        case .left, .control("b"):
            cursor = max(0, cursor - 1)
            return .moved
        case .right, .control("f"):
            cursor = min(characters.count, cursor + 1)
            return .moved
        case .home, .control("a"):
            cursor = lineStart(cursor)
            return .moved
        case .end, .control("e"):
            cursor = lineEnd(cursor)
            return .moved
        case .wordLeft:
            cursor = wordStart(before: cursor)
            return .moved
        case .wordRight:
            cursor = wordEnd(after: cursor)
            return .moved
        case .control("k"):
            let end = lineEnd(cursor)
            // At a line's end, Ctrl-K joins the next line.
            let stop = end == cursor && end < characters.count ? end + 1 : end
            guard stop > cursor else { return .moved }
            characters.removeSubrange(cursor..<stop)
            return .edited
        case .control("u"):
            let start = lineStart(cursor)
            guard start < cursor else { return .moved }
            characters.removeSubrange(start..<cursor)
            cursor = start
            return .edited
        case .control("w"):
            let start = wordStart(before: cursor)
            guard start < cursor else { return .moved }
            characters.removeSubrange(start..<cursor)
            cursor = start
            return .edited
        case .up:
            if lineStart(cursor) > 0 || browsing != nil && lineStart(cursor) > 0 {
                cursor = moveLine(by: -1)
                return .moved
            }
            return browsing != nil ? older() : .unhandled(.up)
        case .down:
            if lineEnd(cursor) < characters.count {
                cursor = moveLine(by: 1)
                return .moved
            }
            return browsing != nil ? newer() : .unhandled(.down)
        case .control("p"): return older()
        case .control("n"): return newer()
        default: return .unhandled(key)
        }
    }

    private mutating func insert(_ inserted: [Character]) -> Outcome {
        characters.insert(contentsOf: inserted, at: cursor)
        cursor += inserted.count
        return .edited
    }

    /// Shows the message sent before the one shown.
    private mutating func older() -> Outcome {
        guard !history.isEmpty else { return .moved }
        let index = (browsing?.index ?? history.count) - 1
        guard index >= 0 else { return .moved }
        browsing = (index, browsing?.draft ?? characters)
        characters = Array(history[index])
        cursor = characters.count
        return .edited
    }

    /// Shows the message sent after the one shown, or the draft after the last.
    private mutating func newer() -> Outcome {
        guard let current = browsing else { return .moved }
        if current.index + 1 < history.count {
            browsing = (current.index + 1, current.draft)
            characters = Array(history[current.index + 1])
        } else {
            browsing = nil
            characters = current.draft
        }
        cursor = characters.count
        return .edited
    }

    func lineStart(_ index: Int) -> Int {
        var start = index
        while start > 0, characters[start - 1] != "\n" { start -= 1 }
        return start
    }

    func lineEnd(_ index: Int) -> Int {
        var end = index
        while end < characters.count, characters[end] != "\n" { end += 1 }
        return end
    }

    private func wordStart(before index: Int) -> Int {
        var start = index
        while start > 0, !characters[start - 1].isLetter && !characters[start - 1].isNumber { start -= 1 }
        while start > 0, characters[start - 1].isLetter || characters[start - 1].isNumber { start -= 1 }
        return start
    }

    private func wordEnd(after index: Int) -> Int {
        var end = index
        while end < characters.count, !characters[end].isLetter && !characters[end].isNumber { end += 1 }
        while end < characters.count, characters[end].isLetter || characters[end].isNumber { end += 1 }
        return end
    }

    /// The cursor on the line above (-1) or below (1), at the same column or the line's end.
    private func moveLine(by direction: Int) -> Int {
        let column = cursor - lineStart(cursor)
        if direction < 0 {
            let previousEnd = lineStart(cursor) - 1
            let previousStart = lineStart(previousEnd)
            return min(previousStart + column, previousEnd)
        }
        let nextStart = lineEnd(cursor) + 1
        return min(nextStart + column, lineEnd(nextStart))
    }
}
