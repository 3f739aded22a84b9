import Foundation
import Teletype
import TeletypeArchive
import TeletypeTestSupport
import TeletypeTranscripts
import Testing

/// Every real session of the corpus exported with redaction and without, compared word for word:
/// the redacted page keeps every word of the other but the secrets (each becomes
/// `[REDACTED kind]`), and says how many it took.
@Suite struct CorpusRedactionWordsTests {
    /// The words a page shows: its text without tags, entities read, the redaction notice left out.
    static func words(_ html: String) -> [Substring] {
        var text = html
        if let start = text.range(of: "<p class=\"tt-redactions\">"),
            let end = text.range(of: "</p>", range: start.upperBound..<text.endIndex)
        {
            text.removeSubrange(start.lowerBound..<end.upperBound)
        }
        if let body = text.range(of: "<body>") { text = String(text[body.upperBound...]) }
        var out = ""
        var inTag = false
        for character in text {
            if character == "<" {
                inTag = true
            } else if character == ">" {
                inTag = false
            } else if !inTag {
                out.append(character)
            }
        }
        out = out.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
        return out.split(whereSeparator: { $0.isWhitespace })
    }

    static var sessions: [String] {
        Array(Set(Corpus.agentSessions + MoreAgentsTests.corpusConversations)).sorted()
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)))
    func theRedactedExportKeepsEveryOtherWord() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-words-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var compared = 0
        var taken = 0
        for name in Self.sessions {
            let path = Corpus.sessionPath(name)
            var open = ConversationPageExporter(rendersBatchesInParallel: false)
            open.redactsSecrets = false
            open.paging = .single
            var shut = ConversationPageExporter(rendersBatchesInParallel: false)
            shut.paging = .single
            let openPath = folder.appendingPathComponent("open.html").path
            let shutPath = folder.appendingPathComponent("redacted.html").path
            guard (try? open.export(transcriptAt: path, name: name, to: openPath)) != nil else { continue }
            let redacted = try shut.export(transcriptAt: path, name: name, to: shutPath)
            let before = Self.words(try String(contentsOfFile: openPath, encoding: .utf8))
            let after = Self.words(try String(contentsOfFile: shutPath, encoding: .utf8))
            var counts: [Substring: Int] = [:]
            for word in before { counts[word, default: 0] += 1 }
            var added: [Substring] = []
            for word in after {
                if let count = counts[word], count > 0 { counts[word] = count - 1 } else { added.append(word) }
            }
            let removed = counts.values.reduce(0, +)
            let total = (redacted.redactions ?? [:]).values.reduce(0, +)
            // What is new is the redactions' marks; what is gone, the secrets (a few words each).
            let marks = added.filter { !$0.contains("[REDACTED") && !$0.hasSuffix("]") }
            #expect(marks.isEmpty, "\(name): words that were not there: \(marks.prefix(5))")
            #expect(removed <= total * 4, "\(name): \(removed) words gone for \(total) secrets")
            compared += 1
            taken += total
        }
        #expect(compared >= 50, "\(compared) sessions compared")
    }
}
