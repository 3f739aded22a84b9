import Teletype
import TeletypeArchive
import TeletypeLayout
import TeletypeMarkdown
import TeletypeSessions
import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `teletype render` of a file — an agent's session log or a transcript — into the terminal, plain
/// text or HTML: drawn while it is read, so that a file of tens of megabytes starts printing at once
/// and memory stays flat. A session's reader checks every line before the first message comes; a
/// transcript is read once to check it first (`checksFirst`), so a malformed file still writes
/// nothing. What is written is what the whole read draws (``ConversationRowStream``).
enum FileRender {
    /// Reads the file at `path` and writes it from its message `from` (counted from 1): `draw`
    /// makes a row's text, `separator` goes between the texts of rows.
    static func run(
        path: String, format: TranscriptFormat?, checksFirst: Bool, layout: ConversationLayout,
        state: ConversationViewState, from: Int = 1, separator: String, redactor: SecretRedactor? = nil,
        draw: @escaping @Sendable (ConversationRow) -> String
    ) throws {
        var redactions = SecretRedactor.Tally()
        defer {
            if let said = redactions.summary { Console.error("teletype: \(said)\n") }
        }
        if checksFirst {
            // A long check shows its stage on standard error once it has taken a second, and is
            // gone before the first row is written.
            let progress = PhaseProgress()
            defer { progress.finish() }
            progress.set("checking \(path)", step: 1, of: 2)
            do {
                _ = try ConversationStream(format: format).forEachMessage(inFileAt: path, name: path) { _ in }
            } catch let error as TranscriptError {
                throw CommandError.malformed(error.description)
            } catch is TranscriptStream.CocoaFileError {
                throw Input.cannotRead(path)
            }
        }
        var stream = ConversationRowStream(layout: layout, state: state)
        var wrote = false
        // The session's header waits for the first rows after it: a file that turns out to hold no
        // message in a format forced on it is an error with nothing drawn.
        var header: String?
        func write(_ texts: [String]) {
            let texts = (header.map { [$0] } ?? []) + texts
            header = nil
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
        var messages = 0
        let read: TranscriptFormat
        do {
            read = try ConversationStream(format: format).forEachMessage(
                inFileAt: path, name: path,
                session: { read in
                    guard !headerWritten else { return }
                    headerWritten = true
                    let info = redactor.map { $0.redact(read, into: &redactions) } ?? read
                    header = draw(SessionHeader.row(info))
                },
                notice: { Console.error("teletype: " + $0 + "\n") }
            ) { message in
                messages += 1
                guard messages >= from else { return }
                batch += stream.add(redactor.map { $0.redact(message, into: &redactions) } ?? message)
                // Batches start small, so that the first rows come out at once.
                if batch.count >= min(256, max(8, drawn)) { flush() }
            }
        } catch let error as TranscriptError {
            throw CommandError.malformed(error.description)
        } catch is TranscriptStream.CocoaFileError {
            throw Input.cannotRead(path)
        }
        flush()
        flush()
        // A file read as some format with nothing in it is said, never an empty conversation alone;
        // read as a format forced on it that it is not, it is an error and nothing is drawn.
        if messages == 0, let mistaken = ForcedFormat.mismatch(path: path, name: path, forced: format) {
            throw CommandError.malformed(mistaken)
        }
        let last = stream.finish()
        write(ParallelWork.map(last.count) { draw(last[$0]) })
        if messages == 0 {
            Console.error("teletype: warning: " + NoMessagesError(file: path, format: read).description + "\n")
        } else if from > messages {
            throw CommandError.failure("--at \(from): \(path) has \(messages) messages")
        }
    }
}
