import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The fake OpenAI-compatible server of `Tests/Scripts`, started on 127.0.0.1 for a test and stopped after.
public final class FakeOpenAIServer: @unchecked Sendable {
    let process = Process()
    /// The port it listens on.
    public let port: Int

    /// Starts a server whose `slow` scenario waits `slowSeconds` before the body.
    public init(slowSeconds: Double = 3) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", PackageRoot.url.appendingPathComponent("Tests/Scripts/fake_openai_server.py").path,
            PackageRoot.url.appendingPathComponent("Tests/Fixtures/streams/openai.sse").path, "\(slowSeconds)",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The port, on the first line.
        var line = Data()
        var byte: UInt8 = 0
        while read(output.fileHandleForReading.fileDescriptor, &byte, 1) == 1, byte != 0x0A { line.append(byte) }
        guard let port = Int(String(decoding: line, as: UTF8.self)) else {
            process.terminate()
            throw CocoaError(.fileReadCorruptFile)
        }
        self.port = port
    }

    /// The endpoint that plays `scenario`.
    public func endpoint(_ scenario: String) -> URL { URL(string: "http://127.0.0.1:\(port)/\(scenario)/v1")! }

    /// Stops the server (not waited for: waiting would spin the main run loop).
    public func stop() {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    deinit { stop() }
}
