import Teletype
import TeletypeArchive
import TeletypeLayout
import TeletypeMarkdown
import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `teletype render` of an agent's session log into the terminal, plain text or HTML: drawn while
/// it is read, so that a session of tens of megabytes starts printing at once. The readers check
/// every line before the first message comes, so a malformed log still writes nothing. What is
/// written is what the whole read draws (``ConversationRowStream``).
enum SessionRender {
    /// Reads the session at `path` and writes it: `draw` makes a row's text, `separator` goes
    /// between the texts of rows.
    static func run(
        path: String, format: TranscriptFormat?, layout: ConversationLayout, state: ConversationViewState,
        separator: String, draw: @escaping @Sendable (ConversationRow) -> String
    ) throws {
        var stream = ConversationRowStream(layout: layout, state: state)
        var wrote = false
        func write(_ texts: [String]) {
            let text = texts.filter { !$0.isEmpty }.joined(separator: separator)
            guard !text.isEmpty else { return }
            Console.output((wrote ? separator : "") + text)
            wrote = true
        }
        // One batch is laid out and drawn, on every core, while the next is read.
        var drawing: BackgroundWork<[String]>?
        defer { _ = drawing?.wait() }
        var batch: [ConversationRowStream.Settled] = []
        var drawn = 0
        let rowStream = stream
        func flush() {
            if let texts = drawing?.wait() { write(texts) }
            drawing = nil
            guard !batch.isEmpty else { return }
            let settled = batch
            drawing = BackgroundWork {
                ParallelWork.map(settled.count) { index in rowStream.row(settled[index]).map(draw) ?? "" }
            }
            drawn += batch.count
            batch.removeAll(keepingCapacity: true)
        }
        var headerWritten = false
        do {
            try TranscriptStream(format: format).forEachMessage(
                inFileAt: path, name: path,
                session: { info in
                    guard !headerWritten else { return }
                    headerWritten = true
                    write([draw(SessionHeader.row(info))])
                },
                notice: { Console.error("teletype: " + $0 + "\n") }
            ) { message in
                batch += stream.add(message)
                // Batches start small, so that the first rows come out at once.
                if batch.count >= min(256, max(8, drawn)) { flush() }
            }
        } catch let error as TranscriptError {
            throw CommandError.malformed(error.description)
        } catch is TranscriptStream.CocoaFileError {
            throw CommandError.failure("cannot read '\(path)'")
        }
        flush()
        flush()
        let last = stream.finish()
        write(ParallelWork.map(last.count) { draw(last[$0]) })
    }
}
