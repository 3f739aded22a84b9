import Teletype
import TeletypeMarkdown

extension AIConversationViewFactory {
    /// The default user message view: attachments, then the text in a bubble.
    public func defaultUserMessageView(options: AIUserMessageViewOptions, appearance: AIAppearance)
        -> [ConversationBlock]
    {
        var blocks: [ConversationBlock] = []
        for attachment in options.attachments {
            blocks += makeAttachmentView(
                options: AIMessageAttachmentViewOptions(attachment: attachment, isFromUser: true),
                appearance: appearance)
        }
        if !options.text.isEmpty {
            blocks.append(
                .userBubble(options.text, isPending: options.isPending, time: options.createdAt, fold: options.fold))
        }
        return blocks
    }

    /// The default reply view: steps in order, the answer (or generated UI), attachments. A reply
    /// whose text and steps were interleaved (`AIMessage.textRuns`) shows each piece of text
    /// where the agent wrote it.
    public func defaultAssistantMessageView(options: AIAssistantMessageViewOptions, appearance: AIAppearance)
        -> [ConversationBlock]
    {
        let message = options.message
        var blocks: [ConversationBlock] = []
        // Pieces of text between the steps; the last piece of a reply being written is its streamed answer.
        let pieces = message.uiDocument == nil ? AITextRun.pieces(of: message.text, runs: message.textRuns) : nil
        var nextPiece = 0
        func piecesBefore(part index: Int) {
            guard let pieces else { return }
            while nextPiece < pieces.count, pieces[nextPiece].afterParts <= index {
                let text = String(pieces[nextPiece].text)
                let isLast = nextPiece == pieces.count - 1
                if !text.isEmpty {
                    blocks.append(
                        .markdown(
                            isLast ? options.answer ?? MarkdownDocument(parsing: text) : MarkdownDocument(parsing: text)
                        ))
                }
                nextPiece += 1
            }
        }
        for (index, part) in message.parts.enumerated() {
            piecesBefore(part: index)
            switch part {
            case .reasoning(let reasoning):
                blocks.append(
                    .reasoning(
                        ConversationViews.reasoning(
                            reasoning, fullText: message.reasoningText(for: reasoning), state: options.state,
                            appearance: appearance)))
            case .toolCall(let call):
                var view = ConversationViews.toolCall(call, state: options.state, appearance: appearance)
                if let subagent = call.subagent {
                    // The agent the call started: its own conversation, laid out as any.
                    var state = ConversationViewState(
                        actions: [], expandReasoning: options.state.expandReasoning,
                        expandToolCalls: options.state.expandToolCalls, isRecorded: options.state.isRecorded)
                    state.ratings = [:]
                    let layout = ConversationLayout(appearance: appearance, factory: self, ui: options.ui)
                    view.subagent = SubagentView(
                        title: subagent.title, messageCount: subagent.messages.count,
                        rows: layout.rows(for: subagent.messages, state: state))
                    view.isOpen = view.isOpen || options.state.expandToolCalls
                }
                blocks.append(.toolCall(view))
                if call.status == .awaitingApproval, let approval = call.approval {
                    blocks += makeToolAuthorizationView(
                        options: AIToolAuthorizationViewOptions(toolCall: call, approval: approval),
                        appearance: appearance)
                }
            case .refusal, .source:
                continue  // shown after the answer: a refusal ends what the reply began to say
            case .unsupported:
                blocks.append(.unsupported(appearance.string("ai_part.unsupported")))
            }
        }
        piecesBefore(part: Int.max)
        if let document = message.uiDocument, let view = options.ui.view(for: document) {
            blocks.append(.generatedUI(view))
        } else if pieces != nil {
            // Shown among the steps.
        } else if !message.text.isEmpty {
            blocks.append(.markdown(options.answer ?? MarkdownDocument(parsing: message.text)))
        } else if let document = message.uiDocument, !message.isGenerating {
            // A UI document nothing here draws is never dropped without a word.
            blocks.append(.notice(appearance.string("message.ui_unshown", document.format), kind: .system))
        }
        for case .refusal(let refusal) in message.parts {
            let text = refusal.text.flatMap { $0.isEmpty ? nil : $0 } ?? appearance.string("message.refusal")
            blocks.append(.notice(appearance.icons.refusal + " " + text, kind: .refusal))
        }
        let sources = message.parts.compactMap { part -> AISourcePart? in
            if case .source(let source) = part { return source }
            return nil
        }
        let sourcesText = ConversationViews.sourcesMarkdown(sources, appearance)
        if !sourcesText.isEmpty {
            blocks.append(.markdown(MarkdownDocument(parsing: sourcesText)))
        }
        if !message.isGenerating, message.text.isEmpty, message.parts.isEmpty, message.attachments.isEmpty,
            message.uiDocument == nil
        {
            // Silence is never the output: a reply that ended with nothing says so.
            blocks.append(.notice(appearance.string("message.empty"), kind: .system))
        }
        for attachment in message.attachments {
            blocks += makeAttachmentView(
                options: AIMessageAttachmentViewOptions(attachment: attachment, isFromUser: false),
                appearance: appearance)
        }
        return blocks
    }

    /// The default actions: copy and share while the reply has text, rate, and regenerate on the
    /// latest reply, as the action set allows.
    public func defaultReplyActionsView(options: AIReplyActionsViewOptions, appearance: AIAppearance)
        -> [ConversationBlock]
    {
        let icons = appearance.icons
        var actions: [ActionView] = []
        if options.actions.contains(.copy) && !options.text.isEmpty {
            actions.append(
                ActionView(key: "copy", icon: icons.messageCopy, label: appearance.string("message_actions.copy")))
        }
        if options.actions.contains(.share) && !options.text.isEmpty {
            actions.append(
                ActionView(key: "share", icon: icons.messageShare, label: appearance.string("message_actions.share")))
        }
        if options.actions.contains(.rate) {
            let positive = options.rating == .positive
            let negative = options.rating == .negative
            actions.append(
                ActionView(
                    key: "rate-positive", icon: positive ? icons.messageRatedPositive : icons.messageRatePositive,
                    label: appearance.string(
                        positive ? "message_actions.rated_positive" : "message_actions.rate_positive"),
                    isSelected: positive))
            actions.append(
                ActionView(
                    key: "rate-negative", icon: negative ? icons.messageRatedNegative : icons.messageRateNegative,
                    label: appearance.string(
                        negative ? "message_actions.rated_negative" : "message_actions.rate_negative"),
                    isSelected: negative))
        } else if let rating = options.rating {
            // Without rating, the user's rating still shows.
            let positive = rating == .positive
            actions.append(
                ActionView(
                    key: positive ? "rate-positive" : "rate-negative",
                    icon: positive ? icons.messageRatedPositive : icons.messageRatedNegative,
                    label: appearance.string(
                        positive ? "message_actions.rated_positive" : "message_actions.rated_negative"),
                    isSelected: true))
        }
        if options.actions.contains(.regenerate) && options.isLatestReply {
            actions.append(
                ActionView(
                    key: "regenerate", icon: icons.messageRegenerate,
                    label: appearance.string("message_actions.regenerate")))
        }
        return actions.isEmpty ? [] : [.actions(actions)]
    }

    /// The default attachment view: an image placeholder or a file card.
    public func defaultAttachmentView(options: AIMessageAttachmentViewOptions, appearance: AIAppearance)
        -> [ConversationBlock]
    {
        [
            .attachment(
                ConversationViews.attachment(options.attachment, isFromUser: options.isFromUser, appearance: appearance)
            )
        ]
    }

    /// The default approval card: title, reason, message, and the allow and decline labels.
    public func defaultToolAuthorizationView(options: AIToolAuthorizationViewOptions, appearance: AIAppearance)
        -> [ConversationBlock]
    {
        let approval = options.approval
        return [
            .approval(
                ApprovalView(
                    title: approval.title ?? appearance.string("tool_approval.title", options.toolCall.title),
                    message: approval.message, reason: approval.reason, allowTitle: approval.allowTitle,
                    declineTitle: approval.declineTitle))
        ]
    }
}

/// The views of the model's parts and attachments, as the defaults draw them.
public enum ConversationViews {
    /// A reasoning step.
    public static func reasoning(
        _ part: AIReasoningPart, fullText: String?, state: ConversationViewState, appearance: AIAppearance
    ) -> ReasoningView {
        let title: String
        let isStreaming = part.isStreaming && !state.isRecorded
        if isStreaming {
            let elapsed = part.duration ?? state.thinkingElapsed
            title =
                elapsed.map { appearance.string("reasoning.title.thinking_for", DisplayFormatting.thoughtDuration($0)) }
                ?? appearance.string("reasoning.title.thinking")
        } else {
            title =
                part.duration.map {
                    appearance.string("reasoning.title.thought_for", DisplayFormatting.thoughtDuration($0))
                }
                ?? appearance.string("reasoning.title.thought")
        }
        return ReasoningView(
            title: title, summary: isStreaming ? nil : part.summary, text: fullText ?? part.preview,
            isOpen: isStreaming || state.expandReasoning, isStreaming: isStreaming)
    }

    /// A tool call card.
    public static func toolCall(_ call: AIToolCallPart, state: ConversationViewState, appearance: AIAppearance)
        -> ToolCallView
    {
        let icons = appearance.icons
        let (viewState, statusIcon, key): (ToolCallView.State, String, String) =
            switch call.status {
            case _ where call.isDeclined: (.declined, icons.toolCancelled, "tool_call.status.declined")
            case .completed: (.completed, icons.toolCompleted, "tool_call.status.completed")
            case .failed: (.failed, icons.toolFailed, "tool_call.status.failed")
            case .cancelled: (.cancelled, icons.toolCancelled, "tool_call.status.cancelled")
            // In a record, a call that is neither done nor ended has no result: it runs no longer.
            case _ where state.isRecorded: (.noResult, icons.toolNoResult, "tool_call.status.no_result")
            case .awaitingApproval:
                (.awaitingApproval, icons.toolAwaitingApproval, "tool_call.status.awaiting_approval")
            case .awaitingClient: (.awaitingClient, icons.toolAwaitingClient, "tool_call.status.awaiting_client")
            default: (.running, icons.toolRunning, "tool_call.status.running")
            }
        // The tools agents use most are drawn by what they do; their arguments are in the drawing.
        let described = AgentTool.describe(call)
        var details: [ToolCallView.Detail] = []
        if state.expandToolCalls, let described, described.body != nil || described.note != nil {
            // A lookup's or a search's arguments, asked for, are shown whole; the other bodies draw them.
            if let arguments = call.arguments, described.body == nil || isWeb(described.body) {
                details.append(.init(label: appearance.string("tool_call.arguments"), text: text(of: arguments)))
            }
            switch described.body {
            case .shell?, .fileEdit?, .checklist?:
                break
            case .web?, nil:
                if let output = call.output {
                    details.append(.init(label: appearance.string("tool_call.output"), text: text(of: output)))
                }
            }
            if let error = call.errorText, !isShell(described.body) {
                details.append(.init(label: appearance.string("tool_call.error"), text: error))
            }
        } else if state.expandToolCalls {
            if let arguments = call.arguments {
                // Code an argument holds (a script, a command, a query) shows as code, not as a JSON string.
                let code = CodeArgument(arguments, tool: call.name)
                if let rest = code.map(\.rest) ?? arguments {
                    details.append(.init(label: appearance.string("tool_call.arguments"), text: text(of: rest)))
                }
                if let code {
                    details.append(.init(label: code.name, text: code.text, language: code.language, isCode: true))
                }
            }
            if let output = call.output {
                details.append(.init(label: appearance.string("tool_call.output"), text: text(of: output)))
            }
            if let error = call.errorText {
                details.append(.init(label: appearance.string("tool_call.error"), text: error))
            }
        }
        var summary = call.summary ?? (viewState == .failed || viewState == .declined ? call.errorText : nil)
        // A shell command's error is its output.
        if case .shell? = described?.body, call.summary == nil { summary = nil }
        // The error says itself once: as the card's summary, not again among its details.
        if let summary, summary == call.errorText {
            details.removeAll { $0.label == appearance.string("tool_call.error") && $0.text == summary }
        }
        var icon = statusIcon
        var statusLabel = appearance.string(key)
        // A plan shows its progress (its note), not whether the call that wrote it succeeded.
        if case .checklist? = described?.body, viewState == .completed || viewState == .noResult {
            icon = icons.plan
            statusLabel = ""
        }
        return ToolCallView(
            state: viewState, icon: icon, title: call.displayTitle ?? described?.title ?? call.title,
            statusLabel: statusLabel, duration: call.duration.map(DisplayFormatting.toolDuration),
            summary: summary, details: details,
            isOpen: state.expandToolCalls && (!details.isEmpty || described?.body != nil), body: described?.body,
            note: described?.note)
    }

    /// Whether a body is a web search's or fetch's.
    static func isWeb(_ body: ToolCallBody?) -> Bool {
        if case .web? = body { return true }
        return false
    }

    /// Whether a body is a shell command's, whose output holds its error.
    static func isShell(_ body: ToolCallBody?) -> Bool {
        if case .shell? = body { return true }
        return false
    }

    /// The sources of a reply as Markdown: a heading and a numbered list of their titles, linked to
    /// their addresses. Titles and addresses are escaped: they come from the web.
    static func sourcesMarkdown(_ sources: [AISourcePart], _ appearance: AIAppearance) -> String {
        // Most replies cite nothing: no heading is looked up and escaped for them.
        guard !sources.isEmpty else { return "" }
        var seen = Set<String>()
        var out = "**" + MarkdownEscaping.text(appearance.string("message.sources")) + "**\n\n"
        var number = 0
        for source in sources {
            let title = source.title.flatMap { $0.isEmpty ? nil : $0 }
            guard !source.url.isEmpty || title != nil,
                seen.insert(source.url.isEmpty ? "\u{0}" + (title ?? "") : source.url).inserted
            else { continue }
            number += 1
            if source.url.isEmpty {
                // A file the reply cites has a name and no address.
                out += "\(number). " + MarkdownEscaping.text(title ?? "") + "\n"
            } else {
                out +=
                    "\(number). [" + MarkdownEscaping.text(title ?? source.url) + "]("
                    + MarkdownEscaping.destination(source.url) + ")\n"
            }
        }
        return number == 0 ? "" : out
    }

    /// A JSON value as readers see it: a string as itself, anything else as indented JSON.
    static func text(of value: JSONValue) -> String {
        if case .string(let string) = value { return string }
        return value.prettyJSONText
    }

    /// An attachment card.
    public static func attachment(_ attachment: AIMessageAttachment, isFromUser: Bool, appearance: AIAppearance)
        -> AttachmentView
    {
        let icons = appearance.icons
        let mime = attachment.mimeType ?? AIMessageAttachment.mimeType(forName: attachment.displayName) ?? ""
        let isImage = attachment.kind == .image
        let icon: String
        if isImage {
            icon = icons.attachmentImage
        } else if mime == "application/pdf" {
            icon = icons.attachmentPDF
        } else if attachment.kind == .audio || mime.hasPrefix("audio/") {
            icon = icons.attachmentAudio
        } else if attachment.kind == .video || mime.hasPrefix("video/") {
            icon = icons.attachmentVideo
        } else if ["application/zip", "application/gzip", "application/x-tar", "application/x-7z-compressed"].contains(
            mime)
        {
            icon = icons.attachmentArchive
        } else {
            icon = icons.attachmentFile
        }
        var details: [String] = []
        var size = attachment.size
        if isImage {
            details.append(appearance.string("attachment.image"))
            // The bytes the app holds, or a data: URL's, tell the format and size (nothing is fetched).
            let header =
                attachment.imageData.flatMap { ImageHeader.read($0) }
                ?? attachment.url.flatMap { ImageHeader.read(dataURL: $0) }
            if let header { details.append(header.format) }
            if let width = attachment.width ?? header?.width, let height = attachment.height ?? header?.height {
                details.append("\(width)×\(height)")
            }
            if size == nil, let url = attachment.url, url.utf8.starts(with: "data:".utf8),
                let comma = url.utf8.firstIndex(of: UInt8(ascii: ","))
            {
                // The base64's bytes: three for four characters, less its padding.
                let characters = url.utf8.distance(from: url.utf8.index(after: comma), to: url.utf8.endIndex)
                size = characters * 3 / 4 - url.utf8.reversed().prefix { $0 == UInt8(ascii: "=") }.count
            }
        } else {
            details.append(typeLabel(attachment, mime: mime, appearance: appearance))
        }
        if let size { details.append(DisplayFormatting.size(size)) }
        let url: String? = attachment.url
        var view = AttachmentView(
            icon: icon, name: attachment.displayName, details: details.joined(separator: " \(icons.separator) "),
            url: url, isImage: isImage, isTrailing: isFromUser,
            text: attachment.extraData["extracted_text"]?.string.flatMap { $0.isEmpty ? nil : $0 })
        if isImage { view.image = image(of: attachment) }
        return view
    }

    /// The image an attachment holds, with what its header says; nil when it holds none a header
    /// can be read of (a link to elsewhere is never fetched).
    static func image(of attachment: AIMessageAttachment) -> AttachmentImage? {
        if let bytes = attachment.imageData, let header = ImageHeader.read(bytes) {
            return AttachmentImage(
                format: header.format, width: header.width, height: header.height, bytes: .raw(bytes))
        }
        guard let url = attachment.url, url.utf8.starts(with: "data:".utf8),
            let header = ImageHeader.read(dataURL: url),
            let comma = url.firstIndex(of: ","), url[..<comma].hasSuffix(";base64")
        else { return nil }
        return AttachmentImage(
            format: header.format, width: header.width, height: header.height,
            bytes: .base64(url[url.index(after: comma)...]))
    }

    /// "PDF", "PNG", "Markdown": from the name's extension, else the MIME subtype, else "File".
    static func typeLabel(_ attachment: AIMessageAttachment, mime: String, appearance: AIAppearance) -> String {
        let name = attachment.displayName
        if let dot = name.lastIndex(of: "."), name.index(after: dot) < name.endIndex {
            let ext = name[name.index(after: dot)...]
            if ext.count <= 5 { return ext.uppercased() }
        }
        if let slash = mime.firstIndex(of: "/") {
            let subtype = mime[mime.index(after: slash)...]
            if !subtype.isEmpty && subtype.count <= 12 { return subtype.uppercased() }
        }
        if attachment.kind != .file && attachment.kind != .image { return attachment.kind.rawValue.capitalized }
        return appearance.string("attachment.file")
    }
}
