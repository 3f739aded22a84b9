import Foundation
import TeletypeTestSupport
import Testing

/// Files Teletype does not read, or reads as nothing, are said to be so: never an empty
/// conversation drawn silently, never noise printed with exit 0, and the same words for a missing
/// file in every command.
@Suite struct UnreadFilesTests {
    let cli = CommandLineTests()

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-unread-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A Gemini CLI JSONL recording whose header has no `kind` is read as Gemini CLI's, not taken
    /// for another agent's log.
    @Test func aGeminiRecordingWithoutKindIsGeminiCLIs() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("session-2026-04-29T21-39-abcd.jsonl")
        try Data(
            [
                #"{"sessionId":"abc","projectHash":"ff00","startTime":"2026-04-29T21:39:22.319Z","lastUpdated":"2026-04-29T21:39:22.319Z"}"#,
                #"{"id":"u1","timestamp":"2026-04-29T21:39:33.155Z","type":"user","content":[{"text":"Say hello."}]}"#,
                #"{"id":"g1","timestamp":"2026-04-29T21:39:35.125Z","type":"gemini","content":"Hello there!","toolCalls":[]}"#,
            ].joined(separator: "\n").utf8
        ).write(to: file)
        let result = try cli.run(["render", file.path, "--format", "plain", "--width", "60"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.hasPrefix("Gemini CLI"), "\(result.output)")
        #expect(result.output.contains("Say hello.") && result.output.contains("Hello there!"), "\(result.output)")
        #expect(result.error.isEmpty, "\(result.error)")
        // A recording that starts with its messages (no header) is Gemini CLI's too.
        let headless = folder.appendingPathComponent("headless.jsonl")
        try Data(
            [
                #"{"id":"g1","timestamp":"2026-04-29T21:39:35.125Z","type":"gemini","content":"Only a reply."}"#,
                #"{"id":"u2","timestamp":"2026-04-29T21:39:36.125Z","type":"user","content":"And a prompt."}"#,
            ].joined(separator: "\n").utf8
        ).write(to: headless)
        let second = try cli.run(["render", headless.path, "--format", "plain", "--width", "60"])
        #expect(second.status == 0 && second.output.contains("Only a reply."), "\(second.output)\(second.error)")
    }

    /// A file read as some format that yields no message says which format it tried: a warning
    /// from `render` (drawing no invitation to ask), exit 2 and no page from `export`.
    @Test func aFileWithNoMessageIsSaid() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("titles-only.jsonl")
        try Data(#"{"type":"summary","summary":"An old session","leafUuid":"abc"}"#.utf8).write(to: file)
        let render = try cli.run(["render", file.path, "--format", "plain"])
        #expect(render.status == 0)
        #expect(render.error.contains("read as a Claude Code session log, it holds no message"), "\(render.error)")
        #expect(!render.output.contains("How can I help?"), "\(render.output)")
        let page = folder.appendingPathComponent("page.html")
        let export = try cli.run(["export", file.path, "-o", page.path])
        #expect(export.status == 2, "\(export.error)")
        #expect(export.error.contains("titles-only.jsonl: read as a Claude Code session log, it holds no message"))
        #expect(!FileManager.default.fileExists(atPath: page.path))
        // In an archive it is named and left out, the other pages written.
        try FileManager.default.copyItem(
            at: PackageRoot.url.appendingPathComponent("Tests/Fixtures/sessions/claude-code.jsonl"),
            to: folder.appendingPathComponent("real.jsonl"))
        let site = folder.appendingPathComponent("site")
        let archive = try cli.run(["export", folder.path, "-o", site.path + "/"])
        #expect(archive.status == 0, "\(archive.error)")
        #expect(archive.error.contains("1 page written, 1 with no message"), "\(archive.error)")
        #expect(archive.error.contains("warning: \(file.path): read as a Claude Code session log"), "\(archive.error)")
    }

    /// A file forced with `--from` into a format it is not, in which it holds no message, is an
    /// error that names what the file is, with nothing drawn and no page; read as what it is, or
    /// forced into its own format, it is drawn.
    @Test(arguments: [
        (
            "kimi/sessions/wd_app_1234/session_7a000000-0000-4000-8000-000000000001/agents/main/wire.jsonl",
            "qwen-code", "a Kimi Code wire log", "kimi"
        ),
        (
            "qwen-code/projects/-home-dev-app/chats/q1.jsonl", "kimi",
            "Qwen Code", "qwen-code"
        ),
    ])
    func aFormatForcedOnAFileItIsNotIsAnError(_ relative: String, forced: String, own: String, ownFlag: String)
        throws
    {
        let file = PackageRoot.url.appendingPathComponent("Tests/Fixtures/sessions/agents/" + relative).path
        let render = try cli.run(["render", file, "--from", forced, "--format", "plain"])
        #expect(render.status == 2, "\(render.error)")
        #expect(render.output.isEmpty, "\(render.output)")
        #expect(render.error.contains("(--from \(forced)), it holds no message; read as what it is"), "\(render.error)")
        #expect(render.error.contains(own) && render.error.contains("--from \(ownFlag)"), "\(render.error)")
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("page.html")
        let export = try cli.run(["export", file, "--from", forced, "-o", page.path])
        #expect(export.status == 2 && export.error.contains("read as what it is"), "\(export.error)")
        #expect(!FileManager.default.fileExists(atPath: page.path))
        for flags in [["--from", ownFlag], []] {
            let drawn = try cli.run(["render", file, "--format", "plain"] + flags)
            #expect(drawn.status == 0 && !drawn.output.isEmpty && drawn.error.isEmpty, "\(flags): \(drawn.error)")
        }
    }

    /// A file of a shape Teletype does not read says so and what it looks like, at exit 2, with
    /// nothing written.
    @Test(arguments: [
        (
            "records.jsonl", #"{"type":"event","at":1}"# + "\n" + #"{"type":"metric","value":2}"#,
            "this is JSONL records with fields \"type\", \"at\", \"value\" (type: event, metric)"
        ),
        (
            "object.json", #"{"settings": {"theme": "dark"}, "version": 3}"#,
            "this is a JSON object with keys \"settings\", \"version\""
        ),
        ("numbers.json", "[1, 2, 3]", "this is a JSON array of 3 values that are not objects"),
        ("notes.txt", "Remember the milk\nand the eggs", "this is text, not JSON: it begins \"Remember the milk\""),
        ("zipped.bin", "PK\u{3}\u{4}rest of an archive", "this is a ZIP archive"),
    ])
    func aFileOfAnotherShapeIsNamedSo(_ name: String, _ content: String, _ described: String) throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(name)
        try Data(content.utf8).write(to: file)
        for arguments in [
            ["render", file.path], ["export", file.path, "-o", folder.appendingPathComponent("page.html").path],
        ] {
            let result = try cli.run(arguments)
            #expect(result.status == 2, "\(arguments): \(result.error)")
            #expect(result.error.contains("not a conversation format Teletype reads"), "\(result.error)")
            #expect(result.error.contains(described), "\(result.error)")
            #expect(result.output.isEmpty)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("page.html").path))
    }

    /// A SQLite database of no agent Teletype reads (made by the sqlite3 command, when there is
    /// one) is named a database, with the tables it has and the ones Teletype looks for.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")))
    func aDatabaseIsNamedADatabase() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("store.db")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [database.path, "create table t(x); insert into t values (1);"]
        try process.run()
        process.waitUntilExit()
        let result = try cli.run(["render", database.path])
        #expect(result.status == 2)
        #expect(result.error.contains("a SQLite database Teletype does not know (its tables: t)"), "\(result.error)")
        #expect(result.error.contains("cursorDiskKV"))
    }

    /// A file that is not text is refused by `md`, as `bat` refuses it, from a file or a pipe.
    @Test func aBinaryFileIsNotMarkdown() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("program")
        var bytes: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0]
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<4096 { bytes.append(UInt8(truncatingIfNeeded: generator.next())) }
        try Data(bytes).write(to: file)
        let named = try cli.run(["md", file.path])
        #expect(named.status == 2 && named.output.isEmpty)
        #expect(named.error == "teletype: error: \(file.path): binary file, not Markdown\n", "\(named.error)")
        let piped = try cli.run(["md"], input: Data(bytes))
        #expect(piped.status == 2 && piped.output.isEmpty)
        #expect(piped.error.contains("<stdin>: binary file, not Markdown"), "\(piped.error)")
        // Text with a few bytes of another encoding is still text.
        let latin = try cli.run(["md", "--format", "plain"], input: Data("caf\u{E9} au lait".utf8.map { $0 } + [0xE9]))
        #expect(latin.status == 0)
    }

    /// A missing file is `cannot read 'PATH': no such file` with exit 1 in every command.
    @Test func aMissingFileIsSaidTheSameEverywhere() throws {
        let missing = "/nonexistent/\(UUID()).json"
        for arguments in [
            ["md", missing], ["render", missing], ["render", missing, "--follow"],
            ["export", missing, "-o", "/tmp/x.html"],
            ["replay", missing], ["ui", missing],
        ] {
            let result = try cli.run(arguments)
            #expect(result.status == 1, "\(arguments): \(result.error)")
            #expect(
                result.error == "teletype: cannot read '\(missing)': no such file\n", "\(arguments): \(result.error)")
        }
    }

    /// `render` and `export` of a log whose last line is cut short both warn, in the same words.
    @Test func aCutLastLineIsSaidByRenderAndExport() throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try Data(
            contentsOf: PackageRoot.url.appendingPathComponent("Tests/Fixtures/sessions/claude-code.jsonl"))
        let cut = folder.appendingPathComponent("cut.jsonl")
        try (original + Data(#"{"type":"assistant","uuid":"late","message":{"role":"ass"#.utf8)).write(to: cut)
        let render = try cli.run(["render", cut.path, "--format", "plain"])
        let export = try cli.run(["export", cut.path, "-o", folder.appendingPathComponent("cut.html").path])
        #expect(render.status == 0 && export.status == 0, "\(export.error)")
        let warning = render.error.split(separator: "\n").first { $0.contains("cut short") }
        #expect(warning != nil, "\(render.error)")
        #expect(export.error.split(separator: "\n").contains { $0 == warning! }, "\(export.error)")
    }
}
