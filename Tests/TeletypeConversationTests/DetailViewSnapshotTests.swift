import Foundation
import Teletype
import TeletypeLayout
import TeletypeSessions
import TeletypeSnapshotTesting
import TeletypeTestSupport
import Testing

/// A Claude Code session in each view, as snapshots: the prompts only; prompts and replies with
/// each tool call and thinking step on one line; everything.
@Suite struct DetailViewSnapshotTests {
    @Test(arguments: ConversationDetail.allCases)
    func aSessionInEachView(_ detail: ConversationDetail) throws {
        let path = PackageRoot.url.appendingPathComponent("Tests/Fixtures/sessions/claude-code.jsonl").path
        let transcript = try ConversationReader().read(try Data(contentsOf: URL(fileURLWithPath: path)), file: path)
        var state = ConversationViewState(actions: [], isRecorded: true)
        state.detail = detail
        assertSnapshot(
            of: ConversationSnapshot(messages: transcript.messages, state: state), as: .plain(width: 100),
            named: detail.rawValue)
    }
}
