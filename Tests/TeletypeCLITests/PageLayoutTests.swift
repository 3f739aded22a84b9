import Foundation
import TeletypeTestSupport
import Testing

/// Exported pages measured in headless Chromium (`Tests/Scripts/layout_check.py`) at a desktop's
/// 1280 px and a phone's 420 px: nothing scrolls sideways, the archive's index keeps its rows short
/// however long the titles, projects, models and tool lists.
@Suite(.serialized, .enabled(if: AccessibilityCheck.isRequired))
struct PageLayoutTests {
    let cli = CommandLineTests()

    struct Measure: Decodable {
        struct Scrolling: Decodable {
            var tag: String
            var classes: String
            var overflow: Double
        }
        var pageScrollsSideways: Bool
        var scrolling: [Scrolling]
        var tallestRow: Double
    }

    func measure(_ pages: [String], widths: [Int]) throws -> [String: [String: Measure]] {
        let run = PythonTools.run("layout_check.py", [widths.map(String.init).joined(separator: ",")] + pages)
        #expect(run.status == 0, "\(run.output)")
        return try JSONDecoder().decode([String: [String: Measure]].self, from: Data(run.output.utf8))
    }

    /// Sessions with long titles, deep project folders, long model names and many tools.
    static func sessions(in folder: URL) throws {
        let tools = [
            "Bash", "Read", "Edit", "Grep", "Glob", "WebFetch", "WebSearch", "TodoWrite",
            "mcp__github__create_pull_request", "mcp__linear__update_issue",
        ]
        for number in 0..<6 {
            let project = "/home/someone/work/a-very-long-folder-name-that-goes-on-and-on/packages/component-\(number)"
            let title =
                "Make the authentication redirect survive a reload, and say why it broke in the first place \(number)"
            var calls: [String] = []
            for (index, tool) in tools.enumerated() {
                calls.append(#"{"type":"tool_use","id":"t\#(index)","name":"\#(tool)","input":{"file_path":"/x"}}"#)
            }
            let lines = [
                #"{"type":"user","uuid":"u1","parentUuid":null,"sessionId":"s\#(number)","cwd":"\#(project)","timestamp":"2025-01-0\#(number + 1)T10:00:00Z","message":{"role":"user","content":"\#(title)"}}"#,
                #"{"type":"assistant","uuid":"a1","parentUuid":"u1","sessionId":"s\#(number)","timestamp":"2025-01-0\#(number + 1)T10:00:05Z","message":{"id":"m1","role":"assistant","model":"claude-opus-4-1-20250805-with-an-extremely-long-model-identifier","content":[\#(calls.joined(separator: ","))]}}"#,
                #"{"type":"assistant","uuid":"a2","parentUuid":"a1","sessionId":"s\#(number)","timestamp":"2025-01-0\#(number + 2)T17:30:05Z","message":{"id":"m2","role":"assistant","model":"gpt-5-codex-high-reasoning-preview-2025-09-15","content":[{"type":"text","text":"Done."}]}}"#,
            ]
            try Data(lines.joined(separator: "\n").utf8).write(to: folder.appendingPathComponent("s\(number).jsonl"))
        }
    }

    @Test func theArchiveIndexFitsADesktopAndAPhone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layout-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sessions = folder.appendingPathComponent("sessions")
        try FileManager.default.createDirectory(at: sessions, withIntermediateDirectories: true)
        try Self.sessions(in: sessions)
        let site = folder.appendingPathComponent("site")
        let result = try cli.run(["export", sessions.path, "-o", site.path + "/", "--quiet"])
        #expect(result.status == 0, "\(result.error)")
        let index = site.appendingPathComponent("index.html").path
        let measured = try measure([index], widths: [1280, 420])[index] ?? [:]
        for width in ["1280", "420"] {
            let page = try #require(measured[width])
            #expect(!page.pageScrollsSideways, "at \(width) px the index scrolls sideways")
            #expect(page.scrolling.isEmpty, "at \(width) px: \(page.scrolling.map { "\($0.tag).\($0.classes)" })")
        }
        // Dates do not wrap into tall rows on a desktop.
        #expect((measured["1280"]?.tallestRow ?? 999) <= 90, "rows are \(measured["1280"]?.tallestRow ?? 0) px tall")
    }

    /// A failed edit with a long error and a long diff line: at 420 px nothing scrolls sideways.
    @Test func aConversationFitsAPhone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layout-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let word = String(repeating: "averyverylongidentifierwithoutspaces", count: 4)
        let lines = [
            #"{"type":"user","uuid":"u1","parentUuid":null,"sessionId":"s","timestamp":"2025-01-01T00:00:00Z","message":{"role":"user","content":"Fix it\n    def f(x):\n        return \#(word)"}}"#,
            #"{"type":"assistant","uuid":"a1","parentUuid":"u1","sessionId":"s","timestamp":"2025-01-01T00:00:01Z","message":{"id":"m1","role":"assistant","model":"m","content":[{"type":"tool_use","id":"t1","name":"Edit","input":{"file_path":"/x/a.py","old_string":"x = 1","new_string":"x = \"a long line of code that certainly goes past a phone's width, with \#(word)\""}}]}}"#,
            #"{"type":"user","uuid":"u2","parentUuid":"a1","sessionId":"s","timestamp":"2025-01-01T00:00:02Z","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","is_error":true,"content":"String to replace not found in file.\nString: \#(word) and more words after it"}]}}"#,
        ]
        let file = folder.appendingPathComponent("edit.jsonl")
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        let page = folder.appendingPathComponent("edit.html").path
        let result = try cli.run(["export", file.path, "-o", page])
        #expect(result.status == 0, "\(result.error)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        // The error is said once, as the card's summary.
        #expect(html.components(separatedBy: "String to replace not found").count == 2)
        let measured = try #require(try measure([page], widths: [420])[page]?["420"])
        #expect(!measured.pageScrollsSideways)
        #expect(measured.scrolling.isEmpty, "\(measured.scrolling.map { "\($0.tag).\($0.classes)" })")
    }
}
