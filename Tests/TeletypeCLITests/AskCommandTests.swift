import Foundation
import TeletypeTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `teletype ask`, run as a user runs it: against a recording, against a server on 127.0.0.1,
/// interrupted with Ctrl-C.
@Suite(.serialized) struct AskCommandTests {
    let cli = CommandLineTests()
    let demo = PackageRoot.url.appendingPathComponent("Samples/replay.jsonl").path

    @Test func answersFromARecording() throws {
        let result = try cli.run([
            "ask", "Swift or Rust?", "--replay", demo, "--speed", "40", "--color", "never", "--width", "70",
        ])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("│ Swift or Rust? │"))
        #expect(result.output.contains("Pick Swift if you live in Apple's ecosystem"))
        #expect(result.output.contains("✻ Thought for 4s"))
    }

    @Test(.enabled(if: PythonTools.isRequired("pyte"), Comment(rawValue: PythonTools.skipMessage)))
    func theLiveViewEndsOnTheSameScreen() throws {
        let arguments = [
            "ask", "Swift or Rust?", "--replay", demo, "--speed", "40", "--color", "never", "--width", "70",
        ]
        let live = try cli.run(arguments + ["--live"], environment: ["LINES": "30"])
        let batch = try cli.run(arguments)
        #expect(live.status == 0)
        let screen = try LiveRenderingTests().screen(Data(live.output.utf8), width: 70, height: 30)
        let expected = batch.output.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }.joined(separator: "\n")
        #expect(screen.trimmingCharacters(in: .newlines) == expected.trimmingCharacters(in: .newlines))
        let seen = try LiveRenderingTests().screen(Data(live.output.utf8), width: 70, height: 30, frames: true)
        #expect(seen.contains("✻ Thinking…"), "the thinking indicator showed")
    }

    @Test func answersFromAServer() throws {
        let server = try FakeOpenAIServer()
        defer { server.stop() }
        let result = try cli.run(
            ["ask", "Weather?", "--endpoint", server.endpoint("ok").absoluteString, "--model", "m", "--color", "never"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("get weather") && result.output.contains("It is cold in Oslo."))
    }

    @Test func aFailingServerExitsOneWithItsMessage() throws {
        let server = try FakeOpenAIServer()
        defer { server.stop() }
        let result = try cli.run(
            ["ask", "Hi", "--endpoint", server.endpoint("http500").absoluteString, "--model", "m", "--color", "never"])
        #expect(result.status == 1)
        #expect(result.error.contains("The model is overloaded"))
        let dropped = try cli.run(
            ["ask", "Hi", "--endpoint", server.endpoint("drop").absoluteString, "--model", "m", "--color", "never"])
        #expect(dropped.status == 1)
        #expect(dropped.error.contains("connection was lost"))
    }

    @Test func usageErrorsExitTwo() throws {
        let noModel = try cli.run(
            ["ask", "Hi", "--endpoint", "http://127.0.0.1:9/v1"], environment: ["TELETYPE_MODEL": ""])
        #expect(noModel.status == 2 && noModel.error.contains("--model"))
        let badEndpoint = try cli.run(["ask", "Hi", "--endpoint", "ftp://x", "--model", "m"])
        #expect(badEndpoint.status == 2 && badEndpoint.error.contains("http(s)"))
        let noQuestion = try cli.run(["ask"])
        #expect(noQuestion.status == 2)
        let missingFile = try cli.run(["ask", "Hi", "--attach", "/nonexistent/file.txt", "--model", "m"])
        #expect(missingFile.status == 1 && missingFile.error.contains("/nonexistent/file.txt"))
    }

    /// Ctrl-C while the reply is written: it stops, what was written stays, exit 0.
    @Test func ctrlCStopsTheReplyAndKeepsWhatWasWritten() throws {
        let process = Process()
        process.executableURL = CommandLineTests.executable
        process.arguments = [
            "ask", "Swift or Rust?", "--replay", demo, "--speed", "0.5", "--color", "never", "--width", "70",
            "--no-typing",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // At half speed the answer's first sentence is written by 10.5 s and "widest" comes at 15.7 s: Ctrl-C
        // halfway leaves 2.5 s either side for a busy machine (a pipe gets the reply at the end, so there
        // is no output to wait for).
        usleep(13_000_000)
        kill(process.processIdentifier, SIGINT)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        #expect(text.contains("Both make excellent command-line tools"))
        #expect(!text.contains("widest"), "the rest never came")
    }
}
