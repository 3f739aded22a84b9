import TeletypeTestSupport
import Testing

@testable import TeletypeLayout

/// A fence's language name, read by bytes where its characters are ASCII, is the name its
/// characters give: on random info strings of names, braces, dots, commas, spaces, capitals and
/// characters that join the one before (combining marks after a delimiter among them).
@Suite struct FenceNameTests {
    /// The name as the characters of the lowered info string give it.
    static func byCharacters(_ info: String) -> String {
        var name = Substring(info.lowercased())
        name = name.drop { $0 == "{" || $0 == "." || $0 == " " }
        if let end = name.firstIndex(where: { $0 == "," || $0 == " " || $0 == "}" || $0 == "{" }) {
            name = name[..<end]
        }
        return String(name)
    }

    @Test(arguments: [1, 2, 3])
    func theNameIsTheOneItsCharactersGive(_ seed: UInt64) {
        let pieces = [
            "python", "Rust", "C++", "{", "}", ".", ",", " ", "ignore", "\u{301}", "é", "Ü", "日本", "js", "TS", "x",
            "\t", "=", "-",
        ]
        var random = SeededGenerator(seed: seed)
        for _ in 0..<3_000 {
            let info = (0..<Int.random(in: 0..<6, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            #expect(Languages.fenceName(info) == Self.byCharacters(info), "\(info.debugDescription)")
        }
    }
}
