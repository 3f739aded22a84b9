import Foundation
import Teletype
import TeletypeSessions
import TeletypeTestSupport
import Testing

/// `teletype sessions` reads each log with its long strings cut (a tool's whole output is of no use
/// to a title and a count): what it finds is what a reading of every byte finds, on every real
/// session of the corpus and every fixture of every agent.
@Suite struct SessionSkimTests {
    /// Every file the corpus and the fixtures hold that is a session of an agent.
    static var sessions: [String] {
        let corpus = (MoreAgentsTests.corpusConversations + Corpus.agentSessions).map(Corpus.sessionPath)
        let fixtures = SessionDiscoveryTests.layout.map { MoreAgentsTests.fixture($0.fixture) }
        return Array(Set(corpus + fixtures)).sorted()
    }

    @Test func aQuickLookFindsWhatAWholeReadingFinds() throws {
        var compared = 0
        for path in Self.sessions {
            guard let data = FileManager.default.contents(atPath: path),
                let agent = data.withUnsafeBytes({ SessionFormats.detect($0, name: path) })
            else { continue }
            let whole = JSONParser.withStringsCut(to: .max) {
                SessionLocator.describe(path, agent: agent, modified: 0)
            }
            for limit in [SessionLocator.skimmedStringBytes, 64] {
                let skimmed = JSONParser.withStringsCut(to: limit) {
                    SessionLocator.describe(path, agent: agent, modified: 0)
                }
                if limit == SessionLocator.skimmedStringBytes {
                    #expect(skimmed == whole, "\(path)")
                } else {
                    // Cut far shorter, a log still reads: no error, the same session or none.
                    #expect((skimmed == nil) == (whole == nil), "\(path)")
                }
            }
            compared += 1
        }
        #expect(compared >= (Corpus.isAvailable ? 100 : 10))
    }

    /// A format's own quick look (its messages counted from a few fields of each record, not
    /// built) lists each session as a reading of it does: its title, folder and count.
    @Test func aFormatsQuickLookFindsWhatItsReaderFinds() throws {
        var compared = 0
        for path in Self.sessions {
            guard let data = FileManager.default.contents(atPath: path),
                let agent = data.withUnsafeBytes({ SessionFormats.detect($0, name: path) }), agent != .claudeCode
            else { continue }
            let skimmed = SessionLocator.describe(path, agent: agent, modified: 0, skimming: true)
            let read = SessionLocator.describe(path, agent: agent, modified: 0, skimming: false)
            #expect(skimmed == read, "\(path)")
            compared += 1
        }
        #expect(compared >= (Corpus.isAvailable ? 50 : 10))
    }
}
