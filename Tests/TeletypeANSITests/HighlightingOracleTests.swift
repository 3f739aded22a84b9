import Foundation
import TeletypeLayout
import TeletypeMarkdown
import TeletypeTestSupport
import Testing

/// Syntax highlighting measured against Pygments on every fenced block of the corpus in a language
/// Teletype knows: with the best mapping (per language) of Teletype's token kinds to Pygments'
/// coarse classes (keyword, string, comment, number, name, builtin, operator, other), at least 90% of
/// non-blank characters agree on average, and blocks use at least 3 kinds on average.
@Suite struct HighlightingOracleTests {
    /// The fenced code blocks of a document, at any depth.
    static func codeBlocks(_ blocks: [Block]) -> [CodeBlock] {
        blocks.flatMap { block -> [CodeBlock] in
            switch block {
            case .codeBlock(let code): return code.isFenced ? [code] : []
            case .blockQuote(let quote): return codeBlocks(quote.children)
            case .list(let list): return list.items.flatMap { codeBlocks($0.children) }
            case .footnoteDefinition(let note): return codeBlocks(note.children)
            default: return []
            }
        }
    }

    /// One block for the oracle: its language, its text and one letter a code point for the kind
    /// Teletype gives it.
    static func sample(_ code: CodeBlock) -> [String: String]? {
        guard let highlighter = SyntaxHighlighter(language: code.info) else { return nil }
        var text = code.code
        if text.hasSuffix("\n") { text.removeLast() }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var kinds = ""
        var state = CodeLexerState()
        for (index, line) in lines.enumerated() {
            let tokens = highlighter.tokens(of: line, state: &state)
            var next = 0
            var offset = 0
            for scalar in line.unicodeScalars {
                while next < tokens.count, tokens[next].end <= offset { next += 1 }
                let kind =
                    next < tokens.count && tokens[next].start <= offset ? tokens[next].kind : CodeTokenKind.plain
                kinds.append(Character(Unicode.Scalar(97 + kind.rawValue)))
                offset += String(scalar).utf8.count
            }
            if index < lines.count - 1 { kinds.append("a") }
        }
        return ["language": highlighter.languageName, "info": code.info, "text": text, "kinds": kinds]
    }

    @Test(
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)),
        .enabled(if: PythonTools.has("pygments"), Comment(rawValue: PythonTools.skipMessage)))
    func corpusCodeAgreesWithPygments() throws {
        var samples: [[String: String]] = []
        for file in Corpus.markdown {
            for code in Self.codeBlocks(MarkdownDocument(parsing: file.text).blocks) {
                if let sample = Self.sample(code) { samples.append(sample) }
            }
        }
        #expect(samples.count > 500, "only \(samples.count) blocks in known languages")
        let input = try JSONSerialization.data(withJSONObject: samples)
        if let path = ProcessInfo.processInfo.environment["TELETYPE_HIGHLIGHT_SAMPLES"] {
            // For tuning: the oracle can be run again on the same blocks.
            try input.write(to: URL(fileURLWithPath: path))
        }
        let (status, output) = PythonTools.run("highlight_oracle.py", input: input)
        try #require(status == 0, "the oracle did not run: \(output)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        let agreement = try #require(report["agreement"] as? Double)
        let kinds = try #require(report["kinds"] as? Double)
        #expect(agreement >= 0.90, "agreement with Pygments: \(agreement)\n\(output)")
        #expect(kinds >= 3, "kinds a block: \(kinds)")
    }
}
