import Foundation
import TeletypeTestSupport
import Testing

/// `teletype replay`, run as a user runs it.
@Suite struct ReplayCommandTests {
    let cli = CommandLineTests()

    func stream(_ name: String) -> String {
        PackageRoot.url.appendingPathComponent("Tests/Fixtures/streams/\(name)").path
    }

    @Test(arguments: ["openai.sse", "anthropic.sse", "vercel.jsonl", "vercel.json"])
    func playsEveryFormat(_ name: String) throws {
        let result = try cli.run(["replay", stream(name), "--instant", "--color", "never", "--width", "60"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("⧉ Copy"))
    }

    @Test(.enabled(if: PythonTools.isRequired("pyte"), Comment(rawValue: PythonTools.skipMessage)))
    func theDemoRecordingPlaysLiveToTheSameScreen() throws {
        let sample = PackageRoot.url.appendingPathComponent("Samples/replay.jsonl").path
        var environment = ["LINES": "30"]
        environment["TERM"] = "xterm"
        let live = try cli.run(
            ["replay", sample, "--live", "--speed", "20", "--color", "never", "--width", "70"], environment: environment
        )
        let batch = try cli.run(["replay", sample, "--color", "never", "--width", "70"])
        #expect(live.status == 0 && batch.status == 0)
        let screen = try LiveRenderingTests().screen(Data(live.output.utf8), width: 70, height: 30)
        let expected = batch.output.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }.joined(separator: "\n")
        #expect(screen.trimmingCharacters(in: .newlines) == expected.trimmingCharacters(in: .newlines))
    }

    /// The live view counts "Thinking… 1s" while the agent thinks; the reasoning step takes over the
    /// same timer (so it reaches 3s, counted from the start of thinking, not of the step) and folds
    /// into "Thought for 3s".
    @Test(.enabled(if: PythonTools.isRequired("pyte"), Comment(rawValue: PythonTools.skipMessage)))
    func thinkingTimerIsHandedToTheReasoningStep() throws {
        let recording = [
            #"{"type": "message", "message": {"id": "u", "role": "user", "text": "Why?"}, "t": 0}"#,
            #"{"type": "activity", "state": "thinking", "t": 0}"#,
            #"{"type": "reasoning-delta", "id": "a", "part": "r", "text": "Let me", "t": 1200}"#,
            #"{"type": "reasoning-delta", "id": "a", "part": "r", "text": " think", "t": 2000}"#,
            #"{"type": "reasoning-delta", "id": "a", "part": "r", "text": " more.", "t": 2800}"#,
            #"{"type": "delta", "id": "a", "text": "Because.", "t": 3000}"#,
            #"{"type": "done", "id": "a", "t": 3050}"#,
        ].joined(separator: "\n")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("thinking-\(UUID().uuidString).jsonl")
        try recording.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let live = try cli.run(
            ["replay", file.path, "--live", "--color", "never", "--width", "60"], environment: ["LINES": "30"])
        #expect(live.status == 0, "\(live.error)")
        let seen = try LiveRenderingTests().screen(Data(live.output.utf8), width: 60, height: 30, frames: true)
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(seen.contains("✻ Thinking… 1s"))
        #expect(seen.contains("✻ Thinking… 3s"))
        #expect(seen.contains("✻ Thought for 3s"))
        let batch = try cli.run(["replay", file.path, "--color", "never", "--width", "60"])
        #expect(batch.output.contains("Thought for 3s"))
    }

    /// Narrowing the terminal while a reply plays draws the open turn again at the new width.
    @Test(.enabled(if: PythonTools.isRequired("pyte"), Comment(rawValue: PythonTools.skipMessage)))
    func resizeWhilePlayingRedrawsTheOpenTurn() throws {
        let sample = PackageRoot.url.appendingPathComponent("Samples/replay.jsonl").path
        let shown = try LiveRenderingTests().screenAfterResize(
            ["replay", sample, "--speed", "4", "--color", "never"], document: nil, width: 80, height: 30, newWidth: 50)
        let batch = try cli.run(["replay", sample, "--color", "never", "--width", "50"])
        #expect(LiveRenderingTests.lastLines(shown, 20).count == 20)
        #expect(LiveRenderingTests.lastLines(shown, 20) == LiveRenderingTests.lastLines(batch.output, 20))
    }

    @Test func brokenStreamShowsWhatArrivedThenTheError() throws {
        let result = try cli.run(["replay", stream("malformed.jsonl"), "--color", "never", "--width", "40"])
        #expect(result.status == 2)
        #expect(result.output.contains("Hel"))
        #expect(result.error.hasPrefix("teletype: error: \(stream("malformed.jsonl")):3:"))
        let truncated = try cli.run(["replay", stream("truncated.sse"), "--color", "never"])
        #expect(truncated.status == 2)
        #expect(truncated.error.contains(":7:1: the stream ends before the reply is finished"))
    }

    @Test func usageErrors() throws {
        #expect(try cli.run(["replay"]).status == 2)
        #expect(try cli.run(["replay", stream("openai.sse"), "--speed", "0"]).status == 2)
        #expect(try cli.run(["replay", stream("openai.sse"), "--from", "morse"]).status == 2)
        #expect(try cli.run(["replay", "/nonexistent.sse"]).status == 1)
    }
}
