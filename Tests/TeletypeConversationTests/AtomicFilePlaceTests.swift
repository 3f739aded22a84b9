import Foundation
import Testing

@testable import TeletypeArchive

/// Where a page is written, taken apart as a string for a plain path, is where `URL` puts it:
/// absolute and relative paths, files there and not yet, the root's; and a symbolic link is
/// followed to the file it points to, as before.
@Suite struct AtomicFilePlaceTests {
    /// The place as `URL` gives it (what every path took before).
    static func byURL(_ path: String) -> (String, String, String) {
        var url = URL(fileURLWithPath: path)
        if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
            url = URL(fileURLWithPath: resolved, relativeTo: url.deletingLastPathComponent()).standardizedFileURL
        }
        return (url.path, url.deletingLastPathComponent().path, url.lastPathComponent)
    }

    @Test func aPlainPathIsTakenApartAsURLTakesIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "teletype-place-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let existing = folder.appendingPathComponent("page.html").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: existing))
        let target = folder.appendingPathComponent("target.html").path
        try Data("y".utf8).write(to: URL(fileURLWithPath: target))
        let link = folder.appendingPathComponent("link.html").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "target.html")
        let paths = [
            existing, folder.appendingPathComponent("new page é.html").path, "/teletype-at-the-root.html",
            "relative.html", "some/relative/page.html", link, folder.path + "/./dot.html", folder.path + "//twice.html",
            folder.path + "/sub/../up.html", "./here.html",
        ]
        for path in paths {
            let place = AtomicFile.place(of: path)
            let expected = Self.byURL(path)
            #expect(place.path == expected.0 && place.folder == expected.1 && place.name == expected.2, "\(path)")
        }
        #expect(AtomicFile.place(of: link).path == target)
    }
}
