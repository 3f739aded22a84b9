import Foundation
import TeletypeTestSupport
import Testing

/// Where the browser of the browser tests is.
enum HeadlessChromium {
    static let path: String? = {
        if let path = ProcessInfo.processInfo.environment["TELETYPE_CHROMIUM"] { return path }
        return ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }()

    /// The tests run where a browser is installed, and always under CI (where `make test` installs one).
    static let isRequired = path != nil || ProcessInfo.processInfo.environment["CI"] == "true"
}

/// An exported page, opened in a real browser (headless Chromium), runs no script and makes no
/// request, whatever the conversation holds: XSS payloads sit in every field, their scripts would
/// leave a marker in the DOM or on the console, and their loads would reach a canary server.
/// The page must hold even with its Content-Security-Policy removed: escaping alone is enough.
@Suite(.serialized, .enabled(if: HeadlessChromium.isRequired))
struct BrowserSafetyTests {
    /// What a payload's script writes when it runs; the source never spells it whole.
    static let marker = "PWNED"
    static let script = "document.body.setAttribute('data-xss','PW'+'NED');console.log('PW'+'NED')"

    /// XSS payloads; `CANARY` becomes the canary server's address.
    static let payloads = [
        "<script>\(script);fetch('CANARY/script')</script>",
        "<img src=\"CANARY/img\" onerror=\"\(script)\">",
        "<img src=x onerror=\"\(script)\">",
        "<svg onload=\"\(script)\"><image href=\"CANARY/svg-image\"/></svg>",
        "<iframe src=\"CANARY/iframe\"></iframe><iframe srcdoc=\"<script>\(script)</script>\"></iframe>",
        "<link rel=\"stylesheet\" href=\"CANARY/css\"><link rel=\"prefetch\" href=\"CANARY/prefetch\">",
        "<style>@import url(CANARY/import); body { background: url(CANARY/background) }</style>",
        "<div style=\"background-image:url(CANARY/style-attribute)\">styled</div>",
        "<meta http-equiv=\"refresh\" content=\"0;url=CANARY/refresh\">",
        "<base href=\"CANARY/base/\"><img src=\"relative.png\">",
        "<object data=\"CANARY/object\"></object><embed src=\"CANARY/embed\">",
        "<video poster=\"CANARY/poster\" src=\"CANARY/video\"></video><audio src=\"CANARY/audio\" autoplay></audio>",
        "<details open ontoggle=\"\(script)\"><summary>s</summary></details>",
        "<input autofocus onfocus=\"\(script)\"><body onload=\"\(script)\">",
        "<a href=\"javascript:\(script)\">a</a> [md](javascript:\(script)) <javascript:alert(1)>",
        "[data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) ![i](data:image/svg+xml,<svg onload=x>)",
        "![markdown image](CANARY/markdown-image) ![titled](CANARY/titled \"t\")",
        "<img srcset=\"CANARY/srcset 1x\"><picture><source srcset=\"CANARY/source\"></picture>",
        "\"><script>fetch('CANARY/double-quote')</script>",
        "'><img src='CANARY/single-quote'>",
        "</code></pre></details></main><script>fetch('CANARY/close-tags')</script>",
        "</title></style><script>fetch('CANARY/close-head')</script>",
        "<scr<script>ipt>fetch('CANARY/nested')</scr</script>ipt>",
        "&lt;script&gt;fetch('CANARY/entity')&lt;/script&gt; &#60;img src=CANARY/numeric-entity&#62;",
        "<!--<script>fetch('CANARY/comment')</script>-->",
        "<form action=\"CANARY/form\"><button formaction=\"CANARY/button\">b</button></form>",
        "[ref]\n\n[ref]: javascript:alert(1)",
        "<math><mi xlink:href=\"javascript:alert(1)\">m</mi></math><table background=\"CANARY/table\"></table>",
        "<a href=\"CANARY/link\" ping=\"CANARY/ping\">ping</a> <img src=\"//127.0.0.1/protocol-relative\">",
        "\u{1B}]8;;javascript:alert(1)\u{1B}\\osc\u{1B}]8;;\u{1B}\\ <a href=\"\u{0}javascript:alert(1)\">nul</a>",
    ]

    /// A conversation with `payload` in every field it has; each field also carries a tag naming it,
    /// so the test can see the field really reached the page.
    static func messages(_ payload: String, _ number: Int, canary: String) -> [[String: Any]] {
        let p = payload.replacingOccurrences(of: "CANARY", with: canary)
        func field(_ name: String) -> String { "F\(number)\(name)F \(p)" }
        let tool: [String: Any] = [
            "type": "ai_tool_call",
            "payload": [
                "id": "t\(number)", "name": "search", "display_title": field("tooltitle"),
                "status": "awaiting_approval", "arguments": ["query": field("argument")],
                "summary": field("toolsummary"), "output": ["result": field("output")], "error_text": field("error"),
                "approval": [
                    "title": field("approvaltitle"), "message": field("approvalmessage"),
                    "reason": field("approvalreason"), "allow_title": field("allow"), "decline_title": field("decline"),
                ],
            ],
        ]
        let untitledTool: [String: Any] = [
            "type": "ai_tool_call",
            "payload": [
                "id": "n\(number)", "name": field("toolname"), "status": "failed", "error_text": field("error"),
            ],
        ]
        let reasoning: [String: Any] = [
            "type": "ai_reasoning",
            "payload": [
                "id": "r\(number)", "status": "completed", "summary": field("reasoningsummary"),
                "preview": field("reasoningpreview"), "duration_ms": 1000,
            ],
        ]
        let citation: [String: Any] = [
            "type": "ai_citation",
            "payload": ["id": "c\(number)", "url": "\(canary)/citation", "title": field("citation")],
        ]
        return [
            [
                "id": "u\(number)", "role": "user", "text": field("usertext"),
                "attachments": [
                    ["kind": "file", "url": "\(canary)/file-\(number)", "name": field("filename"), "size": 10],
                    ["kind": "image", "url": "\(canary)/image-\(number)", "name": field("imagename")],
                ],
            ],
            [
                "id": "a\(number)", "role": "assistant",
                "text": field("answer") + "\n\n```\n" + field("codeblock") + "\n```\n\n| a |\n|---|\n| " + field("cell")
                    + " |\n\n> " + field("quote"),
                "parts": [reasoning, tool, untitledTool, citation],
                "reasoning_text": ["r\(number)": field("reasoningtext")],
                "ui": ["format": "markdown", "content": field("ui")],
            ],
        ]
    }

    /// Fields that must show on the page (with the tool call and reasoning expanded).
    static let shownFields = [
        "usertext", "filename", "imagename", "answer", "codeblock", "cell", "quote", "toolname", "tooltitle",
        "argument", "approvaltitle", "approvalmessage", "reasoningsummary",
    ]

    struct Visit {
        var dom: String
        var console: String
        var requests: [String]
    }

    /// Opens `page` in headless Chromium with a canary listening, and returns what happened.
    static func visit(_ page: URL, canary: ScriptServer, log: URL) throws -> Visit {
        let chromium = try #require(
            HeadlessChromium.path, "no Chromium: `make test` installs the Debian package `chromium`")
        let profile = FileManager.default.temporaryDirectory.appendingPathComponent("tt-chromium-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: profile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--user-data-dir=\(profile.path)", "--enable-logging=stderr", "--v=0", "--virtual-time-budget=4000",
            "--dump-dom", page.absoluteString,
        ]
        // The console goes to a file: a pipe read after the DOM could fill and stall the browser.
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        let consoleFile = profile.appendingPathComponent("console.log")
        _ = FileManager.default.createFile(atPath: consoleFile.path, contents: nil)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: consoleFile)
        try process.run()
        let dom = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let console = (try? Data(contentsOf: consoleFile)) ?? Data()
        // Give late requests a moment to land in the log.
        Thread.sleep(forTimeInterval: 0.3)
        let requests = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
        try? FileManager.default.removeItem(at: log)
        return Visit(
            dom: String(decoding: dom, as: UTF8.self), console: String(decoding: console, as: UTF8.self),
            requests: requests)
    }

    static func canary() throws -> (ScriptServer, URL) {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("tt-canary-\(UUID().uuidString).log")
        return (try ScriptServer(script: "canary_server.py", arguments: [log.path]), log)
    }

    /// The harness sees what it looks for: a page that does run script and load from the canary.
    @Test func harnessDetectsScriptsAndRequests() throws {
        let (server, log) = try Self.canary()
        defer { server.stop() }
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("tt-control-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: page) }
        let canary = "http://127.0.0.1:\(server.port)"
        try Data(
            "<!DOCTYPE html><html><body><p>control</p><script>\(Self.script)</script><img src=\"\(canary)/control\"></body></html>"
                .utf8
        ).write(to: page)
        let visit = try Self.visit(page, canary: server, log: log)
        #expect(visit.dom.contains("data-xss=\"\(Self.marker)\""), "the control page's script did not show in the DOM")
        #expect(visit.console.contains(Self.marker), "the control page's console.log was not seen")
        #expect(visit.requests.contains("GET /control"), "the control page's image did not reach the canary")
    }

    @Test(arguments: [false, true])
    func exportedPageRunsNoScriptAndLoadsNothing(withoutContentSecurityPolicy: Bool) throws {
        let (server, log) = try Self.canary()
        defer { server.stop() }
        let canary = "http://127.0.0.1:\(server.port)"
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tt-xss-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let messages = Self.payloads.enumerated().flatMap { Self.messages($1, $0, canary: canary) }
        let transcript = folder.appendingPathComponent("conversation.json")
        try JSONSerialization.data(withJSONObject: ["messages": messages]).write(to: transcript)
        let page = folder.appendingPathComponent("page.html")
        let result = try CommandLineTests().run([
            "export", transcript.path, "-o", page.path, "--title", "title \(Self.payloads[0]) \(Self.payloads[1])",
        ])
        #expect(result.status == 0, "\(result.error)")
        var html = try String(contentsOf: page, encoding: .utf8)
        #expect(html.contains("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"))
        #expect(HTMLSafety.problems(in: html, page: true) == [])
        if withoutContentSecurityPolicy {
            let lines = html.split(separator: "\n", omittingEmptySubsequences: false)
            html = lines.filter { !$0.hasPrefix("<meta http-equiv=\"Content-Security-Policy\"") }
                .joined(separator: "\n")
            #expect(!html.contains("Content-Security-Policy"))
            try Data(html.utf8).write(to: page)
        }
        let visit = try Self.visit(page, canary: server, log: log)
        #expect(visit.dom.contains("</main>"), "Chromium did not load the page: \(visit.console.suffix(2000))")
        #expect(!visit.dom.contains(Self.marker), "a payload's script ran")
        #expect(!visit.console.contains(Self.marker), "a payload's script logged to the console")
        #expect(visit.requests == [], "the page made requests")
        let missing = Self.payloads.indices.flatMap { number in
            Self.shownFields.filter { !visit.dom.contains("F\(number)\($0)F") }.map { "\(number):\($0)" }
        }
        #expect(missing == [], "fields that did not reach the page")
    }
}
