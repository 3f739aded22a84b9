import Foundation
import TeletypeANSI
import TeletypeHTML
import TeletypeLayout
import TeletypeMarkdown

/// The child side of a measurement: `--measure html|ansi FILE REPEATS` renders the file REPEATS
/// times and prints the best time in seconds and the output size.
enum Measure {
    static func run(_ arguments: [String]) -> Int32 {
        guard arguments.count == 3, let repeats = Int(arguments[2]),
            let data = FileManager.default.contents(atPath: arguments[1])
        else { return 2 }
        let text = String(decoding: data, as: UTF8.self)
        var best = Double.infinity
        var size = 0
        for _ in 0..<max(repeats, 1) {
            // The one-shot API a user calls: parse and render, every intermediate value released.
            let start = DispatchTime.now().uptimeNanoseconds
            switch arguments[0] {
            case "html":
                size = MarkdownHTMLRenderer(options: .trusted).render(markdown: text).utf8.count
            default:
                let renderer = TerminalRenderer(width: 100, capabilities: .full, theme: .dark)
                size = renderer.render(markdown: text).utf8.count
            }
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        print("\(best) \(size)")
        return 0
    }
}

/// Splits one render into its stages, for profiling: `--stages FILE`.
enum Stages {
    static func run(_ path: String) {
        let text =
            FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
            ?? BenchmarkDocument.make(bytes: 5_000_000)
        func time(_ name: String, _ body: () -> Void) {
            var best = Double.infinity
            for _ in 0..<3 {
                let start = DispatchTime.now().uptimeNanoseconds
                body()
                best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            }
            print(name, String(format: "%.4f s", best))
        }
        let document = MarkdownDocument(parsing: text)
        let blocks = MarkdownLayout.layout(document)
        let renderer = TerminalRenderer(width: 100, capabilities: .full, theme: .dark)
        let lines = renderer.lines(blocks)
        let pieces = Array(text.utf8).withUnsafeBytes { ParseStages.pieceSizes($0) }
        print("pieces: \(pieces.count), of \(pieces.map { "\($0 / 1024) KB" }.joined(separator: ", "))")
        for (stage, seconds) in Array(text.utf8).withUnsafeBytes({ ParseStages.measure($0) }) {
            print("  " + stage, String(format: "%.4f s", seconds))
        }
        var kept: [MarkdownDocument] = []
        time("parse + convert (kept)") { kept.append(MarkdownDocument(parsing: text)) }
        time("release a document") { kept.removeLast() }
        let withoutMath = MarkdownParser(options: MarkdownParseOptions(recognizesMath: false))
        time("parse + convert without math (kept)") { kept.append(withoutMath.parse(text)) }
        time("html render") { _ = MarkdownHTMLRenderer(options: .trusted).render(document) }
        time("layout") { _ = MarkdownLayout.layout(document) }
        time("terminal lines") { _ = renderer.lines(blocks) }
        time("ansi write") { _ = ANSIWriter.write(lines, capabilities: .full) }
        time("terminal render (lines + write, on every core)") { _ = renderer.render(blocks) }
        var serial = MarkdownParser()
        serial.maximumPieces = 1
        time("parse + convert on one thread (kept)") { kept.append(serial.parse(text)) }
    }
}
