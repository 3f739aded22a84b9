import Teletype
import TeletypeANSI
import TeletypeHTML
import TeletypeLayout
import TeletypeMarkdown
import Testing

/// A factory that shows attachments of kind `location` its own way, and the default for the rest.
struct LocationFactory: AIConversationViewFactory {
    func makeAttachmentView(options: AIMessageAttachmentViewOptions, appearance: AIAppearance) -> [ConversationBlock] {
        guard options.attachment.kind == "location" else {
            return defaultAttachmentView(options: options, appearance: appearance)
        }
        let place = options.attachment.extraData["name"]?.string ?? "A place"
        return [
            .custom(
                CustomView(
                    blocks: [.paragraph([Span(text: "📍 " + place)])],
                    html: "<p class=\"location\">📍 \(HTMLText.escape(place))</p>",
                    markdown: "📍 \(place)"))
        ]
    }
}

/// A generated-UI renderer for the `test-ui` format: shows the document's content as a heading.
struct TestUIRenderer: AIUIRenderer {
    let format = "test-ui"
    func blocks(for document: AIUIDocument) -> [LayoutBlock]? {
        [.heading(level: 2, [Span(text: "UI: " + document.content)])]
    }
    func html(for document: AIUIDocument) -> String? {
        "<section class=\"test-ui\">\(HTMLText.escape(document.content))</section>"
    }
}

@Suite struct ViewFactoryTests {
    let messages: [Message] = [
        Message(
            id: "u", role: .user, text: "Where am I?",
            attachments: [
                AIMessageAttachment(kind: "location", extraData: JSONObject([("name", "Lisbon")])),
                .file("https://example.com/a.pdf", name: "a.pdf", size: 2_400_000),
            ]),
        Message(
            id: "a", role: .assistant, text: "Fallback text",
            uiDocument: AIUIDocument(format: "test-ui", content: "Trip plan")),
        Message(
            id: "b", role: .assistant, text: "Only text",
            uiDocument: AIUIDocument(format: "nobody-reads-this", content: "x")),
    ]

    @Test func overridingOneSlotKeepsTheOthers() {
        let rows = ConversationLayout(factory: LocationFactory()).rows(for: messages)
        let plain = ConversationTerminalRenderer(width: 60, capabilities: .plain).render(rows)
        #expect(plain.contains("📍 Lisbon"))
        #expect(plain.contains("a.pdf · PDF · 2.4 MB"))
        let html = ConversationHTMLRenderer().render(rows)
        #expect(html.contains("<p class=\"location\">📍 Lisbon</p>"))
        // Without the factory, the unknown kind shows as a file.
        let defaults = ConversationTerminalRenderer(width: 60, capabilities: .plain)
            .render(ConversationLayout().rows(for: messages))
        #expect(defaults.contains("▤ location · Location"))
    }

    @Test func generatedUIShowsInPlaceOfTextWhenARendererReadsIt() {
        let host = AIUIHost(renderers: [TestUIRenderer()])
        let rows = ConversationLayout(ui: host).rows(for: messages)
        let plain = ConversationTerminalRenderer(width: 60, capabilities: .plain).render(rows)
        #expect(plain.contains("## UI: Trip plan"))
        #expect(!plain.contains("Fallback text"))
        #expect(plain.contains("Only text"))
        #expect(ConversationHTMLRenderer().render(rows).contains("<section class=\"test-ui\">Trip plan</section>"))
        let withoutHost = ConversationTerminalRenderer(width: 60, capabilities: .plain)
            .render(ConversationLayout().rows(for: messages))
        #expect(withoutHost.contains("Fallback text"))
    }

    @Test func localizationProviderReplacesTexts() {
        var appearance = AIAppearance.plain
        appearance.localizationProvider = AILocalization { key in
            ["message_actions.copy": "Copier", "reasoning.title.thought_for": "Réfléchi %@"][key]
        }
        let message = Message(
            id: "a", role: .assistant, text: "Bonjour",
            parts: [.reasoning(AIReasoningPart(id: "r", duration: 3))])
        let plain = ConversationTerminalRenderer(width: 60, capabilities: .plain, appearance: appearance)
            .render(ConversationLayout(appearance: appearance).rows(for: [message]))
        #expect(plain.contains("Réfléchi 3s"))
        #expect(plain.contains("Copier"))
    }

    @Test func actionsFollowTheActionSetAndTheLatestReply() {
        let conversation: [Message] = [
            Message(id: "u1", role: .user, text: "a"),
            Message(id: "a1", role: .assistant, text: "first", rating: .negative),
            Message(id: "u2", role: .user, text: "b"), Message(id: "a2", role: .assistant, text: "second"),
        ]
        let rows = ConversationLayout(appearance: .plain).rows(
            for: conversation, state: ConversationViewState(ratings: ["a1": .positive]))
        let keys = rows.map { row in
            row.blocks.compactMap { block -> [String]? in
                if case .actions(let actions) = block { return actions.map { $0.key + ($0.isSelected ? "*" : "") } }
                return nil
            }.first ?? []
        }
        #expect(keys[1] == ["copy", "share", "rate-positive*", "rate-negative"])
        #expect(keys[3] == ["copy", "share", "rate-positive", "rate-negative", "regenerate"])
        let none = ConversationLayout().rows(for: conversation, state: ConversationViewState(actions: []))
        #expect(
            none[1].blocks.contains {
                if case .actions(let actions) = $0 { actions.map(\.key) == ["rate-negative"] } else { false }
            })
    }

    @Test func aReplyThatShowsNothingYetIsThinking() {
        let conversation: [Message] = [
            Message(id: "u", role: .user, text: "hi"), Message(id: "a", role: .assistant, text: "", isGenerating: true),
        ]
        let rows = ConversationLayout().rows(for: conversation, state: ConversationViewState(thinkingElapsed: 7))
        #expect(rows.map(\.id) == ["u", "thinking"])
        #expect(rows.last?.blocks == [.thinking("Thinking… 7s")])
    }

    @Test(arguments: [
        (0.04, "0.1s"), (0.4, "0.4s"), (0.96, "1s"), (3.2, "3s"), (125, "2m"), (7200, "2h"),
        // Durations a hostile or broken log may hold: drawn, never a crash.
        (1e300, "9223372036854775807h"), (-.infinity, "0.1s"), (.nan, "0h"),
    ])
    func toolDurations(_ seconds: Double, _ text: String) {
        #expect(DisplayFormatting.toolDuration(seconds) == text)
    }

    @Test(arguments: [
        (0.2, "1s"), (8.2, "8s"), (125, "2m 5s"), (120, "2m"), (1e300, "153722867280912930m 7s"), (.nan, "1s"),
    ])
    func thoughtDurations(_ seconds: Double, _ text: String) {
        #expect(DisplayFormatting.thoughtDuration(seconds) == text)
    }

    @Test(arguments: [
        (0, "0 bytes"), (1, "1 byte"), (999, "999 bytes"), (1536, "1.5 kB"), (2_400_000, "2.4 MB"),
        (1_000_000_000, "1 GB"),
    ])
    func sizes(_ bytes: Int, _ text: String) {
        #expect(DisplayFormatting.size(bytes) == text)
    }
}
