import Teletype
import TeletypeMarkdown

/// A GitHub alert: a block quote whose first line is `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`,
/// `[!WARNING]` or `[!CAUTION]` (any case, alone on its line), drawn as a titled, coloured callout.
public enum MarkdownAlert: String, Sendable, Hashable, CaseIterable {
    /// `[!NOTE]`: something worth knowing.
    case note
    /// `[!TIP]`: advice.
    case tip
    /// `[!IMPORTANT]`: something needed to succeed.
    case important
    /// `[!WARNING]`: a risk that needs attention.
    case warning
    /// `[!CAUTION]`: what not to do.
    case caution

    /// The title GitHub gives it, in English (renderers take localized titles).
    public var defaultTitle: String {
        switch self {
        case .note: "Note"
        case .tip: "Tip"
        case .important: "Important"
        case .warning: "Warning"
        case .caution: "Caution"
        }
    }

    /// The key of its title in a localization provider (`alert.note`, …).
    public var localizationKey: String { "alert." + rawValue }

    /// Its icon in a terminal that shows Unicode, and without.
    public var icon: (unicode: String, ascii: String) {
        switch self {
        case .note: ("ℹ", "(i)")
        case .tip: ("✦", "(*)")
        case .important: ("❢", "(!)")
        case .warning: ("⚠", "/!\\")
        case .caution: ("✖", "(x)")
        }
    }

    /// The alert a block quote is, with its content (the marker line taken away); nil for a quote.
    public static func detect(_ quote: BlockQuote) -> (alert: MarkdownAlert, children: [Block])? {
        guard case .paragraph(var first)? = quote.children.first else { return nil }
        var marker = ""
        var index = 0
        while index < first.inlines.count, case .text(let text) = first.inlines[index] {
            marker += text
            index += 1
        }
        let trimmed = marker.trimmed { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix("[!"), trimmed.hasSuffix("]"),
            let alert = MarkdownAlert(rawValue: trimmed.dropFirst(2).dropLast().lowercased())
        else { return nil }
        let rest = quote.children.dropFirst()
        if index < first.inlines.count {
            // The marker must stand alone on its line.
            guard first.inlines[index] == .softBreak || first.inlines[index] == .lineBreak else { return nil }
            first.inlines.removeFirst(index + 1)
            return (alert, [.paragraph(first)] + rest)
        }
        guard !rest.isEmpty else { return nil }
        return (alert, Array(rest))
    }
}
