import CCmarkGFM
import CCmarkSupport

/// Lets cmark-gfm inline passes run on many threads at once.
///
/// cmark-gfm switches the special inline characters of the extensions a parser uses (`~` for
/// strikethrough, `:` and `w` for autolinks) on at the start of every inline pass and off at its
/// end, in tables the whole process shares, so a pass that ends switches characters off under any
/// pass still running. The gate switches every extension's characters on once, for good, and puts
/// the stand-in for cmark-gfm's switch (`CCmarkSupport`) in steady mode, where it ignores those
/// requests: a parser that uses every extension with such characters then passes alongside other
/// such passes. A parser that uses only some of them passes alone, with the tables as cmark-gfm
/// would set them for it, and the tables are switched on again after. Where the stand-in is not in
/// use, every pass goes alone.
final class InlinePassGate: @unchecked Sendable {
    // Made once, before any parse goes through it.
    static let shared = InlinePassGate(registry: .shared)

    /// Whether steady passes can run together (the stand-in for cmark-gfm's switch is in use).
    let steadyPassesWork: Bool
    /// The extensions whose inline characters live in the process-wide tables.
    private let charactered: Set<MarkdownExtension>
    /// A parser never fed, with every extension attached: it switches all their characters.
    private let everyExtension: OpaquePointer?
    private let lock = ReadWriteLock()

    private init(registry: ExtensionRegistry) {
        charactered = [.strikethrough, .autolink]
        everyExtension = cmark_parser_new(CMARK_OPT_DEFAULT)
        if let everyExtension {
            for (_, syntax) in registry.syntaxes { cmark_parser_attach_syntax_extension(everyExtension, syntax) }
        }
        steadyPassesWork = Self.standInAnswers(registry) && everyExtension.map(Self.switchOn) == true
        if steadyPassesWork { teletype_cmark_set_steady_mode(1) }
    }

    /// Whether cmark-gfm's inline pass asks the stand-in to switch characters: a small parse with
    /// every extension, switching as cmark-gfm does.
    private static func standInAnswers(_ registry: ExtensionRegistry) -> Bool {
        let before = teletype_cmark_switch_requests()
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return false }
        for (_, syntax) in registry.syntaxes { cmark_parser_attach_syntax_extension(parser, syntax) }
        let sample = "~~a~~ www.a.b\n"
        cmark_parser_feed(parser, sample, sample.utf8.count)
        if let root = cmark_parser_finish(parser) { cmark_node_free(root) }
        cmark_parser_free(parser)
        return teletype_cmark_switch_requests() > before
    }

    private static func switchOn(_ parser: OpaquePointer) -> Bool {
        teletype_cmark_switch_characters(parser, 1) != 0
    }

    /// Whether a parser using `extensions` may pass at the same time as others.
    func passesSteady(_ extensions: Set<MarkdownExtension>) -> Bool {
        steadyPassesWork && extensions.isSuperset(of: charactered)
    }

    /// Runs a steady inline pass, alongside other steady passes.
    func steadyPass(_ body: () -> OpaquePointer?) -> OpaquePointer? {
        lock.reading(body)
    }

    /// Runs an inline pass alone, with every character off but those its parser switches on, as
    /// in a process that parses only with that parser's extensions.
    func lonePass(_ body: () -> OpaquePointer?) -> OpaquePointer? {
        lock.writing {
            guard steadyPassesWork, let everyExtension else { return body() }
            teletype_cmark_switch_characters(everyExtension, 0)
            teletype_cmark_set_lone_pass(1)
            defer {
                teletype_cmark_set_lone_pass(0)
                teletype_cmark_switch_characters(everyExtension, 1)
            }
            return body()
        }
    }
}
