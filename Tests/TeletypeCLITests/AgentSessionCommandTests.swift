import Foundation
import TeletypeSnapshotTesting
import TeletypeTestSupport
import Testing

/// Agents' sessions as a user works with them: found without paths (`teletype sessions`,
/// `--latest`), followed while the agent writes them, exported as an archive of every session;
/// and the bad input an agent's log can be.
@Suite(.serialized) struct AgentSessionCommandTests {
    let cli = CommandLineTests()

    static func fixture(_ name: String) -> URL {
        PackageRoot.url.appendingPathComponent("Tests/Fixtures/sessions/\(name)")
    }

    /// A home folder with each agent's sessions where the agent keeps them.
    static func home() throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("home-\(UUID())")
        let manager = FileManager.default
        let claude = home.appendingPathComponent(".claude/projects/-home-dev-greeter")
        let codex = home.appendingPathComponent(".codex/sessions/2025/10/02")
        let gemini = home.appendingPathComponent(".gemini/tmp/e3b0c442/chats")
        for folder in [claude, codex, gemini] {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try manager.copyItem(at: fixture("claude-code.jsonl"), to: claude.appendingPathComponent("7f3c2a10.jsonl"))
        // A subagent's own file beside the session is not a session of its own.
        try Data(
            #"{"type":"user","uuid":"x","parentUuid":null,"isSidechain":true,"agentId":"1234abcd","sessionId":"7f3c2a10","message":{"role":"user","content":"Warmup"}}"#
                .utf8
        ).write(to: claude.appendingPathComponent("agent-1234abcd.jsonl"))
        try manager.copyItem(
            at: fixture("codex.jsonl"), to: codex.appendingPathComponent("rollout-2025-10-02T10-00-00-019a.jsonl"))
        try manager.copyItem(
            at: fixture("gemini-cli.json"), to: gemini.appendingPathComponent("session-2025-10-03T08-00.json"))
        // Times apart: the Codex rollout is the newest.
        func age(_ url: URL, _ seconds: Double) throws {
            try manager.setAttributes([.modificationDate: Date().addingTimeInterval(-seconds)], ofItemAtPath: url.path)
        }
        try age(claude.appendingPathComponent("7f3c2a10.jsonl"), 300)
        try age(gemini.appendingPathComponent("session-2025-10-03T08-00.json"), 200)
        try age(codex.appendingPathComponent("rollout-2025-10-02T10-00-00-019a.jsonl"), 100)
        return home
    }

    @Test func sessionsAreListedNewestFirstAndTheLatestShows() throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["HOME": home.path, "CLAUDE_CONFIG_DIR": "", "CODEX_HOME": ""].filter { !$0.value.isEmpty }
        let listed = try cli.run(["sessions", "--json"], environment: environment)
        #expect(listed.status == 0, "\(listed.error)")
        let rows = listed.output.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
        #expect(rows.map { $0["agent"] as? String } == ["codex", "gemini-cli", "claude-code"], "\(listed.output)")
        #expect(rows.last?["title"] as? String == "Add a greeting to the app")
        #expect(rows.first?["project"] as? String == "/home/dev/greeter")
        #expect(!listed.output.contains("agent-1234abcd"))
        let text = try cli.run(["sessions"], environment: environment)
        #expect(text.status == 0 && text.output.contains("Claude Code · /home/dev/greeter · Add a greeting to the app"))
        let latest = try cli.run(
            ["render", "--latest", "--format", "plain", "--width", "80"], environment: environment)
        #expect(latest.status == 0 && latest.output.contains("Rename the greeter's main function"), "\(latest.error)")
        let claude = try cli.run(["render", "--latest", "claude-code", "--format", "plain"], environment: environment)
        #expect(claude.status == 0 && claude.output.contains("¡Hola!"), "\(claude.error)")
        let none = try cli.run(["render", "--latest", "aider"], environment: environment)
        #expect(none.status == 1 && none.error.contains("no session found"))
    }

    /// `teletype export ~/.claude/projects -o site/`: a page a session, the index saying which agent
    /// and which project, subagents' files not listed.
    @Test func theAgentsFoldersExportAsAnArchive() throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let site = home.appendingPathComponent("site")
        let result = try cli.run([
            "export", home.appendingPathComponent(".claude/projects").path, home.appendingPathComponent(".codex").path,
            "-o", site.path, "--quiet",
        ])
        #expect(result.status == 0, "\(result.error)")
        let index = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(
            index.contains(">Agent</th>") && index.contains("Claude Code") && index.contains("Codex"))
        #expect(index.contains("/home/dev/greeter") && index.contains("Add a greeting to the app"))
        #expect(index.contains("2 conversations"), "\(index)")
        #expect(!index.contains("agent-1234abcd"))
    }

    /// A last line cut short is a notice on standard error; a malformed line elsewhere an error
    /// naming it, with nothing written.
    @Test func badLinesInALog() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bad-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try Data(contentsOf: Self.fixture("claude-code.jsonl"))
        let cut = folder.appendingPathComponent("cut.jsonl")
        try (original + Data(#"{"type":"assistant","uuid":"late","message":{"role":"ass"#.utf8)).write(to: cut)
        let render = try cli.run(["render", cut.path, "--format", "plain"])
        #expect(render.status == 0 && render.output.contains("¡Hola!"))
        #expect(render.error.components(separatedBy: "cut short").count == 2, "\(render.error)")
        var lines = String(decoding: original, as: UTF8.self).split(separator: "\n").map(String.init)
        lines[5] = "{\"type\": \"user\", oops}"
        let bad = folder.appendingPathComponent("bad.jsonl")
        try Data(lines.joined(separator: "\n").utf8).write(to: bad)
        for arguments in [
            ["render", bad.path], ["export", bad.path, "-o", folder.appendingPathComponent("bad.html").path],
        ] {
            let result = try cli.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.error)")
            #expect(result.error.contains("bad.jsonl:6:"), "\(result.error)")
            #expect(result.output.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("bad.html").path))
    }

    /// Following a session while it is written, in random pieces (a line cut anywhere, the file
    /// replaced once), ends on what rendering the whole file shows.
    @Test(arguments: [1, 2] as [UInt64])
    func followingEndsOnTheBatchRender(_ seed: UInt64) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("follow-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("session.jsonl")
        let whole = Array(try Data(contentsOf: Self.fixture("claude-code.jsonl")))
        try Data().write(to: file)
        let process = Process()
        process.executableURL = CommandLineTests.executable
        process.arguments = ["render", "--follow", file.path, "--format", "plain", "--width", "80"]
        let stdout = Pipe()
        process.standardOutput = stdout
        process.standardError = Pipe()
        try process.run()
        // A test that fails on the way leaves no follower running.
        defer { if process.isRunning { process.terminate() } }
        var generator = SeededGenerator(seed: seed)
        var offset = 0
        var replaced = false
        while offset < whole.count {
            let length = min(whole.count - offset, Int(generator.next() % 1500) + 1)
            offset += length
            if !replaced, offset > whole.count / 2 {
                // The agent writes the file anew (a new inode) with what it held and more.
                let fresh = folder.appendingPathComponent("fresh.jsonl")
                try Data(whole[..<offset]).write(to: fresh)
                #expect(rename(fresh.path, file.path) == 0)
                replaced = true
            } else {
                let handle = try FileHandle(forWritingTo: file)
                try handle.seekToEnd()
                try handle.write(contentsOf: Data(whole[(offset - length)..<offset]))
                try handle.close()
            }
            try await Task.sleep(nanoseconds: UInt64(generator.next() % 120) * 1_000_000)
        }
        try await Task.sleep(nanoseconds: 900_000_000)
        process.interrupt()
        let output = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let batch = try cli.run(["render", file.path, "--format", "plain", "--width", "80"])
        // The header of a session still being written leaves out what grows (models, tokens, the
        // last time); the conversation under it is the batch render's.
        func body(_ text: String) -> String {
            let parts = text.components(separatedBy: "\n\n")
            return parts.dropFirst(2).joined(separator: "\n\n")
        }
        #expect(body(output) == body(batch.output), "\(output)")
        #expect(output.hasPrefix("Add a greeting to the app\n\nClaude Code · /home/dev/greeter · main"), "\(output)")
    }
}
