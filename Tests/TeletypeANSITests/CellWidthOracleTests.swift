import Foundation
import TeletypeANSI
import TeletypeTestSupport
import Testing

/// Cells as modern terminals draw them, checked against Python `wcwidth`'s `wcswidth`: every line
/// of every real document, and of generated text of every width class, rendered at widths 20, 37,
/// 80 and 133 fits by its count.
@Suite struct CellWidthOracleTests {
    @Test(
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)),
        .enabled(if: PythonTools.has("wcwidth"), Comment(rawValue: PythonTools.skipMessage)))
    func everyLineOfTheCorpusFitsByWcswidth() throws {
        var input = ""
        for width in [20, 37, 80, 133] {
            let renderer = TerminalRenderer(width: width, capabilities: .plain)
            let generated = MixedWidthMarkdown.seeds.map { MixedWidthMarkdown.document(seed: $0) }
            for text in Corpus.markdown.map(\.text) + generated {
                for line in renderer.render(markdown: text).split(separator: "\n") where !line.isEmpty {
                    input += "\(width)\t\(line)\n"
                }
            }
        }
        let (status, output) = PythonTools.run("wcswidth_check.py", input: Data(input.utf8))
        #expect(status == 0, "the wcwidth check did not run: \(output)")
        let lines = output.split(separator: "\n")
        #expect(lines.last?.hasPrefix("lines ") == true)
        let overflowing = lines.dropLast()
        #expect(overflowing.isEmpty, "\(overflowing.count) lines overflow, first: \(overflowing.prefix(5))")
    }

    /// Emoji presentation and ZWJ sequences, keycaps, skin tones, Indic spacing marks and conjuncts.
    /// (Tamil `ப்பு` is two clusters, `ப்` and `பு`, so 3 cells where wcswidth, joining across the
    /// virama, counts 2: a line measured by clusters never overflows by wcswidth's count.)
    @Test(arguments: [
        ("©️", 2), ("❤️", 2), ("☺️", 2), ("#️⃣", 2), ("👨‍👩‍👧", 2), ("👩🏻", 2), ("🏳️‍🌈", 2), ("🇺🇸", 2),
        ("हि", 2), ("हिन्दी", 4), ("क्षत्रिय", 5), ("இணைப்பு", 6), ("é", 1), ("漢字", 4),
    ])
    func clustersTakeTheCellsTerminalsGiveThem(_ text: String, _ cells: Int) {
        #expect(CellWidth.of(text) == cells, "\(text)")
    }
}
