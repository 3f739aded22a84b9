import Foundation
import Teletype
import TeletypeANSI
import TeletypeLayout
import TeletypeSnapshotTesting
import TeletypeTestSupport
import TeletypeTransports
import Testing

/// What a terminal shows while the demo recording plays as the live conversation view: while the
/// agent thinks, while the answer streams, and at the end.
@Suite struct ReplayScreenSnapshotTests {
    /// The live view's output after the events before `moment` (a share of the recording, 0…1).
    static func liveOutput(until moment: Double, width: Int, height: Int) throws -> [UInt8] {
        let url = PackageRoot.url.appendingPathComponent("Samples/replay.jsonl")
        let recording = StreamRecordingReader().read(try Data(contentsOf: url), file: url.lastPathComponent)
        let count = Int(Double(recording.events.count) * moment)
        var conversation = StreamedConversation()
        let layout = ConversationLayout()
        var rows = ConversationRowCache()
        var lines = ConversationLineCache(renderer: ConversationTerminalRenderer(width: width, capabilities: .full))
        var region = LiveRegion(capabilities: .full, height: height)
        var output: [UInt8] = []
        var committedRows = 0
        for (index, timed) in recording.events.prefix(count).enumerated() {
            conversation.apply(timed.event, at: timed.time)
            let final = index == recording.events.count - 1
            var state = ConversationViewState()
            state.isThinking = conversation.thinkingSince != nil && conversation.messages.last?.role.isUser == true
            state.thinkingElapsed = conversation.thinkingSince.map { (timed.time ?? 0) - $0 }
            let shown = rows.rows(for: conversation.messages, layout: layout, state: state)
            let turnStart = final ? shown.count : (shown.lastIndex { $0.startsTurn } ?? 0)
            func drawn(_ range: Range<Int>) -> [StyledLine] {
                range.flatMap { index in (index > 0 ? [StyledLine()] : []) + lines.lines(shown[index]) }
            }
            let committed = drawn(committedRows..<max(committedRows, turnStart))
            committedRows = max(committedRows, turnStart)
            output += region.frame(committed: committed, live: drawn(committedRows..<shown.count))
        }
        return output
    }

    @Test(arguments: [("thinking", 0.15), ("streaming", 0.6), ("end", 1.0)])
    func demoReplay(_ name: String, _ moment: Double) throws {
        let output = try Self.liveOutput(until: moment, width: 60, height: 20)
        assertSnapshot(of: output, as: .screen(width: 60, height: 20), named: name)
    }
}
