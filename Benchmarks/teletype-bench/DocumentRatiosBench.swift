import Foundation

/// Each document's own ratio to cmark-gfm, not one figure over many: `teletype md` to HTML and to
/// ANSI against the `cmark-gfm` command on the same file, whole processes, on every core and on
/// one (`taskset -c 0`). Every document's ratios are printed; the table keeps the worst and the
/// median of each kind, with the worst document named, so that no figure rests on the documents
/// that suit the engine.
///
/// `teletype-bench machine` runs it on the documents found on this machine at run time
/// (`find / -xdev -name '*.md' -size +100k`, outside the project, `../shared` and temporary
/// folders): text nobody
/// chose, which no cut or threshold of the engine was tuned on. `teletype-bench real` runs it on
/// each document of `../shared/corpus/markdown`.
enum DocumentRatiosBench {
    /// One document's best times, in seconds, and its ratios (cmark-gfm's time ÷ ours).
    struct Measured {
        var name: String
        var bytes: Int
        /// By kind: "HTML" and "ANSI", each on "every core" and "one core".
        var ratios: [String: Double]
    }

    static let kinds = ["HTML, every core", "ANSI, every core", "HTML, one core", "ANSI, one core"]

    /// The goals of issue 37 for a document of `bytes`: on two cores a document of 200 KB or more
    /// reaches 1.2× cmark-gfm to HTML and 0.8× to ANSI; on one core, 0.8× to HTML.
    static func goal(_ kind: String, large: Bool) -> String {
        switch kind {
        case "HTML, every core": large ? "≥ 1.2×" : "—"
        case "ANSI, every core": large ? "≥ 0.8×" : "—"
        case "HTML, one core": "≥ 0.8×"
        default: "—"
        }
    }

    /// `teletype-bench machine`: the large Markdown documents of this machine.
    static func machine(quick: Bool, me: String) -> [Bench.Row] {
        let project = FileManager.default.currentDirectoryPath
        let shared =
            (project.hasSuffix("/") ? String(project.dropLast()) : project).split(separator: "/").dropLast()
            .map { "/" + $0 }.joined() + "/shared"
        // Not the project, the corpus, nor temporary files (what a benchmark writes itself).
        let temporary = [FileManager.default.temporaryDirectory.path, "/tmp", "/var/tmp"]
        let found = findDocuments(excluding: [project, shared] + temporary)
        guard !found.isEmpty else {
            print("\nDocuments on this machine: no Markdown file of 100 KB or more was found outside the project")
            return []
        }
        // The same text under two names (a toolchain's copies) counts once, and a copy of the
        // project's or the corpus's documents kept elsewhere does not count.
        var seen = Set<String>()
        for path in findDocuments(under: [project, shared]) {
            if let data = FileManager.default.contents(atPath: path) { seen.insert(fingerprint(data)) }
        }
        var documents: [(name: String, path: String)] = []
        for path in found {
            guard let data = FileManager.default.contents(atPath: path), seen.insert(fingerprint(data)).inserted
            else { continue }
            documents.append((shortName(path), path))
        }
        print("\nDocuments on this machine: \(documents.count) Markdown files of 100 KB or more")
        return run(documents, label: "documents on this machine", quick: quick, me: me)
    }

    /// Every document's ratios, printed, and the worst and median of each kind as rows.
    static func run(_ documents: [(name: String, path: String)], label: String, quick: Bool, me: String) -> [Bench.Row]
    {
        let cli = URL(fileURLWithPath: me).deletingLastPathComponent().appendingPathComponent("teletype").path
        guard FileManager.default.isExecutableFile(atPath: cli) else { return [] }
        guard let taskset = PipedStreamBench.which("taskset") else {
            print("taskset is not installed: no per-document figures")
            return []
        }
        var measured: [Measured] = []
        for document in documents {
            guard let result = measure(document, cli: cli, taskset: taskset, repeats: quick ? 2 : 5) else {
                print("cmark-gfm is not installed (apt-get install cmark-gfm), or a run failed on \(document.path)")
                return []
            }
            measured.append(result)
            let figures = kinds.map { String(format: "%@ %.2f×", $0, result.ratios[$0]!) }.joined(separator: ", ")
            print(String(format: "  %-58@ %7.0f KB  ", result.name, Double(result.bytes) / 1024) + figures)
        }
        return summary(measured, label: label)
    }

    /// The worst and the median of each kind, over every document and over those of 200 KB or more.
    static func summary(_ measured: [Measured], label: String) -> [Bench.Row] {
        var rows: [Bench.Row] = []
        let large = measured.filter { $0.bytes >= 200 * 1024 }
        for kind in kinds {
            for (group, isLarge) in [(large, true), (measured, false)] where !group.isEmpty {
                if isLarge == false, large.count == measured.count { continue }
                let sorted = group.sorted { $0.ratios[kind]! < $1.ratios[kind]! }
                let worst = sorted[0]
                let median = sorted[sorted.count / 2].ratios[kind]!
                let which = isLarge ? "\(group.count) of 200 KB or more" : "all \(group.count)"
                rows.append(
                    Bench.Row(
                        benchmark: "`teletype md`, \(kind), \(label) (\(which)): the worst, \(worst.name)",
                        input: String(format: "%.0f KB", Double(worst.bytes) / 1024),
                        ours: String(format: "median %.2f×", median), peer: "cmark-gfm on each",
                        ratio: worst.ratios[kind]!, goal: goal(kind, large: isLarge), oursPeakMB: 0, peerPeakMB: 0))
            }
        }
        return rows
    }

    /// A document's ratios, each command's best of `repeats` taken in turn with cmark-gfm's.
    static func measure(_ document: (name: String, path: String), cli: String, taskset: String, repeats: Int)
        -> Measured?
    {
        let size = (try? FileManager.default.attributesOfItem(atPath: document.path)[.size] as? Int) ?? 0
        let cmark = [
            "cmark-gfm", "-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tagfilter", "-e", "tasklist",
            document.path,
        ]
        let html = [cli, "md", "--format", "html", document.path]
        let ansi = [cli, "md", "--color", "always", "--width", "100", document.path]
        var ratios: [String: Double] = [:]
        for (suffix, prefix) in [("every core", [String]()), ("one core", [taskset, "-c", "0"])] {
            guard let best = RealTextBench.interleavedBest([prefix + cmark, prefix + html, prefix + ansi], repeats)
            else { return nil }
            ratios["HTML, \(suffix)"] = best[0].seconds / best[1].seconds
            ratios["ANSI, \(suffix)"] = best[0].seconds / best[2].seconds
        }
        return Measured(name: document.name, bytes: size, ratios: ratios)
    }

    /// The Markdown files of 100 KB or more on this file system, outside `excluded` folders.
    static func findDocuments(excluding excluded: [String]) -> [String] {
        let found = findDocuments(under: ["/"])
        // A folder is known by its device and inode, so that it is left out under any name it has
        // (a link, a bind mount).
        func identity(_ path: String) -> [UInt64]? {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            return [UInt64(status.st_dev), UInt64(status.st_ino)]
        }
        let folders = Set(excluded.compactMap(identity))
        func isExcluded(_ path: String) -> Bool {
            var parts = path.split(separator: "/")
            while !parts.isEmpty {
                parts.removeLast()
                if let id = identity("/" + parts.joined(separator: "/")), folders.contains(id) { return true }
            }
            return false
        }
        return found.filter { !$0.hasPrefix("/proc/") && !isExcluded($0) }.sorted()
    }

    /// The Markdown files of 100 KB or more below `folders`, on their file systems.
    static func findDocuments(under folders: [String]) -> [String] {
        let find = Process()
        find.executableURL = URL(fileURLWithPath: "/usr/bin/find")
        find.arguments = folders + ["-xdev", "-name", "*.md", "-size", "+100k", "-type", "f"]
        let pipe = Pipe()
        find.standardOutput = pipe
        find.standardError = FileHandle.nullDevice
        guard (try? find.run()) != nil else { return [] }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        find.waitUntilExit()
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
    }

    /// Enough of a file to tell copies apart: its size and a sample of its bytes.
    static func fingerprint(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data.prefix(4096) + data.suffix(4096) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return "\(data.count)-\(hash)"
    }

    /// A path short enough for a table: its last two parts.
    static func shortName(_ path: String) -> String {
        path.split(separator: "/").suffix(2).joined(separator: "/")
    }
}
