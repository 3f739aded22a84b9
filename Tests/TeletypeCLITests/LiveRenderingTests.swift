import Foundation
import TeletypeTestSupport
import Testing

/// `teletype md` reading a pipe: the live byte stream, fed to a terminal emulator (pyte), shows the
/// same scrollback and screen as the batch render; into a pipe the output is the batch render, byte for
/// byte.
@Suite(.serialized) struct LiveRenderingTests {
    let cli = CommandLineTests()

    /// A reply as models write it; no footnotes, so lines settle as they come.
    static let document: String = (1...12).map { number in
        """
        ## Step \(number)

        Some **bold** and *emphasised* text with `code`, a [link](https://example.com/\(number)), and a sentence
        long enough to wrap at narrow widths.

        - first item
        - second item with ~~strike~~

        ```swift
        let value = \(number)
        ```

        | a | b |
        | - | - |
        | \(number) | x |

        """
    }.joined(separator: "\n")

    /// Runs `teletype md ARGUMENTS` with `text` arriving on standard input in small pieces.
    func runTrickling(_ arguments: [String], text: String, pieces: Int = 40, lines: Int = 24) async throws -> Data {
        let process = Process()
        process.executableURL = CommandLineTests.executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = nil
        environment["LINES"] = String(lines)
        process.environment = environment
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        let bytes = Array(text.utf8)
        let size = max(1, bytes.count / pieces)
        var offset = 0
        let reader = Task.detached { output.fileHandleForReading.readDataToEndOfFile() }
        while offset < bytes.count {
            let end = min(bytes.count, offset + size)
            input.fileHandleForWriting.write(Data(bytes[offset..<end]))
            offset = end
            usleep(3000)
        }
        try input.fileHandleForWriting.close()
        let data = await reader.value
        process.waitUntilExit()
        return data
    }

    /// What a terminal of `width` × `height` shows after `data`: the scrollback, then the screen; or,
    /// with `frames`, every line it showed at the end of a frame, in the order they first appeared.
    func screen(_ data: Data, width: Int, height: Int, frames: Bool = false) throws -> String {
        let python = PackageRoot.url.appendingPathComponent(".venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            Issue.record("pyte is needed: run `make venv` (make test does)")
            return ""
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-live-\(UUID()).bin")
        try data.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments =
            [
                PackageRoot.url.appendingPathComponent("Tests/Scripts/terminal_screen.py").path, file.path, "\(width)",
                "\(height)",
            ] + (frames ? ["--frames"] : [])
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let result = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: result, as: UTF8.self)
    }

    @Test(
        .enabled(if: PythonTools.isRequired("pyte"), Comment(rawValue: PythonTools.skipMessage)),
        arguments: [(30, 12), (57, 20), (100, 40)])
    func liveScreenEqualsBatch(_ width: Int, _ height: Int) async throws {
        let live = try await runTrickling(
            ["md", "--live", "--no-typing", "--color", "never", "--width", "\(width)"], text: Self.document,
            lines: height)
        let batch = try cli.run(["md", "--format", "plain", "--width", "\(width)"], input: Data(Self.document.utf8))
        let expected = batch.output.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
            .joined(separator: "\n")
            .trimmingCharacters(in: .newlines)
        let shown = try screen(live, width: width, height: height).trimmingCharacters(in: .newlines)
        #expect(shown == expected)
        let text = String(decoding: live, as: UTF8.self)
        #expect(text.contains("\u{1B}[?2026h") && text.contains("\u{1B}[?25l") && text.hasSuffix("\u{1B}[?25h"))
    }

    /// What the terminal shows (scrollback, then screen) after `command` ran on a `width`×`height`
    /// pseudo-terminal narrowed to `newWidth` part-way, with `document` trickling into its input.
    func screenAfterResize(
        _ command: [String], document: String?, width: Int, height: Int, newWidth: Int
    ) throws -> String {
        let python = PackageRoot.url.appendingPathComponent(".venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            Issue.record("pyte is needed: run `make venv` (make test does)")
            return ""
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-resize-\(UUID()).md")
        if let document { try Data(document.utf8).write(to: file) }
        defer { try? FileManager.default.removeItem(at: file) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments =
            [
                PackageRoot.url.appendingPathComponent("Tests/Scripts/pty_resize.py").path, "\(width)", "\(height)",
                "\(newWidth)", document == nil ? "-" : file.path, "--", CommandLineTests.executable.path,
            ] + command
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let shown = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return shown
    }

    /// The last `count` lines of `text` that are not blank at the end, trailing spaces removed.
    static func lastLines(_ text: String, _ count: Int) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
        return Array(lines.reversed().drop(while: \.isEmpty).prefix(count).reversed())
    }

    /// Narrowing the terminal part-way (SIGWINCH) re-wraps what is still being written: the end of the
    /// screen shows the batch render at the new width.
    @Test(.enabled(if: PythonTools.isRequired("pyte"), Comment(rawValue: PythonTools.skipMessage)))
    func resizeMidStreamRewrapsTheTail() throws {
        let shown = try screenAfterResize(
            ["md", "--no-typing", "--color", "never"], document: Self.document, width: 70, height: 20, newWidth: 40)
        let batch = try cli.run(["md", "--format", "plain", "--width", "40"], input: Data(Self.document.utf8))
        #expect(Self.lastLines(shown, 25).count == 25)
        #expect(Self.lastLines(shown, 25) == Self.lastLines(batch.output, 25))
    }

    @Test(arguments: [20, 80])
    func pipedStreamEqualsBatchByteForByte(_ width: Int) async throws {
        for color in ["never", "always"] {
            let streamed = try await runTrickling(["md", "--color", color, "--width", "\(width)"], text: Self.document)
            let batch = try cli.run(["md", "--color", color, "--width", "\(width)"], input: Data(Self.document.utf8))
            #expect(String(decoding: streamed, as: UTF8.self) == batch.output)
        }
    }
}
