import Foundation
import Teletype
import TeletypeANSI
import TeletypeHTML
import TeletypeLayout
import TeletypeSessions
import TeletypeTransports

/// Transcripts in every format: read or a located error, and a safe rendering of what was read.
enum TranscriptFuzzing {
    static func problems(in bytes: [UInt8]) -> [String] {
        let data = Data(bytes)
        let lineCount = ErrorLocationChecks.lineCount(bytes)
        var problems: [String] = []
        for format in [nil] + TranscriptFormat.allCases.map(Optional.some) {
            let name = format?.rawValue ?? "detected"
            do {
                let transcript = try ConversationReader(format: format).read(data, file: "input")
                problems += ConversationChecks.problems(transcript.messages, name)
            } catch {
                problems += ErrorLocationChecks.problems(error, lineCount: lineCount, name)
            }
        }
        return problems
    }
}

/// An error names a real place in the input and says something.
enum ErrorLocationChecks {
    /// How many lines `bytes` has (one more than its newlines).
    static func lineCount(_ bytes: [UInt8]) -> Int { bytes.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) } }

    static func problems(_ error: TranscriptError, lineCount: Int, _ context: String) -> [String] {
        var problems: [String] = []
        // Line 0 is the file as a whole (a database, a sidecar without its log).
        if error.line == 0 { return error.message.isEmpty ? ["\(context): an error with no message"] : [] }
        if error.line < 1 || error.line > lineCount || error.column < 1 {
            problems.append("\(context): error at \(error.line):\(error.column) outside the \(lineCount) lines read")
        }
        if error.message.isEmpty { problems.append("\(context): an error with no message") }
        return problems
    }
}

/// A conversation renders safely to the terminal and to an HTML page.
enum ConversationChecks {
    static func problems(_ messages: [Message], _ context: String) -> [String] {
        let rows = ConversationLayout().rows(
            for: messages, state: ConversationViewState(expandReasoning: true, expandToolCalls: true))
        var problems: [String] = []
        for width in [24, 80] {
            let ansi = ConversationTerminalRenderer(width: width, capabilities: .full).render(rows)
            problems += RenderedOutputChecks.ansi(ansi, "\(context) at width \(width)")
            problems += RenderedOutputChecks.fits(ansi, width: width, "\(context) at width \(width)")
        }
        problems += RenderedOutputChecks.html(ConversationHTMLRenderer().render(rows), "\(context) HTML")
        return problems
    }
}
