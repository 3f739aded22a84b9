import Foundation
import TeletypeTestSupport
import Testing

/// Times read in the local time zone, named in the header (`TZ` honoured); `--utc` shows UTC;
/// each prompt shows when it was written, in the terminal, the page and Markdown.
@Suite struct LocalTimeCommandTests {
    let cli = CommandLineTests()
    static let lines = [
        #"{"type":"user","uuid":"u1","parentUuid":null,"sessionId":"71","cwd":"/home/dev/app","timestamp":"2025-10-01T23:30:00Z","message":{"role":"user","content":"What time is it in Tokyo?"}}"#,
        #"{"type":"assistant","uuid":"a1","parentUuid":"u1","sessionId":"71","cwd":"/home/dev/app","timestamp":"2025-10-01T23:31:00Z","message":{"id":"m1","role":"assistant","model":"claude-sonnet-4-5","content":[{"type":"text","text":"Morning."}]}}"#,
        #"{"type":"user","uuid":"u2","parentUuid":"a1","sessionId":"71","cwd":"/home/dev/app","timestamp":"2025-10-02T01:05:00Z","message":{"role":"user","content":"And now?"}}"#,
    ]

    func session() throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("local-time-\(UUID()).jsonl")
        try Data((Self.lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        return file
    }

    @Test func theTerminalShowsLocalTimesAndUTCWhenAsked() throws {
        let file = try session()
        defer { try? FileManager.default.removeItem(at: file) }
        let tokyo = try cli.run(
            ["render", file.path, "--color", "never", "--width", "80"], environment: ["TZ": "Asia/Tokyo"])
        #expect(tokyo.status == 0, "\(tokyo.error)")
        #expect(tokyo.output.contains("2025-10-02 08:30 JST"), "the header, in Tokyo's time: \(tokyo.output)")
        #expect(tokyo.output.contains("2025-10-02 08:30\n"), "the first prompt's time")
        #expect(tokyo.output.contains("2025-10-02 10:05\n"), "the second prompt's time")
        let utc = try cli.run(
            ["render", file.path, "--color", "never", "--width", "80", "--utc"], environment: ["TZ": "Asia/Tokyo"])
        #expect(utc.status == 0, "\(utc.error)")
        #expect(utc.output.contains("2025-10-01 23:30 UTC"), "\(utc.output)")
        #expect(utc.output.contains("2025-10-02 01:05\n"))
        #expect(!utc.output.contains("JST"))
    }

    @Test func thePageAndMarkdownShowEachPromptsTime() throws {
        let file = try session()
        let page = file.deletingPathExtension().appendingPathExtension("html")
        defer {
            try? FileManager.default.removeItem(at: file)
            try? FileManager.default.removeItem(at: page)
        }
        let exported = try cli.run(["export", file.path, "-o", page.path], environment: ["TZ": "Europe/Paris"])
        #expect(exported.status == 0, "\(exported.error)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains(#"<time class="tt-time" datetime="2025-10-01T23:30:00Z">2025-10-02 01:30</time>"#))
        #expect(html.contains("CEST"), "the header names the zone")
        let markdown = try cli.run(
            ["render", file.path, "--format", "markdown", "--utc"], environment: ["TZ": "Europe/Paris"])
        #expect(markdown.status == 0, "\(markdown.error)")
        #expect(markdown.output.contains("*2025-10-02 01:05*"), "\(markdown.output)")
    }

    @Test func theListingShowsLocalTimes() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("local-time-home-\(UUID())")
        defer { try? FileManager.default.removeItem(at: home) }
        let folder = home.appendingPathComponent(".claude/projects/-home-dev-app")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("71.jsonl")
        try Data((Self.lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        // The listing's time is the file's: set it.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_759_366_800)], ofItemAtPath: file.path)
        let environment = ["HOME": home.path, "TELETYPE_CACHE_DIR": "off", "TZ": "America/New_York"]
        let listed = try cli.run(["sessions"], environment: environment)
        #expect(listed.status == 0, "\(listed.error)")
        #expect(listed.output.contains("2025-10-01 21:00 EDT"), "\(listed.output)")
        let json = try cli.run(["sessions", "--json"], environment: environment)
        #expect(json.output.contains(#""last":"2025-10-02T01:00:00Z""#), "scripts read UTC: \(json.output)")
    }

    @Test func eachTurnShowsHowLongItTookWhereTheLogSays() throws {
        let lines =
            Self.lines.prefix(2) + [
                #"{"type":"system","subtype":"turn_duration","durationMs":247515,"uuid":"s1","parentUuid":"a1","sessionId":"71","cwd":"/home/dev/app","timestamp":"2025-10-01T23:35:00Z","isMeta":false}"#
            ]
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("turn-home-\(UUID())")
        defer { try? FileManager.default.removeItem(at: home) }
        let folder = home.appendingPathComponent(".claude/projects/-home-dev-app")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("71.jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        let shown = try cli.run(["render", file.path, "--format", "plain", "--width", "80"])
        #expect(shown.status == 0, "\(shown.error)")
        #expect(shown.output.contains("Turn took 4m 8s"), "\(shown.output)")
        let range = try #require(shown.output.range(of: "Turn took"))
        #expect(shown.output[..<range.lowerBound].contains("Morning."), "under the reply")
        let markdown = try cli.run(["render", file.path, "--format", "markdown"])
        #expect(markdown.output.contains("*Turn took 4m 8s*"))
        // Not a message: the listing counts the prompt and the reply.
        let listed = try cli.run(
            ["sessions", "--json"], environment: ["HOME": home.path, "TELETYPE_CACHE_DIR": "off"])
        #expect(listed.output.contains(#""messages":2"#), "\(listed.output)")
    }
}
