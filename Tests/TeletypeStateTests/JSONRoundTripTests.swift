import Teletype
import TeletypeTestSupport
import Testing

/// What Teletype writes as JSON it reads back as the same value: random trees of containers from
/// empty to forty elements, nested twelve levels; and a document cut anywhere is refused.
@Suite struct JSONRoundTripTests {
    /// A random tree: containers of 0 to 40 elements, nested up to `depth` levels below this one,
    /// of about `budget` values in all.
    static func tree(_ random: inout SeededGenerator, depth: Int, budget: inout Int) -> JSONValue {
        let sizes = [0, 1, 4, 5, 15, 16, 17, 32, 33, 40]
        budget -= 1
        switch Int.random(in: 0..<(depth > 0 && budget > 0 ? 6 : 3), using: &random) {
        case 0: return .number(Double(Int.random(in: -500...500, using: &random)))
        case 1: return .string(String(repeating: "é\"x\\\n", count: Int.random(in: 0...8, using: &random)))
        case 2: return Bool.random(using: &random) ? .null : .bool(Bool.random(using: &random))
        case 3, 4:
            let count = sizes.randomElement(using: &random)!
            var object = JSONObject()
            for index in 0..<count { object["key \(index)"] = tree(&random, depth: depth - 1, budget: &budget) }
            return .object(object)
        default:
            let count = sizes.randomElement(using: &random)!
            return .array((0..<count).map { _ in tree(&random, depth: depth - 1, budget: &budget) })
        }
    }

    @Test(arguments: 0..<12)
    func treesOfEverySizeAndDepthReadBackAsWritten(seed: Int) throws {
        var random = SeededGenerator(seed: UInt64(seed))
        for _ in 0..<6 {
            var budget = 3_000
            let value = Self.tree(&random, depth: 12, budget: &budget)
            #expect(try JSONParser.parse(value.jsonText) == value)
        }
    }

    @Test(arguments: 0..<4)
    func aDocumentCutAnywhereIsRefused(seed: Int) {
        var random = SeededGenerator(seed: UInt64(100 + seed))
        var budget = 400
        let text = Array(Self.tree(&random, depth: 10, budget: &budget).jsonText.utf8)
        guard text.count > 2 else { return }
        for _ in 0..<200 {
            let cut = Int.random(in: 1..<text.count, using: &random)
            let prefix = String(decoding: text[..<cut], as: UTF8.self)
            // Only a prefix that is itself a whole value (a number cut short) reads.
            if (try? JSONParser.parse(prefix)) != nil {
                #expect(!prefix.hasPrefix("{") && !prefix.hasPrefix("[") && !prefix.hasPrefix("\""), "\(prefix)")
            }
        }
    }
}
