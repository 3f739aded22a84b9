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

    /// A stream whose last message stops anywhere inside it, read from a file or from a pipe that
    /// closed, is an error at the end of the input, with what came before drawn.
    @Test(arguments: [0.1, 0.5, 0.9])
    func aLastMessageCutShortIsAnErrorAtTheEndOfInput(_ fraction: Double) throws {
        let lines = Self.stream.split(separator: "\n")
        let last = String(lines[2])
        let cut = lines[0] + "\n" + lines[1] + "\n" + last.prefix(Int(Double(last.count) * fraction))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("cut-\(UUID().uuidString).jsonl")
        try Data(cut.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        for (arguments, input, name) in [
            (["ui", file.path], Data(), file.path), (["ui", "-"], Data(cut.utf8), "<stdin>"),
            (["ui", "-", "--live"], Data(cut.utf8), "<stdin>"),
        ] {
            let result = try cli.run(arguments + ["--format", "plain", "--width", "40"], input: input)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.error.hasPrefix("teletype: error: \(name):3:"), "\(result.error)")
            #expect(result.error.contains("cut short"), "\(result.error)")
        }
    }

    /// A reply's UI in a Teletype transcript, under either name, with its content as text or as
    /// JSON, whichever message comes first: rendered, never dropped.
    @Test(arguments: ["ui", "ai_ui"], [true, false])
    func aTeletypeTranscriptReadsUIUnderEitherName(_ key: String, _ contentAsJSON: Bool) throws {
        let messages = Self.stream.split(separator: "\n").joined(separator: ",")
        let content =
            contentAsJSON ? "[\(messages)]" : String(decoding: try JSONEncoder().encode(Self.stream), as: UTF8.self)
        let reply = #"{"id":"r","role":"assistant","text":"","\#(key)":{"v":1,"format":"a2ui","content":\#(content)}}"#
        let question = #"{"id":"q","role":"user","text":"Say hello"}"#
        for transcript in [question + "\n" + reply, reply + "\n" + question] {
            for format in ["plain", "html"] {
                let result = try cli.run(["render", "-", "--format", format], input: Data(transcript.utf8))
                #expect(result.status == 0, "\(result.error)")
                #expect(result.output.contains("Hello from the agent"), "\(key) \(format): \(result.output)")
            }
        }
    }

    /// A UI document in a format nothing here draws, on a reply without text, says so.
    @Test func aUIDocumentNothingDrawsIsNamed() throws {
        let transcript = #"{"id":"r","role":"assistant","text":"","ui":{"format":"openui","content":"<Card/>"}}"#
        let result = try cli.run(["render", "-", "--format", "plain"], input: Data(transcript.utf8))
        #expect(result.status == 0 && result.output.contains("\"openui\""), "\(result.output)")
    }

    @Test func aFileThatIsNotThereIsAnError() throws {
        let result = try cli.run(["ui", "/nonexistent/ui.jsonl"])
        #expect(result.status == 1 && result.output.isEmpty)
    }
}
