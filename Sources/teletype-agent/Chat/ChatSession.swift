import Foundation
import Teletype
import TeletypeA2UI
import TeletypeANSI
import TeletypeCommandLine
import TeletypeLayout

#if canImport(Glibc)
    import Glibc
#endif

/// One run of `teletype chat`: the conversation above, a status line and the composer below, on the
/// alternate screen; keys drive ``AIConversation`` as the reference composer and conversation view do.
@MainActor
final class ChatSession {
    struct Settings {
        var agent: Agent
        var timeout: Double?
        var capabilities: TerminalCapabilities
        var appearance: AIAppearance
        var store: ChatStore
        /// Whether conversations are written to the store.
        var saves: Bool
        var conversationID: String
        var history: [Message]
        var chatOptions: [AIChatOption]
        var suggestions: [String]
    }

    private let settings: Settings
    /// A saved conversation shows this many messages at first; scrolling to the top loads more.
    static let historyPage = 40
    private(set) var conversation: AIConversation<Message>
    private var conversationID: String
    private var observation: AIConversationObservation?
    private let approver = ChatApprover()
    /// The texts of the chat's own parts (placeholder, empty content, notices), from the appearance.
    private var localization: AILocalization { settings.appearance.localizationProvider }

    private var editor = ComposerEditor()
    private var decoder = TerminalKeyDecoder()
    private var frame = ScreenFrame()
    private var rows = ConversationRowCache()
    private var lines: ConversationLineCache
    private var layout: ConversationLayout
    /// The generated UI of the latest reply, while the person works in it (Tab).
    private var surface: (messageID: String, content: String, interaction: A2UIInteraction)?
    /// The replies whose A2UI function calls (v0.10 `callFunction`) were answered.
    private var answeredCalls: Set<String> = []
    /// The answers sent, to tell an agent's reply to one.
    private var sentAnswers: Set<String> = []

    /// Lines scrolled up from the latest.
    private var scrolledUp = 0
    private var notice: String?
    private var quitArmed = false
    private var isPickingOption = false
    private var selectedOption: AIChatOption?
    private var attachments: [URL] = []
    private var sidebar: ChatSidebar?
    private var submittedAt: Double?
    private var isDirty = true
    private var finished: CheckedContinuation<Void, Never>?
    private var sources: [any DispatchSourceProtocol] = []
    private var lastSaved: [Message] = []

    init(settings: Settings) {
        self.settings = settings
        conversationID = settings.conversationID
        layout = ConversationLayout(appearance: settings.appearance, ui: .standard)
        lines = ConversationLineCache(
            renderer: ConversationTerminalRenderer(
                width: Console.terminalWidth ?? 80, capabilities: settings.capabilities,
                appearance: settings.appearance))
        conversation = settings.agent.conversation(
            timeout: settings.timeout, history: settings.history, historyPage: Self.historyPage, approver: approver)
        lastSaved = settings.history
        observe()
    }

    private func observe() {
        observation = conversation.observe { [weak self] in self?.conversationChanged() }
    }

    // MARK: Running

    /// Runs until the user quits; returns the exit status.
    func run() async -> Int32 {
        guard FullScreenTerminal.enter() else {
            Console.error("teletype: chat needs a terminal: standard input and output are not both one\n")
            return 2
        }
        defer { FullScreenTerminal.leave() }
        // Replies of a conversation resumed were answered when they came.
        answeredCalls = Set(conversation.messages.map(\.id))
        startInput()
        startTimers()
        draw()
        await withCheckedContinuation { finished = $0 }
        for source in sources { source.cancel() }
        save()
        return 0
    }

    private func quit() {
        finished?.resume()
        finished = nil
    }

    private func startInput() {
        let flags = fcntl(STDIN_FILENO, F_GETFL)
        _ = fcntl(STDIN_FILENO, F_SETFL, flags | O_NONBLOCK)
        let input = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        input.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.readInput() } }
        input.resume()
        sources.append(input)
        signal(SIGWINCH, SIG_IGN)
        Signals.unblock([SIGWINCH])
        let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: .main)
        resize.setEventHandler { [weak self] in MainActor.assumeIsolated { self?.resized() } }
        resize.resume()
        sources.append(resize)
    }

    private func startTimers() {
        // Frames: at most 30 a second, only when something changed (the thinking timer counts).
        let timer = DispatchSource.makeTimerSource(queue: .main)
        timer.schedule(deadline: .now(), repeating: .milliseconds(33))
        timer.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                if self.conversation.status == .submitted { self.isDirty = true }
                if self.isDirty { self.draw() }
            }
        }
        timer.resume()
        sources.append(timer)
    }

    private func readInput() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var keys: [TerminalKey] = []
        while true {
            let count = read(STDIN_FILENO, &buffer, buffer.count)
            if count > 0 {
                keys += decoder.feed(buffer[0..<count])
                continue
            }
            if count == 0 {
                // The terminal went away (the window closed): end as a quit.
                quit()
                return
            }
            break
        }
        for key in keys { handle(key) }
        if decoder.isWaiting {
            // A lone ESC: the Escape key unless the rest of a sequence follows at once.
            DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(40)) { [weak self] in
                MainActor.assumeIsolated {
                    guard let self else { return }
                    for key in self.decoder.flush() { self.handle(key) }
                    self.draw()
                }
            }
        }
        draw()
    }

    private func resized() {
        var renderer = lines.renderer
        renderer.width = Console.terminalWidth ?? renderer.width
        lines = ConversationLineCache(renderer: renderer)
        frame.invalidate()
        isDirty = true
        draw()
    }

    private func conversationChanged() {
        isDirty = true
        if conversation.status == .submitted {
            submittedAt = submittedAt ?? Clock.seconds()
        } else if !conversation.status.isAnswering {
            submittedAt = nil
            save()
            answerFunctionCalls()
        }
    }

    /// Answers the functions the latest reply's interface calls (A2UI v0.10 `callFunction` with
    /// `wantResponse`): the answers — a function's value, or an error for one Teletype has not —
    /// go to the agent as the next message, once a reply.
    private func answerFunctionCalls() {
        guard let latest = conversation.messages.last(where: { !$0.role.isUser }),
            let document = latest.uiDocument, document.format == "a2ui", !answeredCalls.contains(latest.id)
        else { return }
        let replies = A2UIStream(reading: document.content).replies
        guard !replies.isEmpty else { return }
        answeredCalls.insert(latest.id)
        // An agent that calls again in its reply to an answer is not answered again: no loop.
        if let asked = conversation.messages.last(where: { $0.role.isUser }), sentAnswers.contains(asked.text) {
            notice = "The interface calls a function again: not answered (send a message to go on)."
            return
        }
        let answer = replies.map(\.jsonText).joined(separator: "\n")
        sentAnswers.insert(answer)
        conversation.send(answer)
        notice =
            replies.count == 1 ? "Answered the interface's function call." : "Answered \(replies.count) function calls."
    }

    /// Saves the conversation when its messages changed and it is not mid-reply.
    private func save() {
        guard settings.saves, !conversation.status.isAnswering else { return }
        let messages = conversation.messages
        guard !messages.isEmpty, messages != lastSaved else { return }
        do {
            try settings.store.save(messages, id: conversationID)
            lastSaved = messages
        } catch {
            notice = "Could not save the conversation: \(error)"
        }
    }

    // MARK: Keys

    func handle(_ key: TerminalKey) {
        isDirty = true
        if key != .control("c") { quitArmed = false }
        if sidebar != nil {
            handleSidebar(key)
            return
        }
        if isPickingOption {
            handlePicker(key)
            return
        }
        if handleSurface(key) { return }
        switch key {
        case .control("c"):
            if conversation.status.isAnswering {
                conversation.stop()
                notice = "Stopped."
            } else if quitArmed {
                quit()
            } else {
                quitArmed = true
                notice = "Press Ctrl-C again to quit."
            }
        case .escape:
            if conversation.status.isAnswering {
                conversation.stop()
                notice = "Stopped."
            } else if conversation.composer.isEditing {
                conversation.cancelEditing()
                editor.setText("")
                notice = nil
            } else {
                notice = nil
            }
        case .pageUp: scrolledUp += max(1, conversationHeight - 2)
        case .pageDown: scrolledUp = max(0, scrolledUp - max(1, conversationHeight - 2))
        case .control("l"):
            scrolledUp = 0
            frame.invalidate()
        case .control("o"): openSidebar()
        case .alt("c"): copyLatestReply()
        case .alt("u"): rateLatestReply(.positive)
        case .alt("d"): rateLatestReply(.negative)
        case .alt("x"): rateLatestReply(nil)
        case .alt("r"): regenerateOrRetry()
        case .alt("a"): answerApproval(true)
        case .alt("n"): answerApproval(false)
        case .character(let digit)
        where editor.characters.isEmpty && conversation.messages.isEmpty && digit.isNumber:
            let index = (digit.wholeNumberValue ?? 0) - 1
            if settings.suggestions.indices.contains(index) { submit(settings.suggestions[index]) }
        case .character("/") where editor.characters.isEmpty && !settings.chatOptions.isEmpty:
            isPickingOption = true
        case .backspace where editor.characters.isEmpty:
            // On an empty composer, Backspace takes off the last chip.
            if !attachments.isEmpty {
                attachments.removeLast()
            } else {
                selectedOption = nil
            }
        case .tab where editor.text.hasPrefix("/attach "):
            completeAttachmentPath()
        default:
            let outcome = editor.handle(key)
            if outcome == .edited { notice = nil }
            switch outcome {
            case .send(let text): submit(text)
            case .unhandled(.up) where editor.isBlank: editLatestMessage()
            case .unhandled(.control("d")): quit()
            case .edited, .moved, .unhandled: break
            }
        }
    }

    /// Keys for the latest reply's generated UI: Tab moves the focus through its controls (from an
    /// empty composer), Esc leaves it; while a control has the focus, Space and Enter toggle, press
    /// or choose, arrows move a picker or a slider, and typing edits a field. A pressed button sends
    /// its action to the agent as the next message. Whether the key was taken.
    private func handleSurface(_ key: TerminalKey) -> Bool {
        let latest = conversation.messages.last { !$0.role.isUser }
        guard let latest, let document = latest.uiDocument, document.format == "a2ui",
            !conversation.isGenerating(latest)
        else {
            if surface != nil { setSurface(nil) }
            return false
        }
        if surface?.messageID != latest.id || surface?.content != document.content {
            guard key == .tab, editor.characters.isEmpty else { return false }
            setSurface((latest.id, document.content, A2UIInteraction(stream: A2UIStream(reading: document.content))))
        }
        guard var current = surface else { return false }
        let focused = current.interaction.focus != nil
        switch key {
        case .tab where editor.characters.isEmpty || focused:
            if !current.interaction.moveFocus() { notice = "This reply's interface has no control to use." }
        case .escape where focused:
            current.interaction.clearFocus()
            notice = nil
        case .enter where focused, .character(" ") where focused:
            return apply(.activate, to: &current)
        case .left where focused: return apply(.left, to: &current)
        case .right where focused: return apply(.right, to: &current)
        case .backspace where focused: return apply(.backspace, to: &current)
        case .character(let character) where focused: return apply(.character(character), to: &current)
        default: return false
        }
        setSurface(current)
        return true
    }

    private func apply(
        _ key: A2UIInteraction.Key, to current: inout (messageID: String, content: String, interaction: A2UIInteraction)
    ) -> Bool {
        let timestamp = ISO8601DateFormatter().string(from: Date())
        switch current.interaction.handle(key, at: timestamp) {
        case .changed: notice = nil
        case .send(let message):
            guard !conversation.status.isAnswering else {
                notice = "The agent is answering: Esc stops it."
                return true
            }
            current.interaction.clearFocus()
            conversation.send(message.jsonText)
            scrolledUp = 0
            notice = "Sent \(message["action"]?["name"]?.string ?? "the action") to the agent."
        case .open(let url): notice = "Link: \(url)"
        case .unhandled: return key != .activate ? false : true
        }
        setSurface(current)
        return true
    }

    /// Draws the latest reply's generated UI as the person has it (values, focus), or as written.
    private func setSurface(_ new: (messageID: String, content: String, interaction: A2UIInteraction)?) {
        surface = new
        let renderer = new.map { A2UIRenderer(showing: $0.interaction, forContent: $0.content) } ?? A2UIRenderer()
        layout = ConversationLayout(appearance: settings.appearance, ui: AIUIHost(renderers: [renderer]))
        rows.invalidate()
        isDirty = true
    }

    private func submit(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("/attach ") || trimmed == "/attach" {
            attach(String(trimmed.dropFirst("/attach".count)).trimmingCharacters(in: .whitespaces))
            return
        }
        guard !conversation.status.isAnswering else {
            notice = "The agent is answering: Esc stops it."
            return
        }
        conversation.send(text, attachments: attachments, chatOption: selectedOption)
        editor.clear(remembering: text)
        attachments = []
        scrolledUp = 0
        notice = nil
    }

    private func attach(_ path: String) {
        guard !path.isEmpty else {
            notice = "Usage: /attach PATH"
            return
        }
        let expanded = (path as NSString).expandingTildeInPath
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: expanded, isDirectory: &isFolder), !isFolder.boolValue,
            FileManager.default.isReadableFile(atPath: expanded)
        else {
            notice = "Cannot attach '\(path)': not a readable file."
            return
        }
        let url = URL(fileURLWithPath: expanded).standardizedFileURL
        attachments.append(url)
        editor.setText("")
        notice = "Attached \(url.lastPathComponent)."
    }

    /// Tab after `/attach `: completes the path as far as it is unambiguous.
    private func completeAttachmentPath() {
        let typed = String(editor.text.dropFirst("/attach ".count))
        let expanded = (typed as NSString).expandingTildeInPath
        let folder = typed.hasSuffix("/") || typed.isEmpty ? expanded : (expanded as NSString).deletingLastPathComponent
        let prefix = typed.hasSuffix("/") || typed.isEmpty ? "" : (expanded as NSString).lastPathComponent
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)) ?? [])
            .filter { $0.hasPrefix(prefix) && (!$0.hasPrefix(".") || prefix.hasPrefix(".")) }.sorted()
        guard let first = names.first else {
            notice = "No file starts with '\(typed)'."
            return
        }
        var common = first
        for name in names.dropFirst() {
            while !name.hasPrefix(common) { common.removeLast() }
        }
        var completed = String(typed.dropLast(prefix.count)) + common
        var isFolder: ObjCBool = false
        let full = ((folder as NSString).appendingPathComponent(common))
        if names.count == 1, FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), isFolder.boolValue {
            completed += "/"
        }
        editor.setText("/attach " + completed)
        notice = names.count > 1 ? names.prefix(8).joined(separator: "  ") : nil
    }

    private func editLatestMessage() {
        guard let message = conversation.messages.last(where: { $0.role.isUser }), conversation.canEdit(message) else {
            return
        }
        conversation.edit(message)
        editor.setText(message.text)
    }

    private var latestReply: Message? { conversation.messages.last { !$0.role.isUser } }

    private func copyLatestReply() {
        guard let reply = latestReply, !reply.text.isEmpty else {
            notice = "No reply to copy yet."
            return
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("teletype-reply-\(reply.id).md")
        let saved = (try? Data(reply.text.utf8).write(to: file)) != nil
        // OSC 52 puts the text on the clipboard where the terminal allows it (base64: never an escape).
        Console.output("\u{1B}]52;c;\(Data(reply.text.utf8).base64EncodedString())\u{07}")
        notice = "Copied (where the terminal allows it)" + (saved ? "; also saved to \(file.path)" : "") + "."
    }

    private func rateLatestReply(_ rating: AIMessageRating?) {
        guard let reply = latestReply else { return }
        conversation.rate(reply, rating)
        notice =
            rating.map {
                localization.string(
                    $0 == .positive ? "message_actions.rated_positive" : "message_actions.rated_negative")
            } ?? "Rating removed."
    }

    private func regenerateOrRetry() {
        if conversation.status == .error {
            conversation.retry()
            notice = nil
        } else if let reply = latestReply, conversation.canRegenerate(reply) {
            conversation.regenerate(reply)
            scrolledUp = 0
        }
    }

    /// The tool call waiting for approval in the latest reply, if any.
    private var waitingCall: (message: Message, call: AIToolCallPart)? {
        for message in conversation.messages.reversed() where !message.role.isUser {
            for part in message.parts.reversed() {
                if case .toolCall(let call) = part, call.status == .awaitingApproval, approver.decisions[call.id] == nil
                {
                    return (message, call)
                }
            }
        }
        return nil
    }

    private func answerApproval(_ approved: Bool) {
        guard let (message, call) = waitingCall else {
            notice = "No tool call is waiting for approval."
            return
        }
        approver.decisions[call.id] = approved
        isDirty = true
        Task { try? await approver.answer(call, in: message.id, approved: approved) }
    }

    private func handlePicker(_ key: TerminalKey) {
        switch key {
        case .escape, .control("c"): isPickingOption = false
        case .character(let digit) where digit.isNumber:
            let index = (digit.wholeNumberValue ?? 0) - 1
            if settings.chatOptions.indices.contains(index) {
                selectedOption = settings.chatOptions[index]
                isPickingOption = false
            }
        default:
            // Anything else: the "/" was the start of a command such as /attach.
            isPickingOption = false
            _ = editor.handle(.character("/"))
            handle(key)
        }
    }

    // MARK: Side menu

    private func openSidebar() {
        save()
        let list = ConversationList(source: ChatStoreListSource(store: settings.store))
        sidebar = ChatSidebar(list: list, current: conversationID)
        Task { @MainActor [weak self] in
            await list.load(limit: 50)
            self?.sidebar?.chooseCurrent()
            self?.isDirty = true
        }
    }

    private func handleSidebar(_ key: TerminalKey) {
        guard var menu = sidebar else { return }
        switch key {
        case .escape, .control("o"), .control("c"): sidebar = nil
        case .up: _ = menu.move(-1)
        case .down:
            if menu.move(1) {
                Task { @MainActor [weak self] in
                    await menu.list.loadMore()
                    self?.isDirty = true
                }
            }
        case .enter:
            sidebar = nil
            if let choice = menu.selected { switchTo(choice) }
            return
        default: break
        }
        if sidebar != nil { sidebar = menu }
    }

    /// Opens conversation `id` (`nil`: a new one).
    private func switchTo(_ id: String?) {
        let store = settings.store
        conversation.stop()
        save()
        let history: [Message]
        if let id {
            do {
                history = try store.load(id)
            } catch {
                notice = "\(error)"
                return
            }
        } else {
            history = []
        }
        conversationID = id ?? ChatStore.newID()
        conversation = settings.agent.conversation(
            timeout: settings.timeout, history: history, historyPage: Self.historyPage, approver: approver)
        lastSaved = history
        answeredCalls = Set(history.map(\.id))
        observe()
        rows = ConversationRowCache()
        lines = ConversationLineCache(renderer: lines.renderer)
        editor.setText("")
        scrolledUp = 0
        notice = id == nil ? "A new conversation." : nil
    }

    // MARK: Drawing

    private var screenSize: (width: Int, height: Int) {
        (max(10, Console.terminalWidth ?? 80), max(5, Console.terminalHeight ?? 24))
    }

    private var composerLayout: ComposerLayout {
        let size = screenSize
        return ComposerLayout(
            editor, width: size.width, maximumRows: max(1, min(10, size.height / 3)), prompt: "› ",
            placeholder: localization.string("composer.placeholder"))
    }

    private var conversationHeight: Int {
        screenSize.height - composerLayout.rows.count - 1 - (chips.isEmpty ? 0 : 1)
    }

    private var chips: String {
        var parts: [String] = []
        if let option = selectedOption {
            parts.append("[" + (option.icon.map { $0 + " " } ?? "") + (option.shortTitle ?? option.title) + " ×]")
        }
        for url in attachments { parts.append("[📎 \(url.lastPathComponent)]") }
        return parts.joined(separator: " ")
    }

    /// The messages as shown: local approval decisions applied.
    private var shownMessages: [any AIMessage] {
        conversation.messages.map { message in
            var copy = message
            copy.isGenerating = conversation.isGenerating(message)
            copy.parts = message.parts.map { part in
                guard case .toolCall(var call) = part, let approved = approver.decisions[call.id],
                    call.status == .awaitingApproval
                else { return part }
                call.status = approved ? .completed : .cancelled
                call.approval?.decision = approved ? .allowed : .declined
                return .toolCall(call)
            }
            return copy
        }
    }

    func draw() {
        isDirty = false
        let size = screenSize
        if lines.renderer.width != size.width { resized() }
        let composer = composerLayout
        let height = conversationHeight
        let capabilities = settings.capabilities
        var state = ConversationViewState(
            conversation: conversation, thinkingElapsed: submittedAt.map { Clock.seconds() - $0 })
        if conversation.messages.isEmpty && conversation.pendingMessage == nil {
            state.emptyContent = localization.string("conversation.empty")
            state.suggestions = settings.suggestions
        }
        let shown = rows.rows(for: shownMessages, layout: layout, state: state)
        var body: [StyledLine] = []
        for (index, row) in shown.enumerated() {
            if index > 0 { body.append(StyledLine()) }
            body += lines.lines(row)
        }
        scrolledUp = min(scrolledUp, max(0, body.count - height))
        let bottom = body.count - scrolledUp
        let top = max(0, bottom - height)
        if top == 0 && scrolledUp > 0 && conversation.hasOlderMessages && !conversation.isLoadingOlderMessages {
            conversation.loadOlderMessages()
        }
        var screen = body[top..<bottom].map { encode($0, capabilities) }
        if let sidebar {
            screen = sidebar.rows(width: size.width, height: height)
        } else if isPickingOption {
            screen = optionPicker(over: screen, width: size.width)
        }
        while screen.count < height { screen.append("") }
        if !chips.isEmpty { screen.append(Self.fit(TerminalSafeText.sanitize(chips), width: size.width)) }
        screen.append(statusLine(width: size.width))
        let composerTop = screen.count
        for row in composer.rows { screen.append(Self.fit(row, width: size.width)) }
        let cursor =
            sidebar == nil && !isPickingOption ? (composerTop + composer.cursorRow, composer.cursorColumn) : nil
        Console.output(frame.update(screen, cursor: cursor.map { (row: $0.0, column: $0.1) }))
    }

    private func encode(_ line: StyledLine, _ capabilities: TerminalCapabilities) -> String {
        var text = ANSIWriter.write([line], capabilities: capabilities)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    /// Text cut to `width` cells.
    nonisolated static func fit(_ text: String, width: Int) -> String {
        var out = ""
        var cells = 0
        for character in text {
            let size = CellWidth.of(character)
            if cells + size > width { break }
            out.append(character)
            cells += size
        }
        return out
    }

    private func statusLine(width: Int) -> String {
        let dim = settings.capabilities.usesEscapes ? "\u{1B}[2m" : ""
        let reset = settings.capabilities.usesEscapes ? "\u{1B}[0m" : ""
        var left: String
        if let notice {
            left = notice
        } else if conversation.composer.isEditing {
            left = "Editing message · Esc cancels"
        } else if conversation.status == .submitted {
            left = "Thinking… · Esc stops"
        } else if conversation.status.isAnswering {
            left = "Answering… · Esc stops"
        } else if conversation.status == .error {
            left = "✗ \(conversation.error?.localizedDescription ?? "Error") · Alt-R retries"
        } else if waitingCall != nil {
            left = "A tool call waits: Alt-A allows, Alt-N declines"
        } else if surface?.interaction.focus != nil {
            left = "Space/Enter presses or toggles · ←/→ choose · type to fill in · Tab next · Esc leaves"
        } else if let latest = conversation.messages.last(where: { !$0.role.isUser }),
            latest.uiDocument?.format == "a2ui", editor.characters.isEmpty
        {
            left = "Tab works in the reply's interface · Enter sends · Ctrl-O conversations · Ctrl-C twice quits"
        } else {
            left =
                "Enter sends · Alt-Enter new line · Alt-R regenerate · Alt-C copy · Ctrl-O conversations · Ctrl-C twice quits"
        }
        if scrolledUp > 0 { left = "↓ \(scrolledUp) lines below · Ctrl-L latest · " + left }
        return dim + Self.fit(TerminalSafeText.sanitize(left), width: width) + reset
    }

    private func optionPicker(over screen: [String], width: Int) -> [String] {
        var menu = ["Chat options (number to choose, Esc to close):"]
        for (index, option) in settings.chatOptions.enumerated() {
            var line = "  \(index + 1). " + (option.icon.map { $0 + " " } ?? "") + option.title
            if let description = option.description { line += " — \(description)" }
            menu.append(Self.fit(line, width: width))
        }
        var result = screen
        while result.count < menu.count { result.append("") }
        result.replaceSubrange(0..<menu.count, with: menu)
        return result
    }
}

/// Answers tool approvals from the keyboard: the decision shows at once on the call's card.
@MainActor
final class ChatApprover: AIToolApprover {
    var decisions: [String: Bool] = [:]

    func answer(_ call: AIToolCallPart, in messageID: String, approved: Bool) async throws {
        decisions[call.id] = approved
    }
}
