import Teletype
import TeletypeTranscripts
import Testing

/// A reply whose text is pieces between its steps is redacted piece by piece: with nothing to
/// redact it keeps its text and runs as they were; a secret in one piece is redacted there, the
/// runs following the new lengths; an empty piece is dropped as joining the pieces drops it.
@Suite struct RedactedTextRunsTests {
    static func reply(_ pieces: [String]) -> Message {
        var message = Message(id: "r", role: .assistant, text: pieces.joined(separator: AITextRun.separator))
        message.textRuns = pieces.enumerated().map { AITextRun(afterParts: $0.offset, length: $0.element.utf8.count) }
        return message
    }

    @Test func piecesWithoutSecretsStayAsTheyWere() {
        let message = Self.reply(["I will look.", "Found it: the key is `cache_key` (not secret).", "Done."])
        var tally = SecretRedactor.Tally()
        let redacted = SecretRedactor().redact(message, into: &tally)
        #expect(redacted == message)
        #expect(tally.total == 0)
    }

    @Test func aSecretIsRedactedInItsPiece() throws {
        let secret = "sk-proj-" + String(repeating: "a1B2c3D4", count: 6)
        let message = Self.reply(["Setting it.", "OPENAI_API_KEY=\(secret)", "Done."])
        var tally = SecretRedactor.Tally()
        let redacted = SecretRedactor().redact(message, into: &tally)
        #expect(!redacted.text.contains(secret))
        #expect(tally.total == 1)
        let pieces = try #require(AITextRun.pieces(of: redacted.text, runs: redacted.textRuns))
        #expect(pieces.map(\.afterParts) == [0, 1, 2])
        #expect(pieces[0].text == "Setting it." && pieces[2].text == "Done.")
    }

    @Test func anEmptyPieceIsDroppedAsJoiningDropsIt() {
        let message = Self.reply(["Before.", "", "After."])
        var tally = SecretRedactor.Tally()
        let redacted = SecretRedactor().redact(message, into: &tally)
        let joined = AITextRun.joined([(0, "Before."), (2, "After.")])
        #expect(redacted.text == joined.text && redacted.textRuns == joined.runs)
    }
}
