import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What to search for, as a person types it, and what narrows it: words (each must be found),
/// `"exact phrases"`, prefixes (`auth*`), `AND`, `OR`, `NOT` and parentheses; the agents, the
/// project, the time, who said it, and how many hits.
public struct SearchQuery: Sendable, Equatable {
    /// The words as typed.
    public var text: String
    /// Only conversations of these agents (their names as `teletype sessions` shows them, or
    /// their ids: `claude-code`, `codex`, …); empty for every one.
    public var agents: [String] = []
    /// Only conversations whose project folder holds this (case-insensitive).
    public var project: String?
    /// Only conversations last written at or after this time (seconds since 1970).
    public var since: Double?
    /// Only conversations last written before this time.
    public var until: Double?
    /// Only what these said; empty for everyone.
    public var kinds: Set<SearchableText.Kind> = []
    /// At most this many hits.
    public var limit = 20
    /// At most this many hits of one conversation (its best), so that one long session does not
    /// hide the others.
    public var perConversation = 3

    /// A query for `text`.
    public init(_ text: String) {
        self.text = text
    }

    /// Why a query cannot be searched for.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// What is wrong, in a person's words.
        public var message: String
        /// The message, as the command line prints it.
        public var description: String { message }
    }

    /// What a query is made of, as typed: words and phrases (each a text to find, a prefix when
    /// it ends in `*`), operators and parentheses.
    package enum Element: Equatable, Sendable {
        case text(String, prefix: Bool)
        case and, or, not, open, close
    }

    /// The query in SQLite FTS5's syntax: every word and phrase quoted (so that no character of
    /// theirs is taken for syntax), prefixes and the operators kept.
    public func expression() throws(Failure) -> String {
        try elements().map { element in
            switch element {
            case .text(let text, let prefix): Self.quoted(text) + (prefix ? "*" : "")
            case .and: "AND"
            case .or: "OR"
            case .not: "NOT"
            case .open: "("
            case .close: ")"
            }
        }.joined(separator: " ")
    }

    /// `text` quoted for FTS5: in double quotes, each of its own doubled.
    static func quoted(_ text: String) -> String {
        "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }

    /// The query's elements, checked: parentheses that pair, operators with words on both sides,
    /// an AND wherever two words stand side by side.
    package func elements() throws(Failure) -> [Element] {
        var out: [Element] = []
        var depth = 0
        var expectsTerm = true
        var scalars = Substring(text).unicodeScalars[...]
        func spelled(_ words: Substring.UnicodeScalarView.SubSequence) -> String {
            String(String.UnicodeScalarView(words))
        }
        while let first = scalars.first {
            if first.properties.isWhitespace {
                scalars.removeFirst()
                continue
            }
            if first == "(" {
                if !expectsTerm { out.append(.and) }
                out.append(.open)
                depth += 1
                scalars.removeFirst()
                expectsTerm = true
                continue
            }
            if first == ")" {
                guard depth > 0 else { throw Failure(message: "a ')' with no '(' before it") }
                guard !expectsTerm else { throw Failure(message: "nothing to search for before ')'") }
                out.append(.close)
                depth -= 1
                scalars.removeFirst()
                continue
            }
            if first == "\"" {
                scalars.removeFirst()
                let end = scalars.firstIndex(of: "\"") ?? scalars.endIndex
                let phrase = scalars[..<end]
                scalars = end < scalars.endIndex ? scalars[scalars.index(after: end)...] : scalars[end...]
                guard phrase.contains(where: { !$0.properties.isWhitespace }) else { continue }
                if !expectsTerm { out.append(.and) }
                out.append(.text(spelled(phrase), prefix: false))
                expectsTerm = false
                continue
            }
            let end =
                scalars.firstIndex { $0.properties.isWhitespace || $0 == "(" || $0 == ")" || $0 == "\"" }
                ?? scalars.endIndex
            var word = scalars[..<end]
            scalars = scalars[end...]
            let typed = spelled(word)
            if let operation = ["AND": Element.and, "OR": .or, "NOT": .not][typed] {
                guard !expectsTerm else {
                    throw Failure(
                        message:
                            "\(typed) needs words on both sides (\"\(typed.lowercased())\" in quotes searches for the word)"
                    )
                }
                out.append(operation)
                expectsTerm = true
                continue
            }
            var prefix = false
            while word.last == "*" {
                word = word.dropLast()
                prefix = true
            }
            // A word of punctuation alone matches nothing the index holds.
            guard word.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }) else {
                continue
            }
            if !expectsTerm { out.append(.and) }
            out.append(.text(spelled(word), prefix: prefix))
            expectsTerm = false
        }
        guard depth == 0 else { throw Failure(message: "a '(' with no ')' after it") }
        guard !out.isEmpty else { throw Failure(message: "nothing to search for: give a word") }
        guard !expectsTerm else {
            let last = ["AND", "OR", "NOT"][[Element.and, .or, .not].firstIndex(of: out.last!) ?? 0]
            throw Failure(message: "\(last) needs words after it")
        }
        return out
    }

    /// A time as `--since` and `--until` take it: a date (`2026-11-30`), a date and time
    /// (`2026-11-30T14:00`, with a zone or in UTC), or an age back from `now` (`90m`, `12h`, `7d`,
    /// `2w`).
    public static func time(_ text: String, now: Double) -> Double? {
        if let unit = text.last, let count = Double(text.dropLast()), count >= 0 {
            let seconds: Double? =
                switch unit {
                case "m": 60
                case "h": 3600
                case "d": 86_400
                case "w": 7 * 86_400
                default: nil
                }
            if let seconds { return now - count * seconds }
        }
        // A date first: four digits, two, two.
        let shape = Array(text.utf8.prefix(10))
        guard shape.count == 10, shape[4] == UInt8(ascii: "-"), shape[7] == UInt8(ascii: "-"),
            shape.enumerated().allSatisfy({ [4, 7].contains($0.offset) || (0x30...0x39).contains($0.element) }),
            let month = Int(text.dropFirst(5).prefix(2)), (1...12).contains(month),
            let day = Int(text.dropFirst(8).prefix(2)), (1...31).contains(day)
        else { return nil }
        switch text.count {
        case 10: return ISODate.seconds(text + "T00:00:00Z")
        case 16: return ISODate.seconds(text + ":00")
        default: return ISODate.seconds(text)
        }
    }
}
