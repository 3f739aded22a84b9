import Foundation
import TeletypeSnapshotTesting
import Testing

@testable import TeletypeArchive

/// A conversation cut into pages is written whole or not at all: an export stopped after its
/// first pages leaves none of them, and no unfinished file.
@Suite struct PagedExportTests {
    @Test func aStoppedExportLeavesNoPage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-paged-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let messages = (1...400).flatMap { number in
            [["role": "user", "content": "Prompt \(number)"], ["role": "assistant", "content": "Answer \(number)"]]
        }
        let input = folder.appendingPathComponent("chat.json")
        try JSONSerialization.data(withJSONObject: ["messages": messages]).write(to: input)
        var exporter = ConversationPageExporter(rendersBatchesInParallel: false)
        exporter.paging = .prompts(10)
        let checks = Checks()
        #expect(throws: ConversationPageExporter.Cancelled.self) {
            try exporter.export(
                transcriptAt: input.path, name: "chat.json", to: folder.appendingPathComponent("out.html").path,
                isCancelled: { checks.next() > 20 })
        }
        #expect(checks.count > 20, "the export was stopped after some pages were written")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["chat.json"])
        // Not stopped, the same export writes every page.
        let overview = try exporter.export(
            transcriptAt: input.path, name: "chat.json", to: folder.appendingPathComponent("out.html").path)
        #expect(overview.pages == 40)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == 42)
    }
}

/// A conversation cut into pages, as snapshots: the list of its prompts, and a page between two
/// others (the page's style left out: it is every page's).
@Suite struct PagedExportSnapshotTests {
    static let page = Snapshotting<String>(pathExtension: "html") { html in
        guard let start = html.range(of: "<style>"), let end = html.range(of: "</style>\n") else { return html }
        return String(html[..<start.lowerBound]) + "<style>…</style>\n" + String(html[end.upperBound...])
    }

    @Test func theListAndAPage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-paged-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A Claude Code session of five prompts, a minute apart.
        var lines: [String] = []
        var parent = "null"
        for number in 1...5 {
            let common = #""sessionId":"s1","cwd":"/home/dev/app","timestamp":"2025-10-01T09:0\#(number):00Z""#
            lines.append(
                #"{"type":"user","uuid":"u\#(number)","parentUuid":\#(parent),\#(common),"message":{"role":"user","content":"Question \#(number): how do I ship it?"}}"#
            )
            lines.append(
                #"{"type":"assistant","uuid":"a\#(number)","parentUuid":"u\#(number)",\#(common),"message":{"id":"m\#(number)","role":"assistant","model":"claude-x","content":[{"type":"text","text":"Answer \#(number), with `code`."}]}}"#
            )
            parent = "\"a\(number)\""
        }
        let input = folder.appendingPathComponent("chat.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
        var exporter = ConversationPageExporter(rendersBatchesInParallel: false)
        exporter.paging = .prompts(2)
        let overview = try exporter.export(
            transcriptAt: input.path, name: "chat.jsonl", to: folder.appendingPathComponent("out.html").path)
        #expect(overview.pages == 3)
        for name in ["out.html", "out-2.html"] {
            let html = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            assertSnapshot(of: html, as: Self.page, named: String(name.dropLast(5)))
        }
    }
}

/// What a page learns once written (what was redacted from it) is put under its heading in place,
/// the rest moved along a piece at a time: the file is what it would have been written in order.
@Suite struct PageInsertionTests {
    @Test(arguments: [0, 10, 1 << 20, (1 << 20) + 7, 3_500_000])
    func insertedTextLandsAfterTheMarker(_ tail: Int) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-insert-\(UUID()).html").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let head = String(repeating: "h", count: 100_000) + "<h1>Title</h1>\n"
        let rest = String((0..<tail).map { index in Character(UnicodeScalar(UInt8(97 + index % 26))) })
        let file = try AtomicFile(path: path)
        try file.write(head)
        try file.write(rest)
        try file.finish()
        #expect(try file.insert("<p>said</p>\n", after: "</h1>\n"))
        #expect(!(try file.insert("never", after: "<h9>")))
        try file.moveIntoPlace()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == head + "<p>said</p>\n" + rest)
    }
}

/// Counts the times an export asks whether it is cancelled.
private final class Checks: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var count = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        count += 1
        return count
    }
}
