import Foundation
import TeletypeTestSupport
import Testing

/// `teletype browse` in a pseudo-terminal, driven as a user drives it (the chat's session script,
/// pyte showing the screen): the list from the index, a search, the reader, a resize, and the
/// terminal given back however it ends; without a terminal it says it needs one.
@Suite(.serialized, .enabled(if: PythonTools.isRequired("pyte"), Comment(rawValue: PythonTools.skipMessage)))
struct BrowseCommandTests {
    typealias Step = ChatCommandTests.Step
    let chat = ChatCommandTests()
    let cli = CommandLineTests()

    func run(_ arguments: [String], _ steps: [Step], home: URL, width: Int = 100, height: Int = 30) throws
        -> ChatCommandTests.Session
    {
        try chat.run(
            arguments, steps, data: home, width: width, height: height,
            environment: ["HOME": home.path, "TELETYPE_CACHE_DIR": home.appendingPathComponent("cache").path],
            command: "browse")
    }

    @Test func listSearchReadAndBack() throws {
        let home = try AgentSessionCommandTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let session = try run(
            [],
            [
                .wait("3 conversations"), .gone("indexing"), .screen("list"), .keys("greet"), .keys("\r"),
                .wait("say it"), .screen("hits"), .keys("\r"), .wait("? keys"), .screen("reader"), .keys("G"),
                .keys("?"), .wait("Keys of the reader"), .keys("x"), .keys("q"), .wait("Search: greet"),
                .resize(44, 12), .sleep(0.4), .screen("small"), .keys("\u{1B}"), .sleep(0.2), .keys("\u{1B}"),
                .exit(0),
            ], home: home)
        chat.expectClean(session)
        #expect(session.screen("list").contains("Add a greeting to the app"), "\(session.screen("list"))")
        #expect(session.screen("list").contains("│"), "a preview beside the list at 100 columns")
        #expect(session.screen("hits").contains("Search: greet"))
        #expect(session.screen("reader").lowercased().contains("greet"))
        let small = session.screen("small").split(separator: "\n", omittingEmptySubsequences: false)
        #expect(small.count == 12 && small.allSatisfy { $0.count <= 44 }, "\(session.screen("small"))")
        #expect(session.screen("small").contains("Search: greet"))
    }

    @Test(arguments: [("TERM", 143), ("HUP", 129), ("INT", 130)])
    func theTerminalIsGivenBackWhenASignalEndsIt(_ name: String, _ status: Int) throws {
        let home = try AgentSessionCommandTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let session = try run(
            [PackageRoot.url.appendingPathComponent("Tests/Fixtures/sessions/claude-code.jsonl").path],
            [.wait("? keys"), .signal(name), .exit(status)], home: home)
        #expect(session.failure == nil, "\(session.failure ?? "")")
        #expect(session.restoredTerminal, "terminal left as \(session.modes)")
    }

    @Test func ctrlCQuitsAFileOpenedDirectly() throws {
        let home = try AgentSessionCommandTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let session = try run(
            [
                PackageRoot.url.appendingPathComponent("Tests/Fixtures/sessions/claude-code.jsonl").path, "--at",
                "5",
            ], [.wait("message"), .screen("opened"), .keys("\u{03}"), .exit(0)], home: home)
        chat.expectClean(session)
        #expect(!session.screen("opened").contains("Add a greeting to the app │"), "opened at message 5")
    }

    @Test func renderOpensTheReaderWhereNoPagerIsInstalled() throws {
        let home = try AgentSessionCommandTests.home()
        defer { try? FileManager.default.removeItem(at: home) }
        let session = try chat.run(
            [PackageRoot.url.appendingPathComponent("Tests/Fixtures/sessions/claude-code.jsonl").path],
            [.wait("? keys · q quits"), .screen("reader"), .keys("G"), .keys("q"), .exit(0)], data: home, width: 90,
            height: 20, environment: ["TELETYPE_PAGER": "no-such-pager-anywhere"], command: "render")
        chat.expectClean(session)
        #expect(session.screen("reader").contains("Add a greeting to the app"), "\(session.screen("reader"))")
    }

    @Test func withoutATerminalItSaysItNeedsOne() throws {
        let result = try cli.run(["browse"], environment: ["TELETYPE_CACHE_DIR": "off"])
        #expect(result.status == 2 && result.error.contains("browse needs a terminal"), "\(result.error)")
        #expect(result.output.isEmpty)
        let alone = try cli.run([], environment: [:])
        #expect(alone.status == 2 && alone.error.contains("USAGE"), "teletype alone, not in a terminal: the usage")
    }
}
