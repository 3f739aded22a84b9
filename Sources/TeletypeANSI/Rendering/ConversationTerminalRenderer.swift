import TeletypeLayout
import TeletypeMarkdown

/// Draws conversation rows for a terminal: the user's bubbles at the trailing edge, reasoning and
/// tool calls as compact lines, cards for approvals and attachments, actions under replies. A pure
/// function of the rows, the width, the terminal's capabilities and the appearance; every line fits
/// the width.
public struct ConversationTerminalRenderer: Sendable {
    public var width: Int
    public var capabilities: TerminalCapabilities
    public var appearance: AIAppearance

    public init(width: Int = 80, capabilities: TerminalCapabilities = .plain, appearance: AIAppearance = .dark) {
        self.width = width
        self.capabilities = capabilities
        self.appearance = appearance
    }

    /// The rows as text, a blank line apart.
    public func render(_ rows: [ConversationRow]) -> String {
        // Rows draw independently: a long conversation is shared among the cores.
        let ranges = ParallelWork.ranges(rows.count, minimum: 64)
        let renderer = self
        let parts = ParallelWork.map(ranges.count) { part in
            ANSIWriter.bytes(renderer.lines(Array(rows[ranges[part]])), capabilities: renderer.capabilities)
        }
        return ANSIWriter.joined(parts)
    }

    /// The styled lines of `rows`.
    public func lines(_ rows: [ConversationRow]) -> [StyledLine] {
        var out: [StyledLine] = []
        for (index, row) in rows.enumerated() {
            if index > 0 { out.append(StyledLine()) }
            out += lines(row)
        }
        return out
    }

    /// The styled lines of one row.
    public func lines(_ row: ConversationRow) -> [StyledLine] {
        let drawing = ConversationDrawing(
            context: BlockContext(
                theme: appearance.theme, capabilities: capabilities,
                glyphs: capabilities.unicode ? .unicode : .ascii),
            appearance: capabilities.unicode ? appearance : appearance.withASCIIIcons(), width: max(width, 1))
        var out: [StyledLine] = []
        var previousWasCompact: Bool?
        for block in row.blocks {
            let compact = ConversationDrawing.isCompact(block)
            if let previous = previousWasCompact, !(previous && compact) { out.append(StyledLine()) }
            out += drawing.lines(block)
            previousWasCompact = compact
        }
        return out
    }
}

extension AIAppearance {
    /// The same appearance with ASCII icons, for terminals without Unicode.
    func withASCIIIcons() -> AIAppearance {
        var copy = self
        copy.icons = .ascii
        return copy
    }
}
