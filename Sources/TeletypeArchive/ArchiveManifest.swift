#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The archive's memory of its pages (`.teletype-archive.json` beside the index): which
/// transcript and options each was made from, and its summary for the index.
struct ArchiveManifest {
    var entries: [String: ArchiveEntry] = [:]

    struct File: Codable {
        var version: Int
        var pages: [ArchiveEntry]
    }

    /// The manifest at `path`; empty when there is none or it cannot be read (every page is then
    /// written again).
    static func read(from path: String) -> ArchiveManifest {
        guard let data = FileManager.default.contents(atPath: path),
            let file = try? JSONDecoder().decode(File.self, from: data), file.version == 1
        else { return ArchiveManifest() }
        var manifest = ArchiveManifest()
        for entry in file.pages { manifest.entries[entry.page] = entry }
        return manifest
    }

    func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let file = File(version: 1, pages: entries.values.sorted { $0.page < $1.page })
        guard let data = try? encoder.encode(file) else { throw FileWriteError("cannot write '\(path)'") }
        let output = try AtomicFile(path: path)
        try output.write(String(decoding: data, as: UTF8.self))
        try output.commit()
    }
}
