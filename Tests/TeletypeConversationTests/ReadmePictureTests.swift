import Foundation
import Teletype
import TeletypeLayout
import TeletypeSnapshotTesting
import TeletypeTestSupport
import TeletypeTranscripts
import Testing

/// The picture in the README: an answer with highlighted code, math, a table and an alert, as a
/// colour terminal shows it (`Snapshots/ReadmePictureTests/highlighted-answer.svg`).
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
        let transcript = try TranscriptReader().read(try Data(contentsOf: URL(fileURLWithPath: path)), file: path)
        let snapshot = ConversationSnapshot(
            messages: transcript.messages, state: ConversationViewState(actions: [], isRecorded: true),
            appearance: .dark)
        assertSnapshot(of: snapshot, as: .picture(width: 78), named: "agent-session")
    }
}
