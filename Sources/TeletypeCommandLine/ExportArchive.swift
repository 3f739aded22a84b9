import Synchronization
import TeletypeArchive
import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `teletype export FILE|FOLDER… -o OUTDIR`: many transcripts into an archive folder, with a
/// progress bar on a terminal and Ctrl-C that stops cleanly.
enum ExportArchive {
    /// Set by the first Ctrl-C (or SIGTERM): no new transcript is started, pages being written are dropped.
    static let interrupted = Atomic<Bool>(false)

    static func run(parsed: OptionParser.Parsed, output: String, exporter: ConversationPageExporter) throws -> Int32 {
        var paths = parsed.positional
        if paths == ["-"] {
            let list = String(decoding: try Input.read("-"), as: UTF8.self)
            paths = list.split(whereSeparator: \.isNewline).map(String.init).filter { !$0.isEmpty }
            guard !paths.isEmpty else {
                throw CommandError.usage("no paths on standard input", help: ExportCommand.usage)
            }
        } else if paths.contains("-") {
            throw CommandError.usage(
                "'-' (a list of paths on standard input) cannot be mixed with other paths", help: ExportCommand.usage)
        }
        var jobs = ParallelJobs.cores
        if let value = parsed.value("--jobs") {
            guard let number = Int(value), number >= 1 else {
                throw CommandError.usage(
                    "--jobs expects a number of at least 1, got '\(value)'", help: ExportCommand.usage)
            }
            jobs = number
        }
        let found = ArchiveInput.find(paths, excluding: output)
        let archive = ConversationArchive(
            exporter: exporter, jobs: jobs, force: parsed.isSet("--force"),
            title: parsed.value("--title") ?? "Conversations")
        let progress = ProgressLine(quiet: parsed.isSet("--quiet"))
        installInterruptHandler()
        let report: ConversationArchive.Report
        do {
            report = try archive.export(
                found.inputs, to: output,
                progress: { step in
                    progress.update(
                        files: step.filesDone, totalFiles: step.filesTotal, bytes: step.bytesDone,
                        totalBytes: step.bytesTotal, force: step.filesDone == step.filesTotal)
                }, isCancelled: { interrupted.load(ordering: .relaxed) })
        } catch let error as FileWriteError {
            progress.clear()
            throw CommandError.failure(error.message)
        }
        progress.clear()
        for path in found.missing { Console.error("teletype: cannot read '\(path)': no such file\n") }
        for notice in report.notices { Console.error("teletype: " + notice + "\n") }
        for empty in report.empty { Console.error("teletype: warning: \(empty.message); no page\n") }
        for failure in report.failures { Console.error("teletype: error: \(failure.message)\n") }
        let failed = report.failures.count + found.missing.count
        if !parsed.isSet("--quiet") {
            var summary = "teletype: \(report.written.count) \(report.written.count == 1 ? "page" : "pages") written"
            if !report.skipped.isEmpty { summary += ", \(report.skipped.count) up to date" }
            if !report.empty.isEmpty { summary += ", \(report.empty.count) with no message" }
            if failed > 0 { summary += ", \(failed) failed" }
            summary += "; \(report.index.count) in \(output.hasSuffix("/") ? output : output + "/")index.html"
            if report.wasCancelled { summary += " (interrupted: the rest were not exported)" }
            Console.error(summary + "\n")
        }
        // What was redacted from the pages written, all kinds together.
        var redactions = SecretRedactor.Tally()
        for entry in report.written { redactions.add(SecretRedactor.Tally(counts: entry.summary.redactions ?? [:])) }
        if let said = redactions.summary { Console.error("teletype: \(said) (--no-redact keeps them)\n") }
        if report.wasCancelled { return 130 }
        if failed > 0 {
            if parsed.isSet("--quiet") {
                Console.error("teletype: \(failed) of \(found.inputs.count + found.missing.count) transcripts failed\n")
            }
            return 2
        }
        return 0
    }

    /// Ctrl-C and SIGTERM stop the run between pages; a second one ends the process at once.
    static func installInterruptHandler() {
        for number in [SIGINT, SIGTERM] {
            signal(number) { number in
                ExportArchive.interrupted.store(true, ordering: .relaxed)
                signal(number, SIG_DFL)
            }
        }
        Signals.unblock([SIGINT, SIGTERM])
    }
}
