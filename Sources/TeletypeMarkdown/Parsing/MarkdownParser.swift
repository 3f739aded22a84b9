import CCmarkGFM
import Foundation

/// Parses GitHub Flavored Markdown with cmark-gfm and converts the result into an immutable
/// ``MarkdownDocument``. The files of this folder are the only place in Teletype that touches
/// cmark-gfm; no cmark pointer outlives a call to ``parse(_:)``.
///
/// A large document is cut into pieces at headings that start after a blank line (see
/// ``ChunkPlanner``) and the pieces are parsed on every core; the result equals that of parsing the
/// whole at once.
public struct MarkdownParser: Sendable {
    /// The options every parse uses.
    public var options: MarkdownParseOptions

    /// How many pieces a large document may be parsed in at once; 1 parses serially.
    package var maximumPieces: Int

    /// Creates a parser.
    public init(options: MarkdownParseOptions = .init()) {
        self.options = options
        self.maximumPieces = 2 * ProcessInfo.processInfo.activeProcessorCount
    }

    /// Parses `text` into a document.
    public func parse(_ text: String) -> MarkdownDocument {
        var source = text
        // A Swift string is valid UTF-8 already: cmark need not check it again.
        return source.withUTF8 { bytes in parse(utf8: UnsafeRawBufferPointer(bytes), validated: true) }
    }

    /// Parses UTF-8 bytes into a document. Invalid UTF-8 is replaced by U+FFFD.
    public func parse(utf8 bytes: UnsafeRawBufferPointer) -> MarkdownDocument {
        parse(utf8: bytes, validated: false)
    }

    private func parse(utf8 bytes: UnsafeRawBufferPointer, validated: Bool) -> MarkdownDocument {
        let session = CmarkSession(options: options, validated: validated)
        let cuts = maximumPieces > 1 ? ChunkPlanner.cuts(in: bytes, pieces: maximumPieces) : []
        if !cuts.isEmpty, let document = parsePieces(bytes, cuts: cuts, session: session) {
            return document
        }
        let root = session.parse(bytes)
        defer { root.free() }
        var converter = TreeConverter(kinds: session.kinds)
        return converter.convert(root.pointer)
    }

    /// Parses each piece on its own and converts it with its line and footnote numbers shifted;
    /// `nil` when a cut turned out to fall inside a block, so the caller parses the whole.
    ///
    /// Block passes and conversions run on every core; the inline passes, which cmark-gfm cannot run
    /// two at a time, take turns in document order, which also tells each piece where its footnote
    /// numbers start.
    private func parsePieces(_ bytes: UnsafeRawBufferPointer, cuts: [Int], session: CmarkSession) -> MarkdownDocument? {
        let bounds = zip([0] + cuts, cuts + [bytes.count]).map { $0..<$1 }
        nonisolated(unsafe) let source = bytes
        let turns = PieceTurns()
        let documents = ParallelWork.map(bounds.count) { index -> MarkdownDocument? in
            let piece = UnsafeRawBufferPointer(rebasing: source[bounds[index]])
            let parser = session.feed(piece)
            let lines = piece.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            let (root, offsets) = turns.take(index) { () -> (CmarkRoot, PieceTurns.Offsets?) in
                let root = session.finish(parser)
                let isLast = index == bounds.count - 1
                let valid = isLast || !root.endsInsideOpenBlock(lastLine: lines)
                return (root, valid ? PieceTurns.Offsets(lines: lines, footnotes: root.footnoteDefinitionCount) : nil)
            }
            defer { root.free() }
            guard let offsets else { return nil }
            var converter = TreeConverter(
                kinds: session.kinds, lineOffset: offsets.lines, footnoteOffset: offsets.footnotes)
            return converter.convert(root.pointer)
        }
        var blocks: [Block] = []
        var definitions: [Block] = []
        for document in documents {
            guard let document else { return nil }
            for block in document.blocks {
                if case .footnoteDefinition = block { definitions.append(block) } else { blocks.append(block) }
            }
        }
        return MarkdownDocument(blocks: blocks + definitions)
    }
}

/// Lets pieces take their inline pass in document order, and tells each piece how many lines and
/// footnotes came before it. Once a piece is found to be cut badly, later pieces are not converted.
final class PieceTurns: @unchecked Sendable {
    /// What precedes a piece.
    struct Offsets {
        var lines: Int
        var footnotes: Int
    }

    private let condition = NSCondition()
    private var next = 0
    private var running: Offsets? = Offsets(lines: 0, footnotes: 0)

    /// Waits for piece `index`'s turn, runs `body`, and returns its result with the offsets that
    /// precede the piece (`nil` once any piece has been found cut badly).
    func take<Root>(_ index: Int, _ body: () -> (Root, Offsets?)) -> (Root, Offsets?) {
        condition.lock()
        while next != index { condition.wait() }
        let (root, own) = body()
        let before = running
        if let current = running, let own {
            running = Offsets(lines: current.lines + own.lines, footnotes: current.footnotes + own.footnotes)
        } else {
            running = nil
        }
        next += 1
        condition.broadcast()
        condition.unlock()
        return (root, own == nil ? nil : before)
    }
}
