import Teletype

/// Writes a conversation back as a readable Markdown document: a heading per message, reasoning as a
/// quote, tool calls and attachments as lists, answers as written. Control characters are made
/// visible, as in every text output.
public struct ConversationMarkdownWriter: Sendable {
    /// The words it writes (its styles play no part in Markdown).
    public var appearance: AIAppearance
    /// What the document shows besides the messages, such as open reasoning.
    public var state: ConversationViewState

    /// Makes a writer; English words and a recorded conversation's state by default.
    public init(appearance: AIAppearance = .plain, state: ConversationViewState = ConversationViewState()) {
        self.appearance = appearance
        self.state = state
    }

    /// The whole conversation, as much of it as `state.detail` shows.
    public func write(_ messages: [any AIMessage]) -> String {
        var out = ""
        let shown = state.detail == .prompts ? messages.filter(\.role.isUser) : messages
        for (index, message) in shown.enumerated() {
            if index > 0 { out += message.role.isUser ? "\n---\n\n" : "\n" }
            out += write(message)
        }
        return TerminalSafeText.sanitize(out)
    }

    /// A tool call's body as Markdown: a command and its output, a diff, a checklist.
    static func body(_ body: ToolCallBody) -> String {
        func fenced(_ text: String, _ language: String) -> String {
            let fence = String(repeating: "`", count: max(3, text.longestRun(of: "`") + 1))
            return "\n  " + fence + language + "\n  " + text.replacingNewlines(with: "\n  ") + "\n  " + fence + "\n"
        }
        switch body {
        case .shell(let command, let output, let exitCode):
            var text = "$ " + command
            if let output, !output.isEmpty {
                let plain = output.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                    SGRText.spans(String(line)).map(\.text).joined()
                }
                text += "\n" + plain.joined(separator: "\n").trimmingTrailingNewlines()
            }
            if let exitCode, exitCode != 0 { text += "\n(exit \(exitCode))" }
            return fenced(text, "console")
        case .fileEdit(let changes):
            return changes.map { change in
                let lines = change.lines.map { line -> String in
                    switch line.kind {
                    case .added: "+" + line.text
                    case .removed: "-" + line.text
                    case .context: " " + line.text
                    case .hunk: line.text.isEmpty ? "@@" : line.text
                    }
                }
                return (changes.count > 1 ? "\n  " + change.path + ":\n" : "")
                    + fenced(lines.joined(separator: "\n"), "diff")
            }.joined()
        case .checklist(let items):
            return "\n"
                + items.map {
                    "  - [\($0.state == .done ? "x" : " ")] " + $0.text
                        + ($0.state == .active ? " *(in progress)*" : "")
                }
                .joined(separator: "\n") + "\n"
        case .web:
            return ""
        }
    }

    /// One message.
    public func write(_ message: any AIMessage) -> String {
        var out = ""
        if let branch = message.branchPoint {
            out +=
                "*↺ " + MarkdownEscaping.text(ConversationLayout.branchLabel(branch, appearance: appearance)) + "*\n\n"
        }
        if message.role == .turnEnd { return out + "*" + MarkdownEscaping.text(message.text) + "*\n" }
        if message.role == .compaction {
            return out + "---\n\n*" + appearance.string("message.compacted") + "*\n\n> "
                + message.text.replacingNewlines(with: "\n> ") + "\n\n---\n"
        }
        if message.role == .system {
            return out + "> **System:** " + message.text.replacingNewlines(with: "\n> ") + "\n"
        }
        let who =
            message.role.isUser
            ? appearance.string("conversation.you")
            : message.role == .assistant
                ? appearance.string("conversation.assistant") : message.role.rawValue.capitalized
        out += "### \(who)\n\n"
        if message.role.isUser, let time = message.createdAt { out += "*" + CalendarTime(time).dateAndClock + "*\n\n" }
        // Pieces of text between the steps, where the agent wrote them.
        let pieces = AITextRun.pieces(of: message.text, runs: message.textRuns)
        var nextPiece = 0
        func piecesBefore(part index: Int) {
            guard let pieces else { return }
            while nextPiece < pieces.count, pieces[nextPiece].afterParts <= index {
                if !out.hasSuffix("\n\n") { out += "\n" }
                out += pieces[nextPiece].text + (pieces[nextPiece].text.hasSuffix("\n") ? "\n" : "\n\n")
                nextPiece += 1
            }
        }
        for (index, part) in message.parts.enumerated() {
            piecesBefore(part: index)
            switch part {
            case .reasoning(let reasoning):
                var view = ConversationViews.reasoning(
                    reasoning, fullText: message.reasoningText(for: reasoning), state: state, appearance: appearance)
                if state.detail == .focused { view.isOpen = false }
                out += "> **\(view.title)**" + (view.summary.map { " — \($0)" } ?? "") + "\n"
                if view.isOpen, let text = view.text, !text.isEmpty {
                    out += ">\n> " + text.replacingNewlines(with: "\n> ") + "\n"
                }
                out += "\n"
            case .toolCall(let call):
                var view = ConversationViews.toolCall(call, state: state, appearance: appearance)
                let folded = state.detail == .focused
                if folded, case .toolCall(let shown) = ConversationDetail.folded(.toolCall(view)) { view = shown }
                out +=
                    "- \(view.icon) **\(view.title)**" + (view.statusLabel.isEmpty ? "" : " · \(view.statusLabel)")
                    + (view.duration.map { " · \($0)" } ?? "")
                if let note = view.note { out += " · " + note }
                if let summary = view.summary { out += " — " + summary.replacingNewlines(with: "\n  ") }
                out += "\n"
                if let body = view.body { out += Self.body(body) }
                if let subagent = call.subagent, !folded {
                    // The agent the call started: its conversation, quoted under the call.
                    var nested = self
                    nested.state.actions = []
                    let text = nested.write(subagent.messages)
                    out += "\n  > " + text.trimmingTrailingNewlines().replacingNewlines(with: "\n  > ") + "\n"
                }
                for detail in view.details {
                    // A fence longer than any run of backticks in the text, so the text cannot end it.
                    let fence = String(repeating: "`", count: max(3, detail.text.longestRun(of: "`") + 1))
                    out +=
                        "\n  \(detail.label):\n\n  \(fence)\(detail.language ?? "")\n  "
                        + detail.text.replacingNewlines(with: "\n  ") + "\n  \(fence)\n"
                }
                if call.status == .awaitingApproval, let approval = call.approval {
                    out += "  - " + (approval.title ?? appearance.string("tool_approval.title", call.title))
                    out += " [\(approval.allowTitle)] [\(approval.declineTitle)]\n"
                }
            case .refusal, .source:
                continue  // after the answer
            case .unsupported:
                out += "- \(appearance.icons.unsupported) \(appearance.string("ai_part.unsupported"))\n"
            }
        }
        piecesBefore(part: Int.max)
        if !out.hasSuffix("\n\n") { out += "\n" }
        if pieces == nil, !message.text.isEmpty {
            // What a person typed shows as typed (its spaces, its line breaks, its `*`), as the
            // terminal and the page show it; a reply is Markdown.
            let text = message.role.isUser ? MarkdownEscaping.literal(message.text) : message.text
            out += text + (text.hasSuffix("\n") ? "" : "\n")
        }
        for case .refusal(let refusal) in message.parts {
            let text = refusal.text.flatMap { $0.isEmpty ? nil : $0 } ?? appearance.string("message.refusal")
            if !out.hasSuffix("\n\n") { out += "\n" }
            out += "> \(appearance.icons.refusal) " + text.replacingNewlines(with: "\n> ") + "\n"
        }
        let sources = message.parts.compactMap { part -> AISourcePart? in
            if case .source(let source) = part { return source }
            return nil
        }
        let sourcesText = ConversationViews.sourcesMarkdown(sources, appearance)
        if !sourcesText.isEmpty { out += "\n" + sourcesText }
        if !message.isGenerating, !message.role.isUser, message.text.isEmpty, message.parts.isEmpty,
            message.attachments.isEmpty, message.uiDocument == nil
        {
            // Silence is never the output.
            out += "*" + appearance.string("message.empty") + "*\n"
        }
        if !message.attachments.isEmpty {
            if !message.text.isEmpty { out += "\n" }
            for attachment in message.attachments {
                let view = ConversationViews.attachment(
                    attachment, isFromUser: message.role.isUser, appearance: appearance)
                let name = view.name.replacing("]", with: "\\]")
                if let url = view.url, !url.lowercased().hasPrefix("data:") {
                    out += "- \(view.icon) [\(name)](<\(url)>) · \(view.details)\n"
                } else {
                    out += "- \(view.icon) \(name) · \(view.details)\n"
                }
            }
        }
        if let rating = state.ratings[message.id] ?? message.rating {
            out +=
                "\n*"
                + appearance.string(
                    rating == .positive ? "message_actions.rated_positive" : "message_actions.rated_negative") + "*\n"
        }
        return out
    }
}

extension String {
    func replacingNewlines(with replacement: String) -> String {
        split(separator: "\n", omittingEmptySubsequences: false).joined(separator: replacement)
    }

    /// The text without the line endings at its end.
    func trimmingTrailingNewlines() -> String {
        var text = self
        while text.last == "\n" { text.removeLast() }
        return text
    }
}

extension String {
    /// The length of the longest run of `character` in the text.
    fileprivate func longestRun(of character: Character) -> Int {
        var longest = 0
        var run = 0
        for each in self {
            run = each == character ? run + 1 : 0
            longest = Swift.max(longest, run)
        }
        return longest
    }
}
