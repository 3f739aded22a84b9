import Foundation
import TeletypeTestSupport
import Testing

/// Chat exports as a user works with them: `render` lists an export's conversations and shows
/// one by number, id or title, another version with `--branch`; `export` makes a page of one or
/// an archive of all (a broken conversation reported, the others written, pages up to date kept);
/// `replay` says an export is not a stream.
@Suite(.serialized) struct ChatExportCommandTests {
    let cli = CommandLineTests()

    static func fixture(_ name: String) -> String {
        PackageRoot.url.appendingPathComponent("Tests/Fixtures/exports/\(name)").path
    }

    @Test func renderListsAnExportAndShowsOneConversation() throws {
        let listed = try cli.run(["render", Self.fixture("chatgpt.json"), "--width", "80"])
        #expect(listed.status == 0, "\(listed.error)")
        let lines = listed.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("ChatGPT export, 2 conversations, newest first") == true, "\(listed.output)")
        #expect(lines.count == 3 && lines[1].hasPrefix("1  2025-01-01") && lines[1].contains("Walking in Lisbon"))
        #expect(lines[2].contains("Arithmetic") && lines[2].hasSuffix("11111111"))
        #expect(lines.allSatisfy { $0.count <= 80 || $0 == lines[0] })
        for selector in ["2", "arithmetic", "11111111-2222-4333-8444-555555555555"] {
            let shown = try cli.run([
                "render", Self.fixture("chatgpt.json"), "--conversation", selector, "--format", "plain",
            ])
            #expect(shown.status == 0 && shown.output.contains("2 + 2 = 4."), "\(selector): \(shown.error)")
            #expect(shown.output.hasPrefix("Arithmetic\n"))
        }
        let branch = try cli.run([
            "render", Self.fixture("chatgpt.json"), "--conversation", "1", "--branch", "u2-old", "--format", "plain",
        ])
        #expect(branch.status == 0 && branch.output.contains("Try bacalhau in Baixa."), "\(branch.error)")
        let markdown = try cli.run([
            "render", Self.fixture("claude-ai.json"), "--conversation", "party", "--format", "markdown",
        ])
        #expect(markdown.status == 0 && markdown.output.hasPrefix("# Party planning\n"), "\(markdown.output)")
        let wrong = try cli.run(["render", Self.fixture("chatgpt.json"), "--conversation", "9"])
        #expect(wrong.status != 0 && wrong.error.contains("there is no conversation 9"), "\(wrong.error)")
        let wrongBranch = try cli.run(["render", Self.fixture("chatgpt.json"), "--conversation", "1", "--branch", "zz"])
        #expect(wrongBranch.status != 0 && wrongBranch.error.contains("no message of the conversation has the id 'zz'"))
        let notExport = try cli.run([
            "render", PackageRoot.url.appendingPathComponent("Tests/Fixtures/sessions/codex.jsonl").path,
            "--conversation", "1",
        ])
        #expect(notExport.status != 0 && notExport.error.contains("choose within a source of many conversations"))
        let replay = try cli.run(["replay", Self.fixture("claude-ai.json")])
        #expect(replay.status != 0 && replay.error.contains("is a Claude.ai export, not a recorded stream"))
    }

    @Test func exportWritesAPageOrAnArchive() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("exports-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // One page: a conversation chosen.
        let page = folder.appendingPathComponent("trip.html").path
        let one = try cli.run(["export", Self.fixture("chatgpt.json"), "--conversation", "lisbon", "-o", page])
        #expect(one.status == 0, "\(one.error)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("<title>Walking in Lisbon</title>") && html.contains("Try bacalhau in Baixa."))
        #expect(!html.contains("--branch"))
        #expect(HTMLSafety.problems(in: html, page: true).isEmpty, "\(HTMLSafety.problems(in: html, page: true))")
        // Many conversations need a folder.
        let refused = try cli.run([
            "export", Self.fixture("chatgpt.json"), "-o", folder.appendingPathComponent("all.html").path,
        ])
        #expect(refused.status != 0 && refused.error.contains("export of 2 conversations"), "\(refused.error)")
        // An archive: a page a conversation, the index listing them; a broken one reported.
        let input = folder.appendingPathComponent("conversations.json")
        var text = try String(contentsOfFile: Self.fixture("claude-ai.json"), encoding: .utf8)
        text = text.replacingOccurrences(of: "\n]", with: ",\n{\"uuid\": \"bad\", \"chat_messages\": [tru]}\n]")
        try text.write(to: input, atomically: true, encoding: .utf8)
        let site = folder.appendingPathComponent("site").path
        let archive = try cli.run(["export", input.path, "-o", site])
        #expect(archive.status == 2, "\(archive.error)")
        #expect(
            archive.error.contains("conversations.json:") && archive.error.contains("expected 'true'"),
            "\(archive.error)")
        #expect(archive.error.contains("2 pages written"), "\(archive.error)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: site + "/pages/conversations.json").sorted()
        #expect(pages == ["c0ffee00-1111-4222-8333-444455556666.html", "c2.html"], "\(pages)")
        let index = try String(contentsOfFile: site + "/index.html", encoding: .utf8)
        #expect(index.contains("Party planning") && index.contains("Old export") && index.contains("Claude.ai"))
        // Run again: what is up to date is kept.
        let again = try cli.run(["export", input.path, "-o", site])
        #expect(again.error.contains("0 pages written, 2 up to date"), "\(again.error)")
    }
}
