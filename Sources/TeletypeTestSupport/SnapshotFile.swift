import Foundation

/// Reference files under `Snapshots/`: compares a rendering with its reference, records a missing
/// one (unless `CI=true` or `TELETYPE_SNAPSHOT_RECORD=never`), and re-records all of them with
/// `TELETYPE_SNAPSHOT_RECORD=all`. A mismatch writes the new rendering beside the reference as `.new`.
public enum SnapshotFile {
    /// Compares `actual` with `Snapshots/<folder>/<name>`; returns `nil` when they match, else a
    /// message with the first differing line.
    public static func check(_ actual: String, folder: String, name: String) -> String? {
        let directory = PackageRoot.url.appendingPathComponent("Snapshots").appendingPathComponent(folder)
        let url = directory.appendingPathComponent(name)
        let environment = ProcessInfo.processInfo.environment
        let mode = environment["TELETYPE_SNAPSHOT_RECORD"] ?? (environment["CI"] == "true" ? "never" : "missing")
        let reference = try? String(contentsOf: url, encoding: .utf8)
        if mode == "all" || (reference == nil && mode == "missing") {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? actual.write(to: url, atomically: true, encoding: .utf8)
            return reference == nil || reference == actual ? nil : "re-recorded \(url.path)"
        }
        guard let reference else { return "no reference snapshot at \(url.path) (record mode \(mode))" }
        if reference == actual { return nil }
        try? actual.write(to: url.appendingPathExtension("new"), atomically: true, encoding: .utf8)
        let expectedLines = reference.split(separator: "\n", omittingEmptySubsequences: false)
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var line = 0
        while line < min(expectedLines.count, actualLines.count), expectedLines[line] == actualLines[line] { line += 1 }
        let expected = line < expectedLines.count ? String(expectedLines[line]) : "<end>"
        let got = line < actualLines.count ? String(actualLines[line]) : "<end>"
        return
            "snapshot \(url.path) differs at line \(line + 1):\n- \(expected)\n+ \(got)\n(new rendering in \(url.path).new)"
    }
}
