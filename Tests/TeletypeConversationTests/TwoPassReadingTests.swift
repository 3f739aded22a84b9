import Foundation
import Teletype
import TeletypeSessions
import TeletypeTestSupport
import TeletypeTranscripts
import Testing

/// The readers that read a log twice (a tree, a message written again, one JSON array) keep a
/// small log's records parsed from the first pass and read a large one's again by their place in
/// the file: both ways read the same messages and the same description, on every real session of
/// the corpus and every fixture.
@Suite struct TwoPassReadingTests {
    struct Reading: Equatable {
        var format: TranscriptFormat
        var info: SessionInfo?
        var messages: [Message]
    }

    static func read(_ path: String) throws -> Reading {
        var messages: [Message] = []
        var info: SessionInfo?
        let format = try ConversationStream().forEachMessage(
            inFileAt: path, name: path, session: { info = $0 }, { messages.append($0) })
        return Reading(format: format, info: info, messages: messages)
    }

    @Test func keptAndReadAgainAreTheSame() throws {
        var compared = 0
        for path in SessionSkimTests.sessions {
            guard let kept = try? Self.read(path) else { continue }
            let again = try SessionReadingLimits.$keptParsedBytes.withValue(0) { try Self.read(path) }
            #expect(again == kept, "\(path)")
            compared += 1
        }
        #expect(compared >= (Corpus.isAvailable ? 100 : 10))
    }
}
