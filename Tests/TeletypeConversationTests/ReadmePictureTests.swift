import Foundation
import Teletype
import TeletypeArchive
import TeletypeLayout
import TeletypeSessions
import TeletypeSnapshotTesting
import TeletypeTestSupport
import TeletypeTranscripts
import Testing

/// The pictures in the README: an answer with highlighted code, math, a table and an alert, as a
/// colour terminal shows it (`Snapshots/ReadmePictureTests/highlighted-answer.svg`), and an agent's
/// session exported as a page, in the light theme (`exported-page.png`, a browser's screenshot of
/// the page snapshot `exportedPage.exported-page.html`, taken by `make pictures`).
@Suite struct ReadmePictureTests {
    static let answer = """
        Here is a memoized Fibonacci. It runs in $O(n)$ time, and $F_n \\approx \\frac{\\varphi^n}{\\sqrt{5}}$:

        ```python
        from functools import cache

        @cache
        def fib(n: int) -> int:
            \"\"\"The n-th Fibonacci number.\"\"\"
            return n if n < 2 else fib(n - 1) + fib(n - 2)  # two calls, cached

        print(f"fib(90) = {fib(90)}")
        ```

        | n | fib(n) |
        | ---: | ---: |
        | 10 | 55 |
        | 90 | 2880067194370816120 |

        > [!TIP]
        > `functools.cache` keeps every result: fine for $n \\le 10^4$.
        """

    @Test func highlightedAnswer() {
        let snapshot = ConversationSnapshot(
            messages: [
                Message(id: "u", role: .user, text: "Show me a fast Fibonacci in Python."),
                Message(id: "a", role: .assistant, text: Self.answer),
            ], appearance: .dark)
        assertSnapshot(of: snapshot, as: .picture(width: 78), named: "highlighted-answer")
    }

    /// The picture of the README's "Agent sessions": a Claude Code session (the fixture) as
    /// `teletype render` shows it: thinking hidden, a command and its coloured output, an edit as a
    /// diff, a plan, a subagent, the rewind (`Snapshots/ReadmePictureTests/agent-session.svg`).
    @Test func agentSession() throws {
        let path = PackageRoot.url.appendingPathComponent("Tests/Fixtures/sessions/claude-code.jsonl").path
        let transcript = try ConversationReader().read(try Data(contentsOf: URL(fileURLWithPath: path)), file: path)
        let snapshot = ConversationSnapshot(
            messages: transcript.messages, state: ConversationViewState(actions: [], isRecorded: true),
            appearance: .dark)
        assertSnapshot(of: snapshot, as: .picture(width: 78), named: "agent-session")
    }

    /// The page `teletype export --theme light` writes of the Claude Code fixture is a snapshot, and
    /// the README's screenshot was taken of this very page: `make pictures` writes, beside the PNG,
    /// the FNV-1a hash of the page it was taken of. A page that changed fails here until the picture
    /// is taken again.
    @Test func exportedPage() throws {
        let source = PackageRoot.url.appendingPathComponent("Tests/Fixtures/sessions/claude-code.jsonl").path
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("readme-page-\(getpid()).html")
        defer { try? FileManager.default.removeItem(at: destination) }
        try ConversationPageExporter(colorScheme: .light).export(
            transcriptAt: source, name: "claude-code.jsonl", to: destination.path)
        let page = try String(contentsOf: destination, encoding: .utf8)
        assertSnapshot(of: page, as: Snapshotting(pathExtension: "html") { $0 }, named: "exported-page")

        let pictures = PackageRoot.url.appendingPathComponent("Snapshots/ReadmePictureTests")
        let taken = try String(contentsOf: pictures.appendingPathComponent("exported-page.png.source"), encoding: .utf8)
        #expect(
            taken.trimmingCharacters(in: .whitespacesAndNewlines) == Self.fnv1a(Array(page.utf8)),
            "Snapshots/ReadmePictureTests/exported-page.png was taken of another page: run make pictures")
        #expect(FileManager.default.fileExists(atPath: pictures.appendingPathComponent("exported-page.png").path))
    }

    /// The 64-bit FNV-1a hash of `bytes`, in hex: what `Scripts/pictures.sh` writes of the page.
    static func fnv1a(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
