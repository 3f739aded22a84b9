import Teletype
import TeletypeANSI
import TeletypeHTML
import TeletypeLayout
import TeletypeMarkdown
import TeletypeTestSupport
import Testing

/// How a record of a conversation is drawn: what a person typed keeps its spaces and line breaks
/// everywhere, nothing offers buttons that nothing can press, a plan says its progress only, a
/// badge keeps its link, a long diff line breaks between words with its colour across the line.
@Suite struct RecordDrawingTests {
    static let typed = "Why does this fail?\n\ndef f(x):\n    if x:\n\treturn x\n        # deep\nend"
    static let messages: [any AIMessage] = [
        Message(id: "u", role: .user, text: typed), Message(id: "a", role: .assistant, text: "Indent the return."),
    ]

    static func terminal(_ messages: [any AIMessage], state: ConversationViewState, width: Int = 80) -> String {
        let rows = ConversationLayout(appearance: .dark).rows(for: messages, state: state)
        return ConversationTerminalRenderer(width: width, capabilities: .plain, appearance: .dark).render(rows)
    }

    /// Each typed line's leading spaces (a tab to the next multiple of four), in the terminal, in
    /// Markdown and on the page.
    @Test(arguments: [40, 80])
    func whatAPersonTypedKeepsItsIndentation(_ width: Int) throws {
        let text = Self.terminal(Self.messages, state: ConversationViewState(isRecorded: true), width: width)
        let lines = text.split(separator: "\n").map(String.init)
        func column(of needle: String) -> Int? {
            lines.first { $0.contains(needle) }.map {
                $0.distance(from: $0.startIndex, to: $0.firstRange(of: needle)!.lowerBound)
            }
        }
        let def = try #require(column(of: "def f(x):"))
        #expect(column(of: "if x:") == def + 4, "\(text)")
        #expect(column(of: "return x") == def + 4, "\(text)")
        #expect(column(of: "# deep") == def + 8, "\(text)")
        #expect(column(of: "end") == def, "\(text)")
        // Markdown that shows it as typed: rendered, the no-break spaces are still there.
        let markdown = ConversationMarkdownWriter(appearance: .dark, state: ConversationViewState(isRecorded: true))
            .write(Self.messages)
        let html = MarkdownHTMLRenderer().render(markdown: markdown)
        #expect(html.contains("def f(x):<br />\n\u{A0}\u{A0}\u{A0}\u{A0}if x:"), "\(html)")
        // The page keeps spaces (white-space: pre-wrap) and line breaks.
        let page = ConversationHTMLRenderer(appearance: .light).render(
            ConversationLayout(appearance: .light).rows(for: Self.messages))
        #expect(page.contains("def f(x):<br>    if x:"), "\(page)")
        #expect(
            HTMLPage(title: "t").header.contains(".tt-bubble {") && HTMLPage(title: "t").header.contains("pre-wrap"))
    }

    /// A record (a file rendered, a page) shows no reply actions; a live view does.
    @Test func aRecordOffersNoButtons() {
        let record = Self.terminal(Self.messages, state: ConversationViewState(isRecorded: true))
        #expect(!record.contains("Copy") && !record.contains("Regenerate"), "\(record)")
        let live = Self.terminal(Self.messages, state: ConversationViewState())
        #expect(live.contains("Copy") && live.contains("Regenerate"), "\(live)")
    }

    /// A plan shows its progress, not the status of the call that wrote it; the item in progress
    /// has a marker that does not look like a disclosure triangle.
    @Test func aPlanShowsItsProgressOnly() {
        let todos: JSONValue = [
            "todos": [
                ["content": "Write it", "status": "completed"], ["content": "Test it", "status": "in_progress"],
                ["content": "Ship it", "status": "pending"], ["content": "Tell them", "status": "pending"],
            ]
        ]
        let plan = Message(
            id: "p", role: .assistant, text: "",
            parts: [.toolCall(AIToolCallPart(id: "t", name: "TodoWrite", status: .completed, arguments: todos))])
        let text = Self.terminal([plan], state: ConversationViewState(isRecorded: true))
        #expect(text.contains("Plan · 1 of 4 done\n"), "\(text)")
        #expect(!text.contains("Done\n") && !text.contains("✓"), "\(text)")
        let html = ConversationHTMLRenderer(appearance: .light).render(
            ConversationLayout(appearance: .light).rows(for: [plan], state: ConversationViewState(isRecorded: true)))
        #expect(!html.contains("tt-status") && !html.contains("▸"), "\(html)")
    }

    /// A failed edit says its error once (the card's summary), not again under it.
    @Test func aFailedEditSaysItsErrorOnce() {
        var call = AIToolCallPart(
            id: "e", name: "Edit", status: .failed,
            arguments: ["file_path": "/a.swift", "old_string": "a", "new_string": "b"])
        call.errorText = "String to replace not found in file."
        let message = Message(id: "e", role: .assistant, text: "", parts: [.toolCall(call)])
        let state = ConversationViewState(expandToolCalls: true, isRecorded: true)
        let text = Self.terminal([message], state: state)
        #expect(text.components(separatedBy: "String to replace not found").count == 2, "\(text)")
        let markdown = ConversationMarkdownWriter(appearance: .dark, state: state).write([message])
        #expect(markdown.components(separatedBy: "String to replace not found").count == 2, "\(markdown)")
    }

    /// A badge (`[![CI](badge.svg)](run)`) is its link: the terminal names the link's address,
    /// and HTML keeps one link (a link inside a link is none).
    @Test func aLinkedImageKeepsItsLink() {
        let markdown =
            "[![CI](https://ci.example/badge.svg)](https://ci.example/run) and ![plain](https://x.example/p.png)"
        let plain = TerminalRenderer(width: 120, capabilities: .plain).render(markdown: markdown)
        #expect(plain.contains("[image: CI] (https://ci.example/run)"), "\(plain)")
        #expect(!plain.contains("badge.svg"), "\(plain)")
        #expect(plain.contains("[image: plain] (https://x.example/p.png)"), "\(plain)")
        var capabilities = TerminalCapabilities.full
        capabilities.hyperlinks = true
        let linked = TerminalRenderer(width: 80, capabilities: capabilities).render(markdown: markdown)
        #expect(linked.contains("\u{1B}]8;;https://ci.example/run\u{1B}\\"), "\(linked)")
        let html = MarkdownHTMLRenderer().render(markdown: markdown)
        #expect(html.contains("<a href=\"https://ci.example/run\""), "\(html)")
        #expect(html.components(separatedBy: "<a ").count == 3, "\(html)")  // the badge's link and the image's
        #expect(!html.contains("</a></a>"), "\(html)")
    }

    /// A diff line longer than the width breaks after a word, and an added or removed line's
    /// background runs across the whole width.
    @Test func aLongDiffLineBreaksBetweenWords() {
        let long = "let message = \"This is a considerably longer line of code that goes past the width\""
        let edit = Message(
            id: "d", role: .assistant, text: "",
            parts: [
                .toolCall(
                    AIToolCallPart(
                        id: "t", name: "Edit", status: .completed,
                        arguments: [
                            "file_path": "/a.swift", "old_string": "let message = 1", "new_string": .string(long),
                        ]))
            ])
        let width = 50
        let text = Self.terminal([edit], state: ConversationViewState(isRecorded: true), width: width)
        let lines = text.split(separator: "\n").map(String.init)
        let added = lines.firstIndex { $0.contains("+ let message") }
        #expect(added != nil, "\(text)")
        if let added {
            // The first piece ends at a space, the next starts with a whole word.
            #expect(lines[added].hasSuffix(" ") || lines[added].hasSuffix("of"), "\(text)")
            let next = lines[added + 1].drop { $0 == " " || $0 == "↪" }
            #expect(long.contains(" " + next.prefix(4)), "\(lines[added + 1])")
        }
        var capabilities = TerminalCapabilities.full
        capabilities.hyperlinks = false
        let rows = ConversationLayout(appearance: .dark).rows(
            for: [edit], state: ConversationViewState(isRecorded: true))
        let ansi = ConversationTerminalRenderer(width: width, capabilities: capabilities, appearance: .dark).render(
            rows)
        // The dark theme's added background, #23382A, as a 24-bit SGR colour.
        let tinted = ansi.split(separator: "\n").filter { $0.contains("48;2;35;56;42") }
        #expect(tinted.count >= 2, "\(ansi)")
        for line in tinted {
            let visible = String(line).replacing(#/\u{1B}\[[0-9;]*m/#, with: "")
            #expect(visible.count == width, "\(visible.count) cells: \(visible)")
        }
    }
}
