import Teletype
import TeletypeTestSupport
import Testing

/// Strings joined by hand are what the standard library's `joined(separator:)` makes: none, one,
/// many, empty parts and separators, non-ASCII.
@Suite struct JoinedTests {
    @Test(arguments: [1, 2, 3])
    func joinedByHandIsJoined(_ seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let words = ["", "a", "bc", "é", "日本", "👩‍💻", " ", "\u{301}"]
        for _ in 0..<500 {
            let parts = (0..<Int.random(in: 0..<6, using: &random)).map { _ in words.randomElement(using: &random)! }
            let separator = ["", ", ", "/", "\n  ", "\u{301}"].randomElement(using: &random)!
            #expect(Joined.strings(parts, separator: separator) == parts.joined(separator: separator))
            let slice = parts.dropFirst()
            #expect(Joined.strings(slice, separator: separator) == slice.joined(separator: separator))
        }
    }
}
