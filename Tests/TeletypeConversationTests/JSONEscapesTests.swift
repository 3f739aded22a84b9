import Teletype
import TeletypeTestSupport
import Testing

/// A JSON string with escapes is unescaped into a buffer kept from string to string: strings of
/// escapes and plain runs of every length, one after another in an object (the buffer reused, grown
/// past its first room), are each the text their pieces stand for.
@Suite struct JSONEscapesTests {
    /// Pieces of a string as written in JSON, with the text each stands for.
    static let pieces: [(written: String, text: String)] = [
        ("a", "a"), ("plain words ", "plain words "), ("é", "é"), ("日本", "日本"), ("\\n", "\n"), ("\\t", "\t"),
        ("\\\"", "\""), ("\\\\", "\\"), ("\\/", "/"), ("\\b", "\u{8}"), ("\\f", "\u{C}"), ("\\r", "\r"),
        ("\\u00e9", "é"), ("\\u65E5", "日"), ("\\ud83d\\ude00", "😀"), ("\\ud800", "\u{FFFD}"), ("\\u0000", "\u{0}"),
        (String(repeating: "x", count: 300), String(repeating: "x", count: 300)),
    ]

    @Test(arguments: [1, 2, 3])
    func eachStringIsWhatItsPiecesStandFor(_ seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<300 {
            var written: [String] = []
            var expected: [String] = []
            for _ in 0..<Int.random(in: 1..<8, using: &random) {
                var string = ""
                var text = ""
                for _ in 0..<Int.random(in: 0..<40, using: &random) {
                    let piece = Self.pieces.randomElement(using: &random)!
                    string += piece.written
                    text += piece.text
                }
                written.append(string)
                expected.append(text)
            }
            let json =
                "{" + written.enumerated().map { "\"k\($0.offset)\":\"\($0.element)\"" }.joined(separator: ",") + "}"
            let value = try Array(json.utf8).withUnsafeBytes { try JSONParser.parse($0) }
            for (index, text) in expected.enumerated() {
                #expect(value["k\(index)"] == .string(text), "\(written[index])")
            }
        }
    }
}
