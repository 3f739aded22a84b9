import Teletype
import TeletypeTestSupport
import Testing

/// A JSON object keeps its pairs in one array (and an index once it holds many): what it answers
/// must be what a dictionary with the keys' order beside it answers, at every size.
@Suite struct JSONObjectStorageTests {
    @Test(arguments: [3, 24, 25, 200])
    func answersAsADictionaryWithOrderDoes(keyCount: Int) {
        var random = SeededGenerator(seed: UInt64(keyCount))
        var object = JSONObject()
        var reference: [String: Double] = [:]
        var order: [String] = []
        for step in 0..<(keyCount * 8) {
            let key = "k\(Int.random(in: 0..<keyCount, using: &random))"
            if Int.random(in: 0..<5, using: &random) == 0 {
                object[key] = nil
                reference[key] = nil
                order.removeAll { $0 == key }
            } else {
                object[key] = .number(Double(step))
                if reference.updateValue(Double(step), forKey: key) == nil { order.append(key) }
            }
            #expect(object.keys == order)
            #expect(object.count == order.count)
        }
        for key in order { #expect(object[key] == .number(reference[key]!)) }
        #expect(object["absent"] == nil)
        #expect(object.pairs.map(\.key) == order)
    }

    @Test func aRepeatedKeyKeepsItsPlaceAndItsLastValue() throws {
        let value = try JSONParser.parse(#"{"a": 1, "b": 2, "a": 3}"#)
        #expect(value.object?.keys == ["a", "b"])
        #expect(value["a"] == .number(3))
    }

    /// A parse builds an object without looking its keys up while no two can be equal; random
    /// objects of few, often repeated keys (escaped or not) read as the same pairs set one by one.
    @Test(arguments: 0..<20)
    func aParsedObjectIsItsPairsSetInOrder(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed))
        let alphabet = [
            "a", "b", "ab", "ba", "é", "aa", "abc", "cba", "key", "kez", "ke", #"x\u0061"#, "xa", #"\u0061"#,
        ]
        for _ in 0..<50 {
            let count = Int.random(in: 0...30, using: &random)
            let keys = (0..<count).map { _ in alphabet.randomElement(using: &random)! }
            let text = "{" + keys.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ",") + "}"
            let parsed = try #require(try JSONParser.parse(text).object)
            let decoded = keys.map { $0.replacingOccurrences(of: #"\u0061"#, with: "a") }
            let expected = JSONObject(decoded.enumerated().map { ($1, JSONValue.number(Double($0))) })
            #expect(parsed == expected, "\(text)")
            for key in Set(decoded) { #expect(parsed[key] == expected[key]) }
        }
    }

    /// Whole numbers are read without a string; every one reads as `Double` reads its text.
    @Test func numbersReadAsDoubleReadsTheirText() throws {
        var random = SeededGenerator(seed: 7)
        var texts = [
            "0", "-0", "1", "-1", "999999999999999", "-999999999999999", "1000000000000000",
            "12345678901234567890", "1.5", "-2.25e3", "1E2", "0.1", "9007199254740993",
        ]
        for _ in 0..<2000 {
            let digits = Int.random(in: 1...18, using: &random)
            let number = (0..<digits).map { _ in String(Int.random(in: 0...9, using: &random)) }.joined()
            texts.append((Bool.random(using: &random) ? "-" : "") + number)
        }
        for text in texts {
            let parsed = try JSONParser.parse("[\(text)]")
            #expect(parsed.array?.first?.number?.bitPattern == Double(text)?.bitPattern, "\(text)")
        }
    }

    @Test func objectsAreEqualWhenTheirPairsAreInTheSameOrder() {
        let ab = JSONObject([("a", 1), ("b", 2)])
        #expect(ab == JSONObject([("a", 1), ("b", 2)]))
        #expect(ab != JSONObject([("b", 2), ("a", 1)]))
        #expect(Set([ab, JSONObject([("a", 1), ("b", 2)])]).count == 1)
    }

    @Test func aParsedObjectOfManyKeysFindsEachOfThem() throws {
        let text = "{" + (0..<5000).map { "\"key\($0)\": \($0)" }.joined(separator: ",") + "}"
        let object = try #require(try JSONParser.parse(text).object)
        #expect(object.count == 5000)
        for index in stride(from: 0, to: 5000, by: 97) { #expect(object["key\(index)"] == .number(Double(index))) }
    }
}

/// `byteRange(of:)` and its kin find what a byte-by-byte look finds, in text of every script.
@Suite struct ByteSearchTests {
    static func reference(_ needle: [UInt8], in haystack: [UInt8], last: Bool) -> Int? {
        guard !needle.isEmpty, needle.count <= haystack.count else { return nil }
        let starts = Array(0...(haystack.count - needle.count))
        let hits = starts.filter { Array(haystack[$0..<($0 + needle.count)]) == needle }
        return last ? hits.last : hits.first
    }

    @Test func findsWhatALookAtEveryByteFinds() {
        var random = SeededGenerator(seed: 7)
        let pieces = ["a", "b", "ab", "<", "/", ">", "é", "日本", "👍🏽", "\n", "\r\n", " "]
        for _ in 0..<2000 {
            let haystack = (0..<Int.random(in: 0..<30, using: &random)).map { _ in pieces.randomElement(using: &random)!
            }
            .joined()
            let needle = (0..<Int.random(in: 1..<4, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            for last in [false, true] {
                let found = last ? haystack.lastByteRange(of: needle) : haystack.byteRange(of: needle)
                let expected = Self.reference(Array(needle.utf8), in: Array(haystack.utf8), last: last)
                #expect(found.map { haystack.utf8.distance(from: haystack.startIndex, to: $0.lowerBound) } == expected)
                if let found { #expect(haystack.utf8[found].elementsEqual(needle.utf8)) }
            }
            #expect(
                haystack.containsBytes(needle)
                    == (Self.reference(Array(needle.utf8), in: Array(haystack.utf8), last: false) != nil))
        }
    }

    @Test func searchesASubstringWithinItsBounds() {
        let text = "<a>one</a><a>two</a>"
        let rest = text[text.byteRange(of: "</a>")!.upperBound...]
        let open = rest.byteRange(of: "<a>")!
        #expect(rest[open.upperBound...].hasPrefix("two"))
        #expect(rest.lastByteRange(of: "</a>")!.upperBound == text.endIndex)
        #expect(rest.byteRange(of: "one") == nil)
        #expect("".byteRange(of: "a") == nil)
        #expect("abc".byteRange(of: "") == nil)
        #expect("abc".containsBytes(""))
    }
}
