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
