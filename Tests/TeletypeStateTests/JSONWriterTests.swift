import Teletype
import TeletypeTestSupport
import Testing

/// JSON text as Teletype writes it: each string escaped as the rule says (`"` and `\`, line feeds,
/// returns and tabs by their letters, every other control character — C0, DEL, C1 — as `\u00xx`,
/// the rest as it is), whatever runs of it come between the escapes, and read back as it was.
@Suite struct JSONWriterTests {
    /// The rule, a character at a time: what one character is written as.
    static func written(_ scalar: Unicode.Scalar) -> String {
        let named: [Unicode.Scalar: String] = ["\"": #"\""#, "\\": #"\\"#, "\n": #"\n"#, "\r": #"\r"#, "\t": #"\t"#]
        if let name = named[scalar] { return name }
        let isControl = scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
        guard isControl else { return String(scalar) }
        let hex = String(scalar.value, radix: 16)
        return #"\u"# + String(repeating: "0", count: 4 - hex.count) + hex
    }

    /// `text` as a JSON string by the rule.
    static func escaped(_ text: String) -> String {
        "\"" + text.unicodeScalars.map(written).joined() + "\""
    }

    static let texts = [
        "", "plain", "\"", "\\", "a\"b\\c", "line\nfeed\r\nand\ttab", "\u{0}\u{1}\u{1F}\u{7F}", "\u{80}\u{85}\u{9F}",
        "\u{A0}é\u{C2}\u{FF}", "日本語", "👩‍💻 🇫🇷", "ends with a control\u{1B}", "\u{1B}[31mred\u{1B}[0m",
        String(repeating: "long run without escapes ", count: 200) + "\"",
    ]

    @Test(arguments: texts)
    func aStringIsEscapedByTheRule(_ text: String) throws {
        #expect(JSONValue.string(text).jsonText == Self.escaped(text))
        #expect(try JSONParser.parse(JSONValue.string(text).jsonText) == .string(text))
    }

    /// Strings drawn from every kind of character in turn, escaped by the rule and read back.
    @Test func generatedStringsAreEscapedByTheRule() throws {
        var generator = SeededGenerator(seed: 0x7E1E_7E1E)
        let pieces: [String] = [
            "a", "Z", " ", "\"", "\\", "\n", "\r", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}",
            "é", "\u{FFFD}", "日", "👩‍💻", "/", "{", "}",
        ]
        for _ in 0..<500 {
            let count = Int.random(in: 0..<40, using: &generator)
            let text = (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
            #expect(JSONValue.string(text).jsonText == Self.escaped(text))
            #expect(try JSONParser.parse(JSONValue.string(text).jsonText) == .string(text))
        }
    }

    @Test func valuesAreWrittenCompactAndIndented() {
        let value: JSONValue = ["b": [1, 2.5, "x\n"], "a": nil, "c": [:], "d": [], "e": true]
        #expect(value.jsonText == #"{"b":[1,2.5,"x\n"],"a":null,"c":{},"d":[],"e":true}"#)
        #expect(
            value.prettyJSONText == """
                {
                  "b": [
                    1,
                    2.5,
                    "x\\n"
                  ],
                  "a": null,
                  "c": {},
                  "d": [],
                  "e": true
                }
                """)
    }
}
