import Foundation
import TeletypeTestSupport
import Testing

/// `teletype ui` as a user runs it: an A2UI stream from a file or a pipe, in each format, and input
/// that is not JSON named by its line and column.
@Suite struct UICommandTests {
    let cli = CommandLineTests()

    static let stream = """
        {"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}
        {"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Card","child":"t"},{"id":"t","component":"Text","text":{"path":"/greeting"}}]}}
        {"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/greeting","value":"Hello from the agent"}}
        """

    @Test func drawsAStreamFromAPipe() throws {
        let result = try cli.run(["ui", "-", "--format", "plain", "--width", "40"], input: Data(Self.stream.utf8))
        #expect(result.status == 0)
        #expect(
            result.output == "╭──────────────────────╮\n│ Hello from the agent │\n╰──────────────────────╯\n")
    }

    @Test func writesHTML() throws {
        let result = try cli.run(["ui", "-", "--format", "html"], input: Data(Self.stream.utf8))
        #expect(result.status == 0 && result.output.contains("<div class=\"a2ui-card\">"))
    }

    @Test func malformedInputIsNamedAndWhatCameBeforeIsDrawn() throws {
        let bad = Self.stream + "\n{\"version\":\"v0.9\",\"updateDataModel\":{\"surfaceId\":\"s\",\"value\":nope}}\n"
        let result = try cli.run(["ui", "-", "--format", "plain"], input: Data(bad.utf8))
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("teletype: error: <stdin>:4:"), "\(result.error)")
        #expect(result.output.contains("Hello from the agent"))
    }

    @Test func aFileThatIsNotThereIsAnError() throws {
        let result = try cli.run(["ui", "/nonexistent/ui.jsonl"])
        #expect(result.status == 1 && result.output.isEmpty)
    }
}
