import Foundation
import Teletype
import TeletypeANSI
import TeletypeArchive
import TeletypeHTML
import TeletypeLayout
import TeletypeSessions
import TeletypeSnapshotTesting
import TeletypeTestSupport
import TeletypeTranscripts
import Testing

/// The agents' session logs: every real one of the corpus (Claude Code, Claude Code for web,
/// Codex, Gemini CLI, aider) reads, and shows its user's prompts and its final answer, in the
/// terminal, plain text, Markdown and HTML; a fixture of each format is a snapshot; a log cut short
/// at its end reads with a notice, a malformed line elsewhere is named; what the logs hold of
/// escape sequences and HTML never reaches a terminal or a page.
@Suite struct AgentSessionTests {
    /// Everything a reader shows of a session, in every output.
    struct Shown {
        var terminal: String
        var plain: String
        var markdown: String
        var html: String
    }

    static func show(_ transcript: Transcript, width: Int = 100) -> Shown {
        let state = ConversationViewState(isRecorded: true)
        let layout = ConversationLayout(ui: AIUIHost(renderers: []))
        let rows =
            (transcript.info.map { [SessionHeader.row($0)] } ?? [])
            + layout.rows(for: transcript.messages, state: state)
        return Shown(
            terminal: ConversationTerminalRenderer(width: width, capabilities: .full).render(rows),
            plain: ConversationTerminalRenderer(width: width, capabilities: .plain).render(rows),
            markdown: (transcript.info.map(SessionHeader.markdown) ?? "")
                + ConversationMarkdownWriter(state: state).write(transcript.messages),
            html: ConversationHTMLRenderer().render(rows))
    }

    /// The words of a text, in order: its runs of letters and digits, lowercased.
    static func orderedWords(_ text: String) -> [String] {
        text.lowercased().unicodeScalars.split { !($0.properties.isAlphabetic || ("0"..."9").contains($0)) }.map {
            String(String.UnicodeScalarView($0))
        }
    }

    static func words(_ text: String) -> Set<String> { Set(orderedWords(text)) }

    /// What a log says its user asked and its agent answered last, read here on its own from the
    /// raw records (not through the readers).
    static func expected(_ path: String) throws -> (prompts: [String], answer: String?) {
        let data = try Data(contentsOf: URL(fileURLWithPath: Corpus.sessionPath(path)))
        let text = String(decoding: data, as: UTF8.self)
        var prompts: [String] = []
        var answer: String?
        func objects() -> [[String: Any]] {
            if let whole = try? JSONSerialization.jsonObject(with: data) {
                if let list = whole as? [[String: Any]] { return list }
                if let object = whole as? [String: Any] {
                    return object["loglines"] as? [[String: Any]] ?? object["messages"] as? [[String: Any]] ?? [object]
                }
            }
            return text.split(separator: "\n").compactMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
            }
        }
        func texts(_ content: Any?) -> [String] {
            if let string = content as? String { return [string] }
            return (content as? [[String: Any]] ?? []).compactMap {
                ($0["type"] as? String).map { ["text", "input_text", "output_text"].contains($0) } ?? true
                    ? $0["text"] as? String : nil
            }
        }
        let agent = path.split(separator: "/").first.map(String.init) ?? ""
        switch agent {
        case "aider":
            var inFence = false
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("```") { inFence.toggle() }
                if !inFence, line.hasPrefix("#### ") { prompts.append(String(line.dropFirst(5))) }
            }
        case "codex":
            for record in objects() where record["type"] as? String == "response_item" {
                guard let payload = record["payload"] as? [String: Any], payload["type"] as? String == "message" else {
                    continue
                }
                let said = texts(payload["content"]).joined(separator: "\n")
                if payload["role"] as? String == "user", !said.hasPrefix("<") { prompts.append(said) }
                if payload["role"] as? String == "assistant", !said.isEmpty { answer = said }
            }
        case "gemini-cli":
            for message in objects() {
                let said = texts(message["content"] ?? message["message"]).joined()
                if message["type"] as? String == "user", !said.isEmpty { prompts.append(said) }
                if message["type"] as? String == "gemini", !said.isEmpty { answer = said }
            }
        default:
            for record in objects() where record["isSidechain"] as? Bool != true && record["isMeta"] as? Bool != true {
                let message = record["message"] as? [String: Any]
                let said = texts(message?["content"])
                if record["type"] as? String == "user", record["isCompactSummary"] as? Bool != true {
                    prompts += said.filter {
                        !$0.hasPrefix("<") && !$0.hasPrefix("[Request interrupted") && !$0.hasPrefix("Caveat")
                    }
                }
                if record["type"] as? String == "assistant", let last = said.last(where: { !$0.isEmpty }) {
                    answer = last
                }
            }
        }
        return (prompts, answer)
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)), arguments: Corpus.agentSessions)
    func everyRealSessionShowsItsPromptsAndItsAnswer(_ path: String) throws {
        let full = Corpus.sessionPath(path)
        let transcript = try ConversationReader().read(try Data(contentsOf: URL(fileURLWithPath: full)), file: full)
        #expect(transcript.info != nil, "\(path) is not read as a session log (\(transcript.format))")
        #expect(!transcript.messages.isEmpty, "\(path) shows nothing")
        let shown = Self.show(transcript)
        let (prompts, answer) = try Self.expected(path)
        for (name, output) in [
            ("terminal", TerminalOutput.visibleLines(shown.terminal).joined(separator: "\n")), ("plain", shown.plain),
            ("markdown", shown.markdown), ("html", shown.html),
        ] {
            let present = Self.words(output)
            // Each prompt's first words (the page holds every version of a conversation that forked;
            // the other outputs the latest, which ends with the last prompt), and the answer's first line.
            for prompt in name == "html" ? Array(prompts.prefix(30)) : Array(prompts.suffix(1)) {
                let wanted = Array(Self.orderedWords(prompt).prefix(6))
                let missing = wanted.filter { !present.contains($0) }
                #expect(
                    missing.isEmpty, "\(path) \(name): prompt \(prompt.prefix(60).debugDescription) misses \(missing)")
            }
            if let answer, let first = answer.split(separator: "\n").first(where: { !$0.isEmpty }) {
                let missing = Self.orderedWords(String(first)).prefix(12).filter { !present.contains($0) }
                #expect(
                    missing.isEmpty,
                    "\(path) \(name): the answer \(first.prefix(60).debugDescription) misses \(missing)")
            }
        }
        for output in [shown.terminal, shown.plain, shown.markdown] {
            #expect(TerminalOutput.foreignSequences(in: output).isEmpty, "\(path) lets a log's escapes through")
        }
        #expect(HTMLSafety.problems(in: shown.html).isEmpty, "\(path): \(HTMLSafety.problems(in: shown.html))")
    }

    /// A session drawn as it is read (the header from what the reader knows before the first
    /// message, rows as each message settles) is the session drawn whole.
    static func drawnWhileRead(_ path: String) throws -> (whole: String, streamed: String) {
        let whole = try ConversationReader().read(try Data(contentsOf: URL(fileURLWithPath: path)), file: path)
        let renderer = ConversationTerminalRenderer(width: 90, capabilities: .full)
        let layout = ConversationLayout(ui: AIUIHost(renderers: []))
        let state = ConversationViewState(isRecorded: true)
        var stream = ConversationRowStream(layout: layout, state: state)
        var rows: [ConversationRow] = []
        try ConversationStream().forEachMessage(
            inFileAt: path, name: path,
            session: { info in if rows.isEmpty { rows.append(SessionHeader.row(info)) } }
        ) { message in
            rows += stream.add(message).compactMap(stream.row)
        }
        rows += stream.finish()
        let expected =
            (whole.info.map { [SessionHeader.row($0)] } ?? []) + layout.rows(for: whole.messages, state: state)
        return (renderer.render(expected), renderer.render(rows))
    }

    @Test(.enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)), arguments: Corpus.agentSessions)
    func aSessionDrawnWhileReadIsTheSessionDrawnWhole(_ path: String) throws {
        let (whole, streamed) = try Self.drawnWhileRead(Corpus.sessionPath(path))
        #expect(streamed == whole, "\(path): drawn while read differs from drawn whole")
    }

    @Test(arguments: fixtures)
    func aFixtureDrawnWhileReadIsTheFixtureDrawnWhole(_ name: String) throws {
        let (whole, streamed) = try Self.drawnWhileRead(Self.fixture(name))
        #expect(streamed == whole, "\(name): drawn while read differs from drawn whole")
    }

    /// A transcript of every format, and a long generated one, drawn as it is read (as `render`
    /// draws a file) is the transcript drawn whole.
    @Test(arguments: [
        "teletype.jsonl", "stream-chat.json", "vercel.json", "openai.json", "anthropic.json", "gemini.json",
        "responses.json", "long.jsonl",
    ])
    func aTranscriptDrawnWhileReadIsTheTranscriptDrawnWhole(_ name: String) throws {
        var path = PackageRoot.url.appendingPathComponent("Tests/Fixtures/transcripts/\(name)").path
        if name == "long.jsonl" {
            path = FileManager.default.temporaryDirectory.appendingPathComponent("long-\(getpid()).jsonl").path
            var lines: [String] = []
            for index in 0..<1500 {
                lines.append(
                    index % 3 == 0
                        ? #"{"id":"q\#(index)","role":"user","text":"Question \#(index)?"}"#
                        : #"{"id":"a\#(index)","role":"assistant","text":"Answer **\#(index)**\n\n- a\n- b","parts":[{"type":"ai_tool_call","payload":{"id":"t\#(index)","name":"search","status":"completed"}}]}"#
                )
            }
            try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        defer { if name == "long.jsonl" { try? FileManager.default.removeItem(atPath: path) } }
        let (whole, streamed) = try Self.drawnWhileRead(path)
        #expect(streamed == whole, "\(name): drawn while read differs from drawn whole")
    }

    // MARK: Fixtures

    static let fixtures = ["claude-code.jsonl", "codex.jsonl", "gemini-cli.json", "aider.chat.history.md"]

    static func fixture(_ name: String) -> String {
        PackageRoot.url.appendingPathComponent("Tests/Fixtures/sessions/\(name)").path
    }

    static func read(_ name: String, format: TranscriptFormat? = nil) throws -> Transcript {
        let path = fixture(name)
        return try ConversationReader(format: format ?? (name.hasSuffix(".md") ? .aider : nil)).read(
            try Data(contentsOf: URL(fileURLWithPath: path)), file: path)
    }

    static let text = Snapshotting<String>(pathExtension: "txt") { $0 }
    static let markdown = Snapshotting<String>(pathExtension: "md") { $0 }
    static let html = Snapshotting<String>(pathExtension: "html") { $0 }

    @Test(arguments: fixtures)
    func eachFormatIsASnapshot(_ name: String) throws {
        let transcript = try Self.read(name)
        let shown = Self.show(transcript, width: 80)
        let base = String(name.split(separator: ".").first ?? "")
        assertSnapshot(of: shown.plain, as: Self.text, named: base)
        assertSnapshot(of: shown.markdown, as: Self.markdown, named: base)
        assertSnapshot(of: shown.html, as: Self.html, named: base)
    }

    /// What each fixture holds shows as it should: the thinking hidden, the order of text and
    /// calls, the subagent nested, the branch point, the boilerplate folded.
    @Test func theFixturesShowWhatTheyHold() throws {
        let claude = try Self.show(Self.read("claude-code.jsonl"), width: 100).plain
        for expected in [
            "Thinking hidden", "$ ls src && swift build", "+ print(\"Hello, \\(name)!\")", "☑ Add the greeting",
            "↳ Run the tests · 3 messages", "Version 2 of 2", "¡Hola!", "/home/dev/greeter",
        ] {
            #expect(claude.contains(expected), "claude-code: \(expected)")
        }
        #expect(!claude.contains("Bonjour"), "the other version is not on the path shown")
        let order = ["I'll look at the code first.", "$ ls src", "Done: the app"].compactMap {
            claude.range(of: $0)?.lowerBound
        }
        #expect(order.count == 3 && order == order.sorted())
        let codex = try Self.show(Self.read("codex.jsonl"), width: 100).plain
        #expect(!codex.contains("environment_context"), "Codex's environment is folded away")
        #expect(codex.contains("+ func run() {") && codex.contains("The turn was stopped"))
        let gemini = try Self.show(Self.read("gemini-cli.json"), width: 100).plain
        #expect(gemini.contains("exit 1") && gemini.contains("Checking the build"))
        let aider = try Self.show(Self.read("aider.chat.history.md"), width: 100).plain
        #expect(aider.contains("#### Not a prompt"), "a #### line in a reply's code is code")
        #expect(aider.contains("+ print(\"HELLO!\")"))
        // The subagent's own conversation, in HTML, under its call.
        let html = try Self.show(Self.read("claude-code.jsonl")).html
        #expect(html.contains("tt-subagent") && html.contains("All 3 tests pass"))
        #expect(html.contains("Bonjour"), "the other version is reachable in the HTML")
    }

    // MARK: Bad input

    /// A last line cut short (the agent still writing it) is skipped with one notice; the rest reads
    /// as without it.
    @Test(arguments: ["claude-code.jsonl", "codex.jsonl"])
    func aLastLineCutShortIsSkippedWithANotice(_ name: String) throws {
        let whole = try Data(contentsOf: URL(fileURLWithPath: Self.fixture(name)))
        let complete = try Self.read(name)
        for cut in [5, 40, 120] {
            var bytes = whole
            bytes.append(
                contentsOf: Array(
                    #"{"type":"assistant","uuid":"late","message":{"role":"assistant","content":[{"type":"text","text":"unfinished"#
                        .utf8
                ).prefix(cut))
            let transcript = try ConversationReader().read(bytes, file: name)
            #expect(transcript.messages == complete.messages, "\(name) cut at \(cut)")
            #expect(
                transcript.notices.count == 1 && transcript.notices[0].contains("cut short"), "\(transcript.notices)")
        }
    }

    /// A malformed line anywhere else is an error naming its line and column.
    @Test(arguments: ["claude-code.jsonl", "codex.jsonl"])
    func aMalformedLineIsNamed(_ name: String) throws {
        let whole = try String(contentsOf: URL(fileURLWithPath: Self.fixture(name)), encoding: .utf8)
        var lines = whole.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines[3] = String(lines[3].prefix(30)) + "\u{1}" + lines[3].dropFirst(30)
        #expect {
            _ = try ConversationReader().read(Data(lines.joined(separator: "\n").utf8), file: name)
        } throws: { error in
            guard let error = error as? TranscriptError else { return false }
            return error.file == name && error.line == 4 && error.column > 1
        }
    }

    /// What a log holds — a file's contents, a command's output, a prompt — is as untrusted as a
    /// model's words: escape sequences other than colours never pass, markup is escaped.
    @Test func escapesAndMarkupInALogAreNeutralised() throws {
        let hostile = "\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}[2J\u{1B}[31mred\u{1B}[0m <script>alert(1)</script> \u{9B}6n"
        func json(_ text: String) -> String { String(decoding: try! JSONEncoder().encode(text), as: UTF8.self) }
        let log = [
            #"{"type":"user","uuid":"u","parentUuid":null,"sessionId":"s","message":{"role":"user","content":\#(json("Run " + hostile))}}"#,
            #"{"type":"assistant","uuid":"a","parentUuid":"u","sessionId":"s","message":{"id":"m","role":"assistant","content":[{"type":"tool_use","id":"t","name":"Bash","input":{"command":\#(json("cat " + hostile))}}]}}"#,
            #"{"type":"user","uuid":"r","parentUuid":"a","sessionId":"s","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"t","content":\#(json(hostile))}]}}"#,
            #"{"type":"assistant","uuid":"b","parentUuid":"r","sessionId":"s","message":{"id":"m2","role":"assistant","content":[{"type":"tool_use","id":"e","name":"Edit","input":{"file_path":\#(json("<img src=x onerror=alert(1)>.swift")),"old_string":\#(json(hostile)),"new_string":"x"}}]}}"#,
        ].joined(separator: "\n")
        let transcript = try ConversationReader().read(Data(log.utf8), file: "hostile.jsonl")
        let shown = Self.show(transcript)
        for output in [shown.terminal, shown.plain, shown.markdown] {
            #expect(
                TerminalOutput.foreignSequences(in: output).isEmpty, "\(TerminalOutput.foreignSequences(in: output))")
        }
        #expect(!shown.plain.contains("\u{1B}"))
        #expect(shown.terminal.contains("red"))
        #expect(HTMLSafety.problems(in: shown.html).isEmpty, "\(HTMLSafety.problems(in: shown.html))")
        #expect(!shown.html.contains("<script>") && !shown.html.contains("<img src=x"))
    }
}
