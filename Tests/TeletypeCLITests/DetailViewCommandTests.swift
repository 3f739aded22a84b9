import Foundation
import TeletypeTestSupport
import Testing

/// `--detail prompts|focused|full`: the prompts only; prompts and replies with each tool call and
/// thinking step on one line; everything. A page holds all three and switches without script.
@Suite struct DetailViewCommandTests {
    let cli = CommandLineTests()
    var fixture: String { PackageRoot.url.appendingPathComponent("Tests/Fixtures/sessions/claude-code.jsonl").path }

    func render(_ detail: String, format: String = "plain") throws -> String {
        let result = try cli.run(["render", fixture, "--detail", detail, "--format", format, "--width", "100"])
        #expect(result.status == 0, "\(result.error)")
        return result.output
    }

    @Test func promptsShowTheUsersWordsOnly() throws {
        let full = try render("full")
        let prompts = try render("prompts")
        for prompt in ["Add a greeting to the app", "Make it say hello in Spanish"] {
            #expect(full.contains(prompt) && prompts.contains(prompt))
        }
        for reply in ["I'll look at the code first.", "¡Hola!", "Bash", "Build complete!"] {
            #expect(full.contains(reply), "\(reply) is in the whole conversation")
            #expect(!prompts.contains(reply), "\(reply) is not a prompt")
        }
        let markdown = try render("prompts", format: "markdown")
        #expect(markdown.contains("Add a greeting to the app") && !markdown.contains("I'll look at the code first."))
    }

    @Test func focusedFoldsTheWorkToOneLineEach() throws {
        let full = try render("full")
        let focused = try render("focused")
        #expect(full.contains("Build complete!") && !focused.contains("Build complete!"), "a command's output folds")
        #expect(focused.contains("✓ Bash · $ ls src && swift build · Done"), "the command stays on its line")
        #expect(focused.contains("I'll look at the code first.") && focused.contains("¡Hola!"), "replies stay")
        #expect(focused.contains("Add a greeting to the app"))
        #expect(!focused.contains("print(\"Hello"), "an edit's diff folds")
        #expect(focused.split(separator: "\n").count < full.split(separator: "\n").count)
    }

    @Test func aPageHoldsEveryViewAndOpensOnTheOneAskedFor() throws {
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("detail-\(UUID()).html")
        defer { try? FileManager.default.removeItem(at: page) }
        let exported = try cli.run(["export", fixture, "-o", page.path, "--detail", "focused"])
        #expect(exported.status == 0, "\(exported.error)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains(#"tt-detail-label-focused" checked>"#), "the view asked for is checked")
        #expect(html.contains(#"tt-detail-label-full">"#) && html.contains(#"tt-detail-label-prompts">"#))
        #expect(html.contains("Build complete!"), "the page holds everything: the view only hides")
        #expect(html.contains(#"#tt-detail-prompts:checked ~ .tt-row:not(.tt-user) { display: none; }"#))
        #expect(!html.contains("<script"), "no script switches it")
        // The switch comes before the rows it governs, which are its siblings.
        let switchAt = try #require(html.range(of: "tt-detail-switch\"")).lowerBound
        let firstPrompt = try #require(html.range(of: "<article class=\"tt-row tt-user")).lowerBound
        #expect(switchAt < firstPrompt)
        let bad = try cli.run(["export", fixture, "-o", page.path, "--detail", "some"])
        #expect(bad.status == 2 && bad.error.contains("--detail"), "\(bad.error)")
    }
}

/// A prompt far longer than a screen (a pasted log) shows its first lines and how much more: in
/// the terminal (`--expand-prompts` shows it whole), on a page (the rest folded in it), in the reader
/// (Tab shows it whole); Markdown keeps it whole.
@Suite struct LongPromptCommandTests {
    let cli = CommandLineTests()

    func transcript() throws -> URL {
        let log = (0..<2000).map { "09:00:\($0 % 60) INFO worker-\($0 % 7) handled request \($0)" }
        let lines = [
            #"{"id": "u", "role": "user", "text": "Why is it slow?\n"# + log.joined(separator: "\\n") + #""}"#,
            #"{"id": "a", "role": "assistant", "text": "Worker 3 is slow."}"#,
        ]
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("long-prompt-\(UUID()).jsonl")
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
        return file
    }

    @Test func theTerminalShowsTheFirstLinesAndHowManyMore() throws {
        let file = try transcript()
        defer { try? FileManager.default.removeItem(at: file) }
        let folded = try cli.run(["render", file.path, "--format", "plain", "--width", "100"])
        #expect(folded.status == 0, "\(folded.error)")
        #expect(folded.output.contains("handled request 18") && !folded.output.contains("handled request 19 "))
        #expect(folded.output.contains("1,981 more lines"), "\(folded.output.suffix(300))")
        #expect(folded.output.contains("Worker 3 is slow."))
        let whole = try cli.run(["render", file.path, "--format", "plain", "--width", "100", "--expand-prompts"])
        #expect(whole.output.contains("handled request 1999") && !whole.output.contains("more lines"))
        let markdown = try cli.run(["render", file.path, "--format", "markdown"])
        #expect(markdown.output.contains("handled request 1999"))
    }

    @Test func aPageHoldsTheWholePromptFolded() throws {
        let file = try transcript()
        let page = file.deletingPathExtension().appendingPathExtension("html")
        defer {
            try? FileManager.default.removeItem(at: file)
            try? FileManager.default.removeItem(at: page)
        }
        let exported = try cli.run(["export", file.path, "-o", page.path])
        #expect(exported.status == 0, "\(exported.error)")
        let html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains(#"<details class="tt-more"><summary>1,981 more lines ("#))
        #expect(html.contains("handled request 1999"), "the whole prompt is on the page")
    }
}
