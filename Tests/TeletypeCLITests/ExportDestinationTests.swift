import Foundation
import TeletypeTestSupport
import Testing

/// Where `teletype export` writes: a device is written, never replaced, and a full one is an error; a
/// symbolic link's target is replaced, not the link; a folder gets an archive of one.
@Suite struct ExportDestinationTests {
    let cli = CommandLineTests()
    let sample = PackageRoot.url.appendingPathComponent("Samples/conversation.json").path

    @Test func aFullDeviceIsAnErrorAndStaysADevice() throws {
        let result = try cli.run(["export", sample, "-o", "/dev/full"])
        #expect(result.status == 1)
        #expect(result.error.contains("/dev/full"))
        let attributes = try FileManager.default.attributesOfItem(atPath: "/dev/full")
        #expect(attributes[.type] as? FileAttributeType == .typeCharacterSpecial)
    }

    @Test func aLinkIsFollowed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = folder.appendingPathComponent("page.html")
        let link = folder.appendingPathComponent("link.html")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let result = try cli.run(["export", sample, "-o", link.path])
        #expect(result.status == 0, "\(result.error)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try String(contentsOf: target, encoding: .utf8).hasPrefix("<!DOCTYPE html>"))
        // Into a folder, a transcript becomes an archive of one: its page and an index.
        let intoFolder = try cli.run(["export", sample, "-o", folder.path])
        #expect(intoFolder.status == 0, "\(intoFolder.error)")
        #expect(
            FileManager.default.fileExists(atPath: folder.appendingPathComponent("pages/conversation.json.html").path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("index.html").path))
    }
}
