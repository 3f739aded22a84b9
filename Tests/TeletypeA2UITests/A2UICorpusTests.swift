import Foundation
import TeletypeA2UI
import TeletypeANSI
import TeletypeLayout
import TeletypeSnapshotTesting
import TeletypeTestSupport
import Testing

/// Every A2UI v0.9 stream of the corpus (`../shared/corpus/a2ui`: the basic and minimal catalogs'
/// examples, the specification's test cases, the samples' messages) draws in the terminal and in
/// HTML; those of the basic and minimal catalogs without a single fallback line; streamed in
/// random pieces they end on the batch render; their HTML passes the static safety check.
@Suite struct A2UICorpusTests {
    /// Whether a document's surfaces all use the catalogs Teletype draws.
    static func usesKnownCatalogs(_ text: String) -> Bool {
        let ids = text.split(separator: "\"catalogId\"").dropFirst().compactMap { piece -> String? in
            guard let start = piece.firstIndex(of: "\""),
                let end = piece[piece.index(after: start)...].firstIndex(of: "\"")
            else { return nil }
            return String(piece[piece.index(after: start)..<end])
        }
        return ids.allSatisfy {
            $0.contains("catalogs/basic") || $0.contains("catalogs/minimal") || $0.contains("basic_catalog")
        }
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)), arguments: Corpus.a2uiStreams)
    func everyStreamDraws(_ path: String) {
        let text = Corpus.a2ui(path)
        if path.hasSuffix("client_messages.json") { return }  // client-to-server messages: nothing to draw
        let stream = A2UIStream(reading: text)
        let terminal = TerminalRenderer(width: 80, capabilities: .plain).render(A2UIRenderer.blocks(stream))
        let html = A2UIRenderer.html(stream)
        #expect(!terminal.isEmpty && !html.isEmpty, "\(path) draws nothing")
        #expect(HTMLSafety.problems(in: html) == [], "\(path)")
        if Self.usesKnownCatalogs(text) {
            // Nothing that cannot be read or drawn; a message that breaks a rule of the specification
            // (samples do: a Text's "style", a "singleSelection" picker) is named and drawn.
            let broken = stream.problems.filter { $0.breaksARule }.count
            let unreadable = stream.problems.filter { !$0.breaksARule }
            #expect(unreadable.isEmpty, "\(path): \(unreadable)")
            #expect(terminal.components(separatedBy: "⚠ A2UI").count - 1 == broken, "\(path):\n\(terminal)")
            #expect(html.components(separatedBy: "a2ui-problem").count - 1 == broken, "\(path)")
        }
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)), arguments: Corpus.a2uiStreams)
    func streamedInPiecesEndsOnTheBatchRender(_ path: String) throws {
        let text = Corpus.a2ui(path)
        // The messages as a JSONL stream, cut into random pieces.
        guard let data = text.data(using: .utf8), let json = try? JSONSerialization.jsonObject(with: data) else {
            return
        }
        let messages = (json as? [String: Any])?["messages"] as? [Any] ?? (json as? [Any]) ?? []
        guard !messages.isEmpty else { return }
        let lines = try messages.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
        let jsonl = lines.joined(separator: "\n")
        let renderer = TerminalRenderer(width: 60, capabilities: .plain)
        var generator = SeededGenerator(seed: UInt64(path.utf8.count))
        var end = jsonl.startIndex
        while end < jsonl.endIndex {
            end =
                jsonl.index(end, offsetBy: Int(generator.next() % 200) + 1, limitedBy: jsonl.endIndex) ?? jsonl.endIndex
            // Every prefix draws (progressive rendering), and never a problem from the cut itself.
            let partial = A2UIStream(reading: String(jsonl[..<end]), isComplete: false)
            let fromTheCut = partial.problems.filter { !$0.breaksARule }
            #expect(fromTheCut.isEmpty, "\(path): a cut stream reports \(fromTheCut)")
            _ = renderer.render(A2UIRenderer.blocks(partial))
        }
        // A problem line names the line of its own document: the JSONL's and the file's differ.
        func drawn(_ text: String) -> String {
            renderer.render(A2UIRenderer.blocks(A2UIStream(reading: text))).replacingOccurrences(
                of: #"⚠ A2UI: line \d+: "#, with: "⚠ A2UI: ", options: .regularExpression)
        }
        #expect(drawn(jsonl) == drawn(text), "\(path)")
    }

    /// The basic catalog's examples, at widths 60 and 100 and in HTML.
    static var basicExamples: [String] {
        Corpus.a2uiStreams.filter { $0.contains("v0_9/catalogs/") && $0.contains("/examples/") }
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)), arguments: basicExamples)
    func examplesLookAsBefore(_ path: String) {
        let stream = A2UIStream(reading: Corpus.a2ui(path))
        let name = path.split(separator: "/").suffix(3).joined(separator: "-").replacing(".json", with: "")
        for width in [60, 100] {
            assertSnapshot(
                of: TerminalRenderer(width: width, capabilities: .plain).render(A2UIRenderer.blocks(stream)),
                as: Snapshotting<String>(pathExtension: "txt") { $0 }, named: "\(name).\(width)")
        }
        assertSnapshot(
            of: A2UIRenderer.html(stream), as: Snapshotting<String>(pathExtension: "html") { $0 }, named: name)
    }
}
