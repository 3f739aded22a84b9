import Foundation

/// The Python tools some tests use as oracles or terminals — pyte (what a terminal shows), wcwidth
/// (cells), Pygments, cmarkgfm — from the virtual environment `make test` makes in `.venv/`. Without
/// it, the tests that need them are skipped, each saying so with ``skipMessage``.
public enum PythonTools {
    /// The environment's interpreter, when the environment exists.
    public static let python: String? = {
        let path = PackageRoot.url.appendingPathComponent(".venv/bin/python").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()

    /// Whether the environment holds the Python package `module` (`pyte`, `wcwidth`, …).
    public static func has(_ module: String) -> Bool {
        guard python != nil else { return false }
        let lib = PackageRoot.url.appendingPathComponent(".venv/lib")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
        return versions.contains { version in
            FileManager.default.fileExists(
                atPath: lib.appendingPathComponent("\(version)/site-packages/\(module)").path)
        }
    }

    /// Whether a test that needs `module` runs: where the environment holds it, and always under CI
    /// (where `make test` installs it, so that a missing tool fails instead of passing unseen).
    public static func isRequired(_ module: String) -> Bool {
        has(module) || ProcessInfo.processInfo.environment["CI"] == "true"
    }

    /// Why a test that needs the tools did not run.
    public static let skipMessage =
        "needs the Python tools in .venv (pyte, wcwidth, Pygments, cmarkgfm): `make test` installs them; skipped"

    /// Runs `Tests/Scripts/<script>` with the environment's interpreter, `input` on its standard
    /// input; returns its exit status and standard output.
    public static func run(_ script: String, _ arguments: [String] = [], input: Data = Data()) -> (
        status: Int32, output: String
    ) {
        guard let python else { return (-1, "no Python environment") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [PackageRoot.url.appendingPathComponent("Tests/Scripts/\(script)").path] + arguments
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        do { try process.run() } catch { return (-1, "\(error)") }
        let writer = Thread {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }
}
