import Testing

@testable import TeletypeMarkdown

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A piece learns what precedes it as soon as that is known: earlier pieces without footnotes need
/// not have been parsed.
@Suite struct PieceTurnsTests {
    /// The footnotes of a piece referencing `labels` once each, in order, and defining `defined`.
    func summary(_ labels: [String], defining defined: [String] = []) -> PieceFootnotes {
        var summary = PieceFootnotes.Summary()
        for label in labels.map(Self.label) {
            if summary.counts[label] == nil { summary.firstReferences.append(label) }
            summary.counts[label, default: 0] += 1
        }
        summary.defined = defined.map(Self.label)
        return PieceFootnotes(standInLine: .max, summary: summary, labels: summary.firstReferences)
    }

    static func label(_ text: String) -> ReferenceLabel { ReferenceLabel(Array(text.utf8)[...]) }

    @Test func piecesWithoutFootnotesAreNotWaitedFor() {
        let turns = PieceTurns(count: 3)
        turns.announce(0, lines: 5, mayHoldFootnotes: false)
        turns.announce(1, lines: 7, mayHoldFootnotes: false)
        // Piece 2 is parsed before 0 and 1 are: their lines are known, and they hold no footnotes.
        let offsets = turns.take(2, own: .init(lines: 3, footnotes: summary(["a"])))
        #expect(offsets?.lines == 12)
        #expect(offsets?.footnotes.numbers == [1])
    }

    /// Footnotes are numbered in the order of their first reference in the whole document, and
    /// every reference of every piece counts; the first piece to define a label shows it.
    @Test func footnotesAddUpAcrossPieces() {
        let turns = PieceTurns(count: 3)
        _ = turns.take(0, own: .init(lines: 1, footnotes: summary(["b", "a", "b"], defining: ["c"])))
        _ = turns.take(1, own: .init(lines: 1, footnotes: summary(["c", "a"], defining: ["a", "b"])))
        let last = turns.take(2, own: .init(lines: 1, footnotes: summary(["a", "d"], defining: ["a", "d"])))
        // The last piece's own numbers 1 and 2 are the document's 2 ("a", after "b") and 4 ("d", new);
        // "a" was referenced twice before it.
        #expect(last?.footnotes.numbers == [2, 4])
        #expect(last?.footnotes.earlierReferences == [2: 2, 4: 0])
        let all = turns.finalTally()
        #expect(all.numbers[Self.label("d")] == 4)
        #expect(all.counts[Self.label("a")] == 3)
        #expect(all.definingPiece == [Self.label("c"): 0, Self.label("a"): 1, Self.label("b"): 1, Self.label("d"): 2])
    }

    @Test func aPieceWaitsForTheFootnotesBeforeIt() {
        let turns = PieceTurns(count: 2)
        turns.announce(0, lines: 5, mayHoldFootnotes: true)
        let result = ResultBox()
        let waiter = WorkerThread.start {
            result.set(turns.take(1, own: .init(lines: 2, footnotes: summary(["x"]))))
        }
        // The second piece cannot know its footnote numbers before the first is parsed.
        usleep(20_000)
        #expect(!result.isSet)
        _ = turns.take(0, own: .init(lines: 5, footnotes: summary(["x", "y"], defining: ["x", "y"])))
        waiter?.join()
        #expect(result.value?.lines == 5)
        #expect(result.value?.footnotes.numbers == [1])
    }

    @Test func aBadCutFailsTheLaterPieces() {
        let turns = PieceTurns(count: 2)
        turns.announce(0, lines: 5, mayHoldFootnotes: true)
        #expect(turns.take(0, own: nil) == nil)
        #expect(turns.take(1, own: .init(lines: 1, footnotes: summary([]))) == nil)
        #expect(turns.failed)
    }
}

/// A value set by another thread.
private final class ResultBox: @unchecked Sendable {
    private let lock = ThreadLock()
    private var stored: PieceTurns.Offsets??

    func set(_ value: PieceTurns.Offsets?) { lock.withLock { stored = .some(value) } }
    var isSet: Bool { lock.withLock { stored != nil } }
    var value: PieceTurns.Offsets? { lock.withLock { stored ?? nil } }
}
