import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A server written in Python under `Tests/Scripts`, started on 127.0.0.1 for a test: it prints the
/// port it listens on as its first line, and is killed when the test is done with it.
public final class ScriptServer: @unchecked Sendable {
    let process = Process()
    /// The port it listens on.
    public let port: Int

    /// Starts `Tests/Scripts/<script>` with `arguments`.
    public init(script: String, arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", PackageRoot.url.appendingPathComponent("Tests/Scripts/\(script)").path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = Data()
        var byte: UInt8 = 0
        while read(output.fileHandleForReading.fileDescriptor, &byte, 1) == 1, byte != 0x0A { line.append(byte) }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
    }

    /// Stops the server (not waited for: waiting would spin the main run loop).
    public func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    deinit { stop() }
}
