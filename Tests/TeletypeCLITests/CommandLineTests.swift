import Foundation
import TeletypeTestSupport
import Testing

/// Runs the built `teletype` executable as a user would.
@Suite struct CommandLineTests {
    init() {}
    struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    static let executable: URL = {
        let root = PackageRoot.url.appendingPathComponent(".build")
        for folder in ["debug", "x86_64-unknown-linux-gnu/debug", "aarch64-unknown-linux-gnu/debug", "release"] {
            let url = root.appendingPathComponent(folder).appendingPathComponent("teletype")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return root.appendingPathComponent("debug/teletype")
    }()

    func run(_ arguments: [String], input: Data? = nil, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = Self.executable
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = nil
        env["FORCE_COLOR"] = nil
        env["COLUMNS"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let stdout = Pipe()
        let stderr = Pipe()
        let stdin = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = stdin
        try process.run()
        if let input { stdin.fileHandleForWriting.write(input) }
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let error = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
            error: String(decoding: error, as: UTF8.self))
    }

    @Test func rendersStandardInputAsPlainText() throws {
        let result = try run(["md", "--format", "plain", "--width", "30"], input: Data("# Title\n\nsome *text*".utf8))
        #expect(result.status == 0)
        #expect(result.output == "# Title\n═══════\n\nsome text\n")
    }

    @Test func noColourIntoAPipeByDefault() throws {
        let result = try run(["md", "-"], input: Data("**bold** [l](https://x.com)".utf8))
        #expect(!result.output.contains("\u{1B}"))
        #expect(result.output == "bold l (https://x.com)\n")
    }

    @Test func colourAlwaysAndForceColor() throws {
        let always = try run(["md", "--color", "always"], input: Data("**bold**".utf8))
        #expect(always.output.contains("\u{1B}[0;1mbold"))
        let forced = try run(["md"], input: Data("**bold**".utf8), environment: ["FORCE_COLOR": "1"])
        #expect(forced.output.contains("\u{1B}["))
        let never = try run(["md", "--color=never"], input: Data("**bold**".utf8), environment: ["FORCE_COLOR": "1"])
        #expect(!never.output.contains("\u{1B}"))
    }

    @Test func widthFromColumnsThenDefault() throws {
        let text = Data(String(repeating: "word ", count: 40).utf8)
        let columns = try run(["md"], input: text, environment: ["COLUMNS": "25"])
        #expect(columns.output.split(separator: "\n").allSatisfy { $0.count <= 25 })
        let fallback = try run(["md"], input: text)
        #expect(fallback.output.split(separator: "\n").map(\.count).max() ?? 0 > 70)
        #expect(fallback.output.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }

    @Test func htmlFormatIsUntrustedUnlessAllowed() throws {
        let input = Data("<b>x</b> [a](javascript:alert(1))".utf8)
        let safe = try run(["md", "--format", "html"], input: input)
        #expect(safe.output == "<p>&lt;b&gt;x&lt;/b&gt; a</p>\n")
        let raw = try run(["md", "--format", "html", "--allow-raw-html"], input: input)
        #expect(raw.output == "<p><b>x</b> a</p>\n")
    }

    @Test func readsAFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-cli-\(UUID()).md")
        try Data("- [x] done".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let result = try run(["md", url.path, "--format=plain"])
        #expect(result.output == "☑ done\n")
    }

    @Test(arguments: [
        ["md", "--bogus"], ["md", "--width", "0"], ["md", "--width", "abc"], ["md", "--width"],
        ["md", "--color", "sometimes"], ["md", "--theme", "neon"], ["md", "--format", "pdf"], ["md", "a.md", "b.md"],
        ["frobnicate"], [],
    ])
    func usageErrorsExitTwo(_ arguments: [String]) throws {
        let result = try run(arguments, input: Data())
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.error.contains("teletype"))
    }

    @Test func unreadableFileExitsOneAndNamesIt() throws {
        let result = try run(["md", "/nonexistent/notes.md"])
        #expect(result.status == 1)
        #expect(result.error.contains("/nonexistent/notes.md"))
        #expect(result.output.isEmpty)
    }

    @Test func invalidUTF8IsReplacedNotFatal() throws {
        let result = try run(["md", "--format", "plain"], input: Data([0x61, 0xFF, 0xFE, 0x62, 0x0A]))
        #expect(result.status == 0)
        #expect(result.output == "a\u{FFFD}\u{FFFD}b\n")
    }

    @Test func helpAndVersion() throws {
        for arguments in [["--help"], ["-h"], ["md", "-h"], ["md", "--help"]] {
            let result = try run(arguments)
            #expect(result.status == 0)
            #expect(result.output.contains("USAGE"))
        }
        let version = try run(["--version"])
        #expect(version.status == 0)
        #expect(version.output.hasPrefix("teletype "))
    }

    @Test func themes() throws {
        for theme in ["dark", "light", "plain"] {
            let result = try run(["md", "--theme", theme, "--color", "always"], input: Data("# x".utf8))
            #expect(result.status == 0)
        }
    }
}
