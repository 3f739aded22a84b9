import Foundation
import TeletypeTestSupport
import Testing

/// What `make` does before the tests, and what a reader piping text in waits for: the set-up waits
/// for another apt-get instead of failing, and a closed pipe into a pipe is rendered without a pause.
@Suite struct SetUpTests {
    let cli = CommandLineTests()

    /// `Scripts/apt-install.sh` with stand-ins for `apt-get`, `dpkg` and `id` on its PATH: while
    /// another apt holds the lists' lock, `apt-get update` is tried again; the install waits for
    /// dpkg's lock itself (`DPkg::Lock::Timeout`).
    @Test func theSetUpWaitsForAnotherAptGet() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("apt-\(UUID())")
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("calls").path
        let scripts = [
            "dpkg": "#!/bin/sh\nexit 1\n",
            "id": "#!/bin/sh\necho 0\n",
            "apt-get": """
            #!/bin/sh
            echo "$*" >> '\(log)'
            case "$*" in
              *update*)
                tries=$(grep -c update '\(log)')
                if [ "$tries" -le 2 ]; then
                  echo "E: Could not get lock /var/lib/apt/lists/lock. It is held by process 4242 (apt-get)" >&2
                  exit 100
                fi ;;
            esac
            exit 0

            """,
        ]
        for (name, text) in scripts {
            let path = bin.appendingPathComponent(name).path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            chmod(path, 0o755)
        }
        let process = Process()
        process.executableURL = PackageRoot.url.appendingPathComponent("Scripts/apt-install.sh")
        process.arguments = ["libexample-dev"]
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin.path + ":/usr/bin:/bin"
        environment["APT_LOCK_RETRY_SECONDS"] = "0.05"
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(said)")
        #expect(said.contains("Waiting for another apt-get"), "\(said)")
        let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        #expect(calls.filter { $0.contains("update") }.count == 3, "\(calls)")
        #expect(calls.last?.contains("install") == true && calls.last?.contains("DPkg::Lock::Timeout=") == true)
        #expect(calls.last?.contains("libexample-dev") == true, "\(calls)")
    }

    static let hasStrace = FileManager.default.isExecutableFile(atPath: "/usr/bin/strace")

    /// Input that has ended, into a pipe, is rendered at once: the reader does not sleep to gather
    /// more once the writer has closed its end (strace sees every sleep the process takes).
    @Test(.enabled(if: hasStrace || ProcessInfo.processInfo.environment["CI"] == "true"))
    func aClosedPipeIntoAPipeIsNotPaced() throws {
        let trace = FileManager.default.temporaryDirectory.appendingPathComponent("sleeps-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: trace) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/strace")
        process.arguments = [
            "-f", "-e", "trace=clock_nanosleep,nanosleep", "-o", trace, CommandLineTests.executable.path, "md",
        ]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("# A title\n\nSome *text*.\n".utf8))
        try input.fileHandleForWriting.close()
        let rendered = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(rendered.contains("A title") && rendered.contains("Some text."), "\(rendered)")
        let sleeps = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n").filter {
            $0.contains("nanosleep(")
        }
        // Any sleep of a tenth of a second or more is a pause the reader would wait for.
        let long = sleeps.filter { line in
            guard let seconds = line.firstRange(of: "tv_sec="), let nanoseconds = line.firstRange(of: "tv_nsec=")
            else { return false }
            let whole = Int(line[seconds.upperBound...].prefix { $0.isNumber }) ?? 0
            let part = Int(line[nanoseconds.upperBound...].prefix { $0.isNumber }) ?? 0
            return whole > 0 || part >= 100_000_000
        }
        #expect(long.isEmpty, "\(long)")
    }
}
