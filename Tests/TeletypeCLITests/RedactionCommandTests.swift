import Foundation
import TeletypeTestSupport
import Testing

/// Secrets in a session, as a user meets them: `export` (a page, an archive) redacts them by
/// default and says how many on standard error and at the page's end, `--no-redact` keeps them;
/// `render --redact` redacts; the search index never holds them.
@Suite(.serialized) struct RedactionCommandTests {
    let cli = CommandLineTests()
    static let key = "sk-proj-" + String(repeating: "Q7w9E2r4T6y8", count: 4)
    static let token = "ghp_" + String(repeating: "Z8x6C4v2B0n1", count: 3)

    /// A home with one Claude Code session whose prompt, title, tool call and tool output hold secrets.
    static func home() throws -> (home: URL, session: URL, environment: [String: String]) {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("redaction-\(UUID())")
        let folder = home.appendingPathComponent(".claude/projects/-home-dev-keys")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let session = folder.appendingPathComponent("5e1f2a3b.jsonl")
        let lines = [
            #"{"type":"user","uuid":"u1","parentUuid":null,"sessionId":"5e1f2a3b","cwd":"/home/dev/keys","timestamp":"2025-10-01T09:00:00Z","message":{"role":"user","content":"Use my key \#(key) to call the API"}}"#,
            #"{"type":"assistant","uuid":"a1","parentUuid":"u1","sessionId":"5e1f2a3b","cwd":"/home/dev/keys","timestamp":"2025-10-01T09:00:05Z","message":{"id":"m1","role":"assistant","model":"claude-sonnet-4-5","content":[{"type":"tool_use","id":"t1","name":"Bash","input":{"command":"GITHUB_TOKEN=\#(token) gh repo list"}}]}}"#,
            #"{"type":"user","uuid":"u2","parentUuid":"a1","sessionId":"5e1f2a3b","cwd":"/home/dev/keys","timestamp":"2025-10-01T09:00:06Z","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t1","content":"token: \#(token)\nrepo-one\nrepo-two"}]}}"#,
            #"{"type":"assistant","uuid":"a2","parentUuid":"u2","sessionId":"5e1f2a3b","cwd":"/home/dev/keys","timestamp":"2025-10-01T09:00:09Z","message":{"id":"m2","role":"assistant","model":"claude-sonnet-4-5","content":[{"type":"text","text":"You have two repositories."}]}}"#,
        ]
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: session)
        return (home, session, ["HOME": home.path, "TELETYPE_CACHE_DIR": home.appendingPathComponent("cache").path])
    }

    @Test func anExportedPageHoldsNoSecret() throws {
        let (home, session, environment) = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let page = home.appendingPathComponent("page.html")
        let exported = try cli.run(["export", session.path, "-o", page.path], environment: environment)
        #expect(exported.status == 0, "\(exported.error)")
        #expect(exported.error.contains("3 secrets redacted (2 github-token, 1 openai-key)"), "\(exported.error)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(!html.contains(Self.key) && !html.contains(Self.token))
        #expect(!html.contains("Q7w9E2r4") && !html.contains("Z8x6C4v2"), "no piece of a secret is kept")
        #expect(html.contains("[REDACTED openai-key]") && html.contains("[REDACTED github-token]"))
        #expect(html.contains("3 secrets redacted"), "the page says so")
        #expect(html.contains("You have two repositories."))
        // --no-redact keeps them.
        let kept = try cli.run(["export", session.path, "-o", page.path, "--no-redact"], environment: environment)
        #expect(kept.status == 0 && !kept.error.contains("redacted"), "\(kept.error)")
        #expect(try String(contentsOf: page, encoding: .utf8).contains(Self.key))
    }

    @Test func anArchiveAndItsIndexHoldNoSecret() throws {
        let (home, session, environment) = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let out = home.appendingPathComponent("site")
        let exported = try cli.run(
            ["export", session.deletingLastPathComponent().path, "-o", out.path], environment: environment)
        #expect(exported.status == 0, "\(exported.error)")
        #expect(exported.error.contains("secrets redacted"), "\(exported.error)")
        for name in try FileManager.default.contentsOfDirectory(atPath: out.path) where name.hasSuffix(".html") {
            let html = try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
            #expect(!html.contains(Self.key) && !html.contains(Self.token), "\(name)")
        }
    }

    @Test func renderRedactsWhenAskedAndSearchNeverHoldsThem() throws {
        let (home, session, environment) = try Self.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let plain = try cli.run(["render", session.path, "--color", "never"], environment: environment)
        #expect(plain.output.contains(Self.key), "render shows what is there unless asked")
        let redacted = try cli.run(["render", session.path, "--color", "never", "--redact"], environment: environment)
        #expect(redacted.status == 0 && !redacted.output.contains(Self.key) && !redacted.output.contains(Self.token))
        #expect(redacted.error.contains("secrets redacted"), "\(redacted.error)")
        // The index keeps the words around a secret, never the secret.
        let around = try cli.run(["search", "repositories", "--json"], environment: environment)
        #expect(around.status == 0, "\(around.error)")
        let secret = try cli.run(["search", "\"\(Self.key)\"", "--json"], environment: environment)
        #expect(secret.status == 1 && secret.output.isEmpty, "\(secret.output) \(secret.error)")
        let caller = try cli.run(["search", "API", "--json"], environment: environment)
        #expect(!caller.output.contains("Q7w9E2r4"), "\(caller.output)")
        #expect(caller.output.contains("REDACTED"), "\(caller.output)")
    }
}
