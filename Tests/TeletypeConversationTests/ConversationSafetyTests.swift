import Teletype
import TeletypeANSI
import TeletypeHTML
import TeletypeLayout
import TeletypeTestSupport
import Testing

/// The Markdown layer's rule holds for every text a conversation shows: tool names, arguments and
/// output, code in arguments, file names and URLs, approval texts, reasoning, sources, refusals, user
/// text, roles and generated UI.
@Suite struct ConversationSafetyTests {
    static let payloads = [
        "\u{1B}]52;c;ZWNobyBwd25lZA==\u{07}", "\u{1B}]0;owned\u{07}", "\u{1B}[2J\u{1B}[H", "\u{1B}[6n", "\u{9B}1A",
        "\u{1B}P+q\u{1B}\\", "\u{1B}]8;;https://evil.example\u{1B}\\x\u{1B}]8;;\u{1B}\\", "<script>alert(1)</script>",
        "<img src=x onerror=alert(1)>", "javascript:alert(1)",
    ]

    static func messages(with payload: String) -> [Message] {
        [
            Message(
                id: "u", role: .user, text: "question \(payload)",
                attachments: [
                    AIMessageAttachment(
                        url: "https://example.com/\(payload).pdf", name: "file \(payload).pdf", size: 10),
                    AIMessageAttachment(kind: .image, url: "javascript:\(payload)", name: "img \(payload)"),
                ]),
            Message(
                id: "a", role: AIMessageRole(rawValue: "agent \(payload)"),
                text: "answer \(payload) [link](\(payload))",
                parts: [
                    .reasoning(
                        AIReasoningPart(
                            id: "r", summary: "summary \(payload)", preview: "preview \(payload)", duration: 2)),
                    .toolCall(
                        AIToolCallPart(
                            id: "t", name: "tool \(payload)", displayTitle: "title \(payload)",
                            status: .awaitingApproval,
                            arguments: ["arg": .string(payload)], summary: "summary \(payload)",
                            approval: AIToolApproval(
                                title: "approve \(payload)", message: "message \(payload)", reason: "reason \(payload)",
                                allowTitle: "allow \(payload)", declineTitle: "decline \(payload)"),
                            output: .string("output \(payload)"), errorText: "error \(payload)")),
                    .toolCall(
                        AIToolCallPart(
                            id: "c", name: "bash", status: .completed,
                            arguments: ["command": .string("ls\n\(payload)\n```\n</code></pre>\(payload)")])),
                    .source(AISourcePart(id: "s1", url: payload, title: "source \(payload)")),
                    .source(
                        AISourcePart(
                            id: "s2", url: "https://example.com/\(payload)", title: "](javascript:alert(1)) \(payload)")
                    ),
                    .refusal(AIRefusalPart(id: "x", text: "refused \(payload)", reason: "reason \(payload)")),
                ], uiDocument: AIUIDocument(format: "unknown", content: payload)),
        ]
    }

    static func rows(_ payload: String) -> [ConversationRow] {
        ConversationLayout().rows(
            for: messages(with: payload),
            state: ConversationViewState(
                footer: "footer \(payload)", suggestions: [payload], expandReasoning: true, expandToolCalls: true))
    }

    @Test(arguments: payloads.indices)
    func terminalOutputHasOnlyTeletypeSequences(_ index: Int) {
        let rows = Self.rows(Self.payloads[index])
        for width in [24, 80] {
            let plain = ConversationTerminalRenderer(width: width, capabilities: .plain).render(rows)
            #expect(
                !plain.unicodeScalars.contains {
                    ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
                })
            let ansi = ConversationTerminalRenderer(width: width, capabilities: .full).render(rows)
            for piece in TerminalOutput.pieces(ansi) {
                switch piece {
                case .text: continue
                case .control(let scalar): Issue.record("raw control U+\(String(scalar.value, radix: 16))")
                case .escape(let sequence):
                    let isSGR =
                        sequence.hasPrefix("\u{1B}[") && sequence.hasSuffix("m")
                        && sequence.dropFirst(2).dropLast().allSatisfy { $0.isNumber || $0 == ";" }
                    let isLink =
                        sequence.hasPrefix("\u{1B}]8;;") && sequence.hasSuffix("\u{1B}\\")
                        && sequence.dropFirst(5).dropLast(2).unicodeScalars.allSatisfy {
                            $0.value > 0x20 && $0.value < 0x7F
                        }
                        && (sequence.count == 7 || sequence.dropFirst(5).hasPrefix("http"))
                    #expect(isSGR || isLink, "foreign sequence \(sequence.debugDescription)")
                }
            }
        }
    }

    @Test(arguments: payloads.indices)
    func htmlEscapesEveryField(_ index: Int) {
        let html = ConversationHTMLRenderer().render(Self.rows(Self.payloads[index]))
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img src=x"))
        #expect(!html.contains("href=\"javascript:") && !html.lowercased().contains("href=\"javascript"))
        #expect(!html.contains("\u{1B}"))
    }

    @Test(arguments: payloads.indices)
    func markdownOutputHasNoControls(_ index: Int) {
        let text = ConversationMarkdownWriter().write(Self.messages(with: Self.payloads[index]))
        #expect(
            !text.unicodeScalars.contains {
                ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
            })
    }
}
