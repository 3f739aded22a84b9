import Foundation
import Teletype
import TeletypeArchive
import TeletypeSessions
import TeletypeSnapshotTesting
import TeletypeTestSupport
import TeletypeTranscripts
import Testing

/// The agents read since Claude Code, Codex, Gemini CLI and aider — Cursor, GitHub Copilot (CLI and
/// VS Code), Cline, OpenCode, Antigravity, Qwen Code, Kimi Code, Grok Build, Kiro and Markdown
/// exports — each from a fixture of every shape it writes (`Tests/Fixtures/sessions/agents/`, in
/// the folders each agent lays out; databases kept as SQL and built when the tests run): read as
/// its agent, its words, steps and tools drawn, and a snapshot of each.
@Suite struct MoreAgentsTests {
    /// One shape of one agent's log: where its fixture is, what it reads as, and what must show.
    struct Shape: Sendable, CustomTestStringConvertible {
        /// The fixture, below `agents/`; a `.sql` is a database built from it.
        var path: String
        /// The format it is read as.
        var format: TranscriptFormat
        /// Words that must show in the plain drawing, in order.
        var shows: [String]
        /// Words that must not (boilerplate an agent adds).
        var hides: [String] = []
        /// The conversation of a store of many to read.
        var conversation: String?

        var testDescription: String { path + (conversation.map { " #" + $0 } ?? "") }
        var snapshotName: String {
            path.split(separator: "/").prefix(1).joined() + "-"
                + (path.split(separator: "/").last ?? "").split(separator: ".").first.map(String.init)!
        }
    }

    static let shapes: [Shape] = [
        Shape(
            path: "cursor/agent-transcripts/c1/c1.jsonl", format: .cursor,
            shows: ["Why is the build red?", "$ make build", "Read src/app.swift", "renamed"],
            hides: ["<user_query>"]),
        Shape(
            path: "cursor/agent-transcripts/c2.txt", format: .cursor, shows: ["Rename the module back", "AppExtras"]),
        Shape(
            path: "cursor/cursor-global.sql", format: .cursor,
            shows: [
                "Fix the flaky upload test", "The upload test fails", "$ npm test -- upload", "timeout of 2000ms",
                "↳", "timeout is now 10 s",
            ],
            conversation: "cmp-1"),
        Shape(
            path: "copilot-cli/session-state/5d1e0000-0000-4000-8000-000000000001/events.jsonl", format: .copilotCLI,
            shows: [
                "Count the TODO comments", "/home/dev/shop", "gpt-5.4", "Count the TODO comments", "grep -rn TODO",
                "7 TODO comments",
            ]),
        Shape(
            path: "vscode-copilot/workspaceStorage/ab12/chatSessions/9f00.json", format: .vscodeCopilot,
            shows: ["Explain the cache", "Explain what the cache", "last 100 responses"]),
        Shape(
            path: "vscode-copilot/workspaceStorage/ab12/chatSessions/9f01.jsonl", format: .vscodeCopilot,
            shows: ["Add a test for the cache", "cache.test.ts", "Run it", "Both cases pass"]),
        Shape(
            path: "cline/tasks/1790000000000/api_conversation_history.json", format: .cline,
            shows: ["Fix the failing date test", "$ npm test -- dates", "1 failing", "both are UTC now"],
            hides: ["environment_details", "<task>"]),
        Shape(
            path: "opencode/export.json", format: .opencode,
            shows: [
                "Paginate the users endpoint", "gpt-5.3-codex", "users.ts", "Paginate GET /users", "Thought",
                "slice(offset", "npm test", "2 tests failed", "two tests still expect",
            ],
            hides: ["Called the Read tool"]),
        Shape(
            path: "opencode/storage", format: .opencode, shows: ["Rename userName to username", "Renamed in 4 files"],
            conversation: "ses_s1"),
        Shape(
            path: "opencode/opencode.sql", format: .opencode,
            shows: ["Add rate limiting", "↳ Find the middleware", "100 requests a minute"], conversation: "ses_d1"),
        Shape(
            path: "antigravity/brain/0c0a0000-0000-4000-8000-000000000001/.system_generated/logs/transcript_full.jsonl",
            format: .antigravity,
            shows: ["Gemini 3.5 Pro", "What does make lint check?", "Makefile", "swift format lint"],
            hides: ["USER_REQUEST", "toolSummary"]),
        Shape(
            path:
                "antigravity/brain/0c0a0000-0000-4000-8000-000000000002/.system_generated/logs/chunks/transcript_full/00000000.jsonl",
            format: .antigravity, shows: ["List the scripts", "build.sh and release.sh"]),
        Shape(
            path: "gemini-cli/tmp/h1/chats/session-2026-09-12-ab12.jsonl", format: .geminiCLI,
            shows: ["Which port does the server use?", "Looking", "Port 8080"], hides: ["session_context"]),
        Shape(
            path: "qwen-code/projects/-home-dev-app/chats/q1.jsonl", format: .qwenCode,
            shows: ["Qwen Code", "qwen3-coder", "Show the Go version", "$ go version", "go1.25.1", "Go 1.25.1."],
            hides: ["hook context"]),
        Shape(
            path: "kimi/sessions/wd_app_1234/session_7a000000-0000-4000-8000-000000000001/agents/main/wire.jsonl",
            format: .kimi,
            shows: [
                "Check the licences", "/home/dev/app", "Check the licences of our dependencies", "Scouting licences",
                "MIT or BSD licensed",
            ]),
        Shape(
            path: "grok/sessions/%2Fhome%2Fdev%2Fapp/019f0000-0000-7000-8000-0000000000aa/chat_history.jsonl",
            format: .grok, shows: ["What main.py prints", "grok-4.5", "What does main.py print?", "main.py", "ready"],
            hides: ["OS: linux", "You are Grok"]),
        Shape(
            path: "kiro/sessions/cli/k1.jsonl", format: .kiro,
            shows: ["Summarise the README", "/home/dev/svc", "Summarise the README", "build and deploy"]),
        Shape(
            path: "kiro/kiro.sql", format: .kiro, shows: ["Create notes.md saying hello", "notes.md", "Created"],
            conversation: "kv2-1"),
        Shape(
            path: "markdown/specstory-v2.md", format: .markdownExport,
            shows: [
                "Codex CLI (SpecStory)", "How many Swift files", "find . -name", "214", "214 Swift files", "/exit",
            ],
            hides: ["<tool-use", "<command-name>", "&#96;"]),
        Shape(
            path: "markdown/specstory-classic.md", format: .markdownExport,
            shows: ["Speed up the test suite", "the tests take four minutes", "sleep", "under a minute"],
            hides: ["<details>", "<summary>"]),
        Shape(
            path: "markdown/opencode-export.md", format: .markdownExport,
            shows: [
                "Tidy the logging setup", "claude-sonnet-4-5", "Use one logger everywhere", "getLogger", "app.log",
            ],
            hides: ["**Input:**", "**Tool: grep**"]),
        Shape(
            path: "markdown/cursor_export-chat.md", format: .markdownExport,
            shows: ["Fix the login bug", "Why does login fail?", "read before it is set", "Thanks"]),
        Shape(
            path: "markdown/windsurf-cascade.md", format: .markdownExport,
            shows: ["List the files and run the tests", "List app", "main.py", "$ pytest -q", "All 12 tests pass"]),
    ]

    static func fixture(_ path: String) -> String {
        PackageRoot.url.appendingPathComponent("Tests/Fixtures/sessions/agents/\(path)").path
    }

    /// A database built from `sql` in a folder of its own, named `name`.
    static func database(_ sql: String, name: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-db-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent(name).path
        try SQLiteFixture.make(at: path, sql: try String(contentsOfFile: fixture(sql), encoding: .utf8))
        return path
    }

    /// When the snapshots were recorded: a log that holds no time of its own (a Cursor text
    /// transcript) is dated by its file, and a fresh clone's files are as new as the clone.
    static let snapshotTime = Date(timeIntervalSince1970: 1_796_230_800)  // 2026-12-02 17:00 UTC

    /// The fixture's agent folder copied to a folder of its own (detection and sidecars read the
    /// folders around a log), every file in it dated `snapshotTime`; the copy of the fixture.
    static func copyDatedAtSnapshotTime(_ path: String) throws -> String {
        let files = FileManager.default
        let folder = files.temporaryDirectory.appendingPathComponent("teletype-shape-\(UUID().uuidString)")
        try files.createDirectory(at: folder, withIntermediateDirectories: true)
        let agent = String(path.split(separator: "/")[0])
        let copy = folder.appendingPathComponent(agent)
        try files.copyItem(atPath: fixture(agent), toPath: copy.path)
        for case let file as String in files.enumerator(atPath: copy.path) ?? .init() {
            try files.setAttributes(
                [.modificationDate: snapshotTime], ofItemAtPath: copy.appendingPathComponent(file).path)
        }
        return folder.appendingPathComponent(path).path
    }

    /// The shape's conversation, read as `render` reads it.
    static func read(_ shape: Shape) throws -> Transcript {
        var path = fixture(shape.path)
        var made: String?  // the folder made for this reading, removed after it
        if shape.path.hasSuffix(".sql") {
            path = try database(shape.path, name: "store.db")
            made = URL(fileURLWithPath: path).deletingLastPathComponent().path
        } else if shape.conversation == nil {
            path = try copyDatedAtSnapshotTime(shape.path)
            made = String(path.dropLast(shape.path.count + 1))
        }
        defer { if let made { try? FileManager.default.removeItem(atPath: made) } }
        if let conversation = shape.conversation {
            let collection = try #require(try ConversationCollections.open(path))
            return try collection.read(try collection.find(conversation))
        }
        var messages: [Message] = []
        var info: SessionInfo?
        let format = try ConversationStream().forEachMessage(
            inFileAt: path, name: path, session: { info = $0 }, { messages.append($0) })
        return Transcript(messages: messages, format: format, info: info)
    }

    @Test(arguments: shapes)
    func eachShapeReadsAsItsAgentWithItsWordsAndSteps(_ shape: Shape) throws {
        let transcript = try Self.read(shape)
        #expect(transcript.format == shape.format, "\(shape.path) read as \(transcript.format)")
        #expect(transcript.info != nil)
        let plain = AgentSessionTests.show(transcript, width: 240).plain
        var from = plain.startIndex
        for words in shape.shows {
            guard let found = plain[from...].range(of: words) else {
                Issue.record("\(shape.path): \(words.debugDescription) missing (or out of order) in\n\(plain)")
                break
            }
            from = found.upperBound
        }
        for words in shape.hides { #expect(!plain.contains(words), "\(shape.path) shows \(words.debugDescription)") }
    }

    @Test(arguments: shapes)
    func eachShapeIsASnapshot(_ shape: Shape) throws {
        let shown = AgentSessionTests.show(try Self.read(shape), width: 80)
        assertSnapshot(of: shown.plain, as: AgentSessionTests.text, named: shape.snapshotName)
        assertSnapshot(of: shown.markdown, as: AgentSessionTests.markdown, named: shape.snapshotName)
    }

    /// A subagent's conversation is nested under the call that started it, in full in HTML.
    /// A VS Code operation log whose steps name elements no array holds (1e300, 1e400, -1, 1.5,
    /// a trillion) or that takes 100,000 steps is replayed as far as it makes sense, never a crash
    /// or a trillion nulls.
    @Test func anOperationLogOfImpossibleIndicesIsReplayedSafely() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oplog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try String(
            contentsOfFile: Self.fixture("vscode-copilot/workspaceStorage/ab12/chatSessions/9f01.jsonl"),
            encoding: .utf8)
        var log = original
        for step in ["1e300", "1e400", "-1", "1.5", "1000000000000", "-1e400"] {
            log += #"{"kind": 1, "k": ["requests", \#(step), "isComplete"], "v": false}"# + "\n"
            log += #"{"kind": 2, "k": ["requests", \#(step), "response"], "v": [{"value": "x"}]}"# + "\n"
            log += #"{"kind": 3, "k": ["requests", \#(step)]}"# + "\n"
        }
        let chats = folder.appendingPathComponent("workspaceStorage/ab12/chatSessions")
        try FileManager.default.createDirectory(at: chats, withIntermediateDirectories: true)
        // A path of 100,000 steps, and a set that follows it.
        let steps = Array(repeating: #""deeper""#, count: 100_000).joined(separator: ",")
        log += #"{"kind": 1, "k": [\#(steps)], "v": 1}"# + "\n"
        let path = chats.appendingPathComponent("9f01.jsonl").path
        try log.write(toFile: path, atomically: true, encoding: .utf8)
        var messages: [Message] = []
        _ = try ConversationStream().forEachMessage(inFileAt: path, name: path) { messages.append($0) }
        #expect(messages.map(\.text).joined(separator: "\n").contains("Both cases pass"))
    }

    /// Token counts no integer holds (aider's `1e300 sent`, a thousand records of 9e15 tokens) add
    /// up to as many as an `Int` counts, and the session's line is drawn: never a crash.
    @Test func tokenTotalsPastWhatAnIntegerHoldsAreHeld() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tokens-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var aider = "# aider chat started at 2025-10-04 11:00:00\n\n#### Hello  \n\nHi.\n\n"
        aider += "> Tokens: 1e300 sent, nan received.  \n\n> Tokens: 9e18 sent, -1e400 received.  \n\n"
        let aiderPath = folder.appendingPathComponent(".aider.chat.history.md").path
        try aider.write(toFile: aiderPath, atomically: true, encoding: .utf8)
        var cline = "["
        for index in 0..<1200 {
            cline += index == 0 ? "" : ","
            cline +=
                #"{"role":"assistant","content":[{"type":"text","text":"step \#(index)"}],"metrics":{"inputTokens":8.9e15,"outputTokens":8.9e15,"cacheReadTokens":0,"cacheWriteTokens":8.9e15}}"#
        }
        cline += "]"
        let tasks = folder.appendingPathComponent("saoudrizwan.claude-dev/tasks/1790000000000")
        try FileManager.default.createDirectory(at: tasks, withIntermediateDirectories: true)
        let clinePath = tasks.appendingPathComponent("api_conversation_history.json").path
        try cline.write(toFile: clinePath, atomically: true, encoding: .utf8)
        for path in [aiderPath, clinePath] {
            var info: SessionInfo?
            var messages: [Message] = []
            _ = try ConversationStream().forEachMessage(inFileAt: path, name: path, session: { info = $0 }) {
                messages.append($0)
            }
            let read = try #require(info, "\(path)")
            #expect(!messages.isEmpty && read.totalTokens > 0, "\(path)")
            let plain = AgentSessionTests.show(Transcript(messages: messages, format: .aider, info: read), width: 100)
                .plain
            #expect(!plain.isEmpty)
        }
    }

    @Test func subagentsAreNestedUnderTheirCalls() throws {
        for (shape, said) in [
            (Self.shapes[2], "One: upload.test.ts sets 2000 ms."), (Self.shapes[9], "In server.ts, line 12."),
            (Self.shapes[14], "MIT 12"),
        ] {
            let html = AgentSessionTests.show(try Self.read(shape)).html
            #expect(html.contains("tt-subagent") && html.contains(said), "\(shape.path)")
        }
    }

    /// A store of many lists its conversations without their subagents' (which nest under their
    /// calls), newest first.
    @Test func aStoreListsItsConversationsWithoutTheirSubagents() throws {
        let cursor = try #require(
            try ConversationCollections.open(Self.database("cursor/cursor-global.sql", name: "state.vscdb")))
        #expect(cursor.newestFirst.map(\.id) == ["cmp-1"])
        #expect(cursor.kindName == "Cursor database")
        let opencode = try #require(
            try ConversationCollections.open(Self.database("opencode/opencode.sql", name: "opencode.db")))
        #expect(opencode.newestFirst.map(\.title) == ["Add rate limiting"])
        let storage = try #require(try ConversationCollections.open(Self.fixture("opencode/storage")))
        #expect(storage.conversations.map(\.id) == ["ses_s1"])
    }

    // MARK: Databases, read without disturbing their app

    /// A database read while its app holds it open in WAL mode: what is committed to the log is
    /// read, the app goes on writing, and no file is left that was not there.
    @Test func aDatabaseInUseIsReadWithoutDisturbingItsWriter() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-wal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("opencode.db").path
        let sql = try String(contentsOfFile: Self.fixture("opencode/opencode.sql"), encoding: .utf8)
        try SQLiteFixture.make(at: path, sql: sql, walMode: true) { run in
            // Committed to the log, not yet to the database.
            try run(
                "INSERT INTO session VALUES ('ses_w','p1',NULL,'w','/w','Written while open','1',1792000000000,1792000000000);"
                    + "INSERT INTO message VALUES ('msg_w','ses_w',1792000000000,1792000000000,'{\"role\":\"user\"}');"
                    + "INSERT INTO part VALUES ('prt_w','msg_w','ses_w',1792000000000,1792000000000,'{\"type\":\"text\",\"text\":\"Still here\"}');"
            )
            #expect(FileManager.default.fileExists(atPath: path + "-wal"))
            let before = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
            let store = try #require(try ConversationCollections.open(path))
            let written = try store.read(try store.find("Written while open"))
            #expect(written.messages.first?.text == "Still here")
            // The app writes on.
            try run("INSERT INTO part VALUES ('prt_x','msg_w','ses_w',1,1,'{\"type\":\"text\",\"text\":\"more\"}');")
            #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == before)
        }
        // A database at rest is read without a log or shared memory appearing beside it.
        let quiet = folder.appendingPathComponent("quiet.db").path
        try SQLiteFixture.make(at: quiet, sql: sql)
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        let store = try #require(try ConversationCollections.open(quiet))
        _ = try store.read(try store.find("1"))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)) == before)
    }

    /// A store's JSON is read from the column where SQLite keeps it, whether stored as text or as
    /// a blob, characters past ASCII kept; a row whose JSON is broken is passed over, not an error.
    @Test func aStoreReadsJSONFromTextAndBlobColumns() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-blob-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("opencode.db").path
        func blob(_ text: String) -> String { "X'" + text.utf8.map { String(format: "%02X", $0) }.joined() + "'" }
        let user = #"{"type":"text","text":"Schreib 日本語 zurück ✓"}"#
        let reply = #"{"type":"text","text":"Done: \u00e9t\u00e9 — 完了"}"#
        let sql = [
            "CREATE TABLE session (id TEXT PRIMARY KEY, parent_id TEXT, directory TEXT, title TEXT, version TEXT, time_created INTEGER, time_updated INTEGER);",
            "CREATE TABLE message (id TEXT PRIMARY KEY, session_id TEXT, time_created INTEGER, data TEXT);",
            "CREATE TABLE part (id TEXT PRIMARY KEY, message_id TEXT, session_id TEXT, data TEXT);",
            "INSERT INTO session VALUES ('ses_b',NULL,'/w','Blobs','1',1791000000000,1791000000000);",
            "INSERT INTO message VALUES ('msg_1','ses_b',1791000000000,\(blob(#"{"role":"user"}"#)));",
            "INSERT INTO message VALUES ('msg_2','ses_b',1791000001000,'{\"role\":\"assistant\"}');",
            "INSERT INTO message VALUES ('msg_3','ses_b',1791000002000,'{\"role\": broken');",
            "INSERT INTO part VALUES ('prt_1','msg_1','ses_b',\(blob(user)));",
            "INSERT INTO part VALUES ('prt_2','msg_2','ses_b','\(reply)');",
            "INSERT INTO part VALUES ('prt_3','msg_3','ses_b','{\"type\":\"text\",\"text\":\"lost\"}');",
        ].joined(separator: "\n")
        try SQLiteFixture.make(at: path, sql: sql)
        let store = try #require(try ConversationCollections.open(path))
        let read = try store.read(try store.find("Blobs"))
        #expect(read.messages.map(\.text) == ["Schreib 日本語 zurück ✓", "Done: été — 完了"])
    }

    /// A file that is not a database, a database of no agent, and one whose table lacks a column
    /// are said so, naming the file and what is missing.
    @Test func aDatabaseTeletypeCannotReadIsSaidSo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "teletype-baddb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let unknown = folder.appendingPathComponent("notes.db").path
        try SQLiteFixture.make(at: unknown, sql: "CREATE TABLE notes (body TEXT);")
        #expect(throws: TranscriptError.self) { try ConversationCollections.open(unknown) }
        do {
            _ = try ConversationCollections.open(unknown)
        } catch {
            #expect(
                error.description.hasPrefix(unknown + ": a SQLite database Teletype does not know (its tables: notes)"))
        }
        let lacking = folder.appendingPathComponent("opencode.db").path
        try SQLiteFixture.make(
            at: lacking,
            sql: "CREATE TABLE session (id TEXT); CREATE TABLE message (id TEXT, session_id TEXT, data TEXT);"
                + "CREATE TABLE part (id TEXT, data TEXT);")
        do {
            _ = try ConversationCollections.open(lacking)
            Issue.record("a database without part.message_id opened")
        } catch {
            #expect(error.description.contains("table \"part\" has no column \"message_id\""), "\(error)")
        }
        // Garbage after a SQLite header: damaged, or encrypted by its app.
        let garbage = folder.appendingPathComponent("state.vscdb").path
        var bytes = Array("SQLite format 3\0".utf8)
        bytes += (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }
        #expect(FileManager.default.createFile(atPath: garbage, contents: Data(bytes)))
        do {
            _ = try ConversationCollections.open(garbage)
            Issue.record("a damaged database opened")
        } catch {
            #expect(error.description.hasPrefix(garbage + ": "), "\(error)")
        }
    }

    // MARK: Archives

    /// A folder of every agent's fixtures exported as an archive: a page a session, a page a
    /// conversation of each store (under a folder named for it), no page for a sidecar, a subagent's
    /// own log, a chunk after a log's first, or a Markdown file that is not a conversation; a run
    /// again writes only the conversation of the database that changed.
    @Test func aFolderOfEveryAgentIsAnArchive() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "teletype-agents-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixture(""), toPath: input.path)
        for (sql, name) in [("opencode/opencode.sql", "opencode/opencode.db"), ("kiro/kiro.sql", "kiro/data.sqlite3")] {
            try SQLiteFixture.make(
                at: input.appendingPathComponent(name).path,
                sql: try String(contentsOfFile: Self.fixture(sql), encoding: .utf8))
        }
        try "# Notes\n\nNot a conversation.\n".write(
            to: input.appendingPathComponent("markdown/NOTES.md"), atomically: true, encoding: .utf8)
        let output = folder.appendingPathComponent("out").path
        let inputs = ArchiveInput.find([input.path]).inputs
        let pages = Set(inputs.map(\.page))
        for expected in [
            "pages/opencode/opencode.db/ses_d1.html", "pages/opencode/storage/ses_s1.html",
            "pages/kiro/data.sqlite3/kv2-1.html", "pages/kiro/sessions/cli/k1.jsonl.html",
            "pages/markdown/specstory-v2.md.html", "pages/cursor/agent-transcripts/c2.txt.html",
            "pages/antigravity/brain/0c0a0000-0000-4000-8000-000000000002/.system_generated/logs/chunks/transcript_full/00000000.jsonl.html",
        ] {
            #expect(pages.contains(expected), "\(expected) not among \(pages.sorted())")
        }
        for unexpected in [
            "k1.json.html", "/scout/", "00000001.jsonl", "NOTES.md", "workspace.yaml", "summary.json", "state.json",
        ] {
            #expect(!pages.contains { $0.contains(unexpected) }, "\(unexpected) is a page")
        }
        let first = try ConversationArchive(jobs: 2).export(inputs, to: output)
        #expect(first.failures.isEmpty && first.empty.isEmpty, "\(first.failures) \(first.empty)")
        #expect(first.written.count == inputs.count)
        try SQLiteFixture.make(
            at: input.appendingPathComponent("opencode/opencode.db").path,
            sql: try String(contentsOfFile: Self.fixture("opencode/opencode.sql"), encoding: .utf8)
                + "UPDATE session SET time_updated = time_updated + 1000 WHERE id = 'ses_d1';")
        let again = try ConversationArchive(jobs: 2).export(ArchiveInput.find([input.path]).inputs, to: output)
        #expect(again.written.map(\.page) == ["pages/opencode/opencode.db/ses_d1.html"])
    }

    // MARK: The corpus

    /// What the corpus holds on purpose that is not a conversation to show: a Kiro state without
    /// its log, Grok's global log of token events.
    static let notConversations: Set<String> = [
        "kiro/superbasedapp__observer__kirocli__flat-with-metadata.json",
        "grok/superbasedapp__observer__grok/home/.grok/logs/unified.jsonl",
        // Broken on purpose (a line that is not JSON between two that are): an error at its place,
        // see aBrokenLineIsAnErrorAtItsPlace.
        "kiro/superbasedapp__observer__kirocli__flat-malformed.jsonl",
        // Sidecars under names their agents do not give them.
        "cline/superbasedapp__observer__clinecli/sample-session-meta.json",
        "cline/superbasedapp__observer__task_metadata.json",
    ]

    /// The corpus files of the newer agents that are conversations (sidecars, subagents' own logs
    /// and later chunks left out).
    static var corpusConversations: [String] {
        Corpus.moreAgentFiles.filter { path in
            let full = Corpus.sessionPath(path)
            // A store's own files are read through the store (everyStoreFolderOfTheCorpusReads).
            return !notConversations.contains(path)
                && !Corpus.storeFolders.contains(where: { path.hasPrefix($0 + "/") })
                && !SessionSidecar.isSidecar(path: full)
                && !SessionSidecar.isSubagentLog(path: full) && !path.hasSuffix(".meta.json")
                && !(path.hasPrefix("claude-code/") && !path.contains("jazzyalex"))
                && !(path.hasPrefix("codex/") && !path.contains("jazzyalex") && !path.contains("superbasedapp"))
                && !(path.hasPrefix("gemini-cli/") && !path.hasSuffix(".jsonl"))
        }
    }

    /// Every corpus file of the newer agents reads as a conversation with messages (a store's, each
    /// of its conversations), and a file drawn while read is the file drawn whole.
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)), arguments: corpusConversations)
    func everyCorpusFileOfTheNewerAgentsShowsItsConversation(_ path: String) throws {
        let full = Corpus.sessionPath(path)
        if let store = try ConversationCollections.open(full) {
            #expect(!store.conversations.isEmpty || path.contains("test-store"), "\(path): no conversation listed")
            for conversation in store.conversations {
                let transcript = try store.read(conversation)
                #expect(
                    !transcript.messages.isEmpty || path.contains("test-store"),
                    "\(path) #\(conversation.id) shows nothing")
            }
            return
        }
        let (whole, streamed) = try AgentSessionTests.drawnWhileRead(full)
        #expect(streamed == whole, "\(path): drawn while read differs from drawn whole")
        let transcript = try ConversationReader().read(try Data(contentsOf: URL(fileURLWithPath: full)), file: full)
        #expect(transcript.info != nil, "\(path) is not read as an agent's log (\(transcript.format))")
        #expect(!transcript.messages.isEmpty || path.contains("config-update"), "\(path) shows nothing")
        // The first words of each prompt show in the drawing.
        let plain = AgentSessionTests.show(transcript, width: 200).plain
        let shownWords = Set(AgentSessionTests.words(plain))
        for prompt in transcript.messages where prompt.role.isUser {
            let words = AgentSessionTests.words(prompt.text).prefix(4)
            #expect(words.allSatisfy(shownWords.contains), "\(path): prompt \(words) not shown")
        }
    }

    /// OpenCode's storage trees in the corpus list and read their sessions.
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)), arguments: Corpus.storeFolders)
    func everyStoreFolderOfTheCorpusReads(_ path: String) throws {
        let store = try #require(try ConversationCollections.open(Corpus.sessionPath(path)))
        #expect(!store.conversations.isEmpty)
        for conversation in store.conversations {
            #expect(!(try store.read(conversation)).messages.isEmpty, "\(path) #\(conversation.id)")
        }
    }

    /// One file of a store, rendered alone, is an error that names the store to render instead.
    @Test func aFileOfAStoreNamesItsStore() throws {
        let part = Self.fixture("opencode/storage/part/msg_u/prt_01.json")
        do {
            _ = try ConversationReader().read(try Data(contentsOf: URL(fileURLWithPath: part)), file: part)
            Issue.record("a part of OpenCode's storage read alone")
        } catch {
            #expect("\(error)".contains("one file of OpenCode's storage"), "\(error)")
            #expect("\(error)".contains(Self.fixture("opencode/storage")))
        }
    }

    /// A line that is not JSON between lines that are is an error at its line and column (a cut
    /// last line, the agent still writing it, is a notice instead).
    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func aBrokenLineIsAnErrorAtItsPlace() throws {
        let path = Corpus.sessionPath("kiro/superbasedapp__observer__kirocli__flat-malformed.jsonl")
        do {
            _ = try ConversationReader().read(try Data(contentsOf: URL(fileURLWithPath: path)), file: path)
            Issue.record("a broken line read")
        } catch {
            #expect("\(error)".hasPrefix(path + ":2:"), "\(error)")
        }
    }
}
