import Foundation
import TeletypeTestSupport
import Testing

/// `teletype render` and `teletype export`, run as a user runs them.
@Suite struct ConversationCommandTests {
    let cli = CommandLineTests()

    func fixture(_ name: String) -> String {
        PackageRoot.url.appendingPathComponent("Tests/Fixtures/transcripts/\(name)").path
    }

    func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-export-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test(arguments: ["stream-chat.json", "vercel.json", "openai.json", "anthropic.json", "teletype.jsonl"])
    func rendersEveryFormat(_ name: String) throws {
        for format in ["plain", "ansi", "html", "markdown"] {
            let result = try cli.run(["render", fixture(name), "--format", format, "--width", "60"])
            #expect(result.status == 0, "\(name) \(format): \(result.error)")
            #expect(!result.output.isEmpty)
        }
    }

    @Test func renderFromStandardInputWithFormatOverride() throws {
        let input = try Data(contentsOf: URL(fileURLWithPath: fixture("openai.json")))
        let result = try cli.run(
            ["render", "-", "--from", "openai", "--format", "plain", "--width", "50"], input: input)
        #expect(result.status == 0)
        #expect(result.output.contains("get weather · Done"))
        #expect(result.output.contains("get alerts · Didn't complete"))
    }

    @Test func malformedTranscriptSaysWhere() throws {
        let result = try cli.run(["render", fixture("malformed.json")])
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.error.hasPrefix("teletype: error: \(fixture("malformed.json")):4:1: "))
    }

    @Test func exportWritesASafePage() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("chat.html")
        let sample = PackageRoot.url.appendingPathComponent("Samples/conversation.json").path
        let result = try cli.run(["export", sample, "-o", out.path])
        #expect(result.status == 0, "\(result.error)")
        let page = try String(contentsOf: out, encoding: .utf8)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("Content-Security-Policy"))
        #expect(page.contains("default-src 'none'"))
        #expect(!page.contains("<script"))
        #expect(page.contains("<details class=\"tt-tool tt-completed\">"))
        #expect(page.contains("prefers-color-scheme: dark"))
        #expect(page.contains("@media print"))
        #expect(page.contains("<title>What&#39;s the weather") || page.contains("<title>What's the weather"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["chat.html"])
    }

    @Test func exportStreamsJSONL() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("chat.html")
        let result = try cli.run(["export", fixture("teletype.jsonl"), "-o", out.path, "--theme", "dark"])
        #expect(result.status == 0, "\(result.error)")
        let page = try String(contentsOf: out, encoding: .utf8)
        #expect(page.components(separatedBy: "<article").count - 1 == 3)
        #expect(page.contains("<title>Hello</title>"))
    }

    @Test(arguments: ["malformed.json", "malformed.jsonl", "missing-role.json"])
    func failedExportLeavesNothing(_ name: String) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("chat.html")
        let result = try cli.run(["export", fixture(name), "-o", out.path])
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("teletype: error: \(fixture(name)):"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test func exportUsageErrors() throws {
        #expect(try cli.run(["export", fixture("vercel.json")]).status == 2)
        #expect(try cli.run(["export", fixture("vercel.json"), "-o", "/nonexistent/folder/x.html"]).status == 1)
        #expect(try cli.run(["export", "/nonexistent.json", "-o", "/tmp/x.html"]).status == 1)
        #expect(try cli.run(["render", fixture("vercel.json"), "--from", "myspace"]).status == 2)
        #expect(try cli.run(["render"]).status == 2)
    }
}

/// A transcript read from a file is a record: its last calls, with no result in the file, are not
/// shown running in `render` (any format) nor spinning in an exported page; a reply of many steps
/// has one row of actions.
@Suite struct RecordedTranscriptCommandTests {
    let cli = CommandLineTests()

    /// An Anthropic exchange that ends with a server tool called and a client tool waiting.
    static let unanswered = """
        [{"role": "user", "content": "Run it"},
         {"role": "assistant", "content": [
           {"type": "text", "text": "Let me try."},
           {"type": "server_tool_use", "id": "srv_1", "name": "code_execution", "input": {"code": "print(1)"}},
           {"type": "tool_use", "id": "tool_1", "name": "get_weather", "input": {"city": "Oslo"}}]}]
        """

    @Test func aCallWithoutAResultIsNoResultRecorded() throws {
        for format in ["plain", "ansi", "markdown", "html"] {
            let result = try cli.run(
                ["render", "-", "--format", format, "--color", "always"], input: Data(Self.unanswered.utf8))
            #expect(result.status == 0, "\(format): \(result.error)")
            #expect(result.output.contains("No result recorded"), "\(format): \(result.output)")
            #expect(!result.output.contains("Running") && !result.output.contains("Waiting for"), "\(format)")
            #expect(!result.output.contains("◌"), "\(format)")
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recorded-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("chat.json")
        try Data(Self.unanswered.utf8).write(to: input)
        let page = folder.appendingPathComponent("chat.html")
        let result = try cli.run(["export", input.path, "-o", page.path])
        #expect(result.status == 0, "\(result.error)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("No result recorded") && !html.contains("◌") && !html.contains("tt-tool tt-running"))
    }

    /// A recorded reply that calls a tool three times and then answers, replayed into a pipe.
    @Test func aReplayedReplyOfManyStepsIsRatedOnce() throws {
        var events = [#"{"type":"message","message":{"id":"u","role":"user","text":"Find it"},"t":0}"#]
        for step in 1...3 {
            events.append(
                #"{"type":"message","message":{"id":"s\#(step)","role":"assistant","text":"","parts":[{"type":"ai_tool_call","payload":{"id":"c\#(step)","name":"search","status":"completed"}}]},"t":\#(step * 10)}"#
            )
            events.append(#"{"type":"done","id":"s\#(step)","t":\#(step * 10 + 5)}"#)
        }
        events.append(#"{"type":"message","message":{"id":"a","role":"assistant","text":"Here it is."},"t":50}"#)
        events.append(#"{"type":"done","id":"a","t":60}"#)
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("steps-\(UUID()).jsonl")
        try Data(events.joined(separator: "\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try cli.run(["replay", file.path, "--instant", "--color", "never"])
        #expect(result.status == 0, "\(result.error)")
        let ratingLines = result.output.split(separator: "\n").filter { $0.contains("△") }
        #expect(ratingLines.count == 1, "\(result.output)")
        #expect(result.output.range(of: "Here it is.").map { result.output[$0.upperBound...].contains("△") } == true)
    }
}
