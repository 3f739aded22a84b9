import TeletypeTestSupport
import Testing

@testable import TeletypeTranscripts

/// The look at a name's last letters that passes over most `:` and `=` never passes over a name
/// the full judgement calls a secret's: on names made of the words secrets' names are made of,
/// in every case, and random identifiers.
@Suite struct SecretNameEndTests {
    static let words = [
        "api", "KEY", "key", "Key", "keys", "SECRET", "secret", "Secrets", "token", "TOKEN", "tokens", "PASSWORD",
        "passwords", "Passwd", "passwds", "id", "ID", "cache", "page", "next", "client", "auth", "file", "s", "S",
        "_", "-", ".", "x", "tokenizer", "keyboard", "db", "public",
    ]

    @Test(arguments: [1, 2, 3])
    func everySecretNameIsLetThrough(_ seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var secretNames = 0
        for _ in 0..<20_000 {
            let name = (0..<Int.random(in: 1...4, using: &random)).map { _ in
                Bool.random(using: &random)
                    ? Self.words.randomElement(using: &random)!
                    : String(UInt8.random(in: 0x41...0x7A, using: &random)).map { _ in
                        Character(Unicode.Scalar(UInt8.random(in: 0x61...0x7A, using: &random)))
                    }.map(String.init).joined()
            }.joined()
            var copy = name
            let passes = copy.withUTF8 { SecretAssignment.endsInSecretWord($0, $0.count) }
            // A name ending in a dot ("password.") is judged by its last part, but an assignment's
            // name never ends in one: its last letter is looked at first, as it always was.
            if !name.hasSuffix("."), SecretAssignment.isSecretName(name.uppercased()) {
                secretNames += 1
                #expect(passes, "\(name)")
            }
        }
        // The names tried hold secrets' names, not only others.
        #expect(secretNames > 1_000)
    }
}
