import Foundation
import Teletype
import TeletypeSessions
import TeletypeTestSupport
import TeletypeTranscripts
import Testing

/// `teletype sessions` finds every agent's sessions where the agent keeps them: a home folder
/// generated as each agent lays its files out (on Linux; macOS's and Windows's folders are the same
/// trees under other roots), each fixture of `Tests/Fixtures/sessions/agents/` put in its place.
@Suite struct SessionDiscoveryTests {
    /// A fixture (below `agents/`) and where its agent keeps it, below the home folder; a `.sql`
    /// is built into the database it describes.
    static let layout: [(fixture: String, place: String)] = [
        ("cursor/agent-transcripts/c1/c1.jsonl", ".cursor/projects/home-dev-app/agent-transcripts/c1/c1.jsonl"),
        ("cursor/agent-transcripts/c2.txt", ".cursor/projects/home-dev-app/agent-transcripts/c2.txt"),
        ("cursor/cursor-global.sql", ".config/Cursor/User/globalStorage/state.vscdb"),
        (
            "copilot-cli/session-state/5d1e0000-0000-4000-8000-000000000001/events.jsonl",
            ".copilot/session-state/5d1e0000-0000-4000-8000-000000000001/events.jsonl"
        ),
        (
            "copilot-cli/session-state/5d1e0000-0000-4000-8000-000000000001/workspace.yaml",
            ".copilot/session-state/5d1e0000-0000-4000-8000-000000000001/workspace.yaml"
        ),
        (
            "vscode-copilot/workspaceStorage/ab12/chatSessions/9f00.json",
            ".config/Code/User/workspaceStorage/ab12/chatSessions/9f00.json"
        ),
        (
            "vscode-copilot/workspaceStorage/ab12/chatSessions/9f01.jsonl",
            ".config/Code - Insiders/User/workspaceStorage/ab12/chatSessions/9f01.jsonl"
        ),
        (
            "cline/tasks/1790000000000/api_conversation_history.json",
            ".config/VSCodium/User/globalStorage/saoudrizwan.claude-dev/tasks/1790000000000/api_conversation_history.json"
        ),
        (
            "cline/tasks/1790000000000/ui_messages.json",
            ".config/VSCodium/User/globalStorage/saoudrizwan.claude-dev/tasks/1790000000000/ui_messages.json"
        ),
        ("opencode/opencode.sql", ".local/share/opencode/opencode.db"),
        ("opencode/storage/session/p1/ses_s1.json", ".local/share/opencode/storage/session/p1/ses_s1.json"),
        ("opencode/storage/message/ses_s1/msg_u.json", ".local/share/opencode/storage/message/ses_s1/msg_u.json"),
        ("opencode/storage/message/ses_s1/msg_a.json", ".local/share/opencode/storage/message/ses_s1/msg_a.json"),
        ("opencode/storage/part/msg_u/prt_01.json", ".local/share/opencode/storage/part/msg_u/prt_01.json"),
        ("opencode/storage/part/msg_a/prt_02.json", ".local/share/opencode/storage/part/msg_a/prt_02.json"),
        (
            "antigravity/brain/0c0a0000-0000-4000-8000-000000000001/.system_generated/logs/transcript_full.jsonl",
            ".gemini/antigravity-cli/brain/0c0a0000-0000-4000-8000-000000000001/.system_generated/logs/transcript_full.jsonl"
        ),
        (
            "antigravity/brain/0c0a0000-0000-4000-8000-000000000002/.system_generated/logs/chunks/transcript_full/00000000.jsonl",
            ".gemini/antigravity-cli/brain/0c0a0000-0000-4000-8000-000000000002/.system_generated/logs/chunks/transcript_full/00000000.jsonl"
        ),
        (
            "antigravity/brain/0c0a0000-0000-4000-8000-000000000002/.system_generated/logs/chunks/transcript_full/00000001.jsonl",
            ".gemini/antigravity-cli/brain/0c0a0000-0000-4000-8000-000000000002/.system_generated/logs/chunks/transcript_full/00000001.jsonl"
        ),
        ("gemini-cli/tmp/h1/chats/session-2026-09-12-ab12.jsonl", ".gemini/tmp/h1/chats/session-2026-09-12-ab12.jsonl"),
        ("qwen-code/projects/-home-dev-app/chats/q1.jsonl", ".qwen/projects/-home-dev-app/chats/q1.jsonl"),
        (
            "kimi/sessions/wd_app_1234/session_7a000000-0000-4000-8000-000000000001/state.json",
            ".kimi-code/sessions/wd_app_1234/session_7a000000-0000-4000-8000-000000000001/state.json"
        ),
        (
            "kimi/sessions/wd_app_1234/session_7a000000-0000-4000-8000-000000000001/agents/main/wire.jsonl",
            ".kimi-code/sessions/wd_app_1234/session_7a000000-0000-4000-8000-000000000001/agents/main/wire.jsonl"
        ),
        (
            "kimi/sessions/wd_app_1234/session_7a000000-0000-4000-8000-000000000001/agents/scout/wire.jsonl",
            ".kimi-code/sessions/wd_app_1234/session_7a000000-0000-4000-8000-000000000001/agents/scout/wire.jsonl"
        ),
        (
            "grok/sessions/%2Fhome%2Fdev%2Fapp/019f0000-0000-7000-8000-0000000000aa/chat_history.jsonl",
            ".grok/sessions/%2Fhome%2Fdev%2Fapp/019f0000-0000-7000-8000-0000000000aa/chat_history.jsonl"
        ),
        (
            "grok/sessions/%2Fhome%2Fdev%2Fapp/019f0000-0000-7000-8000-0000000000aa/summary.json",
            ".grok/sessions/%2Fhome%2Fdev%2Fapp/019f0000-0000-7000-8000-0000000000aa/summary.json"
        ),
        ("kiro/sessions/cli/k1.jsonl", ".kiro/sessions/cli/k1.jsonl"),
        ("kiro/sessions/cli/k1.json", ".kiro/sessions/cli/k1.json"),
        ("kiro/kiro.sql", ".local/share/kiro-cli/data.sqlite3"),
    ]

    /// A home folder holding every fixture where its agent keeps it.
    static func home() throws -> URL {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-home-\(UUID().uuidString)")
        for (fixture, place) in layout {
            let destination = home.appendingPathComponent(place)
            try FileManager.default.createDirectory(
                at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
            let source = MoreAgentsTests.fixture(fixture)
            if fixture.hasSuffix(".sql") {
                try SQLiteFixture.make(at: destination.path, sql: try String(contentsOfFile: source, encoding: .utf8))
            } else {
                try FileManager.default.copyItem(atPath: source, toPath: destination.path)
            }
        }
        return home
    }

    @Test func everyAgentIsFoundWhereItKeepsItsSessions() throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let environment = ["HOME": home.path, "TELETYPE_CACHE_DIR": "off"]
        let found = SessionLocator.sessions(environment: environment)
        let byAgent = Dictionary(grouping: found, by: \.agent)
        let expected: [SessionAgent: [String]] = [
            .cursor: ["Why is the build red?", "Rename the module back", "Fix the flaky upload test"],
            .copilotCLI: ["Count the TODO comments"],
            .vscodeCopilot: ["Explain the cache", "Add a test for the cache"],
            .cline: ["Fix the failing date test"],
            .opencode: ["Add rate limiting", "Rename a field"],
            .antigravity: ["What does make lint check?", "List the scripts"],
            .geminiCLI: ["Which port does the server use?"],
            .qwenCode: ["Show the Go version"],
            .kimi: ["Check the licences"],
            .grok: ["What main.py prints"],
            .kiro: ["Summarise the README", "Create notes.md saying hello"],
        ]
        for (agent, titles) in expected {
            let listed = (byAgent[agent] ?? []).compactMap(\.title)
            #expect(Set(listed) == Set(titles), "\(agent): \(listed)")
        }
        // Subagents (Kimi's scout, Cursor's sub-composer, OpenCode's child session) are not sessions
        // of their own; a conversation of a store says which one it is.
        #expect(!found.contains { $0.path.contains("/agents/scout/") })
        #expect(
            !found.contains { $0.title == "Search for timeouts" || $0.title?.hasPrefix("Find the middleware") == true })
        let rate = try #require(found.first { $0.title == "Add rate limiting" })
        #expect(rate.arguments == [home.path + "/.local/share/opencode/opencode.db", "--conversation", "ses_d1"])
        #expect(found.map(\.lastModified) == found.map(\.lastModified).sorted(by: >))
        // The newest of one agent: the file written last (the run's log is older than the database).
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-3600)],
            ofItemAtPath: home.appendingPathComponent(".kiro/sessions/cli/k1.jsonl").path)
        let latest = try #require(SessionLocator.latest(.kiro, environment: environment))
        #expect(latest.title == "Create notes.md saying hello")
    }

    /// The second listing reads only what changed: the same sessions, from the cache; a file
    /// changed since is read again, and one deleted is gone.
    @Test func aSecondListingComesFromTheCache() throws {
        let home = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let cache = home.appendingPathComponent("cache")
        let environment = ["HOME": home.path, "TELETYPE_CACHE_DIR": cache.path]
        let first = SessionLocator.sessions(environment: environment)
        #expect(FileManager.default.fileExists(atPath: cache.appendingPathComponent("sessions.jsonl").path))
        #expect(SessionLocator.sessions(environment: environment) == first)
        let qwen = home.appendingPathComponent(".qwen/projects/-home-dev-app/chats/q1.jsonl")
        let renamed =
            try String(contentsOf: qwen, encoding: .utf8).replacingOccurrences(
                of: "Show the Go version", with: "Show the Rust version")
        try renamed.write(to: qwen, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: qwen.path)
        try FileManager.default.removeItem(at: home.appendingPathComponent(".kiro/sessions/cli/k1.jsonl"))
        let third = SessionLocator.sessions(environment: environment)
        #expect(third.contains { $0.title == "Show the Rust version" })
        #expect(!third.contains { $0.title == "Show the Go version" || $0.title == "Summarise the README" })
        #expect(third.count == first.count - 1)
    }

    /// Sessions are handed over newest first as they are read: the newest come before the older
    /// files are read, and a listing that wants no more leaves the rest unread.
    @Test func theNewestSessionsComeFirstAndTheRestIsNotRead() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-home-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let chats = home.appendingPathComponent(".qwen/projects/-home-dev-app/chats")
        try FileManager.default.createDirectory(at: chats, withIntermediateDirectories: true)
        let fixture = MoreAgentsTests.fixture("qwen-code/projects/-home-dev-app/chats/q1.jsonl")
        for index in 0..<60 {
            let file = chats.appendingPathComponent("q\(index).jsonl")
            try FileManager.default.copyItem(atPath: fixture, toPath: file.path)
            // Every tenth file as new as the one before it: equal times go by path.
            let age = Double(index - index % 10 / 9) * 60
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_790_000_000 - age)], ofItemAtPath: file.path)
        }
        let all = SessionLocator.sessions(environment: ["HOME": home.path, "TELETYPE_CACHE_DIR": "off"])
        #expect(all.count == 60)
        #expect(zip(all, all.dropFirst()).allSatisfy { SessionLocator.isNewer($0, $1) })
        // Handed over in calls, they are the same sessions in the same order.
        var calls = 0
        var handed: [SessionLocator.Entry] = []
        SessionLocator.forEachSession(environment: ["HOME": home.path, "TELETYPE_CACHE_DIR": "off"]) {
            calls += 1
            handed += $0
            return true
        }
        #expect(handed == all)
        #expect(calls > 1)
        // Three wanted: the files past the first few are not read (the cache holds what was read).
        let cache = home.appendingPathComponent("cache")
        var first: [SessionLocator.Entry] = []
        SessionLocator.forEachSession(environment: ["HOME": home.path, "TELETYPE_CACHE_DIR": cache.path]) {
            first += $0
            return first.count < 3
        }
        #expect(Array(first.prefix(3)) == Array(all.prefix(3)))
        let kept = try String(contentsOf: cache.appendingPathComponent("sessions.jsonl"), encoding: .utf8)
        let read = kept.split(separator: "\n").count
        #expect(read >= 3 && read < 30, "\(read) files read")
    }
}
