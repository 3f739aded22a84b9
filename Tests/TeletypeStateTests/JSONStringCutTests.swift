import Teletype
import Testing

/// Strings read within `JSONParser.withStringsCut(to:)` are their first bytes, cut at a
/// character; outside it, whole. The few fields `JSONFields` reads are those a full parse finds,
/// whatever the keys' escapes.
@Suite struct JSONStringCutTests {
    static let texts = [
        "plain ASCII text that runs on for a while", "été à Paris, çà et là", "日本語のテキストです",
        "emoji 👩‍💻 and flags 🇫🇷🇯🇵", "line one\nline \"two\"\ttabbed \\ back", "", "x",
    ]

    /// `text` as JSON, every character past ASCII written as a `\u` escape when `escaping`.
    static func json(_ text: String, escaping: Bool) -> String {
        guard escaping else { return JSONValue.string(text).jsonText }
        var out = "\""
        for unit in text.utf16 {
            switch unit {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x20..<0x7F: out += String(UnicodeScalar(UInt8(unit)))
            default:
                let hex = String(unit, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return out + "\""
    }

    /// The longest prefix of `text` whose UTF-8 fits in `limit` bytes, cut at a scalar.
    static func prefix(_ text: String, bytes limit: Int) -> String {
        var out = ""
        var used = 0
        for scalar in text.unicodeScalars {
            let size = String(scalar).utf8.count
            if used + size > limit { break }
            out.unicodeScalars.append(scalar)
            used += size
        }
        return out
    }

    @Test(arguments: texts)
    func aLongStringIsItsFirstBytesCutAtACharacter(_ text: String) throws {
        for escaping in [false, true] {
            let document =
                "{\"a\": \(Self.json(text, escaping: escaping)), \"b\": [\(Self.json(text, escaping: escaping))]}"
            let whole = try JSONParser.parse(document)
            #expect(whole["a"] == .string(text))
            for limit in [4, 5, 7, 9, 12, 17, 40, 200] {
                let cut = try JSONParser.withStringsCut(to: limit) { try JSONParser.parse(document) }
                let expected = text.utf8.count > limit ? Self.prefix(text, bytes: limit) : text
                #expect(cut["a"] == .string(expected), "\(limit) \(escaping)")
                #expect(cut["b"]?.array?.first == .string(expected))
                // Keys are never cut short of what the limit allows, and the rest is as whole.
                #expect(cut.object?.keys == whole.object?.keys)
            }
        }
        // Outside, nothing is cut.
        #expect(try JSONParser.parse(Self.json(text, escaping: true)) == .string(text))
    }

    @Test func anInvalidStringIsAnErrorCutOrNot() {
        for document in ["\"abc\\q long enough to be cut\"", "\"unterminated and long enough", "\"tab\there\""] {
            #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(document) }
            #expect(throws: JSONParser.Failure.self) {
                try JSONParser.withStringsCut(to: 4) { try JSONParser.parse(document) }
            }
        }
    }

    /// Fields by their paths are what a full parse finds, keys written with escapes or not,
    /// nested or not, present or not, once or twice.
    @Test func fieldsAreWhatAFullParseFinds() throws {
        let fields = JSONFields(["type", "message.id", "message.role", "payload.type", "é", "missing.deep"])
        var generator = SystemRandomNumberGenerator()
        let keys = ["type", "ty\\u0070e", "message", "mess\\u0061ge", "id", "role", "payload", "\\u00e9", "é", "other"]
        func value(_ depth: Int) -> String {
            switch Int.random(in: 0..<(depth > 2 ? 3 : 5), using: &generator) {
            case 0: return Self.json("v\(Int.random(in: 0..<9))", escaping: Bool.random())
            case 1: return String(Int.random(in: -5...5))
            case 2: return ["true", "null", "[1, \"x\"]"].randomElement()!
            default: return object(depth + 1)
            }
        }
        // A key may come twice in an object (however it is written): the last one counts, as in
        // a parse, an object under it included.
        func object(_ depth: Int) -> String {
            var pairs: [String] = []
            for _ in 0..<Int.random(in: 0...5) {
                pairs.append("\"\(keys.randomElement()!)\": \(value(depth))")
            }
            return "{" + pairs.joined(separator: ", ") + "}"
        }
        for _ in 0..<500 {
            let document = object(0)
            let whole = try JSONParser.parse(document)
            let values = try #require(
                document.utf8CString.withUnsafeBytes { raw in
                    fields.values(UnsafeRawBufferPointer(rebasing: raw[..<(raw.count - 1)]))
                })
            for (place, path) in fields.paths.enumerated() {
                var found: JSONValue? = whole
                for key in path.split(separator: ".") { found = found?.object?[String(key)] }
                #expect(values[place] == found, "\(path) in \(document)")
            }
        }
    }

    /// Line after line read into one reused array: what was handed over for each line stays what
    /// that line holds, a line that is not an object reads as nothing, and the next reads whole.
    @Test func fieldsReadLineAfterLineKeepTheirOwnValues() throws {
        let fields = JSONFields(["type", "message.id"])
        let lines = [
            #"{"type": "user", "message": {"id": "m1"}}"#, #"["not", "an", "object"]"#,
            #"{"message": {"id": "m2"}}"#, #"{"type": "assistant"} trailing"#, #"{"type": "tool"}"#,
        ]
        var scratch: [JSONValue?] = []
        var kept: [JSONFields.Found?] = []
        for line in lines {
            kept.append(Array(line.utf8).withUnsafeBytes { fields.read($0, reusing: &scratch) })
        }
        #expect(kept.map { $0?["type"]?.string } == ["user", nil, nil, nil, "tool"])
        #expect(kept.map { $0?["message.id"]?.string } == ["m1", nil, "m2", nil, nil])
        #expect(kept.map { $0 == nil } == [false, true, false, true, false])
    }

    /// A number written with leading zeros is read by a field's scan as a parse reads it, wanted or
    /// passed over: the two agree on whether a line is JSON (a fuzzed log read as a small file and
    /// as a large one once did not).
    @Test func aNumberWithLeadingZerosIsReadAsAParseReadsIt() throws {
        let line = #"{"t": 0012, "u": -007.5, "v": [00, 1]}"#
        let parsed = try JSONParser.parse(line)
        let found = try #require(Array(line.utf8).withUnsafeBytes { JSONFields(["t"]).read($0) })
        #expect(found["t"] == parsed["t"] && found["t"]?.number == 12)
    }

    /// A probed field keeps its shape — a string empty or not, an array's length, an object's keys,
    /// a number — with its strings cut to a few bytes, and two levels of it: what is deeper is read
    /// as empty.
    @Test(arguments: [
        ("\"\"", JSONValue.string("")), ("\"a long text of many words\"", .string("a long t")),
        ("\"日本語の文\"", .string("日本")),
        ("[1, \"two\", {\"a long key\": \"a long value\"}]", JSONValue.array([1, "two", ["a long key": "a long v"]])),
        ("12.5", .number(12.5)), ("null", .null),
        (
            "[{\"call\": {\"args\": {\"a\": 1}}, \"list\": [1, [2]], \"text\": \"words\"}, []]",
            .array([["call": [:], "list": [], "text": "words"], []])
        ),
        ("{\"nested\": {\"deeper\": {\"deepest\": 1}}}", ["nested": ["deeper": [:]]] as JSONValue),
    ])
    func aProbedFieldKeepsItsShape(field: String, probed: JSONValue) throws {
        let fields = JSONFields(["type"], probing: ["body"])
        let document = "{\"type\": \"a type longer than eight bytes\", \"body\": \(field)}"
        let found = try #require(Array(document.utf8).withUnsafeBytes { fields.read($0) })
        #expect(found["body"] == probed)
        #expect(found["type"]?.string == "a type longer than eight bytes")
    }
}
