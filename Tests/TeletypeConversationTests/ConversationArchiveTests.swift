import Foundation
import Teletype
import TeletypeArchive
import TeletypeSessions
import TeletypeTestSupport
import TeletypeTranscripts
import Testing

/// Many transcripts exported at once: a page each and an index, in every format Teletype reads
/// (the fixtures, the samples, generated transcripts and the final conversations of the corpus's
/// recorded streams), with a bad file among them, re-run, and cancelled.
@Suite struct ConversationArchiveTests {
    /// A fresh folder, removed when `body` returns.
    static func withFolder<T>(_ body: (URL) throws -> T) throws -> T {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("archive-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try body(folder)
    }

    /// A Teletype JSONL transcript of `count` exchanges starting at `start` (seconds since 1970),
    /// answered by `model` with a tool call each.
    static func generated(count: Int, start: Double, model: String) -> String {
        var lines: [String] = []
        for index in 0..<count {
            let time = start + Double(index) * 60
            lines.append(
                #"{"id":"q\#(index)","role":"user","text":"Question \#(index): what is \#(index) squared?","created_at":\#(time)}"#
            )
            lines.append(
                #"{"id":"a\#(index)","role":"assistant","model":"\#(model)","created_at":\#(time + 30),"text":"It is **\#(index * index)**.","parts":[{"type":"ai_tool_call","payload":{"id":"t\#(index)","name":"calculator","status":"completed"}}]}"#
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `folder/in` filled (see ``fill(_:)``), the inputs found in it, and `folder/out` for the archive.
    static func filled(_ folder: URL) throws -> (input: URL, output: URL, inputs: [ArchiveInput]) {
        let input = folder.appendingPathComponent("in")
        _ = try fill(input)
        return (input, folder.appendingPathComponent("out"), ArchiveInput.find([input.path]).inputs)
    }

    /// A folder of transcripts in every format, with `malformed.json` among them; returns how many
    /// good transcripts it holds.
    static func fill(_ folder: URL) throws -> Int {
        let root = PackageRoot.url
        let fixtures = root.appendingPathComponent("Tests/Fixtures/transcripts")
        let formats = folder.appendingPathComponent("formats")
        try FileManager.default.createDirectory(at: formats, withIntermediateDirectories: true)
        var count = 0
        for name in try FileManager.default.contentsOfDirectory(atPath: fixtures.path)
        where !name.hasPrefix("malformed") && !name.hasPrefix("missing") {
            try FileManager.default.copyItem(
                at: fixtures.appendingPathComponent(name), to: formats.appendingPathComponent(name))
            count += 1
        }
        try FileManager.default.copyItem(
            at: fixtures.appendingPathComponent("malformed.json"), to: folder.appendingPathComponent("malformed.json"))
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("Samples/conversation.json"),
            to: folder.appendingPathComponent("sample.json"))
        count += 1
        let generatedFolder = folder.appendingPathComponent("generated/2026")
        try FileManager.default.createDirectory(at: generatedFolder, withIntermediateDirectories: true)
        for index in 0..<6 {
            try generated(count: 20 + index, start: 1_780_000_000 - Double(index) * 86_400, model: "model-\(index % 2)")
                .write(
                    to: generatedFolder.appendingPathComponent("chat-\(index).jsonl"), atomically: true, encoding: .utf8
                )
            count += 1
        }
        // The final conversation of every recorded stream, as a Teletype transcript.
        let streams = folder.appendingPathComponent("streams")
        try FileManager.default.createDirectory(at: streams, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        for file in Corpus.streams {
            let recording = StreamRecordingReader().read(Data(file.bytes), file: file.name)
            var conversation = StreamedConversation()
            for timed in recording.events { conversation.apply(timed.event, at: timed.time) }
            guard !conversation.messages.isEmpty else { continue }
            let lines = try conversation.messages.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
            try (lines.joined(separator: "\n") + "\n").write(
                to: streams.appendingPathComponent(file.name + ".jsonl"), atomically: true, encoding: .utf8)
            count += 1
        }
        return count
    }

    @Test func aFolderOfEveryFormatBecomesPagesAndAnIndex() throws {
        try Self.withFolder { folder in
            let input = folder.appendingPathComponent("in")
            let output = folder.appendingPathComponent("out")
            let good = try Self.fill(input)
            let found = ArchiveInput.find([input.path])
            #expect(found.missing.isEmpty && found.inputs.count == good + 1)
            let report = try ConversationArchive(jobs: 2).export(found.inputs, to: output.path)
            #expect(report.written.count == good)
            #expect(report.failures.map(\.source) == [input.appendingPathComponent("malformed.json").path])
            let failure = try #require(report.failures.first)
            #expect(failure.isMalformed && failure.message.hasPrefix(failure.source + ":"), "\(failure.message)")
            #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent(failure.page).path))
            let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(HTMLSafety.problems(in: index, page: true) == [])
            for entry in report.written {
                let page = try String(contentsOf: output.appendingPathComponent(entry.page), encoding: .utf8)
                #expect(page.hasPrefix("<!DOCTYPE html>") && page.hasSuffix("</html>\n"), "\(entry.page)")
                #expect(HTMLSafety.problems(in: page, page: true) == [], "\(entry.page)")
                #expect(index.components(separatedBy: "href=\"./\(entry.page)\"").count == 2, "\(entry.page)")
                #expect(entry.summary.messageCount > 0, "\(entry.page)")
            }
            #expect(!index.contains("malformed"))
            // Generated transcripts carry times, models and tools; the index reads them in the order they began.
            let generated = report.index.filter { $0.page.contains("generated/") }
            #expect(generated.map(\.page) == (0..<6).reversed().map { "pages/generated/2026/chat-\($0).jsonl.html" })
            #expect(generated.first?.summary.models == ["model-1"] && generated.first?.summary.tools == ["calculator"])
            #expect(index.contains("2026-05-23 ") && index.contains("model-0") && index.contains("calculator"))
            let timed = report.index.map { $0.summary.firstMessageAt != nil }
            #expect(timed == timed.sorted { $0 && !$1 }, "conversations with a time come first")
        }
    }

    @Test func aReRunWritesOnlyWhatChanged() throws {
        try Self.withFolder { folder in
            let (input, outputFolder, inputs) = try Self.filled(folder)
            let output = outputFolder.path
            let first = try ConversationArchive(jobs: 2).export(inputs, to: output)
            let again = try ConversationArchive(jobs: 2).export(inputs, to: output)
            #expect(again.written.isEmpty && again.skipped.count == first.written.count)
            #expect(again.index == first.index)
            // One transcript changes, one is added: only those are written.
            let changed = input.appendingPathComponent("generated/2026/chat-0.jsonl")
            try Self.generated(count: 3, start: 1_700_000_000, model: "model-9").write(
                to: changed, atomically: true, encoding: .utf8)
            try Self.generated(count: 2, start: 1_600_000_000, model: "new").write(
                to: input.appendingPathComponent("added.jsonl"), atomically: true, encoding: .utf8)
            let third = try ConversationArchive(jobs: 2).export(ArchiveInput.find([input.path]).inputs, to: output)
            #expect(
                Set(third.written.map(\.page)) == ["pages/generated/2026/chat-0.jsonl.html", "pages/added.jsonl.html"])
            #expect(third.index.first?.page == "pages/added.jsonl.html")
            // Other options, or force, write every page again.
            var exporter = ConversationPageExporter()
            exporter.colorScheme = .dark
            let dark = try ConversationArchive(exporter: exporter, jobs: 2).export(inputs, to: output)
            #expect(dark.skipped.isEmpty && dark.written.count == first.written.count)
            let forced = try ConversationArchive(exporter: exporter, jobs: 1, force: true).export(inputs, to: output)
            #expect(forced.written.count == first.written.count)
        }
    }

    /// A transcript that read before and fails now loses its page, its manifest entry and its row
    /// in the index; the others stay as they were.
    @Test func aTranscriptThatNowFailsLosesItsPage() throws {
        try Self.withFolder { folder in
            let (input, output, inputs) = try Self.filled(folder)
            let first = try ConversationArchive(jobs: 2).export(inputs, to: output.path)
            let page = "pages/generated/2026/chat-1.jsonl.html"
            #expect(first.written.map(\.page).contains(page))
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(page).path))
            try "{\"type\": \"user\", \"message\": ".write(
                to: input.appendingPathComponent("generated/2026/chat-1.jsonl"), atomically: true, encoding: .utf8)
            let again = try ConversationArchive(jobs: 2).export(inputs, to: output.path)
            // The fill's malformed transcript fails every time.
            #expect(Set(again.failures.map(\.page) + again.empty.map(\.page)) == [page, "pages/malformed.json.html"])
            #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent(page).path))
            #expect(!again.index.map(\.page).contains(page))
            #expect(again.index.count == first.index.count - 1)
            let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(!index.contains("chat-1.jsonl.html"))
            let manifest = try String(
                contentsOf: output.appendingPathComponent(ConversationArchive.manifestName), encoding: .utf8)
            #expect(!manifest.contains("chat-1.jsonl.html") && manifest.contains("chat-2.jsonl.html"))
        }
    }

    @Test func cancellingLeavesCompletePagesAndAnIndexOfThem() throws {
        try Self.withFolder { folder in
            let (_, output, inputs) = try Self.filled(folder)
            let done = Counter()
            let report = try ConversationArchive(jobs: 2).export(
                inputs, to: output.path, progress: { _ in done.add() }, isCancelled: { done.value >= 5 })
            #expect(report.wasCancelled)
            #expect(report.written.count + report.failures.count < inputs.count)
            let pages = try Self.files(in: output).filter { $0.hasSuffix(".html") && $0 != "index.html" }
            #expect(Set(pages) == Set(report.index.map(\.page)))
            #expect(try Self.files(in: output).allSatisfy { !$0.hasSuffix(".partial") })
            for page in pages {
                let text = try String(contentsOf: output.appendingPathComponent(page), encoding: .utf8)
                #expect(text.hasSuffix("</html>\n"), "\(page) is not complete")
            }
        }
    }

    /// The largest transcript is exported first and the smallest last, whatever their names: a
    /// large one left to the end would keep one core busy while the others wait.
    @Test func theLargestTranscriptsAreExportedFirst() throws {
        try Self.withFolder { folder in
            let input = folder.appendingPathComponent("in")
            try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
            for (name, count) in [("a.jsonl", 3), ("b.jsonl", 40), ("c.jsonl", 1), ("d.jsonl", 12)] {
                try Self.generated(count: count, start: 1_700_000_000, model: "m").write(
                    to: input.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            let inputs = ArchiveInput.find([input.path]).inputs
            #expect(
                inputs.map(\.page) == [
                    "pages/a.jsonl.html", "pages/b.jsonl.html", "pages/c.jsonl.html", "pages/d.jsonl.html",
                ])
            let done = Recorder()
            let report = try ConversationArchive(jobs: 1).export(
                inputs, to: folder.appendingPathComponent("out").path, progress: { done.add($0.bytesDone) })
            #expect(report.written.count == 4)
            let totals = done.values
            let sizes = totals.indices.map { totals[$0] - ($0 == 0 ? 0 : totals[$0 - 1]) }
            let bySize = inputs.map(\.size).sorted(by: >)
            #expect(sizes == bySize, "exported in the order of sizes \(sizes), not \(bySize)")
        }
    }

    @Test func pageNamesAreStableAndCollisionFree() throws {
        try Self.withFolder { folder in
            let names = [
                "a/b.json", "a-b.json", "a_b.json", "index.json", "x%41#y?:z.json", "javascript:alert(1).json",
            ]
            for name in names {
                let url = folder.appendingPathComponent("in/" + name)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Self.generated(count: 1, start: 1_700_000_000, model: "m").write(
                    to: url, atomically: true, encoding: .utf8)
            }
            let inputs = ArchiveInput.find([folder.appendingPathComponent("in").path]).inputs
            #expect(Set(inputs.map(\.page)).count == names.count)
            #expect(Set(inputs.map(\.page)) == Set(names.map { "pages/\($0).html" }))
            let output = folder.appendingPathComponent("out")
            let report = try ConversationArchive().export(inputs, to: output.path)
            #expect(report.written.count == names.count)
            let index = try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(HTMLSafety.problems(in: index, page: true) == [])
            #expect(index.contains("href=\"./pages/x%2541%23y%3F%3Az.json.html\""))
            #expect(index.contains("href=\"./pages/javascript%3Aalert%281%29.json.html\""))
            // Files given one by one name their pages from the folder they share.
            let two = ArchiveInput.find([
                folder.appendingPathComponent("in/a/b.json").path, folder.appendingPathComponent("in/a-b.json").path,
            ]).inputs
            #expect(two.map(\.page) == ["pages/a/b.json.html", "pages/a-b.json.html"])
        }
    }

    /// A folder holding a link to itself (and to its parent) is searched once, not forever, and a
    /// pipe is not read.
    @Test func linksToFoldersDoNotLoop() throws {
        try Self.withFolder { folder in
            let input = folder.appendingPathComponent("in/sub")
            try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
            try Self.generated(count: 1, start: 1_700_000_000, model: "m").write(
                to: input.appendingPathComponent("a.jsonl"), atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(
                at: input.appendingPathComponent("self"), withDestinationURL: input)
            try FileManager.default.createSymbolicLink(
                at: input.appendingPathComponent("up"), withDestinationURL: input.deletingLastPathComponent())
            // A pipe named like a transcript would block a reader forever: a search skips it.
            #expect(mkfifo(input.appendingPathComponent("pipe.jsonl").path, 0o600) == 0)
            let found = ArchiveInput.find([folder.appendingPathComponent("in").path])
            #expect(found.inputs.map(\.page) == ["pages/sub/a.jsonl.html"])
        }
    }

    static func files(in folder: URL) throws -> [String] {
        let walker = FileManager.default.enumerator(atPath: folder.path)
        var files: [String] = []
        while let name = walker?.nextObject() as? String {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder),
                !isFolder.boolValue
            {
                files.append(name)
            }
        }
        return files
    }
}

/// The values a callback was given, in order, from any thread.
final class Recorder: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [Int] = []
    var values: [Int] { lock.withLock { recorded } }
    func add(_ value: Int) { lock.withLock { recorded.append(value) } }
}

/// A count shared between threads.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
