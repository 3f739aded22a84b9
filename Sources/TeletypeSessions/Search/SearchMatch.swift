/// A query as the index answers it. The index's word lists keep which rows hold a word, not where
/// in them (FTS5's `detail=none`: a third of the size, and a faster first index): FTS5 finds the
/// rows that hold every word of a phrase, and the phrase itself is then looked for in each row's
/// words, read again with the index's own tokenizer (``SearchTokenizer``). The same words mark a
/// hit's snippet.
struct SearchMatch {
    /// A part of the query: the words of a word or phrase as the index holds them (one word, or a
    /// phrase of several; the last a prefix), or two parts joined.
    indirect enum Node {
        case words([[UInt8]], spelled: [String], prefix: Bool)
        /// A text of no words (punctuation in quotes): found nowhere.
        case nothing
        case and(Node, Node)
        case or(Node, Node)
        case not(Node, Node)
    }

    /// The query's parts.
    let root: Node
    /// FTS5's expression for the rows that may match: exactly those when ``hasPhrase`` is false,
    /// and some more when it is true (each to be looked at with ``matches(_:)``); nil when no row can.
    let expression: String?
    /// Whether the query has a phrase of more than one word.
    let hasPhrase: Bool

    /// `query` as the index answers it, its words read by `tokenizer`.
    init(_ query: SearchQuery, tokenizer: SearchTokenizer) throws(SearchQuery.Failure) {
        var elements = try query.elements()[...]
        func leaf(_ text: String, prefix: Bool) -> Node {
            let words = tokenizer.words(of: text, query: true)
            guard !words.tokens.isEmpty else { return .nothing }
            let utf8 = Array(text.utf8)
            let spelled = words.tokens.map { String(decoding: utf8[$0.start..<$0.end], as: UTF8.self) }
            return .words(words.tokens.indices.map(words.word), spelled: spelled, prefix: prefix)
        }
        // FTS5's precedence: NOT binds closest, then AND (said or not), then OR.
        func primary() -> Node {
            switch elements.popFirst() {
            case .text(let text, let prefix): return leaf(text, prefix: prefix)
            case .open:
                let inner = either()
                _ = elements.popFirst()  // the ')' (the elements are checked)
                return inner
            default: return .nothing
            }
        }
        func negated() -> Node {
            var node = primary()
            while elements.first == .not {
                elements.removeFirst()
                node = .not(node, primary())
            }
            return node
        }
        func both() -> Node {
            var node = negated()
            while let next = elements.first, next != .or, next != .close {
                if next == .and { elements.removeFirst() }
                node = .and(node, negated())
            }
            return node
        }
        func either() -> Node {
            var node = both()
            while elements.first == .or {
                elements.removeFirst()
                node = .or(node, both())
            }
            return node
        }
        root = either()
        expression = Self.wider(root)
        hasPhrase = Self.hasPhrase(root)
    }

    private static func hasPhrase(_ node: Node) -> Bool {
        switch node {
        case .words(let words, _, _): words.count > 1
        case .nothing: false
        case .and(let a, let b), .or(let a, let b), .not(let a, let b): hasPhrase(a) || hasPhrase(b)
        }
    }

    /// FTS5's expression for every row `node` matches and perhaps more (a phrase: all its words);
    /// nil for none.
    private static func wider(_ node: Node) -> String? {
        switch node {
        case .nothing: return nil
        case .words(_, let spelled, let prefix):
            let words = spelled.enumerated().map { index, word in
                SearchQuery.quoted(word) + (prefix && index == spelled.count - 1 ? "*" : "")
            }
            return words.count == 1 ? words[0] : "(" + words.joined(separator: " AND ") + ")"
        case .and(let a, let b):
            guard let a = wider(a), let b = wider(b) else { return nil }
            return "(\(a) AND \(b))"
        case .or(let a, let b):
            switch (wider(a), wider(b)) {
            case (let a?, let b?): return "(\(a) OR \(b))"
            case (let one?, nil), (nil, let one?): return one
            case (nil, nil): return nil
            }
        case .not(let a, let b):
            guard let a = wider(a) else { return nil }
            return narrower(b).map { "(\(a) NOT \($0))" } ?? a
        }
    }

    /// FTS5's expression for some of the rows `node` matches, none it does not (a phrase: none of
    /// them); nil for none.
    private static func narrower(_ node: Node) -> String? {
        switch node {
        case .nothing: return nil
        case .words(let words, _, _): return words.count == 1 ? wider(node) : nil
        case .and(let a, let b):
            guard let a = narrower(a), let b = narrower(b) else { return nil }
            return "(\(a) AND \(b))"
        case .or(let a, let b):
            switch (narrower(a), narrower(b)) {
            case (let a?, let b?): return "(\(a) OR \(b))"
            case (let one?, nil), (nil, let one?): return one
            case (nil, nil): return nil
            }
        case .not(let a, let b):
            guard let a = narrower(a) else { return nil }
            return wider(b).map { "(\(a) NOT \($0))" } ?? a
        }
    }

    /// Where the words of a word or phrase begin among `tokens`.
    private static func starts(
        of words: [[UInt8]], prefix: Bool, in text: SearchTokenizer.Words, first: Bool = false
    ) -> [Int] {
        let count = text.tokens.count
        guard count >= words.count else { return [] }
        var found: [Int] = []
        for start in 0...(count - words.count) {
            var isMatch = true
            for (offset, word) in words.enumerated()
            where !text.word(start + offset, is: word, prefix: prefix && offset == words.count - 1) {
                isMatch = false
                break
            }
            if isMatch {
                found.append(start)
                if first { break }
            }
        }
        return found
    }

    /// Whether a row of these words matches the query.
    func matches(_ tokens: SearchTokenizer.Words) -> Bool {
        func holds(_ node: Node) -> Bool {
            switch node {
            case .nothing: false
            case .words(let words, _, let prefix):
                !Self.starts(of: words, prefix: prefix, in: tokens, first: true).isEmpty
            case .and(let a, let b): holds(a) && holds(b)
            case .or(let a, let b): holds(a) || holds(b)
            case .not(let a, let b): holds(a) && !holds(b)
            }
        }
        return holds(root)
    }

    /// The words of `tokens` the query found (not those it asked to be absent): each a run of
    /// tokens, and which of the query's words or phrases found it.
    func found(in tokens: SearchTokenizer.Words) -> [(first: Int, last: Int, leaf: Int)] {
        var spans: [(Int, Int, Int)] = []
        var leaf = 0
        func collect(_ node: Node, wanted: Bool) {
            switch node {
            case .nothing: leaf += 1
            case .words(let words, _, let prefix):
                if wanted {
                    for start in Self.starts(of: words, prefix: prefix, in: tokens) {
                        spans.append((start, start + words.count - 1, leaf))
                    }
                }
                leaf += 1
            case .and(let a, let b), .or(let a, let b):
                collect(a, wanted: wanted)
                collect(b, wanted: wanted)
            case .not(let a, let b):
                collect(a, wanted: wanted)
                collect(b, wanted: false)
            }
        }
        collect(root, wanted: true)
        return spans.sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 > $1.1 }
    }

    /// The words around the query's best place in `text` (at most `width` of them, where the most
    /// of the query's words and phrases are), each found word or phrase between
    /// ``SearchIndex/markStart`` and ``SearchIndex/markEnd``, an ellipsis where text is left out.
    func snippet(of text: String, words: SearchTokenizer.Words, width: Int = 24) -> String {
        let utf8 = Array(text.utf8)
        var spans = found(in: words)
        let tokens = words.tokens
        var first = 0
        var last = tokens.count - 1
        if tokens.count > width {
            // Each window of `width` words starting at a find, its finds centred: the one with
            // the most of the query's words and phrases, then the most finds, then the first.
            var best: (score: Int, start: Int) = (-1, 0)
            for span in spans.prefix(256) {
                let inWindow = spans.filter { $0.first >= span.first && $0.last < span.first + width }
                let end = inWindow.map(\.last).max() ?? span.last
                let start = max(0, min(span.first - (width - (end - span.first + 1)) / 2, tokens.count - width))
                let score = Set(inWindow.map(\.leaf)).count * 1000 + inWindow.count
                if score > best.score { best = (score, start) }
            }
            first = best.start
            last = first + width - 1
        }
        spans = spans.filter { $0.first >= first && $0.last <= last }
        var out: [UInt8] = []
        let from = first == 0 ? 0 : tokens[first].start
        let to = tokens.isEmpty || last == tokens.count - 1 ? utf8.count : tokens[last].end
        if first > 0 { out += "…".utf8 }
        var position = from
        var previousEnd = -1
        for span in spans where span.first > previousEnd {
            let start = tokens[span.first].start
            let end = tokens[span.last].end
            out += utf8[position..<start]
            out.append(UInt8(SearchIndex.markStart.value))
            out += utf8[start..<end]
            out.append(UInt8(SearchIndex.markEnd.value))
            position = end
            previousEnd = span.last
        }
        out += utf8[position..<max(position, to)]
        if to < utf8.count { out += "…".utf8 }
        return String(decoding: out, as: UTF8.self)
    }
}
