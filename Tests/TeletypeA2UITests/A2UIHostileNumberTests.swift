import Teletype
import TeletypeANSI
import TeletypeLayout
import Testing

@testable import TeletypeA2UI

/// Numbers an agent may send that no double or whole number holds — `1e300` places, a slider from
/// -1e308 to 1e308, `"nan"` and `"inf"` as strings, 1e400 — are drawn and computed with, never a
/// crash: a number too large to count with is as many as there can be, one that is not finite is
/// missing.
@Suite struct A2UIHostileNumberTests {
    static func call(_ name: String, _ arguments: String) throws -> JSONValue? {
        var stream = A2UIStream(reading: A2UIVersion10Tests.surface)
        stream.apply(
            try JSONParser.parse(
                #"{"version":"v0.10","functionCallId":"c","wantResponse":true,"callFunction":{"call":"\#(name)","args":\#(arguments),"returnType":"string","callableFrom":"clientOrRemote"}}"#
            ), line: 4)
        return stream.replies.first?["functionResponse"]?["value"]
    }

    @Test(
        arguments: [
            ("formatNumber", #"{"value":1e308,"decimals":10}"#, "1e+308"),
            ("formatNumber", #"{"value":1234.5,"decimals":1e300}"#, "1,234.5000000000"),
            ("formatNumber", #"{"value":1234.5,"decimals":-1e300}"#, "1,235"),
            ("formatCurrency", #"{"value":-1e308,"currency":"EUR","decimals":1e20}"#, "-€1e+308"),
            ("formatNumber", #"{"value":"nan"}"#, nil),
            ("formatNumber", #"{"value":"-inf"}"#, nil),
            ("formatNumber", #"{"value":1e400}"#, nil),
        ] as [(String, String, String?)])
    func aFormatOfAnyNumberIsTextOrMissing(name: String, arguments: String, expected: String?) throws {
        #expect(try Self.call(name, arguments) == expected.map(JSONValue.string) ?? .null)
    }

    @Test(arguments: [
        (#"{"value":"abc","min":1e30}"#, false),
        (#"{"value":"abc","max":1e30}"#, true),
        (#"{"value":"abc","min":-1e30,"max":"inf"}"#, true),
    ])
    func aLengthCheckCountsPastWhatAnIntegerHolds(arguments: String, expected: Bool) throws {
        // A check the interface runs on its own fields (an agent cannot call it).
        let parsed = try #require(try JSONParser.parse(arguments).object)
        #expect(A2UIContext(model: A2UIDataModel(), scope: nil).call("length", arguments: parsed) == .bool(expected))
    }

    @Test(arguments: [
        #""min":-1e308,"max":1e308,"value":1e308"#,
        #""min":-1e308,"max":1e308,"value":-1e308"#,
        #""min":0,"max":1e400,"value":"nan""#,
        #""min":"-inf","max":"inf","value":"inf""#,
    ])
    func aSliderOverAnyRangeIsDrawnAndStepped(fields: String) throws {
        let text = [
            #"{"version":"v0.10","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_10/catalogs/basic/catalog.json"}}"#,
            #"{"version":"v0.10","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Slider","label":"Level",\#(fields)}]}}"#,
        ].joined(separator: "\n")
        var interaction = A2UIInteraction(stream: A2UIStream(reading: text))
        for key: A2UIInteraction.Key in [.right, .right, .left, .left, .left] {
            interaction.moveFocus()
            _ = interaction.handle(key, at: "2026-12-05T00:00:00Z")
            let drawn = TerminalRenderer(width: 60, capabilities: .plain).render(interaction.blocks)
            #expect(drawn.contains("Level") && drawn.contains("●"), "\(drawn)")
        }
    }
}
