import Teletype
import TeletypeTestSupport
import Testing

/// The fields of an object already parsed are the values its paths lead to, each path walked
/// from the object (its keys shared with the path before walked once): on random objects of a
/// few nested keys, for random lists of paths that share their first keys, repeat, and hold one
/// another.
@Suite struct JSONFieldsOfValueTests {
    static let keys = ["a", "b", "message", "content", "id", "é"]

    static func randomValue(_ random: inout SeededGenerator, depth: Int) -> JSONValue {
        guard depth < 3, Int.random(in: 0..<4, using: &random) != 0 else {
            return Bool.random(using: &random) ? .string("v\(Int.random(in: 0..<9, using: &random))") : .number(1)
        }
        if Int.random(in: 0..<5, using: &random) == 0 { return .array([randomValue(&random, depth: depth + 1)]) }
        var pairs: [(String, JSONValue)] = []
        for key in keys where Bool.random(using: &random) {
            pairs.append((key, randomValue(&random, depth: depth + 1)))
        }
        return .object(JSONObject(pairs))
    }

    @Test(arguments: [1, 2, 3])
    func eachPathLeadsWhereItsKeysDo(_ seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<500 {
            let value = Self.randomValue(&random, depth: 0)
            let paths = (0..<Int.random(in: 1...8, using: &random)).map { _ in
                (0..<Int.random(in: 1...3, using: &random)).map { _ in Self.keys.randomElement(using: &random)! }
                    .joined(separator: ".")
            }
            let found = JSONFields(paths).read(of: value)
            for path in paths {
                var expected: JSONValue? = value
                for key in path.split(separator: ".") { expected = expected?[String(key)] }
                #expect(found[path] == expected, "\(path) in \(value)")
            }
        }
    }
}
