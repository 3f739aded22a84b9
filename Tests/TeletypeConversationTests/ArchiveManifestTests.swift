import Foundation
import Testing

@testable import TeletypeArchive

/// The archive's manifest, written and read with Teletype's own JSON: every field of every entry
/// comes back as it went, a manifest written by Foundation's `JSONEncoder` (as archives made
/// before were) reads the same, and one that is not a manifest reads as none.
@Suite struct ArchiveManifestTests {
    /// Entries with every field set and with none of the optional ones, and text that JSON escapes.
    static let entries: [ArchiveEntry] = {
        var full = ConversationOverview(
            title: "Fix the \"parser\" \\ path/to/file\n\tand ünïcödé 🙂 \u{1}", firstMessageAt: 1_759_276_803.125,
            lastMessageAt: 1_759_282_814, messageCount: 231, models: ["claude-sonnet-4-5", "gpt-5"],
            tools: ["Bash", "Read"])
        full.agent = "claude-code"
        full.project = "/home/dev/project with spaces"
        full.redactions = ["openai-key": 2, "aws-access-key": 1]
        full.pages = 35
        let bare = ConversationOverview(title: "", messageCount: 0)
        return [
            ArchiveEntry(
                source: "/home/dev/.claude/projects/a/1.jsonl", page: "pages/a/1.jsonl.html",
                fingerprint: "53252-5bb8ef83505acac9-71e123e2e9c40e35", summary: full),
            ArchiveEntry(source: "chat.json#7", page: "pages/chat.json/7.html", fingerprint: "v-1-2", summary: bare),
        ]
    }()

    static func manifest(_ entries: [ArchiveEntry]) -> ArchiveManifest {
        var manifest = ArchiveManifest()
        for entry in entries { manifest.entries[entry.page] = entry }
        return manifest
    }

    static func read(_ text: String) throws -> ArchiveManifest {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString).json")
        try text.write(to: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: path) }
        return ArchiveManifest.read(from: path.path)
    }

    /// The first entry sets every field of a summary, so that a field added to it and not to the
    /// manifest fails the tests below: each field, written as JSON by Foundation, is one the
    /// manifest writes.
    @Test func theFullEntrySetsEveryField() throws {
        let summary = Self.entries[0].summary
        for child in Mirror(reflecting: summary).children {
            let value = Mirror(reflecting: child.value)
            #expect(value.displayStyle != .optional || !value.children.isEmpty, "\(child.label ?? "?") is not set")
        }
        let foundation = try JSONSerialization.jsonObject(with: JSONEncoder().encode(summary)) as? [String: Any]
        let ours = Self.entries[0].manifestJSON["summary"]?.object?.keys ?? []
        #expect(Set(foundation?.keys.map { $0 } ?? []) == Set(ours))
    }

    @Test func everyFieldComesBack() throws {
        let written = Self.manifest(Self.entries)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: path) }
        try written.write(to: path.path)
        let read = ArchiveManifest.read(from: path.path)
        #expect(read.entries == written.entries)
    }

    /// What `JSONEncoder` wrote (keys sorted, `/` escaped, absent values left out) reads the same.
    @Test func aManifestFoundationWroteReadsTheSame() throws {
        struct File: Encodable {
            var version: Int
            var pages: [ArchiveEntry]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(File(version: 1, pages: Self.entries))
        let read = try Self.read(String(decoding: data, as: UTF8.self))
        #expect(read.entries == Self.manifest(Self.entries).entries)
        // And what is written now is what Foundation reads.
        struct Pages: Decodable {
            var version: Int
            var pages: [ArchiveEntry]
        }
        let ours = Self.manifest(Self.entries).json.jsonText
        let decoded = try JSONDecoder().decode(Pages.self, from: Data(ours.utf8))
        #expect(decoded.version == 1)
        #expect(Set(decoded.pages.map(\.page)) == Set(Self.entries.map(\.page)))
        #expect(decoded.pages.sorted { $0.page < $1.page } == Self.entries.sorted { $0.page < $1.page })
    }

    @Test(arguments: [
        "", "not json", "[]", #"{"version":2,"pages":[]}"#, #"{"pages":[]}"#,
        #"{"version":1,"pages":[{"page":"p","source":"s","summary":{"title":"","messageCount":1,"models":[],"tools":[]}}]}"#,
        #"{"version":1,"pages":[{"page":"p","source":"s","fingerprint":"f","summary":{"title":"","messageCount":1.5,"models":[],"tools":[]}}]}"#,
        #"{"version":1,"pages":[{"page":"p","source":"s","fingerprint":"f","summary":{"title":"","messageCount":1,"models":[3],"tools":[]}}]}"#,
    ])
    func whatIsNotAManifestReadsAsNone(_ text: String) throws {
        #expect(try Self.read(text).entries.isEmpty)
    }

    @Test func aWholeManifestReadsItsPages() throws {
        let text =
            #"{"version":1,"pages":[{"page":"p","source":"s","fingerprint":"f","summary":{"title":"","messageCount":1,"models":[],"tools":[]}}]}"#
        let read = try Self.read(text)
        #expect(read.entries["p"]?.summary.messageCount == 1)
        #expect(read.entries["p"]?.summary.title == "")
    }
}
