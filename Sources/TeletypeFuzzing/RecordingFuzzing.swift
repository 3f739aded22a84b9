import Foundation
import TeletypeTransports

/// Recorded streams in every format: events or a located error, played into a conversation that
/// renders safely.
enum RecordingFuzzing {
    static func problems(in bytes: [UInt8]) -> [String] {
        let data = Data(bytes)
        let lineCount = ErrorLocationChecks.lineCount(bytes)
        var problems: [String] = []
        for format in [nil] + StreamFormat.allCases.map(Optional.some) {
            let name = format?.rawValue ?? "detected"
            let recording = StreamRecordingReader(format: format).read(data, file: "input")
            if let error = recording.error {
                problems += ErrorLocationChecks.problems(error, lineCount: lineCount, name)
            }
            var conversation = StreamedConversation()
            for event in recording.events {
                if event.line < 1 || event.line > lineCount {
                    problems.append("\(name): an event from line \(event.line) of \(lineCount)")
                }
                conversation.apply(event.event, at: event.time)
            }
            problems += ConversationChecks.problems(conversation.messages, name)
        }
        return problems
    }
}
