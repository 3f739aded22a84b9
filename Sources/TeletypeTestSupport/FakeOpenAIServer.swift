import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The fake OpenAI-compatible server of `Tests/Scripts`, started on 127.0.0.1 for a test and stopped after.
public final class FakeOpenAIServer: @unchecked Sendable {
    let server: ScriptServer
    /// The port it listens on.
    public var port: Int { server.port }

    /// Starts a server whose `slow` scenario waits `slowSeconds` before the body, or until ``release()``.
    public init(slowSeconds: Double = 3) throws {
        server = try ScriptServer(
            script: "fake_openai_server.py",
            arguments: [
                PackageRoot.url.appendingPathComponent("Tests/Fixtures/streams/openai.sse").path, "\(slowSeconds)",
                Corpus.root?.path ?? "",
            ])
    }

    /// The endpoint that plays `scenario`.
    public func endpoint(_ scenario: String) -> URL { URL(string: "http://127.0.0.1:\(port)/\(scenario)/v1")! }

    /// The server address that plays the corpus capture `name` (`../shared/corpus/streams`).
    public func captureEndpoint(_ name: String) -> URL {
        URL(string: "http://127.0.0.1:\(port)/capture/\(name)")!
    }

    /// Lets every waiting and later `slow` reply go on at once, so a test decides when a late reply comes
    /// rather than racing a clock.
    public func release() async throws {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/release")!)
        request.httpMethod = "POST"
        _ = try await URLSession.shared.data(for: request)
    }

    /// Stops the server (not waited for: waiting would spin the main run loop).
    public func stop() { server.stop() }
}
