import CCmarkSupport

/// Finds secrets in text with ``SecretRule/all`` and puts `[REDACTED kind]` in their place: the kind
/// named, the value gone (no prefix or suffix of it kept). One pass over the text's bytes: each
/// byte is looked up among the rules' first bytes, and only a rule whose literal starts there is
/// tried.
public struct SecretRedactor: Sendable {
    /// How many secrets of each kind were redacted.
    public struct Tally: Sendable, Equatable {
        /// The count of each kind.
        public private(set) var counts: [String: Int] = [:]
        /// All the secrets redacted (kept as they are counted: a redaction asks after each field
        /// whether it found any).
        public private(set) var total = 0

        /// An empty tally.
        public init() {}

        /// A tally of `counts` (kind: how many).
        public init(counts: [String: Int]) {
            self.counts = counts.filter { $0.value > 0 }
            total = self.counts.values.reduce(0, +)
        }

        /// Counts one more of `kind`.
        mutating func add(_ kind: String) {
            counts[kind, default: 0] += 1
            total += 1
        }

        /// Adds another tally's counts.
        public mutating func add(_ other: Tally) {
            for (kind, count) in other.counts { counts[kind, default: 0] += count }
            total += other.total
        }

        /// `3 secrets redacted (2 openai-key, 1 jwt)`, or nil when none were.
        public var summary: String? {
            guard total > 0 else { return nil }
            let kinds = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .map { "\($0.value) \($0.key)" }.joined(separator: ", ")
            return "\(total) secret\(total == 1 ? "" : "s") redacted (\(kinds))"
        }
    }

    /// The rules it applies.
    public let rules: [SecretRule]
    /// What the scan looks the rules' literals up in, made once for a set of rules.
    private let tables: Tables

    /// The scan's look-up tables for a set of rules, flat, so that a candidate costs no copy.
    private final class Tables: Sendable {
        /// A literal a rule starts with: its rule, and where its bytes are in ``literalBytes``.
        struct Literal: Sendable {
            var rule: Int
            var start: Int
            var count: Int
        }
        /// Every rule's literals, those with the same first byte together, in the rules' order.
        let literals: [Literal]
        /// The bytes of every literal, one after another.
        let literalBytes: [UInt8]
        /// For each first byte, where its literals start in ``literals`` (and, at the next
        /// byte's, end): 257 places.
        let firstByteStarts: [Int]
        /// Each rule's matcher, by rule.
        let matchers: [@Sendable (SecretRule.Bytes, Int, Int) -> Range<Int>?]
        /// Whether any rule's literal starts with a pair of bytes (first << 8 | second; a literal
        /// of one byte with any second): the scan's only cost for most bytes. 1 marks a pair; 2
        /// a pair whose rules count it only after a name ending in a letter of ``nameEnds``.
        let startsAnchor: [UInt8]
        /// The bytes a name may end in before a pair marked 2 (256 flags): the letters of every
        /// rule's ``SecretRule/nameEndsIn``, in either case.
        let nameEnds: [UInt8]
        /// The buckets that let the scan pass over sixteen bytes at a time (see ``PairFilter``).
        let filter: teletype_pair_filter

        init(_ rules: [SecretRule]) {
            var byFirstByte = [[(rule: Int, anchor: [UInt8])]](repeating: [], count: 256)
            var pairs = [UInt8](repeating: 0, count: 1 << 16)
            var nameEnds = [UInt8](repeating: 0, count: 256)
            for (index, rule) in rules.enumerated() {
                // A pair any rule counts everywhere stays 1 (`max`); 2 where all count it after a name only.
                let mark: UInt8 = rule.nameEndsIn == nil ? 1 : 2
                for letter in rule.nameEndsIn?.utf8 ?? "".utf8 {
                    for byte in 0..<256 where UInt8(byte) | 0x20 == letter { nameEnds[byte] = 1 }
                }
                func add(_ pair: Int) { pairs[pair] = pairs[pair] == 0 ? mark : min(pairs[pair], mark) }
                for anchor in rule.anchors {
                    let bytes = Array(anchor.utf8)
                    byFirstByte[Int(bytes[0])].append((index, bytes))
                    if bytes.count == 1 {
                        for second in 0..<256 { add(Int(bytes[0]) << 8 | second) }
                    } else {
                        add(Int(bytes[0]) << 8 | Int(bytes[1]))
                    }
                }
            }
            var literals: [Literal] = []
            var literalBytes: [UInt8] = []
            var starts: [Int] = []
            for candidates in byFirstByte {
                starts.append(literals.count)
                for (rule, anchor) in candidates {
                    literals.append(Literal(rule: rule, start: literalBytes.count, count: anchor.count))
                    literalBytes += anchor
                }
            }
            starts.append(literals.count)
            self.literals = literals
            self.literalBytes = literalBytes
            firstByteStarts = starts
            matchers = rules.map(\.match)
            startsAnchor = pairs
            self.nameEnds = nameEnds
            filter = PairFilter.make(pairs.map { $0 != 0 })
        }

        /// The tables of every rule, made once: a page, a search index, a command each redact.
        static let all = Tables(SecretRule.all)
    }

    /// A redactor of every rule (``SecretRule/all``).
    public init() {
        rules = SecretRule.all
        tables = Tables.all
    }

    /// A redactor of `rules`.
    public init(rules: [SecretRule]) {
        self.rules = rules
        tables = Tables(rules)
    }

    /// `text` with every secret in it replaced, and what was replaced counted into `tally`.
    public func redact(_ text: String, into tally: inout Tally) -> String {
        var copy = text
        return copy.withUTF8 { bytes -> String in
            let found = secrets(in: bytes)
            // Text with no secret is given back as it was, not made again.
            guard !found.isEmpty else { return text }
            var out = [UInt8]()
            out.reserveCapacity(bytes.count)
            var last = 0
            for (range, rule) in found {
                out += bytes[last..<range.lowerBound]
                out += Array("[REDACTED \(rules[rule].name)]".utf8)
                tally.add(rules[rule].name)
                last = range.upperBound
            }
            out += bytes[last...]
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// `text` with every secret in it replaced.
    public func redact(_ text: String) -> String {
        var tally = Tally()
        return redact(text, into: &tally)
    }

    /// The secrets in `bytes`, in order, none overlapping: where two rules find overlapping ones,
    /// the one that starts first (then the more particular rule, then the longer) is kept.
    func secrets(in bytes: UnsafeBufferPointer<UInt8>) -> [(range: Range<Int>, rule: Int)] {
        var found: [(range: Range<Int>, rule: Int)] = []
        guard let base = bytes.baseAddress else { return found }
        var filter = tables.filter
        let tables = tables
        tables.startsAnchor.withUnsafeBufferPointer { pairs in
            tables.nameEnds.withUnsafeBufferPointer { nameEnds in
                tables.literals.withUnsafeBufferPointer { literals in
                    tables.literalBytes.withUnsafeBufferPointer { literalBytes in
                        tables.firstByteStarts.withUnsafeBufferPointer { firstByteStarts in
                            var index = 0
                            while true {
                                // The pair at the end has no second byte: a zero stands for it.
                                index = teletype_next_marked_pair(
                                    base, bytes.count, index, pairs.baseAddress, &filter, nameEnds.baseAddress)
                                guard index < bytes.count else { break }
                                let first = Int(bytes[index])
                                for literal in literals[firstByteStarts[first]..<firstByteStarts[first + 1]]
                                where Self.startsWith(bytes, index, literalBytes, literal.start, literal.count) {
                                    if let range = tables.matchers[literal.rule](bytes, index, literal.count),
                                        !range.isEmpty
                                    {
                                        found.append((range, literal.rule))
                                    }
                                }
                                index += 1
                            }
                        }
                    }
                }
            }
        }
        guard found.count > 1 else { return found }
        found.sort {
            $0.range.lowerBound != $1.range.lowerBound
                ? $0.range.lowerBound < $1.range.lowerBound
                : $0.rule != $1.rule ? $0.rule < $1.rule : $0.range.count > $1.range.count
        }
        var kept: [(range: Range<Int>, rule: Int)] = []
        for secret in found where kept.last.map({ secret.range.lowerBound >= $0.range.upperBound }) ?? true {
            kept.append(secret)
        }
        return kept
    }
}

extension SecretRedactor {
    /// Whether the literal of `count` bytes at `start` of `literals` stands at `index` of `bytes`
    /// (its first byte known to).
    @inline(__always)
    fileprivate static func startsWith(
        _ bytes: SecretRule.Bytes, _ index: Int, _ literals: UnsafeBufferPointer<UInt8>, _ start: Int, _ count: Int
    ) -> Bool {
        guard index + count <= bytes.count else { return false }
        var offset = 1
        while offset < count {
            if bytes[index + offset] != literals[start + offset] { return false }
            offset += 1
        }
        return true
    }
}
