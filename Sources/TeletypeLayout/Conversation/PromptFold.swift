/// Where a prompt far longer than a screen (a pasted log, a document's text) is cut when it shows
/// folded: its first lines show, and how much more there is; the whole shows on expansion.
public struct PromptFold: Sendable, Equatable {
    /// How many UTF-8 bytes of the text show.
    public var shownBytes: Int
    /// How many lines are folded away.
    public var moreLines: Int
    /// How many UTF-8 bytes are folded away.
    public var moreBytes: Int

    /// The fold of `text` when it has more than `limit` lines (or as many bytes as `limit` lines of
    /// 200): its first `limit / 2` lines show, at most 100 bytes a line on average. `nil` when it
    /// shows whole, as a prompt of about the limit does (folding must hide a good part).
    public static func of(_ text: String, limit: Int) -> PromptFold? {
        let bytes = text.utf8
        let shownLineCount = max(1, limit / 2)
        guard limit > 0, bytes.count > shownLineCount * 40 else { return nil }
        var lines = 1
        var cut: Int?
        var offset = 0
        for byte in bytes {
            if byte == 0x0A {
                if lines == shownLineCount { cut = offset }
                lines += 1
            }
            offset += 1
        }
        guard lines > limit || bytes.count > limit * 200 else { return nil }
        // The first lines, and no more bytes than that many lines of 100.
        var shown = min(cut ?? bytes.count, shownLineCount * 100)
        let all = Array(bytes)
        while shown > 0, shown < all.count, all[shown] & 0xC0 == 0x80 { shown -= 1 }  // a whole character
        let rest = all[shown...]
        let restLines = rest.count(where: { $0 == 0x0A }) + (rest.last == 0x0A ? 0 : 1) - (rest.first == 0x0A ? 1 : 0)
        guard rest.count >= 400 || restLines >= 5 else { return nil }
        return PromptFold(shownBytes: shown, moreLines: max(1, restLines), moreBytes: rest.count)
    }

    /// The part of `text` that shows.
    public func shown(of text: String) -> Substring {
        let end = text.utf8.index(text.startIndex, offsetBy: min(shownBytes, text.utf8.count))
        return text[..<end]
    }

    /// The part of `text` that is folded away.
    public func folded(of text: String) -> Substring {
        let start = text.utf8.index(text.startIndex, offsetBy: min(shownBytes, text.utf8.count))
        var rest = text[start...]
        if rest.first == "\n" { rest = rest.dropFirst() }
        return rest
    }

    /// `1,980 more lines (48 kB)`, as the fold says what it hides (its size as a card says one).
    public var label: String {
        "\(Self.grouped(moreLines)) more line\(moreLines == 1 ? "" : "s") (\(DisplayFormatting.size(moreBytes)))"
    }

    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number))
        var out = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }
}
