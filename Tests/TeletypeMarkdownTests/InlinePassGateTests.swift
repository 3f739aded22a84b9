import CCmarkGFM
import Dispatch
import TeletypeTestSupport
import Testing

@testable import TeletypeMarkdown

/// cmark-gfm's inline passes run on many threads at once (see ``InlinePassGate``) and still give
/// what one pass at a time gives, with every set of extensions.
@Suite struct InlinePassGateTests {
    static let everyExtension = MarkdownParseOptions()
    static let withoutStrikethrough = MarkdownParseOptions(
        extensions: Set(MarkdownExtension.allCases).subtracting([.strikethrough]))
    static let withoutAutolinks = MarkdownParseOptions(
        extensions: Set(MarkdownExtension.allCases).subtracting([.autolink]))

    /// `a*~b~*c`: with strikethrough, `~` is passed over when emphasis looks at its neighbours, so
    /// the stars make emphasis; without it, `~` is punctuation and they stay text (as cmark-gfm
    /// gives, run with and without `-e strikethrough`).
    static let tildeBetweenStars = "a*~b~*c www.example.org\n"

    func inlines(_ text: String, _ options: MarkdownParseOptions) -> [Inline] {
        guard case .paragraph(let paragraph)? = MarkdownParser(options: options).parse(text).blocks.first else {
            return []
        }
        return paragraph.inlines
    }

    func hasEmphasis(_ inlines: [Inline]) -> Bool {
        inlines.contains { if case .emphasis = $0 { true } else { false } }
    }

    func hasLink(_ inlines: [Inline]) -> Bool {
        inlines.contains { if case .link = $0 { true } else { false } }
    }

    #if os(Linux)
        /// The stand-in for cmark-gfm's switch is in use, so passes with every extension overlap.
        @Test func passesWithEveryExtensionRunTogether() {
            #expect(InlinePassGate.shared.steadyPassesWork)
            #expect(InlinePassGate.shared.passesSteady(Set(MarkdownExtension.allCases)))
            #expect(!InlinePassGate.shared.passesSteady(Self.withoutStrikethrough.extensions))
        }
    #endif

    /// A parse without an extension sees its characters as cmark-gfm without the extension does,
    /// although the process keeps them switched on for the others.
    @Test func aParseWithoutAnExtensionSeesItsCharactersAsText() {
        let full = inlines(Self.tildeBetweenStars, Self.everyExtension)
        #expect(hasEmphasis(full) && hasLink(full))
        let noStrike = inlines(Self.tildeBetweenStars, Self.withoutStrikethrough)
        #expect(!hasEmphasis(noStrike) && hasLink(noStrike))
        let noAutolink = inlines(Self.tildeBetweenStars, Self.withoutAutolinks)
        #expect(hasEmphasis(noAutolink) && !hasLink(noAutolink))
        // And the process's characters are on again afterwards.
        #expect(hasEmphasis(inlines(Self.tildeBetweenStars, Self.everyExtension)))
    }

    /// cmark-gfm used directly in the same process (as another library of an app might) asks to
    /// switch its characters off when its pass ends: Teletype's parses still see them.
    @Test func aParseOutsideTeletypeLeavesTheCharactersOn() {
        #expect(hasEmphasis(inlines(Self.tildeBetweenStars, Self.everyExtension)))
        let sample = "~~x~~ www.example.org\n"
        for (_, syntax) in ExtensionRegistry.shared.syntaxes {
            guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { continue }
            cmark_parser_attach_syntax_extension(parser, syntax)
            cmark_parser_feed(parser, sample, sample.utf8.count)
            if let root = cmark_parser_finish(parser) { cmark_node_free(root) }
            cmark_parser_free(parser)
        }
        let after = inlines(Self.tildeBetweenStars, Self.everyExtension)
        #expect(hasEmphasis(after) && hasLink(after))
    }

    /// Parses with and without extensions on every thread at once give the trees each gives alone:
    /// the corpus's documents and the tilde sample, each with three sets of extensions.
    @Test func overlappingParsesGiveTheTreesOfSerialOnes() {
        let sample = String(repeating: Self.tildeBetweenStars + "\n~~gone~~ and http://a.b/c\n\n", count: 200)
        let texts = [sample] + (Corpus.isAvailable ? Corpus.markdown.map(\.text) : [])
        let options = [Self.everyExtension, Self.withoutStrikethrough, Self.withoutAutolinks]
        @Sendable func parser(_ options: MarkdownParseOptions) -> MarkdownParser {
            var parser = MarkdownParser(options: options)
            parser.maximumPieces = 1
            return parser
        }
        let expected = options.map { option in texts.map { parser(option).parse($0) } }
        let jobs = options.indices.flatMap { option in texts.indices.map { (option, $0) } }
        let mismatches = Mismatches()
        for _ in 0..<2 {
            DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
                let (option, text) = jobs[(index * 7) % jobs.count]
                if parser(options[option]).parse(texts[text]) != expected[option][text] {
                    mismatches.add("text \(text) with extension set \(option)")
                }
            }
        }
        #expect(mismatches.all.isEmpty, "\(mismatches.all.prefix(5))")
    }
}

/// What differed, gathered from many threads.
private final class Mismatches: @unchecked Sendable {
    private let lock = ThreadLock()
    private var found: [String] = []

    func add(_ mismatch: String) { lock.withLock { found.append(mismatch) } }
    var all: [String] { lock.withLock { found } }
}
