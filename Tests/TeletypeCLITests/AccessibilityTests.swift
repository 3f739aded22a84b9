import Foundation
import TeletypeTestSupport
import Testing

/// Whether the accessibility check can run: axe-selenium-python in `.venv` and Debian's
/// chromedriver; always under CI, where `make test` installs both.
enum AccessibilityCheck {
    static let isRequired =
        (PythonTools.has("axe_selenium_python")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver"))
        || ProcessInfo.processInfo.environment["CI"] == "true"
}

/// Every kind of page Teletype writes — a conversation with every element, the sample
/// conversation, a reply that is an interface, an archive's index and pages — in the light, dark
/// and automatic themes, has no violation of axe-core (the engine of browsers' accessibility
/// audits), run in headless Chromium through Selenium and Debian's chromedriver
/// (`Tests/Scripts/axe_check.py`; `make test` installs them).
@Suite(.serialized, .enabled(if: AccessibilityCheck.isRequired))
struct AccessibilityTests {
    let cli = CommandLineTests()

    /// A reply with code in many languages (comments, strings, numbers, built-ins), a table, every
    /// alert, math, a task list and a footnote, steps of every status, an approval, sources, a
    /// refusal, attachments; a second reply that is a form.
    static let everything: String = {
        let code = """
            Code in several languages.

            ```python
            # a comment about the loop
            def greet(name: str) -> None:
                \"\"\"A docstring.\"\"\"
                print(f"Hello, {name}!", len(name), True, None)  # trailing comment
                return 42
            ```

            ```javascript
            // a comment
            const value = await fetch("https://example.com", { method: 'POST' });
            console.log(`template ${value}`, 3.14, null, undefined);
            ```

            ```swift
            /// Documentation comment
            let numbers: [Int] = [1, 2, 3].map { $0 * 2 }
            @MainActor func run() throws -> String { "Swift \\(numbers.count)" }
            ```

            ```bash
            # shell comment
            export PATH="$HOME/bin:$PATH"; echo 'single' | grep -c x
            ```

            ```json
            {"key": "value", "number": 12, "ok": true, "none": null}
            ```

            ```diff
            - removed line
            + added line
            ```

            ```html
            <div class="note" id="x">Text &amp; more</div>
            ```

            | Name | Value |
            | --- | ---: |
            | `alpha` | 1 |

            > [!NOTE]
            > A note with a [link](https://example.com).

            > [!TIP]
            > A tip.

            > [!IMPORTANT]
            > Important.

            > [!WARNING]
            > A warning.

            > [!CAUTION]
            > Caution.

            > A plain quote.

            Math $x^2 + \\alpha$, ~~struck~~, **bold**, *em*, `code`, a footnote[^1] and https://example.org.

            - [x] done
            - [ ] to do

            [^1]: The note.
            """
        let form = [
            #"{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json"}}"#,
            #"{"version":"v0.9","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Card","child":"col"},{"id":"col","component":"Column","children":["t","f","c","b"]},{"id":"t","component":"Text","text":"Book a table","variant":"h2"},{"id":"f","component":"TextField","label":"Name","value":{"path":"/name"}},{"id":"c","component":"CheckBox","label":"Window seat","value":{"path":"/window"}},{"id":"bt","component":"Text","text":"Book"},{"id":"b","component":"Button","child":"bt","action":{"event":{"name":"book"}}}]}}"#,
            #"{"version":"v0.9","updateDataModel":{"surfaceId":"s","path":"/","value":{"name":"Ada","window":true}}}"#,
        ].joined(separator: "\n")
        func json(_ text: String) -> String { String(decoding: try! JSONEncoder().encode(text), as: UTF8.self) }
        let steps = """
            {"type":"ai_reasoning","payload":{"id":"r","status":"completed","summary":"Thought it over","duration":3}},
            {"type":"ai_tool_call","payload":{"id":"t1","name":"search","status":"completed","arguments":{"q":"x"},"output":{"hits":2}}},
            {"type":"ai_tool_call","payload":{"id":"t2","name":"read","status":"failed","error_text":"denied"}},
            {"type":"ai_tool_call","payload":{"id":"t3","name":"delete","status":"awaiting_approval","approval":{"title":"Delete it?","reason":"cleanup"}}},
            {"type":"ai_tool_call","payload":{"id":"t4","name":"run","status":"running"}},
            {"type":"ai_tool_call","payload":{"id":"t5","name":"stop","status":"cancelled"}},
            {"type":"ai_source","payload":{"id":"s1","url":"https://example.com/source","title":"A source"}},
            {"type":"ai_refusal","payload":{"id":"x","text":"I will not do that part."}},
            {"type":"ai_chart","payload":{}}
            """
        return """
            {"messages": [
            {"id":"u1","role":"user","text":"Show me everything","attachments":[{"kind":"image","url":"https://example.com/a.png","name":"a.png","width":10,"height":10},{"kind":"file","name":"notes.pdf","mime_type":"application/pdf","size":1200}]},
            {"id":"a1","role":"assistant","text":\(json(code)),"parts":[\(steps)],"rating":"positive"},
            {"id":"u2","role":"user","text":"And a form?"},
            {"id":"a2","role":"assistant","text":"","ui":{"v":1,"format":"a2ui","content":\(json(form))}},
            {"id":"n","role":"system","text":"A system note"}
            ]}
            """
    }()

    @Test func everyPageHasNoAccessibilityViolation() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("axe-\(UUID())")
        let input = folder.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(Self.everything.utf8).write(to: input.appendingPathComponent("everything.json"))
        try FileManager.default.copyItem(
            at: PackageRoot.url.appendingPathComponent("Samples/conversation.json"),
            to: input.appendingPathComponent("sample.json"))
        var pages: [String] = []
        for name in ["everything", "sample"] {
            for theme in ["light", "dark", "auto"] {
                let page = folder.appendingPathComponent("\(name)-\(theme).html").path
                let result = try cli.run([
                    "export", input.appendingPathComponent("\(name).json").path, "-o", page, "--theme", theme,
                ])
                #expect(result.status == 0, "\(result.error)")
                pages.append(page)
            }
        }
        for theme in ["light", "dark"] {
            let archive = folder.appendingPathComponent("archive-\(theme)")
            let result = try cli.run(["export", input.path, "-o", archive.path, "--theme", theme, "--quiet"])
            #expect(result.status == 0, "\(result.error)")
            pages.append(archive.appendingPathComponent("index.html").path)
            let written = archive.appendingPathComponent("pages")
            for page in try FileManager.default.contentsOfDirectory(atPath: written.path).sorted() {
                pages.append(written.appendingPathComponent(page).path)
            }
        }
        // A conversation cut into pages: the list of its prompts, and each page.
        let paged = folder.appendingPathComponent("paged.html")
        let cut = try cli.run([
            "export", input.appendingPathComponent("sample.json").path, "-o", paged.path, "--page-size", "1",
        ])
        #expect(cut.status == 0 && cut.error.contains("pages"), "\(cut.error)")
        pages += try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasPrefix("paged") }
            .sorted().map { folder.appendingPathComponent($0).path }
        let (status, output) = PythonTools.run("axe_check.py", pages)
        try #require(status == 0, "axe_check.py failed: \(output)")
        let results = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: [[String: Any]]] ?? [:]
        #expect(results.count == pages.count, "\(output)")
        for page in pages {
            let violations = results[page] ?? []
            let summary = violations.map { violation in
                let nodes = (violation["nodes"] as? [[String: Any]] ?? []).map {
                    "\($0["target"] ?? "") \($0["summary"] ?? "")"
                }
                return "\(violation["id"] ?? "?"): \(nodes.joined(separator: "; "))"
            }
            #expect(violations.isEmpty, "\((page as NSString).lastPathComponent): \(summary.joined(separator: "\n"))")
        }
    }
}
