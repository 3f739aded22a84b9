import Dispatch
import Synchronization
import Teletype
import TeletypeHTML
import TeletypeMarkdown
import TeletypeSessions
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

/// Exports many transcripts at once into a folder: a page each (see ``ConversationPageExporter``)
/// and an `index.html` listing them, on several cores, skipping pages already up to date. A bad
/// transcript leaves no page and does not stop the others; a cancelled run leaves complete pages
/// and an index of them.
public struct ConversationArchive: Sendable {
    /// How each page is written.
    public var exporter: ConversationPageExporter
    /// How many transcripts are exported at a time (memory grows with it, not with the archive).
    public var jobs: Int
    /// Whether pages already up to date are written again.
    public var force: Bool
    /// The index page's title.
    public var title: String

    /// An archive exporter.
    public init(
        exporter: ConversationPageExporter = ConversationPageExporter(), jobs: Int = ParallelJobs.cores,
        force: Bool = false, title: String = "Conversations"
    ) {
        self.exporter = exporter
        self.jobs = max(1, jobs)
        self.force = force
        self.title = title
    }

    /// Where a run is: transcripts and bytes done of all, as each transcript finishes.
    public struct Progress: Sendable, Equatable {
        /// Transcripts done.
        public var filesDone: Int
        /// Transcripts in all.
        public var filesTotal: Int
        /// Bytes of the transcripts done.
        public var bytesDone: Int
        /// Bytes in all.
        public var bytesTotal: Int
    }

    /// What a run did.
    public struct Report: Sendable, Equatable {
        /// The pages written by this run.
        public var written: [ArchiveEntry] = []
        /// The pages already up to date.
        public var skipped: [ArchiveEntry] = []
        /// The transcripts that could not be exported, each with its reason.
        public var failures: [ArchiveFailure] = []
        /// Whether the run stopped early (the rest of the transcripts were not looked at).
        public var wasCancelled = false
        /// Every page the index lists (this run's and earlier runs' still present), in its order.
        public var index: [ArchiveEntry] = []
        /// The files read that hold no message (an agent's log of a session that never began): no
        /// page, and not a failure.
        public var empty: [ArchiveFailure] = []
        /// What was worth a word while reading (a last line cut short), naming its file.
        public var notices: [String] = []
    }

    /// The file beside the index that remembers each page's input and options.
    public static let manifestName = ".teletype-archive.json"

    /// Exports `inputs` into `folder` (created if missing), then writes its `index.html`. Throws
    /// only when the folder, the index or the manifest cannot be written.
    public func export(
        _ inputs: [ArchiveInput], to folder: String, progress: (@Sendable (Progress) -> Void)? = nil,
        isCancelled: @Sendable @escaping () -> Bool = { false }
    ) throws -> Report {
        let folderURL = URL(fileURLWithPath: folder).standardizedFileURL
        do {
            try FileManager.default.createDirectory(at: folderURL, withIntermediateDirectories: true)
        } catch {
            throw FileWriteError("cannot write '\(folder)': it cannot be made a folder")
        }
        Self.removeAbandonedPartials(in: folderURL.path)
        // Where a page of the archive goes: the folder's path and the page's, joined as strings
        // (through URL, 28,000 instructions a page, on one core for every page at the end).
        let folderPrefix = folderURL.path.hasSuffix("/") ? folderURL.path : folderURL.path + "/"
        let placeOf: @Sendable (String) -> String = { page in folderPrefix + page }
        var manifest = ArchiveManifest.read(from: folderURL.appendingPathComponent(Self.manifestName).path)
        let optionsKey = Self.optionsKey(exporter)
        let previous = manifest.entries
        let writeBehind = WriteBehind()
        let exporter = {
            var exporter = self.exporter
            exporter.rendersBatchesInParallel = self.jobs == 1 || inputs.count == 1
            // The pages reach the disk while the next are made, and leave the cache a few pages
            // later; the archive waits for them once, before its manifest records them.
            exporter.writeBehind = writeBehind
            return exporter
        }()
        let force = self.force
        let state = Mutex(RunState(filesTotal: inputs.count, bytesTotal: inputs.reduce(0) { $0 + $1.size }))
        let progressCallback = progress
        let work: @Sendable (ArchiveInput) -> Void = { input in
            let destination = placeOf(input.page)
            let outcome: Outcome
            var notices: [String] = []
            do {
                // A database's conversation changes with its version; an export's with its bytes.
                let fingerprint =
                    try input.conversation?.version.map {
                        ArchiveFingerprint.of(
                            version: input.path + "#" + (input.conversation?.id ?? "") + "#" + $0, options: optionsKey)
                    }
                    ?? ArchiveFingerprint.of(
                        fileAt: input.path, offset: input.conversation?.offset ?? 0, length: input.conversation?.length,
                        options: optionsKey)
                if !force, let entry = previous[input.page], entry.fingerprint == fingerprint,
                    access(destination, F_OK) == 0
                {
                    outcome = .skipped(entry)
                } else {
                    try FileManager.default.createDirectory(
                        at: URL(fileURLWithPath: destination).deletingLastPathComponent(),
                        withIntermediateDirectories: true)
                    let summary: ConversationOverview
                    if let conversation = input.conversation {
                        let transcript = try ConversationCollections.read(
                            conversation, fileAt: input.path, name: input.path)
                        notices += transcript.notices
                        summary = try exporter.export(transcript, to: destination, isCancelled: isCancelled)
                    } else {
                        summary = try exporter.export(
                            transcriptAt: input.path, name: input.path, to: destination, isCancelled: isCancelled,
                            notice: { notices.append($0) })
                    }
                    outcome = .written(
                        ArchiveEntry(source: input.path, page: input.page, fingerprint: fingerprint, summary: summary))
                }
            } catch is ConversationPageExporter.Cancelled {
                outcome = .cancelled
            } catch let error as NoMessagesError {
                outcome = .empty(ArchiveFailure(input: input, error: error))
            } catch {
                outcome = .failed(ArchiveFailure(input: input, error: error))
            }
            let snapshot = state.withLock { state -> Progress in
                state.record(outcome, input)
                state.report.notices += notices
                return state.progress
            }
            progressCallback?(snapshot)
        }
        let jobs = min(self.jobs, max(1, inputs.count))
        // The largest first: the run ends on small conversations, which keep every core busy to
        // the end, rather than on a large one taken last that keeps one core and leaves the other
        // idle. Pages, index and manifest do not depend on the order.
        let ordered = Self.largestFirst(inputs)
        DispatchQueue.concurrentPerform(iterations: jobs) { _ in
            // While conversations are left for the other workers, the cores are busy: a
            // conversation's own work (its lines read ahead, a long message's pieces) runs on its
            // worker's thread. The last one may spread its work over the cores the others free.
            while !isCancelled(), let (next, ahead) = state.withLock({ $0.takeNext(readingAheadIn: ordered) }) {
                for index in ahead { ArchiveReadAhead.ask(index, of: ordered) }
                if jobs > 1 && next < ordered.count - 1 {
                    ParallelWork.asShare { work(ordered[next]) }
                } else {
                    work(ordered[next])
                }
            }
        }
        writeBehind.closeAll()
        AtomicFile.syncFileSystem(of: folderURL.path)
        var report = state.withLock { $0.report }
        report.wasCancelled = isCancelled() || report.wasCancelled
        // A transcript that fails now loses the page an earlier run made of it.
        for page in (report.failures + report.empty).map(\.page) {
            manifest.entries[page] = nil
            try? FileManager.default.removeItem(atPath: placeOf(page))
            PageFiles.removePages(of: placeOf(page))
        }
        for entry in report.written + report.skipped { manifest.entries[entry.page] = entry }
        manifest.entries = manifest.entries.filter { access(placeOf($0.key), F_OK) == 0 }
        report.index = Self.readingOrder(Array(manifest.entries.values))
        let index = ArchiveIndexPage(
            title: title, rows: report.index.map(\.row), colorScheme: exporter.colorScheme)
        let indexFile = try AtomicFile(path: folderURL.appendingPathComponent("index.html").path)
        try indexFile.write(index.html)
        try indexFile.commit()
        try manifest.write(to: folderURL.appendingPathComponent(Self.manifestName).path)
        return report
    }

    /// `inputs` in the order they are exported: the largest first, those of equal size in the
    /// order given.
    static func largestFirst(_ inputs: [ArchiveInput]) -> [ArchiveInput] {
        inputs.indices.sorted { inputs[$0].size != inputs[$1].size ? inputs[$0].size > inputs[$1].size : $0 < $1 }
            .map { inputs[$0] }
    }

    /// Entries in reading order: by the time their conversations began (those without a time
    /// last), then by page.
    static func readingOrder(_ entries: [ArchiveEntry]) -> [ArchiveEntry] {
        entries.sorted { a, b in
            switch (a.summary.firstMessageAt, b.summary.firstMessageAt) {
            case let (x?, y?) where x != y: return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return a.page < b.page
            }
        }
    }

    /// What, besides the input's bytes, makes a page what it is.
    static func optionsKey(_ exporter: ConversationPageExporter) -> String {
        let options = exporter.options
        return [
            "teletype-archive 1", exporter.colorScheme.rawValue, exporter.format?.rawValue ?? "detect",
            exporter.title ?? "", "\(options.allowsRawHTML)", "\(options.allowsAnyURL)",
            "\(options.loadsRemoteImages)", "\(options.highlightsCode)", "\(options.rendersMath)",
            "\(options.rendersAlerts)", "redacts \(exporter.redactsSecrets)", "detail \(exporter.detail.rawValue)",
            "pages \(exporter.paging.key)",
        ].joined(separator: "\u{1F}")
    }

    /// Removes the unfinished pages (`.NAME.PID.partial`) of runs whose process is gone.
    static func removeAbandonedPartials(in folder: String) {
        var folders = [folder]
        while let current = folders.popLast() {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: current)) ?? [] {
                let path = current + "/" + name
                if FileKind.of(path)?.isFolder == true, !name.hasPrefix(".") {
                    folders.append(path)
                    continue
                }
                guard name.hasPrefix("."), name.hasSuffix(".partial") else { continue }
                let pid = name.dropLast(".partial".count).split(separator: ".").last.flatMap { Int32($0) }
                // A run still going (another process's) keeps its unfinished pages.
                if let pid, pid == getpid() || kill(pid, 0) == 0 { continue }
                try? FileManager.default.removeItem(atPath: path)
            }
        }
    }

    enum Outcome {
        case written(ArchiveEntry)
        case skipped(ArchiveEntry)
        case failed(ArchiveFailure)
        case empty(ArchiveFailure)
        case cancelled
    }

    /// What the workers share: the next input to take, and what has been done.
    struct RunState: Sendable {
        var next = 0
        var progress: Progress
        var report = Report()

        init(filesTotal: Int, bytesTotal: Int) {
            progress = Progress(filesDone: 0, filesTotal: filesTotal, bytesDone: 0, bytesTotal: bytesTotal)
        }

        /// The files asked of the system before the workers take them.
        var readAhead = ArchiveReadAhead()

        mutating func takeNext() -> Int? {
            guard next < progress.filesTotal else { return nil }
            defer { next += 1 }
            return next
        }

        /// The next input, and the inputs after it whose files to ask the system to read now.
        mutating func takeNext(readingAheadIn inputs: [ArchiveInput]) -> (Int, Range<Int>)? {
            guard let taken = takeNext() else { return nil }
            return (taken, readAhead.next(after: taken, in: inputs))
        }

        mutating func record(_ outcome: Outcome, _ input: ArchiveInput) {
            switch outcome {
            case .written(let entry): report.written.append(entry)
            case .skipped(let entry): report.skipped.append(entry)
            case .failed(let failure): report.failures.append(failure)
            case .empty(let error): report.empty.append(error)
            case .cancelled:
                report.wasCancelled = true
                return
            }
            progress.filesDone += 1
            progress.bytesDone += input.size
        }
    }
}

/// The number of cores, the default number of jobs.
public enum ParallelJobs {
    /// How many cores this process may use.
    public static var cores: Int { ProcessInfo.processInfo.activeProcessorCount }
}
