import Foundation
import TeletypeTestSupport
import Testing

/// A conversation too long to scroll comfortably is exported as pages, each ending before a
/// prompt, beside a page that lists every prompt with its time and links to its place; pages link
/// to the pages beside them. `--page-size N` sets the prompts of a page, `--single-page` keeps one.
@Suite struct PagedExportCommandTests {
    let cli = CommandLineTests()

    /// A folder of its own for a test's files.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-pages-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// A chat of `prompts` prompts, each answered with `answerBytes` bytes, the prompts timed a
    /// minute apart; the 7th holds a key.
    static func chat(prompts: Int, answerBytes: Int = 40, in folder: URL, name: String = "long.json") throws -> URL {
        var messages: [[String: Any]] = []
        for number in 1...prompts {
            let key = number == 7 ? " with sk-proj-ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef0123456789ABCDEFGHIJ" : ""
            messages.append(["role": "user", "content": "Prompt \(number) asks about topic \(number)\(key)"])
            let filler = String(repeating: "word ", count: max(answerBytes / 5, 1))
            messages.append(["role": "assistant", "content": "Answer \(number): \(filler)"])
        }
        let url = folder.appendingPathComponent(name)
        try JSONSerialization.data(withJSONObject: ["messages": messages]).write(to: url)
        return url
    }

    /// The files of `folder`, by name, hidden ones too.
    static func names(_ folder: URL) -> Set<String> {
        Set((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
    }

    /// Every link of `html` (its `href`s), and every id it holds.
    static func links(_ html: String) -> (hrefs: [String], ids: Set<String>) {
        func values(_ attribute: String) -> [String] {
            html.components(separatedBy: attribute + "=\"").dropFirst().compactMap { $0.split(separator: "\"").first }
                .map(String.init)
        }
        return (values("href"), Set(values("id")))
    }

    @Test func aLongConversationIsCutIntoPagesListedByTheirPrompts() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try Self.chat(prompts: 120, in: folder)
        let out = folder.appendingPathComponent("out.html")
        let result = try cli.run(["export", input.path, "-o", out.path, "--page-size", "50"])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.error.contains("3 pages (out-1.html to out-3.html)"), "\(result.error)")
        #expect(Self.names(folder) == ["long.json", "out.html", "out-1.html", "out-2.html", "out-3.html"])
        var pages: [String: String] = [:]
        for name in ["out.html", "out-1.html", "out-2.html", "out-3.html"] {
            let html = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(HTMLSafety.problems(in: html, page: true).isEmpty, "\(name)")
            pages[name] = html
        }
        // Each prompt is on one page, in order, 50 a page; the key on none.
        for number in 1...120 {
            let page = "out-\((number - 1) / 50 + 1).html"
            let prompt = "Prompt \(number) asks about topic \(number)"
            for (name, html) in pages where name != "out.html" {
                let present = html.contains(prompt + "<") || html.contains(prompt + " with")
                #expect(present == (name == page), "\(number) \(name)")
            }
            #expect(pages[page]!.contains("id=\"prompt-\(number)\""))
        }
        #expect(!pages.values.contains { $0.contains("sk-proj-ABCDEF") })
        // The list: every prompt linked to its place, in order, the redactions said first.
        let list = pages["out.html"]!
        let listed = Self.links(list).hrefs.filter { $0.contains("#prompt-") }
        #expect(listed == (1...120).map { "./out-\(($0 - 1) / 50 + 1).html#prompt-\($0)" })
        #expect(list.contains("Prompt 7 asks about topic 7 with [REDACTED openai-key]"))
        let redactedAt = try #require(list.range(of: "1 secret redacted")).lowerBound
        #expect(redactedAt < list.range(of: "#prompt-1\"")!.lowerBound)
        // Every link of every page leads to a page that exists, and to an anchor on it.
        for (name, html) in pages {
            for href in Self.links(html).hrefs {
                let parts = href.dropFirst(2).split(separator: "#", maxSplits: 1).map(String.init)
                let target = try #require(pages[parts[0]], "\(name) links to \(href)")
                if parts.count == 2 { #expect(Self.links(target).ids.contains(parts[1]), "\(name): \(href)") }
            }
        }
        // Each page links to the one before and the one after.
        #expect(
            !pages["out-1.html"]!.contains("rel=\"prev\"") && pages["out-1.html"]!.contains("href=\"./out-2.html\""))
        #expect(
            pages["out-2.html"]!.contains("href=\"./out-1.html\"")
                && pages["out-2.html"]!.contains("href=\"./out-3.html\""))
        #expect(!pages["out-3.html"]!.contains("rel=\"next\""))
        #expect(pages["out-2.html"]!.contains("<title>Prompt 1 asks about topic 1 · page 2</title>"))
    }

    @Test func byDefaultAConversationIsCutPast50PromptsOr2MB() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("out.html")
        // 50 prompts: one page, with nothing of pages on it.
        let fifty = try Self.chat(prompts: 50, in: folder, name: "fifty.json")
        #expect(try cli.run(["export", fifty.path, "-o", out.path]).status == 0)
        #expect(!Self.names(folder).contains("out-1.html"))
        #expect(!(try String(contentsOf: out, encoding: .utf8)).contains("<nav class=\"tt-pages\""))
        // 51: two pages.
        let more = try Self.chat(prompts: 51, in: folder, name: "more.json")
        #expect(try cli.run(["export", more.path, "-o", out.path]).status == 0)
        #expect(Self.names(folder).isSuperset(of: ["out-1.html", "out-2.html"]))
        #expect(!Self.names(folder).contains("out-3.html"))
        // Few prompts with long answers: a page past 2 MB ends at the next prompt.
        let heavy = try Self.chat(prompts: 12, answerBytes: 600_000, in: folder, name: "heavy.json")
        let result = try cli.run(["export", heavy.path, "-o", out.path])
        #expect(result.status == 0, "\(result.error)")
        let pages = Self.names(folder).filter { $0.hasPrefix("out-") }
        #expect(pages.count >= 3, "\(pages)")
        for page in pages {
            let size = try #require(
                try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(page).path)[.size]
                    as? Int)
            #expect(size < 4 << 20, "\(page): \(size) bytes")
        }
    }

    @Test func onePageSaysWhatWasRedactedUnderItsHeading() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try Self.chat(prompts: 9, in: folder)
        let out = folder.appendingPathComponent("out.html")
        let result = try cli.run(["export", input.path, "-o", out.path])
        #expect(result.status == 0 && result.error.contains("1 secret redacted"), "\(result.error)")
        let html = try String(contentsOf: out, encoding: .utf8)
        let said = try #require(html.range(of: "<p class=\"tt-redactions\">1 secret redacted (1 openai-key)"))
        #expect(html.components(separatedBy: "<p class=\"tt-redactions\">").count == 2, "said once")
        #expect(try #require(html.range(of: "</h1>")).upperBound < said.lowerBound)
        #expect(said.upperBound < (try #require(html.range(of: "<article class=\"tt-row"))).lowerBound)
        #expect(html.hasSuffix("</html>\n") && !html.contains("sk-proj-ABCDEF"))
        // Written to a device, the page cannot be gone back over: it says so at its end.
        let streamed = try cli.run(["export", input.path, "-o", "/dev/stdout"])
        let end = try #require(streamed.output.range(of: "<p class=\"tt-redactions\">"))
        #expect(try #require(streamed.output.range(of: "Prompt 9 asks")).upperBound < end.lowerBound)
    }

    @Test func aSinglePageIsWholeAndPagesOfAnEarlierExportGo() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = try Self.chat(prompts: 120, in: folder)
        let out = folder.appendingPathComponent("out.html")
        #expect(try cli.run(["export", input.path, "-o", out.path]).status == 0)
        #expect(Self.names(folder).contains("out-3.html"))
        // A file of the user's beside them, not a page Teletype wrote, stays.
        try "mine".write(to: folder.appendingPathComponent("out-4.html"), atomically: true, encoding: .utf8)
        let single = try cli.run(["export", input.path, "-o", out.path, "--single-page"])
        #expect(single.status == 0 && !single.error.contains("pages"), "\(single.error)")
        #expect(Self.names(folder) == ["long.json", "out.html", "out-4.html"])
        let html = try String(contentsOf: out, encoding: .utf8)
        #expect(
            html.contains("Prompt 1 asks") && html.contains("Prompt 120 asks")
                && !html.contains("<nav class=\"tt-pages\""))
        for bad in [["--page-size", "0"], ["--page-size", "many"], ["--page-size", "5", "--single-page"]] {
            let result = try cli.run(["export", input.path, "-o", out.path] + bad)
            #expect(result.status == 2 && result.error.contains("--page-size"), "\(bad): \(result.error)")
        }
        #expect(try String(contentsOf: out, encoding: .utf8) == html, "a refused command writes nothing")
    }

    @Test func anArchiveLinksToTheListAndToTheFirstPage() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputs = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: inputs, withIntermediateDirectories: true)
        _ = try Self.chat(prompts: 60, in: inputs, name: "long.json")
        _ = try Self.chat(prompts: 3, in: inputs, name: "short.json")
        let site = folder.appendingPathComponent("site")
        let result = try cli.run(["export", inputs.path, "-o", site.path + "/", "--quiet"])
        #expect(result.status == 0, "\(result.error)")
        let index = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        let pages = Self.names(site.appendingPathComponent("pages"))
        #expect(
            pages.isSuperset(of: ["long.json.html", "long.json-1.html", "long.json-2.html", "short.json.html"]),
            "\(pages)")
        #expect(!pages.contains("short.json-1.html"))
        #expect(index.contains("href=\"./pages/long.json.html\""))
        #expect(index.contains("href=\"./pages/long.json-1.html\">page 1</a> of 2"))
        let list = try String(contentsOf: site.appendingPathComponent("pages/long.json.html"), encoding: .utf8)
        #expect(list.contains("href=\"./long.json-2.html#prompt-60\""))
    }
}
