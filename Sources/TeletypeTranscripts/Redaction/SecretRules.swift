#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The rules, by family. Gitleaks' rule set was read for what leaks look like; these are written
/// for Teletype's scanner: a literal each starts with, then the shape that must follow. Examples are
/// made of repeated filler in the real shape, so that no real key is in the source.
extension SecretRule {
    /// `n` bytes of filler: letters and digits.
    static func filler(_ count: Int, _ alphabet: String = "a1B2c3D4e5F6g7H8") -> String {
        String(String(repeating: alphabet, count: count / alphabet.count + 1).prefix(count))
    }

    /// AI providers' API keys.
    static let providers: [SecretRule] = [
        token(
            "anthropic-key", ["sk-ant-"], .base64URL, minimum: 32,
            example: "ANTHROPIC_API_KEY is sk-ant-api03-" + filler(90) + "AA", nearMiss: "the sk-ant- prefix alone"),
        token(
            "openrouter-key", ["sk-or-v1-"], .hex, minimum: 32, example: "sk-or-v1-" + filler(64, "0a1b2c3d4e5f6789"),
            nearMiss: "sk-or-v1-short"),
        token(
            "openai-key", ["sk-"], .base64URL, minimum: 20, example: "key: sk-proj-" + filler(48),
            nearMiss: "task-019a2b3c-4d5e-6f70-8192-a3b4c5d6e7f8 and sk-learn", mixed: true),
        token(
            "google-api-key", ["AIza"], .base64URL, minimum: 35, maximum: 35, example: "AIza" + filler(35),
            nearMiss: "AIzaSyShort"),
        token("xai-key", ["xai-"], .alphanumeric, minimum: 40, example: "xai-" + filler(80), nearMiss: "xai-grok-4"),
        token("groq-key", ["gsk_"], .alphanumeric, minimum: 40, example: "gsk_" + filler(52), nearMiss: "gsk_test"),
        token(
            "huggingface-token", ["hf_"], .alphanumeric, minimum: 30, example: "hf_" + filler(34),
            nearMiss: "hf_hub_download", mixed: true),
        token(
            "replicate-token", ["r8_"], .alphanumeric, minimum: 30, example: "r8_" + filler(37),
            nearMiss: "r8_model", mixed: true),
        token(
            "tavily-key", ["tvly-"], .base64URL, minimum: 20, example: "tvly-dev-" + filler(32),
            nearMiss: "tvly-search", mixed: true),
    ]

    /// Cloud providers.
    static let cloud: [SecretRule] = [
        token(
            "aws-access-key", ["AKIA", "ASIA"], .upperAlphanumeric, minimum: 16, maximum: 16,
            example: "aws_access_key_id = AKIA" + filler(16, "Z7Q2X9W4"), nearMiss: "AKIAPHONE"),
        SecretRule(
            "azure-storage-key", anchors: ["AccountKey="],
            example: "DefaultEndpointsProtocol=https;AccountName=x;AccountKey=" + filler(86) + "==",
            nearMiss: "AccountKey=<key>"
        ) { bytes, at, length in
            let end = SecretScan.run(bytes, from: at + length, .base64)
            return end - at - length >= 40 ? at + length..<end : nil
        },
    ]

    /// Code hosts.
    static let codeHosts: [SecretRule] = [
        token(
            "github-token", ["ghp_", "gho_", "ghu_", "ghs_", "ghr_"], .alphanumeric, minimum: 36,
            example: "ghp_" + filler(36), nearMiss: "ghp_short"),
        token(
            "github-token", ["github_pat_"], .base64URL, minimum: 50, example: "github_pat_" + filler(82),
            nearMiss: "github_pat_format"),
        token(
            "gitlab-token", ["glpat-"], .base64URL, minimum: 20, example: "glpat-" + filler(20),
            nearMiss: "glpat-abc"),
        token(
            "bitbucket-token", ["ATBB"], .alphanumeric, minimum: 28, example: "ATBB" + filler(32),
            nearMiss: "ATBBQ"),
    ]

    /// Chat, webhooks and payments.
    static let chatAndPayments: [SecretRule] = [
        token(
            "slack-token", ["xoxb-", "xoxp-", "xoxa-", "xoxr-", "xoxs-", "xoxe-"],
            ByteSet([0x30...0x39, 0x41...0x5A, 0x61...0x7A], "-"), minimum: 10,
            example: "xoxb-1234567890-" + filler(24), nearMiss: "xoxb-"),
        SecretRule(
            "slack-webhook", anchors: ["hooks.slack.com/services/"],
            example: "https://hooks.slack.com/services/T0000/B0000/" + filler(24),
            nearMiss: "https://hooks.slack.com/services/"
        ) { bytes, at, length in
            let end = SecretScan.run(bytes, from: at + length, ByteSet.slackPath)
            return end - at - length >= 20 ? at + length..<end : nil
        },
        SecretRule(
            "discord-webhook", anchors: ["discord.com/api/webhooks/", "discordapp.com/api/webhooks/"],
            example: "https://discord.com/api/webhooks/123456789012345678/" + filler(68),
            nearMiss: "https://discord.com/api/webhooks/"
        ) { bytes, at, length in
            let end = SecretScan.run(bytes, from: at + length, ByteSet.discordPath)
            return end - at - length >= 30 ? at + length..<end : nil
        },
        SecretRule(
            "telegram-bot-token", anchors: [":AA"], example: "bot 1234567890:AA" + filler(33),
            nearMiss: "10:AAA and 12:30:AA"
        ) { bytes, at, length in
            var start = at
            while start > 0, ByteSet.digits.contains(bytes[start - 1]) { start -= 1 }
            guard at - start >= 8, at - start <= 10, SecretScan.startsWord(bytes, start) else { return nil }
            let end = SecretScan.run(bytes, from: at + 1, .base64URL)
            return end - at - 1 == 35 ? start..<end : nil
        },
        token(
            "stripe-key", ["sk_live_", "rk_live_", "sk_test_", "rk_test_"], .alphanumeric, minimum: 20,
            example: "sk_live_" + filler(24), nearMiss: "sk_live_mode"),
        token(
            "twilio-key", ["SK"], .hex, minimum: 32, maximum: 32, example: "SK" + filler(32, "0a1b2c3d4e5f6789"),
            nearMiss: "SKU-1234"),
        SecretRule(
            "sendgrid-key", anchors: ["SG."], example: "SG." + filler(22) + "." + filler(43),
            nearMiss: "SG.Module"
        ) { bytes, at, length in
            guard SecretScan.startsWord(bytes, at) else { return nil }
            let first = SecretScan.run(bytes, from: at + length, .base64URL)
            guard first - at - length == 22, first < bytes.count, bytes[first] == 0x2E else { return nil }
            let end = SecretScan.run(bytes, from: first + 1, .base64URL)
            return end - first - 1 == 43 ? at..<end : nil
        },
    ]

    /// Package registries.
    static let registries: [SecretRule] = [
        token("npm-token", ["npm_"], .alphanumeric, minimum: 36, example: "npm_" + filler(36), nearMiss: "npm_config"),
        token(
            "pypi-token", ["pypi-AgEIcHlwaS5vcmc"], .base64URL, minimum: 50,
            example: "pypi-AgEIcHlwaS5vcmc" + filler(70), nearMiss: "pypi-AgEI"),
    ]

    /// Shapes any secret can take: a JWT, a private key, a password in a URL, an `Authorization`
    /// header, an assignment whose name says it is a secret.
    static let general: [SecretRule] = [
        SecretRule(
            "jwt", anchors: ["eyJ"],
            example: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0." + filler(43),
            nearMiss: "data:image/png;base64,iVBORw0KGgo and eyJhbGciOiJIUzI1NiJ9 alone"
        ) { bytes, at, _ in
            guard SecretScan.startsWord(bytes, at) else { return nil }
            let first = SecretScan.run(bytes, from: at, .base64URL)
            guard first - at >= 10, first < bytes.count, bytes[first] == 0x2E,
                SecretScan.has(bytes, first + 1, "eyJ")
            else { return nil }
            let second = SecretScan.run(bytes, from: first + 1, .base64URL)
            guard second - first > 10, second < bytes.count, bytes[second] == 0x2E else { return nil }
            let end = SecretScan.run(bytes, from: second + 1, .base64URL)
            return end - second > 10 ? at..<end : nil
        },
        SecretRule(
            "private-key", anchors: ["-----BEGIN "],
            example: "-----BEGIN OPENSSH PRIVATE KEY-----\n" + filler(70) + "\n-----END OPENSSH PRIVATE KEY-----",
            nearMiss: "-----BEGIN PUBLIC KEY-----\n" + filler(64) + "\n-----END PUBLIC KEY-----"
        ) { bytes, at, length in
            // The header's line must say PRIVATE KEY; the block ends at its END line (or where its
            // base64 ends, when the text was cut).
            var lineEnd = at + length
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A, lineEnd - at < 80 { lineEnd += 1 }
            let header = String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<lineEnd]), as: UTF8.self)
            guard header.contains("PRIVATE KEY-----") else { return nil }
            var index = lineEnd
            while index < bytes.count {
                if bytes[index] == 0x2D, SecretScan.has(bytes, index, "-----END ") {
                    // The END line, to the dashes that close it (what follows on the line is not the key's).
                    var end = index + 9
                    while end < bytes.count, bytes[end] != 0x0A, end - index < 80 {
                        if SecretScan.has(bytes, end, "-----") {
                            end += 5
                            break
                        }
                        end += 1
                    }
                    return at..<end
                }
                let byte = bytes[index]
                let inBlock =
                    ByteSet.base64.contains(byte) || byte == 0x0A || byte == 0x0D || byte == 0x5C
                    || byte == 0x3A || byte == 0x2C || byte == 0x20 || byte == 0x2D
                guard inBlock else { break }
                index += 1
            }
            return index - lineEnd > 40 ? at..<index : nil
        },
        SecretRule(
            "url-password", anchors: ["://"], example: "postgres://app:" + filler(16) + "@db.internal:5432/app",
            nearMiss: "http://localhost:8080/path and https://user@example.com and postgres://app:${DB_PASSWORD}@db"
        ) { bytes, at, length in
            // scheme://user:password@host: the password alone.
            let userEnd = SecretScan.run(bytes, from: at + length, ByteSet.identifier)
            guard userEnd > at + length, userEnd < bytes.count, bytes[userEnd] == 0x3A else { return nil }
            var end = userEnd + 1
            while end < bytes.count, end - userEnd < 200 {
                let byte = bytes[end]
                if byte == 0x40 || byte == 0x2F || byte <= 0x20 || byte == 0x22 || byte == 0x27 { break }
                end += 1
            }
            guard end < bytes.count, bytes[end] == 0x40, end - userEnd > 3 else { return nil }
            let password = String(decoding: UnsafeBufferPointer(rebasing: bytes[userEnd + 1..<end]), as: UTF8.self)
            guard !SecretScan.isPlaceholder(password), !password.allSatisfy(\.isNumber),
                password.lowercased() != "password", password.lowercased() != "pass"
            else { return nil }
            return userEnd + 1..<end
        },
        SecretRule(
            "authorization-header", anchors: ["Authorization:", "authorization:", "AUTHORIZATION:"],
            example: "curl -H \"Authorization: Bearer " + filler(40) + "\" https://api.example.com",
            nearMiss: "Authorization: Bearer ${TOKEN} and Authorization: Bearer <token>"
        ) { bytes, at, length in
            var index = at + length
            while index < bytes.count, bytes[index] == 0x20 { index += 1 }
            // An optional scheme word (Bearer, Basic, Token, Bot), then the credential.
            let word = SecretScan.run(bytes, from: index, .alphanumeric)
            if word < bytes.count, bytes[word] == 0x20, word - index <= 8 {
                index = word
                while index < bytes.count, bytes[index] == 0x20 { index += 1 }
            }
            let end = SecretScan.run(bytes, from: index, ByteSet.credential)
            guard end - index >= 8 else { return nil }
            let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self)
            return SecretScan.isPlaceholder(value) ? nil : index..<end
        },
        {
            var rule = SecretRule(
                "secret-assignment", anchors: ["=", ":"], example: "DATABASE_PASSWORD=" + filler(20),
                nearMiss: "max_tokens: 4096, OPENAI_API_KEY=your-key-here, password: ${DB_PASSWORD}, tokenizer: porter"
            ) { bytes, at, _ in SecretAssignment.value(bytes, at) }
            // The last letters ``SecretAssignment/endsInSecretWord(_:_:)`` looks at first.
            rule.nameEndsIn = SecretAssignment.lastLetters
            return rule
        }(),
    ]
}

/// `NAME=value`, `NAME: value`, `"name": "value"`: the value, where the name says it is a secret
/// (KEY, SECRET, TOKEN, PASSWORD, PASSWD) and the value looks like one (eight characters or more
/// of a secret's alphabet, letters and digits mixed or long and of both cases, not a stand-in).
enum SecretAssignment {
    static let words = ["KEY", "SECRET", "TOKEN", "PASSWORD", "PASSWD"]

    /// Names whose KEY is not a secret's: a cache's, a sort's, a table's, a map's, a public one.
    static let plainKeys = [
        "CACHE", "SORT", "PRIMARY", "FOREIGN", "PARTITION", "ROUTING", "OBJECT", "BUCKET", "LOOKUP", "HASH", "MAP",
        "DICT", "REGISTRY", "PUBLIC", "PUB", "IDEMPOTENCY", "UNIQUE", "GROUP", "SHARD", "ROW", "TRANSLATION",
        "LOCALE", "I18N", "SESSION_STORAGE", "LOCAL_STORAGE", "QUERY", "REACT", "LIST", "ITEM", "RENDER", "MONKEY",
        "TURKEY", "HOT", "SHORTCUT",
    ]
    /// Names whose TOKEN is not a secret: a page's or a cursor's.
    static let plainTokens = ["PAGE", "NEXT", "CURSOR", "CONTINUATION", "SYNC", "MAX", "NUM", "COUNT", "CSRF_COOKIE"]

    /// Whether `name` (upper case) says its value is a secret: API_KEY, apiKey, SECRET, client_secret,
    /// TOKEN, auth_token, PASSWORD, db_passwd; not a bare `key`, a cache's key, a page token, a token
    /// count or a tokenizer.
    static func isSecretName(_ name: String) -> Bool {
        let bare = name.split(separator: ".").last.map(String.init) ?? name
        guard bare != "KEY", !bare.hasSuffix("_ID"), !bare.hasSuffix("TOKENS"), !bare.contains("TOKENIZ"),
            !bare.contains("KEYBOARD"), !bare.contains("KEYWORD")
        else { return false }
        for word in words {
            guard let range = lastRange(of: word, in: bare) else { continue }
            var before = bare[..<range.lowerBound]
            while let last = before.last, last == "_" || last == "-" { before.removeLast() }
            if word == "KEY",
                plainKeys.contains(where: { before == $0 || before.hasSuffix("_" + $0) || before.hasSuffix($0) })
            {
                return false
            }
            if word == "TOKEN", plainTokens.contains(where: { before.hasSuffix($0) }) { return false }
            // The word ends the name or a part of it (API_KEY_FILE is a path's name, not a key).
            let after = bare[range.upperBound...]
            return after.isEmpty || after == "S" && word != "TOKEN"
        }
        return false
    }

    /// The words ``mentionsSecret(_:_:)`` looks for, lower case: made once (made at each look,
    /// they were most of the cost of redacting text with many `:` and `=` in it).
    static let secretWords: [[UInt8]] = [
        Array("key".utf8), Array("secret".utf8), Array("token".utf8), Array("passw".utf8),
    ]

    /// Whether the name's bytes hold KEY, SECRET, TOKEN or PASSW in any case: the look before any
    /// text is made of it.
    static func mentionsSecret(_ bytes: SecretRule.Bytes, _ range: Range<Int>) -> Bool {
        let patterns = secretWords
        for start in range {
            let first = bytes[start] | 0x20
            guard first == 0x6B || first == 0x73 || first == 0x74 || first == 0x70 else { continue }
            for pattern in patterns where pattern[0] == first && start + pattern.count <= range.upperBound {
                var matched = 1
                while matched < pattern.count, bytes[start + matched] | 0x20 == pattern[matched] { matched += 1 }
                if matched == pattern.count { return true }
            }
        }
        return false
    }

    /// Whether `name` holds KEY, SECRET, TOKEN or PASSW in any case.
    static func mentionsSecret(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { mentionsSecret($0, 0..<$0.count) }
    }

    /// Where `word` last stands in `text` (ASCII), or nil.
    static func lastRange(of word: String, in text: String) -> Range<String.Index>? {
        let characters = Array(text.utf8)
        let pattern = Array(word.utf8)
        guard characters.count >= pattern.count else { return nil }
        var start = characters.count - pattern.count
        while start >= 0 {
            if characters[start..<start + pattern.count].elementsEqual(pattern) {
                let utf8 = text.utf8
                let lower = utf8.index(utf8.startIndex, offsetBy: start)
                return lower..<utf8.index(lower, offsetBy: pattern.count)
            }
            start -= 1
        }
        return nil
    }

    /// The ends a secret's name can have (see ``isSecretName(_:)``: KEY, SECRET, TOKEN, PASSWORD or
    /// PASSWD, or a plural but TOKENS), lower case and reversed, by their last letter.
    /// The last letters a secret's name may end in (lower case): those below.
    static let lastLetters = "ytnds"
    static let endsInY = reversed(["key"])
    static let endsInT = reversed(["secret"])
    static let endsInN = reversed(["token"])
    static let endsInD = reversed(["password", "passwd"])
    static let endsInS = reversed(["keys", "secrets", "passwords", "passwds"])

    private static func reversed(_ words: [String]) -> [[UInt8]] { words.map { Array($0.utf8.reversed()) } }

    /// Whether the bytes just before `end` end as a secret's name can, in any case: what
    /// ``isSecretName(_:)`` asks before anything else, by bytes.
    static func endsInSecretWord(_ bytes: SecretRule.Bytes, _ end: Int) -> Bool {
        guard end >= 3 else { return false }
        // The last letter first: most names end in none of these.
        let endings: [[UInt8]]
        switch bytes[end - 1] | 0x20 {
        case UInt8(ascii: "y"): endings = endsInY
        case UInt8(ascii: "t"): endings = endsInT
        case UInt8(ascii: "n"): endings = endsInN
        case UInt8(ascii: "d"): endings = endsInD
        case UInt8(ascii: "s"): endings = endsInS
        default: return false
        }
        for ending in endings where ending.count <= end {
            var matched = 1
            while matched < ending.count, bytes[end - 1 - matched] | 0x20 == ending[matched] { matched += 1 }
            if matched == ending.count { return true }
        }
        return false
    }

    static func value(_ bytes: SecretRule.Bytes, _ at: Int) -> Range<Int>? {
        // `==`, `=>`, `:=`'s second half, `::` are code, not an assignment.
        if at + 1 < bytes.count, bytes[at + 1] == 0x3D || bytes[at + 1] == 0x3E || bytes[at + 1] == 0x3A {
            return nil
        }
        if at > 0, bytes[at - 1] == 0x3D || bytes[at - 1] == 0x3A || bytes[at - 1] == 0x21 { return nil }
        // The name just before (a quote and spaces between them allowed).
        var nameEnd = at
        while nameEnd > 0, bytes[nameEnd - 1] == 0x20 { nameEnd -= 1 }
        if nameEnd > 0, bytes[nameEnd - 1] == 0x22 || bytes[nameEnd - 1] == 0x27 { nameEnd -= 1 }
        // Most `:` and `=` are passed over here, before any text is made.
        guard endsInSecretWord(bytes, nameEnd) else { return nil }
        var nameStart = nameEnd
        while nameStart > 0, ByteSet.identifier.contains(bytes[nameStart - 1]), nameEnd - nameStart < 64 {
            nameStart -= 1
        }
        guard nameEnd - nameStart >= 3, mentionsSecret(bytes, nameStart..<nameEnd) else { return nil }
        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[nameStart..<nameEnd]), as: UTF8.self)
            .uppercased()
        guard isSecretName(name) else { return nil }
        // The value after (spaces and a quote allowed).
        var start = at + 1
        while start < bytes.count, bytes[start] == 0x20 { start += 1 }
        if start < bytes.count, bytes[start] == 0x22 || bytes[start] == 0x27 || bytes[start] == 0x60 { start += 1 }
        let end = SecretScan.run(bytes, from: start, ByteSet.assignedValue)
        guard end - start >= 8, end - start <= 500 else { return nil }
        // A call, an index or a member (os.environ[...], getpass(), config.key) is code.
        if end < bytes.count, bytes[end] == 0x28 || bytes[end] == 0x5B { return nil }
        let value = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        guard !SecretScan.isPlaceholder(value), !value.contains("..") else { return nil }
        let hasDigit = value.contains(where: \.isNumber)
        let hasLetter = value.contains(where: \.isLetter)
        let hasUpper = value.contains(where: \.isUppercase)
        let hasLower = value.contains(where: \.isLowercase)
        let looksSecret = (hasDigit && hasLetter) || (value.count >= 20 && hasUpper && hasLower)
        guard looksSecret, !value.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" }) else { return nil }
        // A dotted name without digits (process.env.KEY, settings.SECRET) is a reference.
        if value.contains("."), !hasDigit { return nil }
        return start..<end
    }
}
