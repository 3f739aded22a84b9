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
    @Test func piecesWithoutFootnotesAreNotWaitedFor() {
        let turns = PieceTurns(count: 3)
        turns.announce(0, lines: 5, mayHoldFootnotes: false)
        turns.announce(1, lines: 7, mayHoldFootnotes: false)
        // Piece 2 is parsed before 0 and 1 are: their lines are known, and they hold no footnotes.
        let offsets = turns.take(2, own: .init(lines: 3, footnotes: 1))
        #expect(offsets?.lines == 12)
        #expect(offsets?.footnotes == 0)
    }

    @Test func aPieceWaitsForTheFootnotesBeforeIt() {
        let turns = PieceTurns(count: 2)
        turns.announce(0, lines: 5, mayHoldFootnotes: true)
        let result = ResultBox()
        let waiter = WorkerThread.start {
            result.set(turns.take(1, own: .init(lines: 2, footnotes: 0)))
        }
        // The second piece cannot know its footnote numbers before the first is parsed.
        usleep(20_000)
        #expect(!result.isSet)
        _ = turns.take(0, own: .init(lines: 5, footnotes: 2))
        waiter?.join()
        #expect(result.value?.lines == 5)
        #expect(result.value?.footnotes == 2)
    }

    @Test func aBadCutFailsTheLaterPieces() {
        let turns = PieceTurns(count: 2)
        turns.announce(0, lines: 5, mayHoldFootnotes: true)
        #expect(turns.take(0, own: nil) == nil)
        #expect(turns.take(1, own: .init(lines: 1, footnotes: 0)) == nil)
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
