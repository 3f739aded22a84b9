import Foundation
import TeletypeANSI
import TeletypeSessions
import TeletypeTestSupport
import Testing

@testable import TeletypeCommandLine

/// `teletype browse`'s screen without a terminal: keys in, screens out. The list over a home's
/// index, filtered and searched; the reader, laid out only as far as it is shown, scrolling,
/// finding, folding, exporting, copying and following; every size from 40×10.
@Suite(.serialized) struct BrowseScreenTests {
    /// A home of sessions (Claude Code, Codex, Gemini CLI) and its index, made.
    static func indexedHome() throws -> (home: URL, index: SearchIndex) {
        let home = try AgentSessionCommandTests.home()
        let index = try SearchIndex(path: home.appendingPathComponent("index.sqlite").path)
        _ = try index.update(SearchIndex.homeSources(environment: ["HOME": home.path]), roots: [""])
        return (home, index)
    }

    static func screen(_ index: SearchIndex, width: Int = 80, height: Int = 24, folder: String = "/tmp") throws
        -> BrowseScreen
    {
        BrowseScreen(
            index: index, roots: [""], conversations: try index.conversations(), width: width, height: height,
            capabilities: .plain, appearance: .dark, exportFolder: folder, now: Date().timeIntervalSince1970)
    }

    /// A transcript of `count` exchanges, a word of its own in each: `marker-N`.
    static func longTranscript(_ count: Int) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("long-\(UUID()).jsonl")
        var text = ""
        for number in 1...count {
            text +=
                #"{"id": "q\#(number)", "role": "user", "text": "Question \#(number): what about marker-\#(number)?"}"#
            text += "\n"
            text +=
                #"{"id": "r\#(number)", "role": "assistant", "text": "An answer to \#(number), in a paragraph long enough to wrap on a narrow screen and take a few lines."}"#
            text += "\n"
        }
        try Data(text.utf8).write(to: file)
        return file
    }

    static func text(_ rows: [String]) -> String { rows.joined(separator: "\n") }

    static func type(_ text: String, into screen: inout BrowseScreen) {
        for character in text { _ = screen.handle(.character(character)) }
    }

    /// What `/` marks in a line: whole characters whose lowercase spells the search's, as byte
    /// ranges of the line, one after another (the reader finds its lines by `lowercased()` too).
    @Test(arguments: [
        ("Hello hello HELLO", "hello", [0..<5, 6..<11, 12..<17]), ("ÉCOLE école", "école", [0..<6, 7..<13]),
        ("a😀b😀b", "😀B", [1..<6, 6..<11]), ("aaaa", "aa", [0..<2, 2..<4]), ("cafe\u{301}", "cafe", []),
        ("nothing here", "zebra", []), ("", "x", []), ("x", "", []),
    ])
    func searchedWordsAreMarkedInAnyCase(_ example: (line: String, text: String, ranges: [Range<Int>])) {
        #expect(MatchHighlight.matches(of: example.text, in: example.line) == example.ranges)
    }

    /// A pager named with spaces around it is still the one named; `cat` or only spaces is none.
    @Test func thePagerAskedForIsReadWithoutItsSpaces() {
        #expect(Pager.isMissing(["TELETYPE_PAGER": "  teletype-no-such-pager  "]))
        #expect(!Pager.isMissing(["TELETYPE_PAGER": "  cat \t"]))
        #expect(!Pager.isMissing(["PAGER": "   "]))
        #expect(!Pager.isMissing(["TELETYPE_PAGER": " sh ", "PATH": "/bin:/usr/bin"]))
    }

    @Test func theListNarrowsAsTypedAndEnterSearchesWhatWasSaid() throws {
        let (home, index) = try Self.indexedHome()
        defer { try? FileManager.default.removeItem(at: home) }
        var screen = try Self.screen(index)
        let first = Self.text(screen.rows())
        #expect(first.contains("3 conversations"), "\(first)")
        #expect(first.contains("Add a greeting to the app"), "\(first)")
        // The newest first: the Codex rollout, then Gemini CLI, then Claude Code.
        let agents = screen.list.entries.compactMap { entry -> String? in
            if case .conversation(let conversation) = entry { return conversation.agent }
            return nil
        }
        #expect(agents == ["Codex", "Gemini CLI", "Claude Code"])
        Self.type("greeter", into: &screen)
        let narrowed = Self.text(screen.rows())
        #expect(narrowed.contains("Filter: greeter") && narrowed.contains("shown"), "\(narrowed)")
        #expect(
            screen.list.entries.allSatisfy { entry in
                if case .conversation(let conversation) = entry {
                    return conversation.project?.contains("greeter") == true
                }
                return false
            })
        // Enter searches what was said (words as prefixes): the hits, each with its snippet.
        for _ in 0..<7 { _ = screen.handle(.backspace) }
        Self.type("greet", into: &screen)
        _ = screen.handle(.enter)
        #expect(screen.list.showsHits && !screen.list.entries.isEmpty, "\(Self.text(screen.rows()))")
        let hits = Self.text(screen.rows())
        #expect(hits.contains("Search: greet") && hits.contains("say it"), "\(hits)")
        // Enter opens the hit at its message, the words highlighted.
        guard case .hit(let hit) = screen.list.selection else {
            Issue.record("no hit chosen")
            return
        }
        _ = screen.handle(.enter)
        var reader = try #require(screen.reader)
        let shown = Set(reader.screen(height: 23).map(\.item))
        #expect(hit.inTitle || shown.contains(hit.message), "message \(hit.message) in sight: \(shown)")
        #expect(reader.finding == "greet")
        #expect(Self.text(screen.rows()).lowercased().contains("greet"))
        // q goes back to the hits, Esc clears them, Esc again quits.
        _ = screen.handle(.character("q"))
        #expect(screen.reader == nil && screen.list.showsHits)
        _ = screen.handle(.escape)
        #expect(!screen.list.showsHits && screen.list.filter.isEmpty)
        #expect(screen.handle(.escape) == .quit)
    }

    @Test func aLongConversationIsLaidOutOnlyAsFarAsItIsShown() throws {
        let file = try Self.longTranscript(5_000)
        defer { try? FileManager.default.removeItem(at: file) }
        var screen = try BrowseScreen(
            source: ConversationSource(path: file.path), at: 0, width: 80, height: 24, capabilities: .plain,
            appearance: .dark, exportFolder: "/tmp", now: 0)
        #expect(Self.text(screen.rows()).contains("Question 1:"))
        #expect(try #require(screen.reader).layouts < 40, "opening lays out one screen")
        _ = screen.handle(.character("G"))
        let end = Self.text(screen.rows())
        #expect(end.contains("An answer to 5000"), "\(end)")
        #expect(try #require(screen.reader).layouts < 80, "the end lays out the last screen only")
        // / finds a word far away, and says when it went round the end.
        _ = screen.handle(.character("/"))
        Self.type("marker-2500?", into: &screen)
        _ = screen.handle(.enter)
        let found = Self.text(screen.rows())
        #expect(found.contains("marker-2500?"), "\(found)")
        #expect(found.contains("from the top"), "\(found)")
        // n/N go to the next and previous prompt once nothing is being found.
        _ = screen.handle(.escape)
        let before = try #require(screen.reader?.currentMessage)
        _ = screen.handle(.character("n"))
        let after = try #require(screen.reader?.currentMessage)
        #expect(after > before && after % 2 == 1, "message \(after) is the next prompt after \(before)")
        _ = screen.handle(.character("g"))
        #expect(screen.reader?.top.item == 1 && screen.reader?.top.line == 0, "no header: the first message")
        #expect(screen.handle(.character("q")) == .quit, "a file opened directly: q quits")
    }

    @Test func scrollingMovesByLinesScreensAndTheWheelAndStopsAtTheEnds() throws {
        let file = try Self.longTranscript(50)
        defer { try? FileManager.default.removeItem(at: file) }
        var screen = try BrowseScreen(
            source: ConversationSource(path: file.path), at: 0, width: 60, height: 12, capabilities: .plain,
            appearance: .dark, exportFolder: "/tmp", now: 0)
        let top = Self.text(screen.rows())
        _ = screen.handle(.character("k"))
        #expect(Self.text(screen.rows()) == top, "nothing above the start")
        _ = screen.handle(.character("j"))
        let one = screen.rows()
        #expect(one[0] == top.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[1])
        _ = screen.handle(.scrollDown)
        _ = screen.handle(.character(" "))
        _ = screen.handle(.character("b"))
        _ = screen.handle(.scrollUp)
        _ = screen.handle(.character("k"))
        #expect(Self.text(screen.rows()) == top)
        _ = screen.handle(.end)
        let end = Self.text(screen.rows())
        _ = screen.handle(.character("j"))
        _ = screen.handle(.pageDown)
        #expect(Self.text(screen.rows()) == end, "nothing below the end")
        #expect(end.contains("· end ·"), "\(end)")
    }

    @Test func unfoldingExportingCopyingAndTheKeys() throws {
        let (home, index) = try Self.indexedHome()
        defer { try? FileManager.default.removeItem(at: home) }
        var screen = try Self.screen(index, height: 10, folder: home.path)
        // The Claude Code session: tool calls to unfold.
        _ = screen.handle(.end)
        _ = screen.handle(.right)
        #expect(screen.reader != nil)
        var folded = 0
        var unfolded = 0
        for _ in 0..<40 {
            let before = Self.text(screen.rows()).count
            _ = screen.handle(.tab)
            let after = Self.text(screen.rows()).count
            if after != before {
                folded = before
                unfolded = after
                break
            }
            _ = screen.handle(.character("j"))
        }
        #expect(unfolded != folded, "Tab unfolds something in the session")
        _ = screen.handle(.character("e"))
        let exported = Self.text(screen.rows())
        #expect(exported.contains("exported to \(home.path)/add-a-greeting"), "\(exported)")
        let page = try String(
            contentsOfFile: home.appendingPathComponent("add-a-greeting-to-the-app.html").path, encoding: .utf8)
        #expect(page.contains("<html") && page.contains("greeting"))
        _ = screen.handle(.character("e"))
        #expect(
            FileManager.default.fileExists(atPath: home.appendingPathComponent("add-a-greeting-to-the-app-2.html").path)
        )
        _ = screen.handle(.character("g"))
        _ = screen.handle(.character("n"))
        guard case .output(let copied) = screen.handle(.character("y")) else {
            Issue.record("y copies")
            return
        }
        #expect(copied == "\u{1B}]52;c;\(Data("Add a greeting to the app".utf8).base64EncodedString())\u{07}")
        _ = screen.handle(.character("?"))
        #expect(Self.text(screen.rows()).contains("Keys of the reader"))
        _ = screen.handle(.character("x"))
        #expect(!Self.text(screen.rows()).contains("Keys of the reader"))
    }

    @Test func vShowsEverythingThenPromptsAndRepliesThenPromptsOnly() throws {
        let fixture = PackageRoot.url.appendingPathComponent("Tests/Fixtures/sessions/claude-code.jsonl").path
        var screen = try BrowseScreen(
            source: ConversationSource(path: fixture), at: 0, width: 100, height: 60, capabilities: .plain,
            appearance: .dark, exportFolder: "/tmp", now: 0)
        let everything = Self.text(screen.rows())
        #expect(everything.contains("Build complete!") && everything.contains("I'll look at the code first."))
        _ = screen.handle(.character("v"))
        let focused = Self.text(screen.rows())
        #expect(focused.contains("showing prompts and replies"), "\(focused)")
        #expect(!focused.contains("Build complete!") && focused.contains("I'll look at the code first."))
        #expect(focused.contains("Bash · $ ls src && swift build"))
        _ = screen.handle(.character("v"))
        let prompts = Self.text(screen.rows())
        #expect(prompts.contains("Add a greeting to the app") && !prompts.contains("I'll look at the code first."))
        _ = screen.handle(.character("v"))
        #expect(Self.text(screen.rows()).contains("Build complete!"), "and back to everything")
        // Opened on a view, and a message unfolded shows whole whatever the view.
        var opened = try BrowseScreen(
            source: ConversationSource(path: fixture), at: 0, width: 100, height: 10, capabilities: .plain,
            appearance: .dark, exportFolder: "/tmp", now: 0, detail: .focused)
        #expect(!Self.text(opened.rows()).contains("Build complete!"))
        var unfoldedShowsIt = false
        for _ in 0..<30 {
            _ = opened.handle(.tab)
            if Self.text(opened.rows()).contains("Build complete!") {
                unfoldedShowsIt = true
                break
            }
            _ = opened.handle(.tab)
            _ = opened.handle(.character("j"))
        }
        #expect(unfoldedShowsIt, "Tab on the command's message shows its output")
    }

    @Test func aFollowedSessionShowsWhatIsWrittenToIt() throws {
        let file = try Self.longTranscript(3)
        defer { try? FileManager.default.removeItem(at: file) }
        var screen = try BrowseScreen(
            source: ConversationSource(path: file.path), at: 0, width: 80, height: 24, capabilities: .plain,
            appearance: .dark, exportFolder: "/tmp", now: 0)
        _ = screen.handle(.character("f"))
        #expect(screen.following)
        let unchanged = screen.follow()
        #expect(!unchanged, "nothing changed yet")
        let handle = try FileHandle(forWritingTo: file)
        handle.seekToEndOfFile()
        handle.write(Data(#"{"id": "q4", "role": "user", "text": "A new question, written later"}"#.utf8 + [10]))
        try handle.close()
        let changed = screen.follow()
        #expect(changed)
        #expect(Self.text(screen.rows()).contains("A new question, written later"))
    }

    /// Every screen fits its size, from 40×10 up, the list and the reader, and below it says so.
    @Test(arguments: [(40, 10), (41, 12), (80, 24), (100, 30), (160, 50)])
    func everyScreenFitsItsSize(_ size: (Int, Int)) throws {
        let (home, index) = try Self.indexedHome()
        defer { try? FileManager.default.removeItem(at: home) }
        var screen = try Self.screen(index, width: size.0, height: size.1)
        func check(_ what: String) {
            let rows = screen.rows()
            #expect(rows.count == size.1, "\(what): \(rows.count) rows")
            for row in rows {
                #expect(CellWidth.of(BrowseScreen.visibleText(row)) <= size.0, "\(what): \(row)")
            }
        }
        check("the list")
        Self.type("greet", into: &screen)
        _ = screen.handle(.enter)
        check("the hits")
        _ = screen.handle(.enter)
        check("the reader")
        _ = screen.handle(.character("?"))
        check("the keys")
        screen.resize(width: 30, height: 8)
        #expect(screen.rows().count == 1 && screen.rows()[0].hasPrefix("teletype browse needs 40×10"))
    }

    /// Every real session of every agent in the corpus, read in the reader at the smallest size and
    /// a wide one: to the end and back a screen at a time, every frame the screen's size, a word of
    /// it found.
    @Test(
        .enabled(if: Corpus.isAvailable, Comment(rawValue: Corpus.skipMessage)),
        arguments: Array(Set(Corpus.agentSessions + Corpus.moreAgentFiles)).sorted())
    func everyRealSessionReadsAtEverySize(_ name: String) throws {
        for (width, height) in [(40, 10), (120, 40)] {
            guard
                var screen = try? BrowseScreen(
                    source: ConversationSource(path: Corpus.sessionPath(name)), at: 0, width: width, height: height,
                    capabilities: TerminalCapabilities(colorDepth: .trueColor, hyperlinks: true), appearance: .dark,
                    exportFolder: "/tmp", now: 0)
            else { return }  // not a conversation of its own (a sidecar, a store's part): render says so
            var frames = 0
            func check() {
                let rows = screen.rows()
                frames += 1
                #expect(rows.count == height, "\(name) at \(width)×\(height): \(rows.count) rows")
                for row in rows where CellWidth.of(BrowseScreen.visibleText(row)) > width {
                    Issue.record("\(name) at \(width)×\(height): a row wider than the screen: \(row)")
                }
            }
            check()
            var previous: [String] = []
            for _ in 0..<2_000 {
                _ = screen.handle(.pageDown)
                let rows = screen.rows()
                if rows == previous { break }
                previous = rows
                check()
            }
            for _ in 0..<2_000 {
                _ = screen.handle(.pageUp)
                let rows = screen.rows()
                if rows == previous { break }
                previous = rows
                check()
            }
            _ = screen.handle(.character("/"))
            for character in "the" { _ = screen.handle(.character(character)) }
            _ = screen.handle(.enter)
            check()
            _ = screen.handle(.character("n"))
            check()
            #expect(frames > 2)
        }
    }
}
