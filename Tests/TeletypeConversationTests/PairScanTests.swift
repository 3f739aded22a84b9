import CCmarkSupport
import TeletypeTestSupport
import Testing

@testable import TeletypeTranscripts

/// The redactor's scan for the pairs of bytes its rules start with finds, sixteen bytes at a time
/// through its buckets, the place a byte-by-byte scan finds and the place the definition gives (a
/// pair marked 2 counting only after a flagged byte, past spaces and one quote): for the rules'
/// own pairs and for random sets of pairs (one-byte literals among them), on random text made of
/// the pairs' bytes and others, from every start.
@Suite struct PairScanTests {
    /// A set of marked pairs: `count` random pairs, and `wide` first bytes with any second, each
    /// marked 1 or, with `named`, sometimes 2.
    static func randomPairs(_ random: inout SeededGenerator, count: Int, wide: Int, named: Bool = false) -> [UInt8] {
        var pairs = [UInt8](repeating: 0, count: 1 << 16)
        func mark() -> UInt8 { named && Bool.random(using: &random) ? 2 : 1 }
        for _ in 0..<count { pairs[Int.random(in: 0..<(1 << 16), using: &random)] = mark() }
        for _ in 0..<wide {
            let first = Int.random(in: 0..<256, using: &random)
            let marked = mark()
            for second in 0..<256 { pairs[first << 8 | second] = marked }
        }
        return pairs
    }

    /// Where the first counting pair at or after `start` is, by the definition.
    static func reference(_ bytes: [UInt8], from start: Int, _ pairs: [UInt8], _ behind: [UInt8]?) -> Int {
        for at in start..<bytes.count {
            let second = at + 1 < bytes.count ? Int(bytes[at + 1]) : 0
            let mark = pairs[Int(bytes[at]) << 8 | second]
            guard mark != 0 else { continue }
            if mark == 2, let behind {
                var end = at
                while end > 0, bytes[end - 1] == 0x20 { end -= 1 }
                if end > 0, bytes[end - 1] == 0x22 || bytes[end - 1] == 0x27 { end -= 1 }
                guard end > 0, behind[Int(bytes[end - 1])] != 0 else { continue }
            }
            return at
        }
        return bytes.count
    }

    static func check(_ pairs: [UInt8], behind: [UInt8]? = nil, _ random: inout SeededGenerator) {
        var filter = PairFilter.make(pairs.map { $0 != 0 })
        let marked = (0..<(1 << 16)).filter { pairs[$0] != 0 }
        let flagged: [Int] = (0..<256).filter { behind?[$0] ?? 0 != 0 }
        for _ in 0..<200 {
            let length = Int.random(in: 0..<80, using: &random)
            let bytes: [UInt8] = (0..<length).map { _ in
                // Bytes of marked pairs often, spaces, quotes and flagged bytes before them too,
                // so that pairs and near misses occur.
                switch Int.random(in: 0..<8, using: &random) {
                case 0: return 0x20
                case 1: return Bool.random(using: &random) ? 0x22 : 0x27
                case 2: if let byte = flagged.randomElement(using: &random) { return UInt8(byte) }
                case 3, 4, 5:
                    if let pair = marked.randomElement(using: &random) {
                        return UInt8(Bool.random(using: &random) ? pair >> 8 : pair & 0xFF)
                    }
                default: break
                }
                return UInt8.random(in: 0...255, using: &random)
            }
            let flags = behind ?? []
            pairs.withUnsafeBufferPointer { table in
                flags.withUnsafeBufferPointer { behindFlags in
                    let named = behind == nil ? nil : behindFlags.baseAddress
                    bytes.withUnsafeBufferPointer { text in
                        for start in 0...length {
                            let fast = teletype_next_marked_pair(
                                text.baseAddress, length, start, table.baseAddress, &filter, named)
                            let plain = teletype_next_marked_pair(
                                text.baseAddress, length, start, table.baseAddress, nil, named)
                            let expected = reference(bytes, from: start, pairs, behind)
                            #expect(fast == expected && plain == expected, "\(bytes) from \(start)")
                        }
                    }
                }
            }
        }
    }

    @Test func theRulesPairsAreFoundAsDefined() {
        let redactor = SecretRedactor()
        var pairs = [UInt8](repeating: 0, count: 1 << 16)
        var behind = [UInt8](repeating: 0, count: 256)
        for rule in redactor.rules {
            let mark: UInt8 = rule.nameEndsIn == nil ? 1 : 2
            for letter in rule.nameEndsIn?.utf8 ?? "".utf8 {
                behind[Int(letter)] = 1
                behind[Int(letter) - 0x20] = 1
            }
            func add(_ pair: Int) { pairs[pair] = pairs[pair] == 0 ? mark : min(pairs[pair], mark) }
            for anchor in rule.anchors {
                let bytes = Array(anchor.utf8)
                if bytes.count == 1 {
                    for second in 0..<256 { add(Int(bytes[0]) << 8 | second) }
                } else {
                    add(Int(bytes[0]) << 8 | Int(bytes[1]))
                }
            }
        }
        // The assignment's `=` and `:` count after a name only; `://` everywhere.
        #expect(pairs[0x3D << 8 | 0x20] == 2 && pairs[0x3A << 8 | 0x2F] == 1)
        var random = SeededGenerator(seed: 7)
        Self.check(pairs, behind: behind, &random)
        Self.check(pairs, &random)
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6])
    func randomPairsAreFoundAsDefined(_ seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let count = Int.random(in: 1..<60, using: &random)
        let wide = Int.random(in: 0..<3, using: &random)
        Self.check(Self.randomPairs(&random, count: count, wide: wide), &random)
        let named = Self.randomPairs(&random, count: count, wide: wide, named: true)
        var behind = [UInt8](repeating: 0, count: 256)
        for _ in 0..<12 { behind[Int.random(in: 0..<256, using: &random)] = 1 }
        Self.check(named, behind: behind, &random)
    }

    /// The scan passing over `=` and `:` after names no secret's ends as changes nothing the
    /// redactor finds: the same text redacted with every rule asked at every anchor, on texts
    /// thick with assignments, names and values.
    @Test(arguments: [11, 12, 13])
    func passingOverNamesChangesNoRedaction(_ seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let everywhere = SecretRedactor(
            rules: SecretRule.all.map {
                var rule = $0
                rule.nameEndsIn = nil
                return rule
            })
        let redactor = SecretRedactor()
        let names = [
            "API_KEY", "apiKey", "api_keys", "SECRET", "client_secret", "Secrets", "TOKEN", "auth_token", "PASSWORD",
            "passwd", "db_passwords", "key", "cache_key", "page_token", "tokens", "name", "url", "x", "\"token\"",
            "'password'", "KEY ", "Secret  ", "id",
        ]
        let values = [
            "sk9f8a7s6d5f4g3h2j1k", "hunter2hunter2", "${DB_PASSWORD}", "your-key-here", "AbCdEfGhIjKlMnOpQrStUv",
            "4096", "\"Zx81Zx81Zx81Zx81\"", "'q1w2e3r4t5y6'", "os.environ['X']", "value",
        ]
        var secrets = 0
        for _ in 0..<400 {
            let text = (0..<Int.random(in: 1...12, using: &random)).map { _ in
                let name = names.randomElement(using: &random)!
                let separator = ["=", ": ", " = ", ":", "==", "=>", "::"].randomElement(using: &random)!
                return name + separator + values.randomElement(using: &random)!
            }.joined(separator: Bool.random(using: &random) ? "\n" : ", ")
            let expected = everywhere.redact(text)
            #expect(redactor.redact(text) == expected, "\(text)")
            if expected != text { secrets += 1 }
        }
        // The texts hold secrets, not only near misses.
        #expect(secrets > 50)
    }
}
