/// One kind of secret and how it looks in text: the literal it starts with (or the character it
/// hangs on), and what must follow for it to be a secret rather than something like one. A rule
/// says which bytes are the secret (for an assignment, a URL's password or a header, the value
/// alone: the name stays readable).
public struct SecretRule: Sendable {
    /// The kind, as redacted text names it: `[REDACTED openai-key]`.
    public var name: String
    /// What a real one looks like (made up, in the real shape), for tests.
    public var example: String
    /// Something close that is not one, for tests: it must stay as it is.
    public var nearMiss: String
    /// The literals the rule looks at (any of them), case as written.
    let anchors: [String]
    /// When set, an anchor counts only where the byte before it (past spaces, then one quote) is
    /// one of these letters in either case: a name's last letter, for a rule that reads the name
    /// before its anchor and looks no further when the name ends otherwise. The scan passes over
    /// the others without the rule being asked.
    var nameEndsIn: String?
    /// Given the text and where an anchor starts in it, the bytes that are the secret.
    let match: @Sendable (Bytes, Int, Int) -> Range<Int>?

    /// The text's bytes, as the rules read them.
    typealias Bytes = UnsafeBufferPointer<UInt8>

    init(
        _ name: String, anchors: [String], example: String, nearMiss: String,
        match: @escaping @Sendable (Bytes, _ at: Int, _ anchorLength: Int) -> Range<Int>?
    ) {
        self.name = name
        self.anchors = anchors
        self.example = example
        self.nearMiss = nearMiss
        self.match = match
    }
}

extension SecretRule {
    /// A token: `anchor` at a word's start, then at least `minimum` bytes of `allowed` (and at
    /// most `maximum`), ending where a word does. The whole token is the secret.
    static func token(
        _ name: String, _ anchors: [String], _ allowed: ByteSet, minimum: Int, maximum: Int = 1_000,
        example: String, nearMiss: String, mixed: Bool = false
    ) -> SecretRule {
        SecretRule(name, anchors: anchors, example: example, nearMiss: nearMiss) { bytes, at, length in
            guard SecretScan.startsWord(bytes, at) else { return nil }
            let end = SecretScan.run(bytes, from: at + length, allowed)
            let count = end - at - length
            guard count >= minimum, count <= maximum, !SecretScan.continuesWord(bytes, end) else { return nil }
            if mixed, !SecretScan.isMixed(bytes, at + length..<end) { return nil }
            return at..<end
        }
    }

    /// Every rule, the more particular first (where two find the same secret, the first names it).
    public static let all: [SecretRule] = providers + cloud + codeHosts + chatAndPayments + registries + general
}

/// Sets of bytes the rules allow.
struct ByteSet: Sendable {
    private var bits: (UInt64, UInt64) = (0, 0)

    init(_ ranges: [ClosedRange<UInt8>], _ extra: String = "") {
        for range in ranges { for byte in range { insert(byte) } }
        for byte in extra.utf8 { insert(byte) }
    }

    private mutating func insert(_ byte: UInt8) {
        guard byte < 128 else { return }
        if byte < 64 { bits.0 |= 1 << UInt64(byte) } else { bits.1 |= 1 << UInt64(byte - 64) }
    }

    func contains(_ byte: UInt8) -> Bool {
        guard byte < 128 else { return false }
        return byte < 64 ? bits.0 & (1 << UInt64(byte)) != 0 : bits.1 & (1 << UInt64(byte - 64)) != 0
    }

    static let alphanumeric = ByteSet([0x30...0x39, 0x41...0x5A, 0x61...0x7A])
    static let base64URL = ByteSet([0x30...0x39, 0x41...0x5A, 0x61...0x7A], "_-")
    static let base64 = ByteSet([0x30...0x39, 0x41...0x5A, 0x61...0x7A], "+/=")
    static let upperAlphanumeric = ByteSet([0x30...0x39, 0x41...0x5A])
    static let hex = ByteSet([0x30...0x39, 0x61...0x66])
    static let digits = ByteSet([0x30...0x39])
    static let identifier = ByteSet([0x30...0x39, 0x41...0x5A, 0x61...0x7A], "_-.")
    /// A Slack webhook's path.
    static let slackPath = ByteSet([0x30...0x39, 0x41...0x5A, 0x61...0x7A], "/")
    /// A Discord webhook's path.
    static let discordPath = ByteSet([0x30...0x39, 0x41...0x5A, 0x61...0x7A], "/_-")
    /// An `Authorization` header's credential.
    static let credential = ByteSet([0x30...0x39, 0x41...0x5A, 0x61...0x7A], "._~+/=-")
    /// The value of an assignment whose name says it is a secret.
    static let assignedValue = ByteSet([0x30...0x39, 0x41...0x5A, 0x61...0x7A], "_-+/=.~!@#%^*")
}

/// The small scans the rules are made of.
enum SecretScan {
    /// The end of the run of `allowed` bytes from `start`.
    static func run(_ bytes: SecretRule.Bytes, from start: Int, _ allowed: ByteSet) -> Int {
        var end = start
        while end < bytes.count, allowed.contains(bytes[end]) { end += 1 }
        return end
    }

    /// Whether a word starts at `index` (no letter, digit or `_` just before it).
    static func startsWord(_ bytes: SecretRule.Bytes, _ index: Int) -> Bool {
        index == 0 || !ByteSet.alphanumeric.contains(bytes[index - 1]) && bytes[index - 1] != 0x5F
    }

    /// Whether a letter or digit follows at `index` (the token goes on: it is something else).
    static func continuesWord(_ bytes: SecretRule.Bytes, _ index: Int) -> Bool {
        index < bytes.count && ByteSet.alphanumeric.contains(bytes[index])
    }

    /// Whether `range` holds both a letter and a digit.
    static func isMixed(_ bytes: SecretRule.Bytes, _ range: Range<Int>) -> Bool {
        var letter = false
        var digit = false
        for index in range {
            let byte = bytes[index]
            if ByteSet.digits.contains(byte) {
                digit = true
            } else if ByteSet.alphanumeric.contains(byte) {
                letter = true
            }
            if letter && digit { return true }
        }
        return false
    }

    /// Whether `bytes` at `index` start with `literal`.
    static func has(_ bytes: SecretRule.Bytes, _ index: Int, _ literal: String) -> Bool {
        var offset = index
        for byte in literal.utf8 {
            guard offset < bytes.count, bytes[offset] == byte else { return false }
            offset += 1
        }
        return true
    }

    /// Whether a value is a stand-in rather than a secret: `your-key`, `${TOKEN}`, `<token>`,
    /// `xxx…`, `***`, `changeme`, `example`, `placeholder`, `dummy`, `redacted`.
    static func isPlaceholder(_ value: String) -> Bool {
        let lower = value.lowercased()
        if let first = lower.first, "<${*[(%".contains(first) { return true }
        if lower.hasPrefix("your") || lower.hasPrefix("xxx") || lower.hasPrefix("...") { return true }
        for word in ["example", "placeholder", "changeme", "dummy", "redacted", "xxxx", "here", "secret_value"]
        where lower.contains(word) {
            return true
        }
        return false
    }
}
