import TeletypeTestSupport
import Testing

@testable import TeletypeMarkdown

/// The key the label scan makes as it reads a label is the key of the label's text.
@Suite struct LabelSpansTests {
    static func expectKeysOfTheirLabels(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) {
        bytes.withUnsafeBytes { buffer in
            LabelSpans.forEachLabel(in: buffer) { open, close, key in
                let label = Array(buffer[(open + 1)..<close])
                if key != LabelSpans.key(of: label) {
                    Issue.record(
                        "label at \(open): \(String(decoding: label, as: UTF8.self))", sourceLocation: sourceLocation)
                }
            }
        }
    }

    @Test(arguments: [
        "[a] [B c] [ spaced\tout ] [multi\nline] [esc\\]aped] [\\\\] [] [ ] [x\\", "[é Ü] [日本] [a\\é]",
    ])
    func edgeCases(_ text: String) {
        Self.expectKeysOfTheirLabels(Array(text.utf8))
    }

    @Test(arguments: Corpus.markdownNames)
    func corpusLabels(_ name: String) {
        Self.expectKeysOfTheirLabels(Corpus.markdown(named: name).bytes)
    }
}
