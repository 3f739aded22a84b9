import Foundation
import TeletypeTestSupport
import Testing

/// What an archive's export meets in real folders: the files agents write beside a session, and
/// names longer than a file system takes.
@Suite struct ArchiveFilesTests {
    let cli = CommandLineTests()

    static let session = PackageRoot.url.appendingPathComponent("Tests/Fixtures/sessions/claude-code.jsonl")

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-archive-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A project folder as current Claude Code lays it out — a session, its subagents' logs with
    /// their `agent-*.meta.json` beside them — and other agents' sidecars: one page, no failure.
    @Test func sidecarsAreNeverPages() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let project = root.appendingPathComponent("projects/-home-dev-greeter")
        let subagents = project.appendingPathComponent("7f3c2a10/subagents")
        try FileManager.default.createDirectory(at: subagents, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.session, to: project.appendingPathComponent("7f3c2a10.jsonl"))
        let subagent =
            #"{"type":"user","uuid":"s1","parentUuid":null,"isSidechain":true,"agentId":"a1","sessionId":"7f3c2a10","message":{"role":"user","content":"Look"}}"#
        for id in ["a1", "b2", "c3"] {
            try Data(subagent.utf8).write(to: subagents.appendingPathComponent("agent-\(id).jsonl"))
            try Data(#"{"agentType":"Explore","description":"Look around"}"#.utf8).write(
                to: subagents.appendingPathComponent("agent-\(id).meta.json"))
        }
        let copilot = root.appendingPathComponent("session-state/0a1b")
        try FileManager.default.createDirectory(at: copilot, withIntermediateDirectories: true)
        try Data("cwd: /home/dev\nsummary: A title\n".utf8).write(to: copilot.appendingPathComponent("workspace.yaml"))
        try Data(#"{"id":"t","ts":1}"#.utf8).write(to: root.appendingPathComponent("task_metadata.json"))
        let site = root.appendingPathComponent("site")
        let result = try cli.run(["export", root.path, "-o", site.path + "/"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("1 page written;"), "\(result.error)")
        #expect(!result.error.contains("failed"), "\(result.error)")
    }

    /// File names as long as a file system allows (255 bytes), in any script: their pages' names
    /// are shortened, and two that share a long start stay two pages.
    @Test func longNamesBecomePagesOfTheirOwn() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let names = [
            String(repeating: "a", count: 245) + "-one.jsonl",
            String(repeating: "a", count: 245) + "-two.jsonl",
            String(repeating: "é", count: 122) + ".jsonl",
        ]
        for name in names {
            #expect(name.utf8.count <= 255)
            try FileManager.default.copyItem(at: Self.session, to: root.appendingPathComponent(name))
        }
        let site = root.appendingPathComponent("site")
        let result = try cli.run(["export", root.path, "-o", site.path + "/"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("3 pages written;"), "\(result.error)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("pages").path)
        #expect(Set(pages).count == 3 && pages.allSatisfy { $0.utf8.count <= 255 && $0.hasSuffix(".html") })
        // Run again: every page is up to date, none written twice under another name.
        let again = try cli.run(["export", root.path, "-o", site.path + "/"])
        #expect(again.error.contains("0 pages written, 3 up to date"), "\(again.error)")
    }

    /// A page that cannot be written says why, in a person's words.
    @Test func aNameTooLongIsSaidSo() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let page = root.appendingPathComponent(String(repeating: "p", count: 300) + ".html")
        let result = try cli.run(["export", Self.session.path, "-o", page.path])
        #expect(result.status == 1)
        #expect(result.error.contains("longer than the file system allows"), "\(result.error)")
        #expect(!result.error.contains("permission denied"))
    }
}
