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
