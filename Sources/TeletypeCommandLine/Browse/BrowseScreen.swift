import Teletype
import TeletypeANSI
import TeletypeArchive
import TeletypeLayout
import TeletypeSessions
import TeletypeTranscripts

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `teletype browse` shows and how keys change it, apart from the terminal: the list of every
/// conversation with its filter and preview, and the reader of the one opened. Keys go in
/// (``handle(_:)``), screens come out (``rows()``): the session puts them on the terminal, tests
/// read them.
package struct BrowseScreen {
    /// What a key asks of the world outside the screen.
    package enum Effect: Equatable {
        /// Nothing beyond drawing again.
        case none
        /// The browser ends.
        case quit
        /// Bytes for the terminal (OSC 52, the clipboard).
        case output(String)
    }

    /// The index the list comes from and searches go to; `nil` when a file was opened directly.
    let index: SearchIndex?
    /// The roots whose conversations the list shows.
    let roots: [String]
    /// The list of conversations.
    private(set) var list: SessionList
    /// The conversation open in the reader, if one is.
    private(set) var reader: ReaderView?
    /// The file of the conversation open, and which of a store's.
    private(set) var opened: ConversationSource?
    /// The size of the screen.
    private(set) var width: Int
    private(set) var height: Int
    let capabilities: TerminalCapabilities
    let appearance: AIAppearance
    /// Where `e` writes pages.
    var exportFolder: String
    /// Whether quitting the reader ends the browser (a file was opened directly).
    let readerOnly: Bool
    /// A word for the status line, until the next key.
    private(set) var notice: String?
    /// What the index is doing (made, updated), on the title line.
    var indexing: String?
    /// What is typed after `/` in the reader, while it is typed.
    private(set) var findInput: String?
    /// Whether the keys are shown.
    private(set) var showsKeys = false
    /// Whether the open conversation is followed as its agent writes it.
    private(set) var following = false
    private var followedStamp: (size: Int, modified: Double)?
    /// The opening words of conversations the preview showed.
    private var openings: [Int64: [(message: Int, kind: SearchableText.Kind, text: String)]] = [:]
    /// Now, for ages (seconds since 1970).
    var now: Double
    /// How much of a conversation the reader shows; `v` goes from one view to the next.
    private(set) var detail: ConversationDetail

    /// The smallest screen it draws on.
    static let minimumSize = (width: 40, height: 10)

    /// A browser of the conversations `index` holds under `roots`.
    init(
        index: SearchIndex?, roots: [String], conversations: [IndexedConversation], width: Int, height: Int,
        capabilities: TerminalCapabilities, appearance: AIAppearance, exportFolder: String, now: Double,
        readerOnly: Bool = false, detail: ConversationDetail = .full
    ) {
        self.detail = detail
        self.index = index
        self.roots = roots
        list = SessionList(conversations)
        self.width = width
        self.height = height
        self.capabilities = capabilities
        self.appearance = appearance
        self.exportFolder = exportFolder
        self.now = now
        self.readerOnly = readerOnly
    }

    /// A reader of one conversation, without a list: quitting it ends the browser.
    package init(
        source: ConversationSource, at message: Int, width: Int, height: Int, capabilities: TerminalCapabilities,
        appearance: AIAppearance, exportFolder: String, now: Double, detail: ConversationDetail = .full
    ) throws {
        self.init(
            index: nil, roots: [], conversations: [], width: width, height: height, capabilities: capabilities,
            appearance: appearance, exportFolder: exportFolder, now: now, readerOnly: true, detail: detail)
        try open(source, at: message)
    }

    /// The lines the reader has for the conversation.
    private var readerHeight: Int { max(1, height - 1) }

    // MARK: Outside events

    /// The terminal's new size.
    mutating func resize(width: Int, height: Int) {
        self.width = width
        self.height = height
        let room = readerHeight
        reader?.resize(width: width)
        reader?.scroll(0, height: room)
    }

    /// The index's conversations anew, after it was brought up to date.
    mutating func reload() {
        guard let index, let conversations = try? index.conversations(roots: roots) else { return }
        list.replace(conversations)
        openings.removeAll()
    }

    /// Reads the followed conversation again when its file changed; true when it did.
    mutating func follow() -> Bool {
        guard following, let source = opened, var reader else { return false }
        let stamp = Self.stamp(source.path)
        guard let stamp, stamp.size != followedStamp?.size || stamp.modified != followedStamp?.modified else {
            return false
        }
        followedStamp = stamp
        guard let transcript = try? source.read() else { return false }
        let wasAtEnd = reader.isAtEnd(height: readerHeight)
        let top = reader.top
        var fresh = ReaderView(
            transcript: transcript, width: width, capabilities: capabilities, appearance: appearance,
            detail: detail)
        if wasAtEnd {
            fresh.toEnd(height: readerHeight)
        } else {
            fresh.show(item: top.item, height: readerHeight)
            fresh.scroll(top.line - fresh.top.line, height: readerHeight)
        }
        if let finding = reader.finding { fresh.markFinding(finding) }
        self.reader = fresh
        return true
    }

    private static func stamp(_ path: String) -> (size: Int, modified: Double)? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        #if canImport(Darwin)
            let modified = Double(status.st_mtimespec.tv_sec) + Double(status.st_mtimespec.tv_nsec) / 1e9
        #else
            let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
        #endif
        return (Int(status.st_size), modified)
    }

    // MARK: Keys

    /// What `key` does; what it asks of the world outside.
    package mutating func handle(_ key: TerminalKey) -> Effect {
        notice = nil
        if key == .control("c") { return .quit }
        if showsKeys {
            showsKeys = false
            return .none
        }
        if reader != nil { return handleReader(key) }
        return handleList(key)
    }

    private mutating func handleList(_ key: TerminalKey) -> Effect {
        let room = listHeight
        switch key {
        case .character(let character): list.type(String(character))
        case .paste(let text): list.type(CellText.oneLine(text))
        case .backspace: list.deleteBackward()
        case .control("u"): _ = list.clear()
        case .escape: if !list.clear() { return .quit }
        case .up, .control("p"), .scrollUp: list.move(-1, height: room)
        case .down, .control("n"), .scrollDown: list.move(1, height: room)
        case .pageUp: list.move(-max(1, room / list.entryHeight - 1), height: room)
        case .pageDown: list.move(max(1, room / list.entryHeight - 1), height: room)
        case .home: list.move(-list.entries.count, height: room)
        case .end: list.move(list.entries.count, height: room)
        case .enter:
            if !list.filter.allSatisfy({ $0 == " " || $0 == "\t" }), list.searched != list.filter {
                search()
            } else {
                openSelection()
            }
        case .right, .control("o"): openSelection()
        default: break
        }
        return .none
    }

    private mutating func handleReader(_ key: TerminalKey) -> Effect {
        guard var reader else { return .none }
        var closes = false
        let effect = readerKey(key, reader: &reader, closes: &closes)
        if closes {
            self.reader = nil
            opened = nil
            following = false
        } else {
            self.reader = reader
        }
        return effect
    }

    private mutating func readerKey(_ key: TerminalKey, reader: inout ReaderView, closes: inout Bool) -> Effect {
        let height = readerHeight
        if var typed = findInput {
            switch key {
            case .character(let character): typed.append(character)
            case .paste(let text): typed += CellText.oneLine(text)
            case .backspace:
                if typed.isEmpty {
                    findInput = nil
                    return .none
                }
                typed.removeLast()
            case .escape:
                findInput = nil
                return .none
            case .enter:
                findInput = nil
                guard !typed.isEmpty else {
                    reader.stopFinding()
                    return .none
                }
                let result = reader.find(typed, forward: true, height: height)
                notice =
                    result.found ? (result.wrapped ? "from the top" : nil) : "“\(typed)” is not in this conversation"
                return .none
            default: break
            }
            findInput = typed
            return .none
        }
        switch key {
        case .character("q"), .escape:
            if key == .escape, reader.finding != nil {
                reader.stopFinding()
                return .none
            }
            if readerOnly { return .quit }
            closes = true
            return .none
        case .character("j"), .down, .control("n"), .control("e"): reader.scroll(1, height: height)
        case .character("k"), .up, .control("p"), .control("y"): reader.scroll(-1, height: height)
        case .scrollDown: reader.scroll(3, height: height)
        case .scrollUp: reader.scroll(-3, height: height)
        case .character(" "), .pageDown, .control("f"): reader.scroll(height - 1, height: height)
        case .character("b"), .pageUp, .control("b"): reader.scroll(-(height - 1), height: height)
        case .character("d"), .control("d"): reader.scroll(height / 2, height: height)
        case .character("u"), .control("u"): reader.scroll(-(height / 2), height: height)
        case .character("g"), .home: reader.toStart()
        case .character("G"), .end: reader.toEnd(height: height)
        case .character("n"), .character("N"):
            let forward = key == .character("n")
            if let finding = reader.finding {
                let result = reader.find(finding, forward: forward, height: height)
                if result.wrapped { notice = forward ? "from the top" : "from the end" }
            } else if !reader.jumpToPrompt(forward: forward, height: height) {
                notice = forward ? "no prompt below" : "no prompt above"
            }
        case .character("/"): findInput = ""
        case .tab, .enter: reader.toggleFold(height: height)
        case .character("e"): notice = export(reader.transcript)
        case .character("v"):
            let views = ConversationDetail.allCases
            detail = views[((views.firstIndex(of: detail) ?? 0) + views.count - 1) % views.count]
            reader.show(detail, height: height)
            notice = Self.viewNames[detail].map { "showing " + $0 + " (v for the next view)" }
        case .character("y"):
            guard let text = reader.textAtTop else {
                notice = "nothing to copy here"
                return .none
            }
            notice = "copied message \(reader.currentMessage ?? 0) (\(text.count) characters)"
            // OSC 52 puts the text on the clipboard where the terminal allows it (base64: never an escape).
            return .output("\u{1B}]52;c;\(Data(text.utf8).base64EncodedString())\u{07}")
        case .character("f"):
            following.toggle()
            if following, let path = opened?.path {
                followedStamp = Self.stamp(path)
                reader.toEnd(height: height)
                notice = "following: new messages show as they are written (f stops)"
            } else {
                notice = "not following"
            }
        case .character("?"): showsKeys = true
        default: break
        }
        return .none
    }

    // MARK: Actions

    private mutating func search() {
        guard let index else { return }
        var query = SearchQuery(Self.asPrefixes(list.filter))
        query.limit = 200
        query.perConversation = 3
        do {
            list.show(try index.search(query, roots: roots))
            notice = list.entries.isEmpty ? "nothing said matches “\(list.filter)”" : nil
        } catch let failure as SearchQuery.Failure {
            notice = "the search: \(failure.message)"
        } catch {
            notice = "the search failed: \(error)"
        }
    }

    private mutating func openSelection() {
        guard let entry = list.selection else { return }
        let source: ConversationSource
        let message: Int
        switch entry {
        case .conversation(let conversation):
            source = ConversationSource(path: conversation.path, conversation: conversation.conversation)
            message = 0
        case .hit(let hit):
            source = ConversationSource(path: hit.path, conversation: hit.conversation)
            message = hit.inTitle ? 0 : hit.message
        }
        do {
            try open(source, at: message)
            if let found = list.searched, case .hit = entry {
                // The search's words are highlighted in the conversation, n/N between them.
                reader?.markFinding(Self.plainWords(found))
            }
        } catch {
            notice = "cannot open \(CellText.oneLine(entry.path)): \(error)"
        }
    }

    private mutating func open(_ source: ConversationSource, at message: Int) throws {
        let transcript = try source.read()
        var reader = ReaderView(
            transcript: transcript, width: width, capabilities: capabilities, appearance: appearance,
            detail: detail)
        if message > 0 { reader.show(item: message, height: readerHeight) }
        self.reader = reader
        opened = source
        following = false
    }

    /// A filter as the search the list runs on Enter: each bare word a prefix (`greet` finds
    /// `greeting`), as typed where it has quotes, operators or its own `*`.
    static func asPrefixes(_ filter: String) -> String {
        guard !filter.contains("\"") else { return filter }
        let operators: Set<Substring> = ["AND", "OR", "NOT"]
        return filter.split(separator: " ").map { word in
            operators.contains(word) || word.contains(where: { "*()".contains($0) }) ? String(word) : word + "*"
        }.joined(separator: " ")
    }

    /// The words of a query without its syntax, as `/` looks for them: its first word or phrase.
    static func plainWords(_ query: String) -> String {
        if let open = query.firstIndex(of: "\""), let close = query[query.index(after: open)...].firstIndex(of: "\"") {
            return String(query[query.index(after: open)..<close])
        }
        let operators: Set<String> = ["AND", "OR", "NOT"]
        let word = query.split(separator: " ").first { !operators.contains(String($0)) } ?? ""
        return String(word.filter { !"*()\"".contains($0) })
    }

    /// Writes the open conversation's page beside the others `e` wrote; says where.
    private func export(_ transcript: Transcript) -> String {
        let title =
            transcript.info?.title ?? transcript.conversation?.title ?? opened.map { CellText.lastComponent($0.path) }
            ?? ""
        var slug = ""
        for character in title.lowercased() {
            if character.isLetter || character.isNumber {
                slug.append(character)
            } else if !slug.isEmpty, slug.last != "-" {
                slug.append("-")
            }
            if slug.utf8.count > 60 { break }
        }
        while slug.hasSuffix("-") { slug.removeLast() }
        if slug.isEmpty { slug = "conversation" }
        let folder = exportFolder.hasSuffix("/") ? exportFolder : exportFolder + "/"
        var destination = folder + slug + ".html"
        var number = 2
        while FileManager.default.fileExists(atPath: destination) {
            destination = folder + "\(slug)-\(number).html"
            number += 1
        }
        do {
            try ConversationPageExporter(ui: .standard).export(transcript, to: destination)
            return "exported to \(destination)"
        } catch {
            return "not exported: \(error)"
        }
    }

    // MARK: Drawing

    /// The screen: one string (with its escapes) for each line, at most ``width`` cells each.
    package mutating func rows() -> [String] {
        guard width >= Self.minimumSize.width, height >= Self.minimumSize.height else {
            return [
                CellText.fit("teletype browse needs 40×10 cells or more (this is \(width)×\(height))", width: width)
            ]
        }
        var rows: [String]
        if reader != nil {
            rows = readerRows()
        } else {
            rows = listRows()
        }
        if showsKeys { rows = overlay(Self.keys(reader: reader != nil), on: rows) }
        return rows
    }

    /// The reader's cursor: at the end of what `/` has typed.
    var cursor: (row: Int, column: Int)? {
        if reader != nil {
            return findInput.map { (height - 1, min(width - 1, 1 + CellWidth.of($0))) }
        }
        guard width >= Self.minimumSize.width, height >= Self.minimumSize.height else { return nil }
        return (1, min(width - 1, filterLabel.count + CellWidth.of(CellText.fit(list.filter, width: width))))
    }

    private var escapes: Bool { capabilities.usesEscapes }
    private func styled(_ text: String, _ code: String) -> String {
        escapes ? "\u{1B}[\(code)m" + text + "\u{1B}[0m" : text
    }

    private var filterLabel: String { list.showsHits ? "Search: " : "Filter: " }

    private var listHeight: Int { max(1, height - 3) }

    private mutating func listRows() -> [String] {
        var rows: [String] = []
        let count = list.all.count
        var title = " Teletype · \(count) conversation\(count == 1 ? "" : "s")"
        if list.entries.count != count || list.showsHits {
            title +=
                list.showsHits
                ? " · \(list.entries.count) message\(list.entries.count == 1 ? "" : "s") say it"
                : " · \(list.entries.count) shown"
        }
        if let indexing { title += " · " + indexing }
        rows.append(styled(CellText.pad(title, width: width), "1;7"))
        rows.append(filterLabel + CellText.fit(list.filter, width: width - filterLabel.count))
        let previewWidth = width >= 100 ? width * 2 / 5 : 0
        let listWidth = previewWidth > 0 ? width - previewWidth - 1 : width
        var left: [String] = []
        let first = list.firstVisible(height: listHeight)
        for (offset, entry) in list.visible(height: listHeight).enumerated() {
            let isSelected = first + offset == list.selected
            left += entryLines(entry, width: listWidth, selected: isSelected)
        }
        if list.entries.isEmpty {
            left.append(
                styled(
                    CellText.fit(
                        count == 0
                            ? (indexing == nil ? "  No conversations found." : "  Reading the conversations…")
                            : list.showsHits
                                ? "  Nothing said matches."
                                : "  No title or project matches; Enter searches what was said.",
                        width: listWidth), "2"))
        }
        while left.count < listHeight { left.append("") }
        left = Array(left.prefix(listHeight))
        if previewWidth > 0 {
            let right = preview(width: previewWidth - 1, height: listHeight)
            for index in 0..<listHeight {
                let leftText = left[index]
                let shown = CellWidth.of(Self.visibleText(leftText))
                rows.append(
                    leftText + String(repeating: " ", count: max(0, listWidth - shown)) + styled("│", "2") + " "
                        + (index < right.count ? right[index] : ""))
            }
        } else {
            rows += left
        }
        let keys =
            list.showsHits
            ? "↑↓ choose · Enter opens at the message · type to filter again · Esc back · Ctrl-C quits"
            : "type to filter · Enter searches what was said · ↑↓ choose · → opens · Esc quits"
        rows.append(styled(CellText.fit(" " + (notice ?? keys), width: width), notice == nil ? "2" : "1"))
        return rows
    }

    /// The text of a row without its escapes (CSI sequences such as colours, OSC sequences such
    /// as links), to measure it.
    static func visibleText(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "\u{1B}", index + 1 < scalars.count else {
                out.append(scalar)
                index += 1
                continue
            }
            index += 2
            switch scalars[index - 1] {
            case "[":
                // CSI: parameters, then one final byte.
                while index < scalars.count, !(0x40...0x7E).contains(scalars[index].value) { index += 1 }
                index += 1
            case "]":
                // OSC: up to BEL or ST (ESC \).
                while index < scalars.count, scalars[index] != "\u{07}", scalars[index] != "\u{1B}" { index += 1 }
                index += scalars.indices.contains(index) && scalars[index] == "\u{1B}" ? 2 : 1
            default: break
            }
        }
        return String(out)
    }

    private func entryLines(_ entry: SessionList.Entry, width: Int, selected: Bool) -> [String] {
        let mark = selected ? "▸" : " "
        func line(
            agent: String, project: String?, title: String?, updated: Double, trailing: String
        ) -> String {
            let age = CellText.pad(Self.age(now - updated), width: 4)
            let agentColumn = CellText.pad(agent, width: width >= 70 ? 12 : 8)
            let projectColumn =
                width >= 70
                ? CellText.pad(project.map(CellText.lastComponent) ?? "—", width: 16) + " " : ""
            let fixed = 2 + 4 + 1 + CellWidth.of(agentColumn) + 1 + CellWidth.of(projectColumn) + trailing.count + 1
            let titleColumn = CellText.pad(title ?? "(untitled)", width: max(1, width - fixed))
            let text = mark + " " + age + " " + agentColumn + " " + projectColumn + titleColumn + " " + trailing
            let fitted = CellText.fit(text, width: width)
            return selected ? styled(CellText.pad(fitted, width: width), "7") : fitted
        }
        switch entry {
        case .conversation(let conversation):
            let count = conversation.messages > 99_999 ? "99k+" : String(conversation.messages)
            return [
                line(
                    agent: conversation.agent, project: conversation.project, title: conversation.title,
                    updated: conversation.updated,
                    trailing: String(repeating: " ", count: max(0, 5 - count.count)) + count)
            ]
        case .hit(let hit):
            let place = hit.inTitle ? "title" : "#\(hit.message) \(hit.kind.name)"
            return [
                line(agent: hit.agent, project: hit.project, title: hit.title, updated: hit.updated, trailing: place),
                "    " + markedSnippet(hit, width: width - 4),
            ]
        }
    }

    /// A hit's snippet on one line of `width` cells, its matches in bold.
    private func markedSnippet(_ hit: SearchHit, width: Int) -> String {
        var out = ""
        var cells = 0
        var inMark = false
        for (offset, scalar) in hit.snippet.unicodeScalars.enumerated() {
            let size = CellWidth.of(scalar)
            if cells + size > width { break }
            let marked = hit.marks.contains { $0.contains(offset) }
            if escapes, marked != inMark {
                out += marked ? "\u{1B}[1;33m" : "\u{1B}[22;39m"
                inMark = marked
            }
            let safe = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) ? " " : Character(scalar)
            out.append(safe)
            cells += size
        }
        if inMark { out += "\u{1B}[22;39m" }
        return out
    }

    /// The preview of the chosen entry: where it is from, then its opening words or the match.
    private mutating func preview(width: Int, height: Int) -> [String] {
        guard let entry = list.selection else { return [] }
        var lines: [String] = []
        let conversation: IndexedConversation?
        let hit: SearchHit?
        switch entry {
        case .conversation(let chosen):
            conversation = chosen
            hit = nil
        case .hit(let chosen):
            hit = chosen
            conversation = list.all.first { $0.path == chosen.path && $0.conversation == chosen.conversation }
        }
        let title = conversation?.title ?? hit?.title ?? "(untitled)"
        lines += CellText.wrap(title, width: width, limit: 2).map { styled($0, "1") }
        let agent = conversation?.agent ?? hit?.agent ?? ""
        let project = (conversation?.project ?? hit?.project).map(SessionsCommand.shortened)
        lines.append(CellText.fit(agent + (project.map { " · " + $0 } ?? ""), width: width))
        let updated = conversation?.updated ?? hit?.updated ?? 0
        lines.append(
            CellText.fit(
                SessionTime.text(updated) + (conversation.map { " · \($0.messages) messages" } ?? ""), width: width))
        lines.append(styled(CellText.fit(SessionsCommand.shortened(entry.path), width: width), "2"))
        lines.append("")
        if let hit {
            lines.append(styled(hit.inTitle ? "In the title:" : "Message \(hit.message), \(hit.kind.name):", "2"))
            lines += CellText.wrap(hit.snippet, width: width, limit: 6)
            lines.append("")
        }
        guard let id = conversation?.id, let index else { return Array(lines.prefix(height)) }
        if openings[id] == nil { openings[id] = (try? index.opening(of: id, limit: 12)) ?? [] }
        for piece in openings[id] ?? [] where lines.count < height {
            let (prefix, code, limit) =
                switch piece.kind {
                case .user: ("› ", "1", 4)
                case .agent: ("  ", "", 4)
                case .thinking: ("  ∴ ", "2", 2)
                case .tool: ("  ⚙ ", "2", 2)
                }
            let wrapped = CellText.wrap(piece.text, width: width - CellWidth.of(prefix), limit: limit)
            for (number, text) in wrapped.enumerated() {
                let line = (number == 0 ? prefix : String(repeating: " ", count: CellWidth.of(prefix))) + text
                lines.append(code.isEmpty ? line : styled(line, code))
            }
        }
        return Array(lines.prefix(height))
    }

    private mutating func readerRows() -> [String] {
        guard var reader else { return [] }
        defer { self.reader = reader }
        let height = readerHeight
        var rows = reader.screen(height: height).map { encode($0.line) }
        while rows.count < height { rows.append("") }
        if let findInput {
            rows.append("/" + CellText.fit(findInput, width: width - 1))
            return rows
        }
        if let notice {
            rows.append(styled(CellText.fit(" " + notice, width: width), "1"))
            return rows
        }
        let title =
            reader.transcript.info?.title ?? reader.transcript.conversation?.title
            ?? opened.map { CellText.lastComponent($0.path) } ?? ""
        let count = reader.itemCount - 1
        let place =
            reader.currentMessage.map { "message \($0) of \(count)" } ?? "\(count) message\(count == 1 ? "" : "s")"
        let percent = reader.isAtEnd(height: height) ? "end" : "\(count == 0 ? 0 : (reader.top.item * 100) / count)%"
        // Where it is first: a long title is what gets cut.
        var status = " \(place) · \(percent)"
        if following { status += " · following" }
        if let finding = reader.finding { status += " · “\(finding)” n/N" }
        status += " · ? keys · q " + (readerOnly ? "quits" : "back") + " · " + title
        rows.append(styled(CellText.fit(status, width: width), "2;7"))
        return rows
    }

    private func encode(_ line: StyledLine) -> String {
        var text = ANSIWriter.write([line], capabilities: capabilities)
        if text.hasSuffix("\n") { text.removeLast() }
        return text
    }

    private func overlay(_ lines: [String], on rows: [String]) -> [String] {
        var rows = rows
        let boxWidth = min(width - 2, (lines.map { CellWidth.of($0) }.max() ?? 0) + 4)
        let top = max(0, (height - lines.count - 2) / 2)
        let left = max(0, (width - boxWidth) / 2)
        let margin = String(repeating: " ", count: left)
        var box = ["┌" + String(repeating: "─", count: boxWidth - 2) + "┐"]
        box += lines.map { "│ " + CellText.pad($0, width: boxWidth - 4) + " │" }
        box.append("└" + String(repeating: "─", count: boxWidth - 2) + "┘")
        for (offset, line) in box.enumerated() where top + offset < rows.count {
            rows[top + offset] = margin + line
        }
        return rows
    }

    /// What each view is called where the reader says which shows.
    static let viewNames: [ConversationDetail: String] = [
        .full: "everything", .focused: "prompts and replies, each step a line", .prompts: "the prompts only",
    ]

    /// The keys, as `?` shows them.
    static func keys(reader: Bool) -> [String] {
        guard reader else {
            return [
                "Keys of the list", "", "type          filter by title, project, agent",
                "Enter         search what was said; then open", "→, Ctrl-O     open the chosen one",
                "↑ ↓ PgUp PgDn choose (the mouse wheel too)", "Backspace     edit the filter",
                "Esc           clear the filter, then quit",
                "", "any key closes this",
            ]
        }
        return [
            "Keys of the reader", "", "j k ↑ ↓ wheel line by line", "space b       a screen down, up",
            "d u           half a screen", "g G           the start, the end", "n N           next, previous prompt",
            "/ then n N    find in it, next, previous", "Tab, Enter    unfold the tools and thinking",
            "v             everything, prompts and replies, prompts only", "e             export to HTML",
            "y             copy the message at the top",
            "f             follow as it is written",
            "q, Esc        back", "", "any key closes this",
        ]
    }

    /// An age in a few letters: `now`, `5m`, `3h`, `2d`, `6w`, `2y`.
    static func age(_ seconds: Double) -> String {
        let minutes = (max(0, seconds) / 60).clampedToInt
        if minutes < 1 { return "now" }
        if minutes < 60 { return "\(minutes)m" }
        if minutes < 60 * 24 { return "\(minutes / 60)h" }
        if minutes < 60 * 24 * 14 { return "\(minutes / (60 * 24))d" }
        if minutes < 60 * 24 * 365 { return "\(minutes / (60 * 24 * 7))w" }
        return "\(minutes / (60 * 24 * 365))y"
    }
}
