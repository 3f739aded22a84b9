import Foundation
import Teletype
import TeletypeSessions
import TeletypeTestSupport
import Testing

/// An array document's elements found a chunk at a time are the elements a whole parse finds, at
/// their offsets, whatever the chunks' size: random arrays of every kind of value, strings with
/// escapes and brackets, white space anywhere; and what is not one array is said to be not.
@Suite struct JSONArrayElementsTests {
    static func value(_ random: inout SeededGenerator, depth: Int) -> JSONValue {
        switch Int.random(in: 0..<(depth > 2 ? 4 : 6), using: &random) {
        case 0: return .number(Double(Int.random(in: -1000...1000, using: &random)) / 4)
        case 1:
            let pieces = ["a", "\"", "\\", "]", "}", "[", "{", ",", "é", "😀", "\n", "\u{1}", " "]
            return .string(
                (0..<Int.random(in: 0...12, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            )
        case 2: return .bool(Bool.random(using: &random))
        case 3: return .null
        case 4:
            return .array((0..<Int.random(in: 0...4, using: &random)).map { _ in value(&random, depth: depth + 1) })
        default:
            return .object(
                JSONObject(
                    (0..<Int.random(in: 0...4, using: &random)).map { ("k\($0)", value(&random, depth: depth + 1)) }))
        }
    }

    static func write(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("array-\(UUID()).json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test(arguments: 0..<30)
    func elementsAreWhatAWholeParseFinds(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        let elements = (0..<Int.random(in: 0...30, using: &random)).map { _ in Self.value(&random, depth: 0) }
        let spaces = ["", " ", "\n", "\r\n\t  "]
        var text = spaces.randomElement(using: &random)! + "["
        var offsets: [Int] = []
        for (index, element) in elements.enumerated() {
            if index > 0 { text += spaces.randomElement(using: &random)! + "," }
            text += spaces.randomElement(using: &random)!
            offsets.append(text.utf8.count)
            text += element.jsonText
        }
        text += spaces.randomElement(using: &random)! + "]" + spaces.randomElement(using: &random)!
        let path = try Self.write(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        for chunkSize in [1, 2, 7, 64, 1 << 20] {
            var found: [(JSONValue?, Int)] = []
            let isArray = try JSONArrayElements.forEach(inFileAt: path, chunkSize: chunkSize) { bytes, offset in
                found.append((try? JSONParser.parse(bytes), offset))
            }
            #expect(isArray, "\(text)")
            #expect(found.map(\.0) == elements.map { $0 }, "chunks of \(chunkSize): \(text)")
            #expect(found.map(\.1) == offsets, "chunks of \(chunkSize): \(text)")
        }
    }

    @Test(arguments: ["", "{}", "[1,]", "[1 2]", "[1", "[[1]", "[1] x", "x[1]", "[,1]", #"["a]"#, "[1]]"])
    func whatIsNotOneArrayIsSaidToBeNot(_ text: String) throws {
        let path = try Self.write(text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        for chunkSize in [1, 3, 1 << 20] {
            #expect(try !JSONArrayElements.forEach(inFileAt: path, chunkSize: chunkSize) { _, _ in }, "\(text)")
        }
    }
}
