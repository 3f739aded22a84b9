import TeletypeArchive
import TeletypeLayout
import TeletypeSessions

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The search index of every conversation `teletype sessions` finds and of what `--in` names, as
/// `search` and `browse` open it and bring it up to date.
enum IndexedHome {
    /// The index at `flag`, else in the cache folder; made anew when `reindex`.
    static func open(_ flag: String?, reindex: Bool, usage: String) throws -> SearchIndex {
        let environment = ProcessInfo.processInfo.environment
        guard let path = flag ?? SearchIndex.location(environment: environment) else {
            throw CommandError.usage(
                "no cache folder for the index (TELETYPE_CACHE_DIR=off, or no HOME): name one with --index PATH",
                help: usage)
        }
        if reindex {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        do {
            return try SearchIndex(path: path) { Console.error("teletype: " + $0 + "\n") }
        } catch {
            throw CommandError.failure("the search index cannot be used: \(error)")
        }
    }

    /// The files to index: the agents' own folders, and the conversations found below each folder
    /// or export `named` (`--in`), each under its own root.
    static func sources(named: [String], environment: [String: String]) throws -> (
        sources: [SearchIndex.Source], roots: [String]
    ) {
        let found = ArchiveInput.find(named)
        if let missing = found.missing.first {
            throw CommandError.failure("cannot read '\(missing)': no such file or folder")
        }
        var sources = SearchIndex.homeSources(environment: environment)
        let roots = roots(named: named)
        for root in roots.dropFirst() {
            let paths = found.inputs.map { URL(fileURLWithPath: $0.path).standardizedFileURL.path }.filter {
                $0 == root || $0.hasPrefix(root.hasSuffix("/") ? root : root + "/")
            }
            sources += SearchIndex.sources(paths, root: root)
        }
        return (sources, roots)
    }

    /// The roots of the conversations shown: the agents' own folders (""), and each path named.
    static func roots(named: [String]) -> [String] {
        [""] + named.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
    }

    /// Reads what changed into the index, with a progress line on standard error (unless `quiet`)
    /// once it takes half a second; says which files could not be read.
    @discardableResult
    static func update(_ index: SearchIndex, _ sources: [SearchIndex.Source], roots: [String], quiet: Bool) throws
        -> SearchIndex.Report
    {
        let progress = ProgressLine(quiet: quiet, after: 0.5)
        let report: SearchIndex.Report
        do {
            report = try index.update(sources, roots: roots) { done, total in
                progress.update(files: 0, totalFiles: 0, bytes: done, totalBytes: total)
            }
        } catch {
            progress.clear()
            throw CommandError.failure("the search index at \(index.path) cannot be updated: \(error)")
        }
        progress.clear()
        for failure in report.failures.prefix(3) {
            Console.error("teletype: not searched: \(TerminalSafeText.sanitize(failure))\n")
        }
        if report.failures.count > 3 {
            Console.error("teletype: … and \(report.failures.count - 3) more files that could not be read\n")
        }
        return report
    }
}
