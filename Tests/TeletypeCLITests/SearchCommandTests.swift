import Foundation
import TeletypeTestSupport
import Testing

/// `teletype search` as a user runs it: over a home of agents' sessions, each hit with the command
/// that opens it at its message; JSON for scripts; two searches at once; a damaged index; the
/// mistakes a user makes.
@Suite(.serialized) struct SearchCommandTests {
    let cli = CommandLineTests()

    /// A home of Claude Code, Codex and Gemini CLI sessions, and a cache folder for the index.
    static func place() throws -> (home: URL, environment: [String: String]) {
        let home = try AgentSessionCommandTests.home()
        return (home, ["HOME": home.path, "TELETYPE_CACHE_DIR": home.appendingPathComponent("cache").path])
    }

    static func rows(_ output: String) -> [[String: Any]] {
        output.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    @Test func aHitOpensAtItsMessage() throws {
        let (home, environment) = try Self.place()
        defer { try? FileManager.default.removeItem(at: home) }
        let found = try cli.run(["search", "greeting", "--color", "never"], environment: environment)
        #expect(found.status == 0, "\(found.error)")
        #expect(found.output.contains("Claude Code · /home/dev/greeter · Add a greeting to the app"), "\(found.output)")
        let json = try cli.run(["search", "greeting", "--json"], environment: environment)
        let rows = Self.rows(json.output)
        let later = try #require(rows.first { ($0["message"] as? Int ?? 0) > 1 }, "\(json.output)")
        let open = try #require(later["open"] as? [String])
        #expect(open.first == "teletype" && open.contains("--at"))
        #expect((later["snippet"] as? String)?.lowercased().contains("greet") == true)
        #expect(found.output.contains(open.dropFirst().joined(separator: " ")), "\(found.output)")
        // The command a hit shows opens the conversation at that message: what came before is not drawn.
        let opened = try cli.run(Array(open.dropFirst()) + ["--color", "never"], environment: environment)
        #expect(opened.status == 0, "\(opened.error)")
        let whole = try cli.run(Array(open.dropFirst().dropLast(2)) + ["--color", "never"], environment: environment)
        #expect(opened.output.count < whole.output.count && opened.output.lowercased().contains("greet"))
        let first = try #require(whole.output.split(separator: "\n").first { $0.contains("│") })
        #expect(!opened.output.contains(first), "\(opened.output)")
        let beyond = try cli.run(["render", open[2], "--at", "100000"], environment: environment)
        #expect(beyond.status == 1 && beyond.error.contains("messages"), "\(beyond.error)")
    }

    @Test func anHTMLPageMarksTheMatchesAndEscapesTheRest() throws {
        let (home, environment) = try Self.place()
        defer { try? FileManager.default.removeItem(at: home) }
        let hostile = home.appendingPathComponent(".claude/projects/-home-dev-greeter/9a8b7c6d.jsonl")
        let line =
            #"{"type":"user","uuid":"u1","parentUuid":null,"sessionId":"9a8b7c6d","cwd":"/home/dev/greeter","timestamp":"2025-10-01T09:00:00Z","message":{"role":"user","content":"<img src=x onerror=alert(1)> the zebrafish & the <b>greeting</b>"}}"#
        try Data((line + "\n").utf8).write(to: hostile)
        let page = try cli.run(["search", "zebrafish", "--html"], environment: environment)
        #expect(page.status == 0, "\(page.error)")
        #expect(page.output.hasPrefix("<!DOCTYPE html>") && page.output.contains("Content-Security-Policy"))
        #expect(page.output.contains("<mark>zebrafish</mark>"), "\(page.output)")
        #expect(page.output.contains("&lt;img src=x onerror=alert(1)&gt;"), "\(page.output)")
        #expect(!page.output.contains("<img") && !page.output.contains("<b>"), "\(page.output)")
        #expect(page.output.contains("teletype render "), "the command that opens it")
        let none = try cli.run(["search", "xylophonic", "--html"], environment: environment)
        #expect(none.status == 1 && none.output.contains("0 messages"))
    }

    @Test func narrowingAndNothingFound() throws {
        let (home, environment) = try Self.place()
        defer { try? FileManager.default.removeItem(at: home) }
        let codex = try cli.run(["search", "greeting", "--agent", "codex", "--json"], environment: environment)
        #expect(Self.rows(codex.output).allSatisfy { $0["agent"] as? String == "Codex" }, "\(codex.output)")
        let user = try cli.run(["search", "greeting", "--role", "user", "--json"], environment: environment)
        #expect(Self.rows(user.output).allSatisfy { $0["role"] as? String == "user" }, "\(user.output)")
        let none = try cli.run(["search", "xylophonic"], environment: environment)
        #expect(none.status == 1 && none.error.contains("nothing found"), "\(none.error)")
        let old = try cli.run(["search", "greeting", "--until", "2001-01-01"], environment: environment)
        #expect(old.status == 1)
    }

    @Test(arguments: [
        (["search"], "expected words"), (["search", "NOT", "x"], "NOT needs words"),
        (["search", "(x"], "'('"), (["search", "x", "--since", "yesterday"], "--since takes"),
        (["search", "x", "--role", "robot"], "--role is"), (["search", "x", "--agent", "hal"], "unknown agent"),
        (["search", "x", "--limit", "0"], "--limit"),
    ])
    func mistakesSayWhatIsWrong(_ example: ([String], String)) throws {
        let (home, environment) = try Self.place()
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try cli.run(example.0, environment: environment)
        #expect(result.status == 2 && result.error.contains(example.1), "\(result.error)")
    }

    @Test func anIndexThatCannotBeKeptSaysWhere() throws {
        let (home, environment) = try Self.place()
        defer { try? FileManager.default.removeItem(at: home) }
        var off = environment
        off["TELETYPE_CACHE_DIR"] = "off"
        let noCache = try cli.run(["search", "greeting"], environment: off)
        #expect(noCache.status == 2 && noCache.error.contains("--index"), "\(noCache.error)")
        let named = try cli.run(
            ["search", "greeting", "--index", home.appendingPathComponent("mine.sqlite").path], environment: off)
        #expect(named.status == 0, "\(named.error)")
        // A folder in the way of the index.
        let blocked = home.appendingPathComponent("blocked.sqlite")
        try FileManager.default.createDirectory(at: blocked, withIntermediateDirectories: true)
        let failed = try cli.run(["search", "greeting", "--index", blocked.path], environment: off)
        #expect(failed.status == 1 && failed.error.contains(blocked.path), "\(failed.error)")
    }

    /// A search answers from the index as it stands while it looks for what changed, and searches
    /// again when something did: a session written since is found at once, and one deleted is gone.
    @Test func whatChangedSinceTheLastSearchIsFoundAtOnce() throws {
        let (home, environment) = try Self.place()
        defer { try? FileManager.default.removeItem(at: home) }
        let before = try cli.run(["search", "zanzibar", "--json"], environment: environment)
        #expect(before.status == 1 && before.output.isEmpty, "\(before.output)")
        let projects = home.appendingPathComponent(".claude/projects")
        let session = try #require(
            FileManager.default.enumerator(atPath: projects.path)?.compactMap { $0 as? String }
                .first {
                    $0.hasSuffix(".jsonl") && !$0.contains("subagents")
                        && !($0 as NSString).lastPathComponent.hasPrefix("agent-")
                })
        let text = try String(contentsOf: projects.appendingPathComponent(session), encoding: .utf8)
        let written = projects.appendingPathComponent(
            (session as NSString).deletingLastPathComponent + "/11111111-2222-4333-8444-555555555555.jsonl")
        try Data(text.replacingOccurrences(of: "greeting", with: "zanzibar").utf8).write(to: written)
        let after = try cli.run(["search", "zanzibar", "--json"], environment: environment)
        #expect(
            after.status == 0 && Self.rows(after.output).contains { ($0["path"] as? String) == written.path },
            "\(after.output) \(after.error)")
        try FileManager.default.removeItem(at: written)
        let gone = try cli.run(["search", "zanzibar", "--json"], environment: environment)
        #expect(gone.status == 1 && gone.output.isEmpty, "\(gone.output)")
    }

    /// A damaged index is made again with a word; two searches at once both answer, the same.
    @Test func aDamagedIndexAndTwoSearchesAtOnce() throws {
        let (home, environment) = try Self.place()
        defer { try? FileManager.default.removeItem(at: home) }
        let cache = home.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: cache, withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 4096).write(to: cache.appendingPathComponent("index.sqlite"))
        let repaired = try cli.run(["search", "greeting", "--json"], environment: environment)
        #expect(repaired.status == 0 && repaired.error.contains("damaged"), "\(repaired.error)")
        try FileManager.default.removeItem(at: cache)
        let results = ResultBox()
        let cli = self.cli
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let result = try? cli.run(["search", "greeting", "--json"], environment: environment)
            results.set(index, result)
        }
        let both = results.all.compactMap { $0 }
        #expect(both.count == 2 && both.allSatisfy { $0.status == 0 }, "\(both.map(\.error))")
        #expect(Set(both.map(\.output)).count == 1 && !both[0].output.isEmpty)
        #expect(both.map(\.output).first == repaired.output)
    }

    /// Results of processes run at once.
    final class ResultBox: @unchecked Sendable {
        private let lock = NSLock()
        private var results: [Int: CommandLineTests.Result] = [:]
        func set(_ index: Int, _ result: CommandLineTests.Result?) {
            lock.lock()
            results[index] = result
            lock.unlock()
        }
        var all: [CommandLineTests.Result?] { (0..<2).map { results[$0] } }
    }
}
