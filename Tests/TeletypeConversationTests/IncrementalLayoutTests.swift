import Teletype
import TeletypeANSI
import TeletypeLayout
import Testing

/// An update of one message lays out and draws one row again, whatever the conversation's length,
/// and gives the same lines as laying everything out afresh.
@Suite struct IncrementalLayoutTests {
    static func conversation(_ count: Int) -> [Message] {
        (0..<count).map { index in
            index % 2 == 0
                ? Message(id: "q\(index)", role: .user, text: "Question \(index)?")
                : Message(id: "a\(index)", role: .assistant, text: "Answer **\(index)** with `code`.")
        }
    }

    @Test func oneMessageChangedIsOneRowLaidOut() {
        var messages = Self.conversation(200)
        let layout = ConversationLayout()
        var rows = ConversationRowCache()
        var lines = ConversationLineCache(renderer: ConversationTerminalRenderer(width: 60, capabilities: .full))
        _ = lines.lines(rows.rows(for: messages, layout: layout))
        #expect(rows.layouts == 200)
        #expect(lines.renders == 200)
        // The latest reply streams a little more text.
        messages[199].text += " More text."
        let updated = lines.lines(rows.rows(for: messages, layout: layout))
        #expect(rows.layouts == 201)
        #expect(lines.renders == 201)
        let fresh = ConversationTerminalRenderer(width: 60, capabilities: .full)
            .lines(layout.rows(for: messages))
        #expect(updated == fresh)
    }

    @Test func aNewLatestReplyRedrawsTheOldOne() {
        var messages = Self.conversation(10)
        let layout = ConversationLayout()
        var rows = ConversationRowCache()
        _ = rows.rows(for: messages, layout: layout)
        messages.append(Message(id: "q10", role: .user, text: "And?"))
        messages.append(Message(id: "a11", role: .assistant, text: "Yes."))
        let updated = rows.rows(for: messages, layout: layout)
        // The new question, the new reply, and the reply that loses its regenerate action.
        #expect(rows.layouts == 13)
        #expect(updated == layout.rows(for: messages))
    }
}

/// A reply being written is parsed from where the last update left off, and once finished its row is
/// the one-shot layout.
@Suite struct StreamingRowTests {
    @Test func streamingReplyEndsAsTheOneShotRow() {
        let answer = (1...30).map { "Paragraph \($0) with **bold** text.\n\n- item\n- item\n" }.joined(separator: "\n")
        var messages: [Message] = [
            Message(id: "q", role: .user, text: "Tell me"),
            Message(id: "a", role: .assistant, text: "", isGenerating: true),
        ]
        let layout = ConversationLayout()
        var cache = ConversationRowCache()
        let bytes = Array(answer.utf8)
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + 17)
            messages[1].text = String(decoding: bytes[..<end], as: UTF8.self)
            let rows = cache.rows(for: messages, layout: layout)
            #expect(!rows.isEmpty)
            offset = end
        }
        messages[1].isGenerating = false
        #expect(cache.rows(for: messages, layout: layout) == layout.rows(for: messages))
    }

    /// While a reply is written, its row is drawn again on each update, but only its open Markdown
    /// blocks are: the settled ones keep their lines. The lines equal a fresh drawing every time.
    @Test(arguments: [24, 80])
    func streamingRowDrawsOnlyItsOpenBlocksAgain(_ width: Int) {
        let answer = (1...40).map {
            "## Part \($0)\n\nParagraph \($0) with **bold** and `code` text.\n\n- item\n- item\n"
        }
        .joined(separator: "\n")
        var messages: [Message] = [
            Message(id: "q", role: .user, text: "Tell me"),
            Message(id: "a", role: .assistant, text: "", isGenerating: true),
        ]
        let layout = ConversationLayout()
        var cache = ConversationRowCache()
        let renderer = ConversationTerminalRenderer(width: width, capabilities: .full)
        var lines = ConversationLineCache(renderer: renderer)
        let bytes = Array(answer.utf8)
        var offset = 0
        var updates = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + 11)
            messages[1].text = String(decoding: bytes[..<end], as: UTF8.self)
            let rows = cache.rows(for: messages, layout: layout)
            let drawnBefore = lines.markdownBlocksDrawn
            let shown = lines.lines(rows)
            // At most the open tail (a heading, a paragraph and a list) and what just settled.
            #expect(lines.markdownBlocksDrawn - drawnBefore <= 4)
            #expect(shown == renderer.lines(rows), "after \(end) bytes")
            offset = end
            updates += 1
        }
        // Drawing every block on every update would have drawn thousands.
        #expect(lines.markdownBlocksDrawn < updates * 3)
        messages[1].isGenerating = false
        let rows = cache.rows(for: messages, layout: layout)
        #expect(lines.lines(rows) == renderer.lines(layout.rows(for: messages)))
    }

    @Test func healedTailShowsWhileStreaming() {
        var cache = ConversationRowCache()
        let messages = [Message(id: "a", role: .assistant, text: "Some **bold te", isGenerating: true)]
        let rows = cache.rows(for: messages, layout: ConversationLayout())
        guard case .markdown(let document)? = rows.first?.blocks.first,
            case .paragraph(let paragraph)? = document.blocks.first
        else {
            Issue.record("no answer")
            return
        }
        #expect(paragraph.inlines == [.text("Some "), .strong([.text("bold te")])])
    }
}
