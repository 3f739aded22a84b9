import Foundation
import TeletypeTestSupport
import Testing

/// `teletype render` into a terminal goes through a pager, as git's output does: `$TELETYPE_PAGER`,
/// else `$PAGER`, else `less -R -F -X`; never into a pipe, with `--no-pager`, or with `--follow`.
/// Run in a pseudo-terminal (`script`), with a pager that keeps what it is given in a file.
@Suite(.serialized) struct PagerTests {
    static let session = PackageRoot.url.appendingPathComponent("Tests/Fixtures/sessions/claude-code.jsonl").path

    /// Runs `teletype ARGUMENTS` in a pseudo-terminal with `environment`; its exit status and what
    /// the terminal showed.
    static func inTerminal(_ arguments: [String], environment: [String: String]) throws -> (Int32, String) {
        let words = ([CommandLineTests.executable.path] + arguments).map { "'" + $0 + "'" }.joined(separator: " ")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "stty cols 100 rows 24; " + words, "/dev/null"]
        var env = ProcessInfo.processInfo.environment
        for key in ["TELETYPE_PAGER", "PAGER", "NO_COLOR", "FORCE_COLOR", "COLUMNS"] { env[key] = nil }
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let shown = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, shown)
    }

    /// util-linux's `script` (macOS's takes other flags).
    static var hasScript: Bool {
        #if os(Linux)
            FileManager.default.isExecutableFile(atPath: "/usr/bin/script")
        #else
            false
        #endif
    }

    @Test(.enabled(if: hasScript, "the pseudo-terminal is util-linux's script"))
    func aTerminalPagesAndAPipeOrTheFlagDoesNot() throws {
        let kept = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-paged-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: kept) }
        for variable in ["TELETYPE_PAGER", "PAGER"] {
            try? FileManager.default.removeItem(atPath: kept)
            let (status, shown) = try Self.inTerminal(
                ["render", Self.session, "--color", "never"], environment: [variable: "cat > '\(kept)'"])
            #expect(status == 0, "\(shown)")
            let paged = try String(contentsOfFile: kept, encoding: .utf8)
            #expect(paged.contains("Add a greeting to the app"), "\(variable): \(paged)")
            // The pager was given the terminal's width, not a pipe's.
            #expect(paged.split(separator: "\n").contains { $0.count > 80 && $0.count <= 100 }, "\(paged)")
            #expect(!shown.contains("Add a greeting to the app"), "\(shown)")
        }
        // TELETYPE_PAGER is taken before PAGER.
        try? FileManager.default.removeItem(atPath: kept)
        _ = try Self.inTerminal(
            ["render", Self.session], environment: ["TELETYPE_PAGER": "cat > '\(kept)'", "PAGER": "false"])
        #expect(FileManager.default.fileExists(atPath: kept))
        // --no-pager, an empty TELETYPE_PAGER and --follow write straight to the terminal.
        for (arguments, environment) in [
            (["render", Self.session, "--no-pager"], ["PAGER": "cat > '\(kept)'"]),
            (["render", Self.session], ["TELETYPE_PAGER": "", "PAGER": "cat > '\(kept)'"]),
        ] {
            try? FileManager.default.removeItem(atPath: kept)
            let (status, shown) = try Self.inTerminal(arguments, environment: environment)
            #expect(status == 0 && shown.contains("Add a greeting to the app"), "\(arguments): \(shown)")
            #expect(!FileManager.default.fileExists(atPath: kept), "\(arguments) paged")
        }
        // A pager that is not there: Teletype's own reader (BrowseCommandTests drives it).
    }

    @Test func aPipeNeverPages() throws {
        let kept = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-paged-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: kept) }
        let result = try CommandLineTests().run(
            ["render", Self.session], environment: ["TELETYPE_PAGER": "cat > '\(kept)'"])
        #expect(result.status == 0 && result.output.contains("Add a greeting to the app"))
        #expect(!FileManager.default.fileExists(atPath: kept))
    }
}
