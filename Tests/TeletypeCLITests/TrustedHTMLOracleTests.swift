import Foundation
import TeletypeTestSupport
import Testing

/// `teletype md --format html --trusted` through the command line is the HTML cmark-gfm itself
/// writes (`cmark-gfm -e footnotes -e table -e strikethrough -e autolink -e tagfilter -e tasklist
/// --unsafe`), on every real document of the corpus and on spec examples (a seeded sample; all of
/// them under `make test-corpus`). Footnotes aside: Teletype writes them as the GFM specification's
/// examples do (`#fn1`), cmark-gfm 0.29 by label with `data-` attributes; both are spelled the same
/// before comparing.
@Suite struct TrustedHTMLOracleTests {
    let cli = CommandLineTests()

    static let cmark: String? = ["/usr/bin/cmark-gfm", "/usr/local/bin/cmark-gfm"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    static let oracleArguments = [
        "-e", "footnotes", "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tagfilter", "-e",
        "tasklist", "--unsafe",
    ]

    /// Footnote ids and their `data-` attributes, spelled one way.
    static func normalizingFootnotes(_ html: String) -> String {
        var text = html
        for attribute in [
            " data-footnotes", " data-footnote-ref", " data-footnote-backref", " aria-label=\"Back to content\"",
        ] {
            text = text.replacingOccurrences(of: attribute, with: "")
        }
        return text.replacingOccurrences(
            of: ##"(id="|href="#)fn(ref)?-?[^"]*""##, with: "$1fn$2\"", options: .regularExpression)
    }

    /// What cmark-gfm writes for `input`.
    static func oracle(_ input: Data) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(cmark))
        process.arguments = oracleArguments
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self)
    }

    @Test(
        .enabled(if: cmark != nil, "needs the cmark-gfm command: `make test` installs it"),
        arguments: Corpus.markdownNames)
    func realDocumentsAreWhatCmarkGFMWrites(_ name: String) throws {
        let file = Corpus.markdown(named: name)
        let path = try #require(Corpus.root).appendingPathComponent("markdown/\(name)").path
        let ours = try cli.run(["md", "--format", "html", "--trusted", path])
        #expect(ours.status == 0)
        let theirs = try Self.oracle(Data(file.bytes))
        #expect(Self.normalizingFootnotes(ours.output) == Self.normalizingFootnotes(theirs), "\(name)")
    }

    static let examples: [Int] = {
        let all = Array(SpecExample.all.indices)
        if ProcessInfo.processInfo.environment["TELETYPE_CORPUS_SWEEP"] == "full" { return all }
        var generator = SeededGenerator(seed: 14)
        return Array(all.shuffled(using: &generator).prefix(120)).sorted()
    }()

    @Test(.enabled(if: cmark != nil, "needs the cmark-gfm command: `make test` installs it"), arguments: examples)
    func specExamplesAreWhatCmarkGFMWrites(_ index: Int) throws {
        let example = SpecExample.all[index]
        let ours = try cli.run(["md", "--format", "html", "--trusted"], input: Data(example.markdown.utf8))
        let theirs = try Self.oracle(Data(example.markdown.utf8))
        #expect(Self.normalizingFootnotes(ours.output) == Self.normalizingFootnotes(theirs), "\(example)")
    }
}
