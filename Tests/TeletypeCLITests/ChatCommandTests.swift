import Foundation
import TeletypeTestSupport
import Testing

/// `teletype chat` driven in a pseudo-terminal as a user drives it (`Tests/Scripts/chat_session.py`,
/// with pyte showing what the terminal shows): every scripted session ends with the terminal given
/// back (main screen, cursor shown, bracketed paste off).
@Suite(.serialized, .enabled(if: PythonTools.isRequired("pyte"), Comment(rawValue: PythonTools.skipMessage)))
struct ChatCommandTests {
    /// One step of a session.
    enum Step {
        case keys(String)
        /// Keys typed the moment the program is started (first step only).
        case typeahead(String)
        case wait(String, timeout: Double = 15)
        case gone(String, timeout: Double = 15)
        case screen(String)
        case sleep(Double)
        case resize(Int, Int)
        case signal(String)
        case exit(Int, timeout: Double = 15)

        var json: [String: Any] {
            switch self {
            case .keys(let text): ["keys": text]
            case .typeahead(let text): ["typeahead": text]
            case .wait(let text, let timeout): ["wait": text, "timeout": timeout]
            case .gone(let text, let timeout): ["gone": text, "timeout": timeout]
            case .screen(let name): ["screen": name]
            case .sleep(let seconds): ["sleep": seconds]
            case .resize(let width, let height): ["resize": [width, height]]
            case .signal(let name): ["signal": name]
            case .exit(let status, let timeout): ["exit": status, "timeout": timeout]
            }
        }
    }

    struct Session {
        var screens: [String: [String]]
        var last: [String]
        var failure: String?
        var status: Int?
        var modes: [String: Bool]

        func screen(_ name: String) -> String { (screens[name] ?? []).joined(separator: "\n") }

        /// The terminal is as it was before: main screen, cursor shown, bracketed paste and mouse
        /// reports off.
        var restoredTerminal: Bool {
            modes["alternate"] == false && modes["cursor_hidden"] == false && modes["bracketed_paste"] == false
                && modes["mouse"] == false
        }
    }

    /// Quits as a user does: once no answer is streaming (a first Ctrl-C during an answer only stops
    /// it), Ctrl-C, which asks for another, and Ctrl-C again.
    static let quit: [Step] = [
        .gone("· Esc stops", timeout: 30), .keys("\u{03}"), .wait("Press Ctrl-C again to quit"), .keys("\u{03}"),
        .exit(0),
    ]
    static let escape = "\u{1B}"

    /// Runs `teletype chat ARGUMENTS` (or another full-screen `command`) through `steps` in a
    /// WIDTH×HEIGHT terminal, with its data folder in `data`.
    func run(
        _ arguments: [String], _ steps: [Step], data: URL, width: Int = 80, height: Int = 60,
        environment: [String: String] = [:], command: String = "chat"
    ) throws -> Session {
        let python = PackageRoot.url.appendingPathComponent(".venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            Issue.record("pyte is needed: run `make venv` (make test does)")
            return Session(screens: [:], last: [], failure: "no pyte", status: nil, modes: [:])
        }
        let script = data.appendingPathComponent("script-\(UUID().uuidString).json")
        try JSONSerialization.data(withJSONObject: steps.map(\.json)).write(to: script)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments =
            [
                PackageRoot.url.appendingPathComponent("Tests/Scripts/chat_session.py").path, "\(width)", "\(height)",
                script.path, "--", CommandLineTests.executable.path, command,
            ] + arguments
        var env = ProcessInfo.processInfo.environment
        env["XDG_DATA_HOME"] = data.path
        env["TELETYPE_ENDPOINT"] = nil
        env["TELETYPE_MODEL"] = nil
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
        return Session(
            screens: object["screens"] as? [String: [String]] ?? [:], last: object["last"] as? [String] ?? [],
            failure: object["failure"] as? String, status: object["status"] as? Int,
            modes: object["modes"] as? [String: Bool] ?? [:])
    }

    func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("tt-chat-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The first message of the user's, in the conversation saved under `data`, whose text holds
    /// `marker`: its text read as a JSON object (a message the interface sent for the user).
    static func savedUserMessage(in data: URL, containing marker: String) throws -> [String: Any]? {
        let saved = data.appendingPathComponent("teletype/conversations")
        guard let file = try FileManager.default.contentsOfDirectory(atPath: saved.path).first else { return nil }
        let transcript = try String(contentsOf: saved.appendingPathComponent(file), encoding: .utf8)
        return try transcript.split(separator: "\n").compactMap { line -> [String: Any]? in
            guard let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                object["role"] as? String == "user", let text = object["text"] as? String, text.contains(marker)
            else { return nil }
            return try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        }.first
    }

    func expectClean(_ session: Session, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(
            session.failure == nil, "\(session.failure ?? "")\n\(session.last.joined(separator: "\n"))",
            sourceLocation: sourceLocation)
        #expect(session.restoredTerminal, "terminal left as \(session.modes)", sourceLocation: sourceLocation)
    }

    @Test func sendsShowsTheAnswerKeepsTheConversationAndQuits() throws {
        let data = try folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try run(
            ["--speed", "20"],
            [
                .wait("Ask anything"), .screen("empty"), .keys("What can you do?"), .screen("typed"), .keys("\r"),
                .wait("Regenerate"), .screen("answered"),
                // A paste keeps its newlines; a trailing backslash and Alt-Enter add more.
                .keys("\u{1B}[200~pasted one\r\npasted two\u{1B}[201~ and\\\r"), .keys("third\u{1B}\rfourth"),
                .screen("multiline"), .keys("\r"), .gone("› pasted one"), .wait("Regenerate"),
            ] + Self.quit, data: data)
        expectClean(session)
        #expect(session.screen("empty").contains("How can I help?"))
        #expect(session.screen("typed").contains("› What can you do?"))
        let answered = session.screen("answered")
        #expect(answered.contains("What can you do?"))
        #expect(answered.contains("Teletype's demo agent"))
        #expect(answered.contains("│ Enter     │ send"))
        #expect(answered.contains("› Ask anything"), "the composer is empty again")
        #expect(session.screen("multiline").contains("› pasted one\n  pasted two and\n  third\n  fourth"))
        let saved = try FileManager.default.contentsOfDirectory(
            atPath: data.appendingPathComponent("teletype/conversations").path)
        #expect(saved.count == 1 && saved[0].hasSuffix(".jsonl"))
    }

    /// A reply's generated UI is interactive: Tab focuses its controls, typing fills a field, Space
    /// toggles, and the button sends its A2UI action (the values resolved) as the next message,
    /// which is saved with the conversation like any other.
    @Test func aReplysInterfaceIsWorkedInAndItsButtonAnswersTheAgent() throws {
        let data = try folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let surface = [
            #"{"version":"v0.9","createSurface":{"surfaceId":"s","catalogId":"basic"}}"#,
            #"{"version":"v0.9","updateComponents":{"surfaceId":"s","components":["#
                + #"{"id":"root","component":"Column","children":["name","window","go"]},"#
                + #"{"id":"name","component":"TextField","label":"Name","value":{"path":"/name"}},"#
                + #"{"id":"window","component":"CheckBox","label":"Window seat","value":{"path":"/window"}},"#
                + #"{"id":"go-label","component":"Text","text":"Book"},"#
                + #"{"id":"go","component":"Button","child":"go-label","action":{"event":{"name":"book","context":{"who":{"path":"/name"},"window":{"path":"/window"}}}}}"#
                + #"]}}"#,
            #"{"version":"v0.9","updateDataModel":{"surfaceId":"s","value":{"name":"","window":false}}}"#,
        ].joined(separator: "\n")
        let events: [[String: Any]] = [
            [
                "type": "message", "t": 0,
                "message": [
                    "id": "a1", "role": "assistant", "text": "Who is flying?",
                    "ui": ["format": "a2ui", "content": surface],
                ],
            ],
            ["type": "done", "id": "a1", "t": 10],
        ]
        let recording = data.appendingPathComponent("form.jsonl")
        try Data(
            events.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
                .joined(separator: "\n").utf8
        ).write(to: recording)
        let session = try run(
            ["--replay", recording.path, "--speed", "20"],
            [
                .keys("book\r"), .wait("Window seat"), .wait("Tab works"), .screen("form"), .keys("\t"),
                .wait("▶ Name"), .keys("Ada"), .wait("[ Ada ]"), .keys("\t"), .wait("▶ ☐ Window seat"), .keys(" "),
                .wait("▶ ☑ Window seat"), .screen("filled"), .keys("\t"), .wait("▶ [ Book ]"), .keys("\r"),
                .wait("Sent book"), .screen("sent"),
            ] + Self.quit, data: data)
        expectClean(session)
        #expect(!session.screen("form").contains("▶"), "nothing has the focus before Tab")
        #expect(session.screen("filled").contains("[ Ada ]"))
        let sent = try #require(
            try Self.savedUserMessage(in: data, containing: "\"action\""), "the action is the user's next message")
        let action = try #require(sent["action"] as? [String: Any])
        #expect(action["name"] as? String == "book" && action["surfaceId"] as? String == "s")
        #expect(action["sourceComponentId"] as? String == "go")
        let context = try #require(action["context"] as? [String: Any])
        #expect(context["who"] as? String == "Ada" && context["window"] as? Bool == true)
    }

    /// A reply's interface that calls a function (A2UI v0.10 `callFunction` with `wantResponse`)
    /// is answered once the reply is done: the function's value goes to the agent as the next
    /// message, saved like any other; the agent's reply to the answer calling again is not answered
    /// again (no loop).
    @Test func aFunctionTheInterfaceCallsIsAnswered() throws {
        let data = try folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let surface = [
            #"{"version":"v0.10","createSurface":{"surfaceId":"s","catalogId":"basic"}}"#,
            #"{"version":"v0.10","updateComponents":{"surfaceId":"s","components":[{"id":"root","component":"Text","text":"Prices"}]}}"#,
            #"{"version":"v0.10","functionCallId":"f1","wantResponse":true,"callFunction":{"call":"formatCurrency","args":{"value":1234.5,"currency":"EUR"},"returnType":"string","callableFrom":"clientOrRemote"}}"#,
        ].joined(separator: "\n")
        let events: [[String: Any]] = [
            [
                "type": "message", "t": 0,
                "message": [
                    "id": "a1", "role": "assistant", "text": "", "ui": ["format": "a2ui", "content": surface],
                ],
            ],
            ["type": "done", "id": "a1", "t": 10],
        ]
        let recording = data.appendingPathComponent("call.jsonl")
        try Data(
            events.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
                .joined(separator: "\n").utf8
        ).write(to: recording)
        let session = try run(
            ["--replay", recording.path, "--speed", "20"],
            [.keys("prices\r"), .wait("Prices"), .wait("functionResponse"), .wait("not answered")] + Self.quit,
            data: data)
        expectClean(session)
        let answer = try #require(
            try Self.savedUserMessage(in: data, containing: "functionResponse"), "the answer is the user's next message"
        )
        let response = try #require(answer["functionResponse"] as? [String: Any])
        #expect(response["functionCallId"] as? String == "f1" && response["call"] as? String == "formatCurrency")
        #expect((response["value"] as? String)?.contains("1,234.50") == true, "\(response)")
    }

    @Test func escapeStopsTheReplyAndKeepsWhatWasWritten() throws {
        let data = try folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try run(
            ["--speed", "1", "--no-save"],
            [
                .keys("hello\r"), .wait("This is", timeout: 20), .keys(Self.escape), .wait("Stopped."), .sleep(1.5),
                .screen("stopped"),
            ] + Self.quit, data: data)
        expectClean(session)
        let stopped = session.screen("stopped")
        #expect(stopped.contains("This is"))
        #expect(!stopped.contains("conversation.send"), "the rest of the reply never came")
        #expect(!stopped.contains("Answering"))
    }

    @Test func upOnAnEmptyComposerEditsTheLatestMessage() throws {
        let data = try folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try run(
            ["--speed", "20", "--no-save"],
            [
                .keys("first question\r"), .wait("Regenerate"), .keys("\u{1B}[A"), .wait("Editing message"),
                .screen("editing"), .keys("\u{15}edited question\r"), .wait("edited question"), .wait("Regenerate"),
                .screen("edited"),
            ] + Self.quit, data: data)
        expectClean(session)
        #expect(session.screen("editing").contains("› first question"))
        let edited = session.screen("edited")
        #expect(edited.contains("edited question"))
        #expect(!edited.contains("first question"), "the edit replaces the message and its reply")
    }

    @Test func regenerateRateAndCopyTheLatestReply() throws {
        let data = try folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try run(
            ["--speed", "20", "--no-save"],
            [
                .keys("hi\r"), .wait("Regenerate"), .keys("\(Self.escape)u"), .wait("Rated good"), .screen("rated"),
                .keys("\(Self.escape)c"), .wait("Copied"), .screen("copied"), .keys("\(Self.escape)r"),
                .gone("Regenerate"), .wait("Regenerate"), .screen("regenerated"),
            ] + Self.quit, data: data)
        expectClean(session)
        #expect(session.screen("rated").contains("▲"), "the good rating shows filled")
        #expect(session.screen("copied").contains("saved to"))
        #expect(session.screen("regenerated").components(separatedBy: "Teletype's demo agent").count == 2)
    }

    @Test func aFailedRequestShowsTheErrorAndRetrySucceeds() throws {
        let data = try folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try FakeOpenAIServer()
        defer { server.stop() }
        let session = try run(
            ["--endpoint", server.endpoint("flaky").absoluteString, "--model", "test", "--no-save"],
            [
                .keys("are you there?\r"), .wait("Alt-R retries"), .screen("failed"), .keys("\(Self.escape)r"),
                .gone("Alt-R retries"), .wait("Regenerate"), .screen("retried"),
            ] + Self.quit, data: data)
        expectClean(session)
        #expect(session.screen("failed").contains("are you there?"), "nothing typed is lost")
        #expect(session.screen("failed").contains("overloaded"))
        #expect(session.screen("retried").components(separatedBy: "are you there?").count == 2, "sent once")
    }

    /// Keys typed while the program starts (before it takes the terminal) are kept, as a shell keeps
    /// them.
    @Test func keysTypedDuringStartAreKept() throws {
        let data = try folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try run(
            ["--speed", "20", "--no-save"],
            [.typeahead("typed early"), .wait("› typed early"), .screen("typed")] + Self.quit, data: data)
        expectClean(session)
        #expect(session.screen("typed").contains("How can I help?"), "the keys reached the composer")
    }

    @Test func attachmentsAndChatOptionsGoWithTheMessage() throws {
        let data = try folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let file = data.appendingPathComponent("notes-for-the-agent.txt")
        try Data("notes".utf8).write(to: file)
        let session = try run(
            ["--speed", "20", "--no-save", "--option", "research=Deep research:Takes longer"],
            [
                .keys("/attach \(data.path)/notes-for\t"), .wait("notes-for-the-agent.txt"), .keys("\r"),
                .wait("[📎 notes-for-the-agent.txt]"), .keys("/"), .wait("Chat options"), .screen("picker"),
                .keys("1"), .wait("[Deep research ×]"), .screen("chips"), .keys("with a file\r"), .wait("Regenerate"),
                .screen("sent"),
            ] + Self.quit, data: data, width: 140)
        expectClean(session)
        #expect(session.screen("picker").contains("1. Deep research — Takes longer"))
        #expect(session.screen("sent").contains("notes-for-the-agent.txt"), "the attachment shows on the message")
        #expect(!session.screen("sent").contains("[📎"), "the chip went with the message")
    }

    /// The server receives the attached file with the message (the echo scenario answers with the
    /// request it got).
    @Test func attachmentsReachTheServer() throws {
        let data = try folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try FakeOpenAIServer()
        defer { server.stop() }
        let file = data.appendingPathComponent("n.txt")
        try Data("SECRET-NOTES".utf8).write(to: file)
        let session = try run(
            ["--endpoint", server.endpoint("echo").absoluteString, "--model", "test-model", "--no-save"],
            [
                .keys("/attach \(file.path)\r"), .wait("[📎 n.txt]"), .keys("read it\r"), .wait("SECRET-NOTES"),
                .wait("Regenerate"), .screen("echoed"),
            ] + Self.quit, data: data, width: 200)
        expectClean(session)
        #expect(session.screen("echoed").contains("test-model"))
    }

    @Test func pageUpScrollsAndCtrlLReturnsToTheLatest() throws {
        let data = try folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try run(
            ["--speed", "20", "--no-save"],
            [
                .keys("hello\r"), .wait("Regenerate"), .keys("\u{1B}[5~"), .wait("lines below"), .screen("scrolled"),
                .keys("\u{0C}"), .gone("lines below"), .screen("latest"), .keys("\u{04}"), .exit(0),
            ], data: data, height: 20)
        expectClean(session)
        #expect(session.screen("scrolled").contains("hello"))
        #expect(!session.screen("scrolled").contains("conversation.send"))
        #expect(session.screen("latest").contains("Regenerate"))
    }

    @Test(arguments: [("HUP", 129), ("ABRT", 134), ("INT", 130)])
    func theTerminalIsRestoredWhenASignalEndsIt(_ name: String, _ status: Int) throws {
        let data = try folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try run(
            ["--speed", "1", "--no-save"], [.keys("hello\r"), .wait("Thinking"), .signal(name), .exit(status)],
            data: data)
        #expect(session.failure == nil, "\(session.failure ?? "")")
        #expect(session.restoredTerminal, "terminal left as \(session.modes)")
    }

    @Test func aToolCallIsApprovedFromTheKeyboard() throws {
        let data = try folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try run(
            ["--speed", "20", "--no-save"],
            [
                .keys("show me\r"), .wait("Alt-A allows"), .screen("waiting"), .keys("\(Self.escape)a"),
                .gone("Alt-A allows"), .screen("approved"),
            ] + Self.quit, data: data)
        expectClean(session)
        #expect(session.screen("waiting").contains("Open the tour?"))
        #expect(!session.screen("approved").contains("Waiting for approval"))
    }

    @Test func suggestionsStartTheConversation() throws {
        let data = try folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try run(
            ["--speed", "20", "--no-save", "--suggest", "Plan a trip", "--suggest", "Explain monads"],
            [.wait("[2] Explain monads"), .keys("2"), .wait("Regenerate"), .screen("sent")] + Self.quit, data: data)
        expectClean(session)
        #expect(session.screen("sent").contains("Explain monads"))
        #expect(!session.screen("sent").contains("Plan a trip"))
    }

    @Test func resumeContinuesTheLatestConversationAndTheMenuSwitches() throws {
        let data = try folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let first = try run(
            ["--speed", "20"], [.keys("remember the tulips\r"), .wait("Regenerate")] + Self.quit, data: data)
        expectClean(first)
        let resumed = try run(
            ["--speed", "20", "--resume"],
            [
                .wait("remember the tulips"), .screen("resumed"), .keys("\u{0F}"), .wait("New conversation"),
                .screen("menu"), .keys("\u{1B}[A\r"), .wait("A new conversation."), .screen("new"),
            ] + Self.quit, data: data)
        expectClean(resumed)
        #expect(resumed.screen("menu").contains("remember the tulips"))
        #expect(!resumed.screen("new").contains("remember the tulips"))
    }

    /// The side menu reads the saved conversations a page (50) at a time: going past the first page
    /// loads the next, and the oldest can be opened.
    @Test func theSideMenuPagesThroughManyConversations() throws {
        let data = try folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let saved = data.appendingPathComponent("teletype/conversations")
        try FileManager.default.createDirectory(at: saved, withIntermediateDirectories: true)
        for number in 0..<60 {
            let line = #"{"id":"q\#(number)","role":"user","text":"conversation number \#(number)"}"#
            let file = saved.appendingPathComponent(String(format: "20260101-0000%02d-a.jsonl", number))
            try Data((line + "\n").utf8).write(to: file)
            let date = Date(timeIntervalSince1970: 1_800_000_000 + Double(number))
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: file.path)
        }
        let down = String(repeating: "\u{1B}[B", count: 61)
        let session = try run(
            ["--speed", "20"],
            [
                .keys("\u{0F}"), .wait("conversation number 59"), .keys(down), .sleep(0.5),
                .keys(String(repeating: "\u{1B}[B", count: 10)), .wait("conversation number 0"), .keys("\r"),
                .gone("Conversations ·"), .wait("conversation number 0"), .screen("opened"),
            ] + Self.quit, data: data)
        expectClean(session)
        #expect(session.screen("opened").contains("conversation number 0"))
        #expect(!session.screen("opened").contains("Conversations ·"), "the menu closed")
    }

    /// A long saved conversation opens on its latest messages; scrolling to the top loads the older
    /// ones, page by page, up to the first.
    @Test func scrollingToTheTopLoadsOlderMessages() throws {
        let data = try folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let saved = data.appendingPathComponent("teletype/conversations")
        try FileManager.default.createDirectory(at: saved, withIntermediateDirectories: true)
        let lines = (0..<100).map { number in
            #"{"id":"m\#(number)","role":"\#(number % 2 == 0 ? "user" : "assistant")","text":"message number \#(number)"}"#
        }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: saved.appendingPathComponent("long.jsonl"))
        let pageUp = String(repeating: "\u{1B}[5~", count: 10)
        var steps: [Step] = [.wait("message number 99"), .screen("opened")]
        for _ in 0..<6 { steps += [.keys(pageUp), .sleep(0.3)] }
        steps += [.wait("message number 0"), .screen("top"), .keys("\u{0C}"), .wait("message number 99")]
        let session = try run(["--resume", "long", "--no-save"], steps + Self.quit, data: data, height: 24)
        expectClean(session)
        #expect(!session.screen("opened").contains("message number 0\n"))
        #expect(session.screen("top").contains("message number 0"))
    }

    @Test func theTerminalIsRestoredOnSigtermAndAResizeRelaysOut() throws {
        let data = try folder()
        defer { try? FileManager.default.removeItem(at: data) }
        let session = try run(
            ["--speed", "20", "--no-save"],
            [
                .keys("hello\r"), .wait("Regenerate"), .resize(50, 20), .sleep(0.5), .screen("narrow"),
                .signal("TERM"), .exit(143),
            ], data: data)
        #expect(session.failure == nil, "\(session.failure ?? "")")
        #expect(session.restoredTerminal, "terminal left as \(session.modes)")
        #expect(session.screen("narrow").contains("┌───────────┬────────────────┐"))
        #expect(session.screen("narrow").split(separator: "\n").allSatisfy { $0.count <= 50 })
    }
}

/// A reply full of escape-injection payloads, in a chat: the terminal receives only what the chat
/// itself writes (SGR, cursor positioning, erasing, its private modes, sanitised OSC 8 links).
@Suite struct ChatSafetyTests {
    static let payloads = [
        "\u{1B}]52;c;ZWNobyBwd25lZA==\u{07}", "\u{1B}]0;owned\u{07}", "\u{1B}[2J\u{1B}[H", "\u{1B}[6n", "\u{9B}1A",
        "\u{1B}P+q\u{1B}\\", "\u{1B}]8;;https://evil.example\u{1B}\\x\u{1B}]8;;\u{1B}\\", "\u{1B}c", "\u{1B}[?1049l",
    ]

    static func isChatSequence(_ sequence: String) -> Bool {
        if TerminalOutput.isTeletypeSequence(sequence) { return true }
        let fixed = [
            "\u{1B}[?1049h", "\u{1B}[?1049l", "\u{1B}[?2004h", "\u{1B}[?2004l", "\u{1B}[?25h", "\u{1B}[?25l",
            "\u{1B}[?2026h", "\u{1B}[?2026l", "\u{1B}[K", "\u{1B}[J", "\u{1B}[2J", "\u{1B}[H",
        ]
        if fixed.contains(sequence) { return true }
        // Cursor positioning: ESC [ row ; column H.
        guard sequence.hasPrefix("\u{1B}["), sequence.hasSuffix("H") else { return false }
        return sequence.dropFirst(2).dropLast().allSatisfy { $0.isNumber || $0 == ";" }
    }

    @Test(.enabled(if: PythonTools.isRequired("pyte"), Comment(rawValue: PythonTools.skipMessage)))
    func repliesCannotDriveTheTerminal() throws {
        let data = FileManager.default.temporaryDirectory.appendingPathComponent("tt-chat-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: data) }
        let text = Self.payloads.map { "payload \($0) end" }.joined(separator: "\n\n")
        let events: [[String: Any]] = [
            [
                "type": "part", "id": "a", "t": 0,
                "part": [
                    "type": "ai_tool_call",
                    "payload": ["id": "t", "name": "tool \(Self.payloads[0])", "status": "running"],
                ],
            ],
            ["type": "delta", "id": "a", "text": text, "t": 10], ["type": "done", "id": "a", "t": 20],
        ]
        let recording = data.appendingPathComponent("hostile.jsonl")
        try Data(
            events.map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
                .joined(separator: "\n").utf8
        ).write(to: recording)
        let raw = data.appendingPathComponent("raw.bin")
        let session = try ChatCommandTests().run(
            ["--replay", recording.path, "--no-save", "--color", "always"],
            [.wait("Ask anything"), .keys("go\r"), .wait("payload ␛]52"), .screen("shown")] + ChatCommandTests.quit,
            data: data,
            environment: ["CHAT_SESSION_RAW": raw.path])
        #expect(session.failure == nil, "\(session.failure ?? "")")
        let output = String(decoding: try Data(contentsOf: raw), as: UTF8.self)
        var foreign: Set<String> = []
        for piece in TerminalOutput.pieces(output) {
            switch piece {
            case .text: continue
            case .control(let scalar): foreign.insert("control U+\(String(scalar.value, radix: 16))")
            case .escape(let sequence): if !Self.isChatSequence(sequence) { foreign.insert(sequence.debugDescription) }
            }
        }
        #expect(foreign.isEmpty, "sequences the chat did not write: \(foreign.sorted())")
    }
}
