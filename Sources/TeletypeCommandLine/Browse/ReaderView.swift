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

/// One conversation drawn as `render` draws it, scrolled a screen at a time. It is laid out lazily,
/// by message: a screen lays out only the messages it shows (each once, then kept), so a session of
/// tens of megabytes opens and scrolls as fast as a short one. Items are the header (0) and the
/// messages (1…); the screen's top is an item and a line within it.
struct ReaderView {
    /// The conversation shown.
    private(set) var transcript: Transcript
    private let messages: [any AIMessage]
    private let header: [ConversationRow]
    private let layout: ConversationLayout
    private var state: ConversationViewState
    private var renderer: ConversationTerminalRenderer
    /// Each item's lines once laid out, with the blank line that sets it apart from the one above.
    private var laidOut: [Int: [StyledLine]] = [:]
    /// Each message's searchable words, lowercased UTF-8, once `/` has looked at it.
    private var words: [Int: [UInt8]] = [:]
    /// The messages whose tool cards and thinking are unfolded.
    private(set) var unfolded: Set<Int> = []
    /// The first line on the screen: an item and a line of it.
    private(set) var top = (item: 0, line: 0)
    /// What `/` looks for (as typed), highlighted wherever it shows.
    private(set) var finding: String?
    /// How many items were laid out, for tests of the laziness.
    private(set) var layouts = 0

    /// The items: the header and every message.
    var itemCount: Int { messages.count + 1 }

    /// A reader of `transcript` for a screen `width` cells wide.
    init(
        transcript: Transcript, width: Int, capabilities: TerminalCapabilities, appearance: AIAppearance,
        expanded: Bool = false, detail: ConversationDetail = .full
    ) {
        self.transcript = transcript
        messages = transcript.messages
        header = RenderCommand.header(transcript)
        layout = ConversationLayout(appearance: appearance, ui: .standard)
        state = ConversationViewState(actions: [], isRecorded: true)
        state.expandReasoning = expanded
        state.expandToolCalls = expanded
        state.detail = detail
        state.promptLineLimit = ConversationViewState.promptLinesFolded
        renderer = ConversationTerminalRenderer(width: width, capabilities: capabilities, appearance: appearance)
    }

    /// The width laid out for.
    var width: Int { renderer.width }

    /// Shows as much of each message as `detail` says, keeping the message at the top.
    mutating func show(_ detail: ConversationDetail, height: Int) {
        guard detail != state.detail else { return }
        state.detail = detail
        laidOut.removeAll()
        top.line = 0
        scroll(0, height: height)
    }

    /// Lays out again for another width, keeping the message at the top.
    mutating func resize(width: Int) {
        guard width != renderer.width else { return }
        renderer.width = width
        laidOut.removeAll()
        top.line = 0
    }

    // MARK: Lines

    /// The lines of `item`, laid out the first time they are asked for.
    mutating func lines(of item: Int) -> [StyledLine] {
        if let lines = laidOut[item] { return lines }
        layouts += 1
        var lines: [StyledLine]
        if item == 0 {
            lines = header.isEmpty ? [] : renderer.lines(header)
        } else {
            let index = item - 1
            var itemState = state
            if unfolded.contains(item) {
                itemState.expandReasoning = true
                itemState.expandToolCalls = true
                itemState.detail = .full  // a message unfolded shows whole, whatever the view
                itemState.promptLineLimit = nil
            }
            let row = layout.row(
                for: messages[index], isFirst: index == 0, isLatestReply: false,
                endsReply: ConversationLayout.endsReply(messages, at: index), state: itemState)
            lines = row.map { renderer.lines($0) } ?? []
            // A blank line between items, none above the first thing shown.
            if !lines.isEmpty, item > 1 || !header.isEmpty { lines.insert(StyledLine(), at: 0) }
        }
        laidOut[item] = lines
        return lines
    }

    /// The lines from the top of the screen, at most `height`, each with its item.
    mutating func screen(height: Int) -> [(item: Int, line: StyledLine)] {
        skipEmptyTop()
        var out: [(Int, StyledLine)] = []
        var item = top.item
        var line = top.line
        while out.count < height, item < itemCount {
            let lines = lines(of: item)
            while line < lines.count, out.count < height {
                out.append((item, finding.map { MatchHighlight.mark(lines[line], matching: $0) } ?? lines[line]))
                line += 1
            }
            item += 1
            line = 0
        }
        return out
    }

    // MARK: Moving

    /// Moves the top `count` lines down (up when negative), never past the last screenful.
    mutating func scroll(_ count: Int, height: Int) {
        skipEmptyTop()
        var left = count
        while left > 0, let next = position(after: top) {
            top = next
            left -= 1
        }
        while left < 0, let previous = position(before: top) {
            top = previous
            left += 1
        }
        keepLastScreenFull(height: height)
    }

    /// The top of the conversation.
    mutating func toStart() {
        top = (0, 0)
        skipEmptyTop()
    }

    /// A top on an item that shows nothing (a header-less conversation's header) moves to the
    /// first line below it.
    private mutating func skipEmptyTop() {
        if lines(of: top.item).isEmpty, let next = position(after: top) { top = next }
    }

    /// The last screenful.
    mutating func toEnd(height: Int) {
        top = (max(0, itemCount - 1), 0)
        if let last = lastLine() { top = last }
        scroll(-(height - 1), height: height)
    }

    /// Whether the last line shows.
    mutating func isAtEnd(height: Int) -> Bool {
        var position = top
        for _ in 0..<max(1, height - 1) {
            guard let next = self.position(after: position) else { return true }
            position = next
        }
        return self.position(after: position) == nil
    }

    /// Puts `item` (a message from 1, or the header) at the top of the screen.
    mutating func show(item: Int, height: Int) {
        top = (min(max(0, item), itemCount - 1), 0)
        if lines(of: top.item).isEmpty, let next = position(after: top) { top = next }
        // A message's blank line above it stays out of sight.
        if top.line == 0, lines(of: top.item).count > 1, lines(of: top.item)[0].width == 0, top.item > 0 {
            top.line = 1
        }
        keepLastScreenFull(height: height)
    }

    /// The message at the top of the screen (1…), or `nil` on the header.
    var currentMessage: Int? { top.item > 0 ? top.item : nil }

    /// The next (or previous) prompt of the user's after the top of the screen; false when there
    /// is none that way.
    mutating func jumpToPrompt(forward: Bool, height: Int) -> Bool {
        let candidates =
            forward
            ? Array(stride(from: top.item + 1, to: itemCount, by: 1))
            : Array(
                stride(from: top.item - (top.line > 1 ? 0 : 1), through: 1, by: -1))
        // A prompt always shows: found by its role alone, nothing laid out on the way.
        guard let item = candidates.first(where: { messages[$0 - 1].role.isUser }) else {
            return false
        }
        show(item: item, height: height)
        return true
    }

    /// Folds or unfolds the tool cards and thinking of the message at the top of the screen.
    mutating func toggleFold(height: Int) {
        guard top.item > 0 else { return }
        if unfolded.contains(top.item) { unfolded.remove(top.item) } else { unfolded.insert(top.item) }
        laidOut[top.item] = nil
        top.line = min(top.line, max(0, lines(of: top.item).count - 1))
        keepLastScreenFull(height: height)
    }

    // MARK: Finding

    /// Looks for `text` (any case) from the top of the screen on, or back from it, wrapping
    /// around the ends once; shows the line it is on, unfolding a message whose match is in a folded
    /// card. Returns whether it was found, and whether the search went round an end.
    mutating func find(_ text: String, forward: Bool, height: Int) -> (found: Bool, wrapped: Bool) {
        guard !text.isEmpty else { return (false, false) }
        finding = text
        let needle = text.lowercased()
        let count = itemCount
        // The items in the order the search visits them, the top one first (its other lines).
        var order: [Int] = []
        for step in 0...count {
            let item = forward ? (top.item + step) % count : ((top.item - step) % count + count) % count
            order.append(item)
        }
        for (step, item) in order.enumerated() {
            guard item == 0 || says(item, needle) else { continue }
            if let line = matchingLine(item, needle: needle, after: step == 0 ? top.line : nil, forward: forward) {
                let wrapped = step > 0 && (forward ? item <= top.item : item >= top.item)
                top = (item, line)
                keepLastScreenFull(height: height)
                return (true, wrapped)
            }
        }
        return (false, false)
    }

    /// Highlights `text` wherever it shows, without moving; n/N then go between its places.
    mutating func markFinding(_ text: String) {
        finding = text.isEmpty ? nil : text
    }

    /// Stops highlighting.
    mutating func stopFinding() {
        finding = nil
    }

    /// The line of `item` that shows `needle`, after (or before, going back) line `after` of it;
    /// a message that holds the words only in a folded card is unfolded.
    private mutating func matchingLine(_ item: Int, needle: String, after: Int?, forward: Bool) -> Int? {
        func search() -> Int? {
            let lines = lines(of: item)
            let indices =
                forward
                ? Array(((after.map { $0 + 1 } ?? 0)..<max(lines.count, (after ?? -1) + 1)))
                : Array(stride(from: (after.map { $0 - 1 } ?? lines.count - 1), through: 0, by: -1))
            return indices.first { $0 < lines.count && lines[$0].plainText.lowercased().contains(needle) }
        }
        if let line = search() { return line }
        guard item > 0, after == nil, !unfolded.contains(item) else { return nil }
        unfolded.insert(item)
        laidOut[item] = nil
        if let line = search() { return line }
        unfolded.remove(item)
        laidOut[item] = nil
        return nil
    }

    /// Whether message `item` says `needle` (lowercased) anywhere, its tools and thinking among it:
    /// its words are kept as lowercased UTF-8 the first time, then looked through byte by byte.
    private mutating func says(_ item: Int, _ needle: String) -> Bool {
        if words[item] == nil {
            var bytes: [UInt8] = []
            let message = messages[item - 1]
            let pieces =
                (message as? Message).map { SearchableText.pieces(of: $0).map(\.text) } ?? [message.text]
            for piece in pieces {
                if !bytes.isEmpty { bytes.append(0x0A) }
                if piece.utf8.allSatisfy({ $0 < 0x80 }) {
                    bytes += piece.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
                } else {
                    bytes += piece.lowercased().utf8
                }
            }
            words[item] = bytes
        }
        let haystack = words[item] ?? []
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty, haystack.count >= pattern.count else { return false }
        return haystack.withUnsafeBufferPointer { text in
            pattern.withUnsafeBufferPointer { pattern in
                let first = pattern[0]
                var index = 0
                let last = text.count - pattern.count
                while index <= last {
                    if text[index] == first {
                        var matched = 1
                        while matched < pattern.count, text[index + matched] == pattern[matched] { matched += 1 }
                        if matched == pattern.count { return true }
                    }
                    index += 1
                }
                return false
            }
        }
    }

    // MARK: Copying

    /// What `y` copies: the words of the message at the top of the screen (its tools' too).
    var textAtTop: String? {
        guard top.item > 0 else { return nil }
        let message = messages[top.item - 1]
        if !message.text.isEmpty { return message.text }
        guard let message = message as? Message else { return nil }
        let text = SearchableText.pieces(of: message).map(\.text).joined(separator: "\n\n")
        return text.isEmpty ? nil : text
    }

    // MARK: Positions

    private mutating func position(after position: (item: Int, line: Int)) -> (item: Int, line: Int)? {
        if position.line + 1 < lines(of: position.item).count { return (position.item, position.line + 1) }
        var item = position.item + 1
        while item < itemCount {
            if !lines(of: item).isEmpty { return (item, 0) }
            item += 1
        }
        return nil
    }

    private mutating func position(before position: (item: Int, line: Int)) -> (item: Int, line: Int)? {
        if position.line > 0 { return (position.item, position.line - 1) }
        var item = position.item - 1
        while item >= 0 {
            let count = lines(of: item).count
            if count > 0 { return (item, count - 1) }
            item -= 1
        }
        return nil
    }

    private mutating func lastLine() -> (item: Int, line: Int)? {
        var item = itemCount - 1
        while item >= 0 {
            let count = lines(of: item).count
            if count > 0 { return (item, count - 1) }
            item -= 1
        }
        return nil
    }

    /// Moves the top up when the screen would show less than a screenful below it.
    private mutating func keepLastScreenFull(height: Int) {
        var position = top
        var shown = 1
        while shown < height, let next = self.position(after: position) {
            position = next
            shown += 1
        }
        while shown < height, let previous = self.position(before: top) {
            top = previous
            shown += 1
        }
    }
}
