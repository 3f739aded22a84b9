import Foundation
import TeletypeANSI
import TeletypeSnapshotTesting
import TeletypeTestSupport
import Testing

/// `teletype md` as a user runs it on real documents (`../shared/corpus/markdown`), trickled into
/// its standard input: into a pipe the output is the batch render byte for byte, and live the
/// terminal ends on the batch render (read through ``TerminalEmulator``, which clusters graphemes as
/// modern terminals do; pyte counts code points). `make test` runs a seeded sample of the documents;
/// `make test-corpus` (`TELETYPE_CORPUS_SWEEP=full`) runs every one.
@Suite(.serialized) struct CorpusCommandLineTests {
    let cli = CommandLineTests()

    /// Every document under a full sweep, else six picked by a fixed seed.
    static let documents: [String] = {
        let names = Corpus.markdownNames
        if ProcessInfo.processInfo.environment["TELETYPE_CORPUS_SWEEP"] == "full" { return names }
        var generator = SeededGenerator(seed: 13)
        return Array(names.shuffled(using: &generator).prefix(6)).sorted()
    }()

    /// Generated mixtures of math delimiters, escapes and reference links (``MixedMarkdown``), one
    /// with CRLF line endings, as a user pipes them.
    static let mixtures: [UInt64] = [2, 3]

    @Test(arguments: documents)
    func pipedOutputIsTheBatchRender(_ name: String) async throws {
        try await checkPiped(Corpus.markdown(named: name).text, label: name)
    }

    @Test(arguments: mixtures)
    func mixturesPipedAreTheBatchRender(_ seed: UInt64) async throws {
        try await checkPiped(MixedMarkdown.document(seed: seed), label: "mixture \(seed)")
    }

    @Test(arguments: mixtures)
    func mixturesLiveEndOnTheBatchRender(_ seed: UInt64) async throws {
        try await checkLive(MixedMarkdown.document(seed: seed), label: "mixture \(seed)")
    }

    func checkPiped(_ text: String, label name: String) async throws {
        for color in ["never", "always"] {
            let streamed = try await LiveRenderingTests().runTrickling(
                ["md", "--color", color, "--width", "100"], text: text, pieces: 150)
            let batch = try cli.run(["md", "--color", color, "--width", "100"], input: Data(text.utf8))
            #expect(batch.status == 0)
            #expect(String(decoding: streamed, as: UTF8.self) == batch.output, "\(name), colour \(color)")
        }
    }

    @Test(arguments: documents)
    func theLiveTerminalEndsOnTheBatchRender(_ name: String) async throws {
        try await checkLive(Corpus.markdown(named: name).text, label: name)
    }

    func checkLive(_ text: String, label name: String) async throws {
        for (width, height) in [(40, 24), (100, 40)] {
            let live = try await LiveRenderingTests().runTrickling(
                ["md", "--live", "--no-typing", "--color", "never", "--width", "\(width)"], text: text, pieces: 150,
                lines: height)
            let batch = try cli.run(["md", "--format", "plain", "--width", "\(width)"], input: Data(text.utf8))
            // A terminal shows a tab as the spaces to the next tab stop.
            let expected = batch.output.split(separator: "\n", omittingEmptySubsequences: false)
                .map { String(Self.expandingTabs($0).reversed().drop(while: { $0 == " " }).reversed()) }
                .joined(separator: "\n").trimmingCharacters(in: .newlines)
            var terminal = TerminalEmulator(width: width, height: height)
            terminal.feed(Array(live))
            let shown = terminal.text.trimmingCharacters(in: .newlines)
            #expect(shown == expected, "\(name) at \(width)×\(height)")
        }
    }

    /// `line` with each tab replaced by the spaces to the next stop (every 8 columns).
    static func expandingTabs(_ line: Substring) -> String {
        guard line.contains("\t") else { return String(line) }
        var out = ""
        var column = 0
        for character in line {
            if character == "\t" {
                let spaces = 8 - column % 8
                out += String(repeating: " ", count: spaces)
                column += spaces
            } else {
                out.append(character)
                column += CellWidth.of(character)
            }
        }
        return out
    }
}
