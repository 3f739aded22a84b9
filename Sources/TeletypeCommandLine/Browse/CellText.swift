import TeletypeANSI
import TeletypeLayout

/// Plain text measured in terminal cells, as the browser's list, preview and status line set it:
/// made safe to print, cut to a width, padded, wrapped.
enum CellText {
    /// `text` on one line (controls and line ends as spaces), cut to `width` cells with an ellipsis.
    static func fit(_ text: String, width: Int) -> String {
        guard width > 0 else { return "" }
        var out = ""
        var cells = 0
        let characters = oneLine(text)
        let total = CellWidth.of(characters)
        if total <= width { return characters }
        for character in characters {
            let size = CellWidth.of(character)
            if cells + size > width - 1 { break }
            out.append(character)
            cells += size
        }
        return out + "…"
    }

    /// `text` fitted to `width` cells and padded with spaces to fill them.
    static func pad(_ text: String, width: Int) -> String {
        let fitted = fit(text, width: width)
        return fitted + String(repeating: " ", count: max(0, width - CellWidth.of(fitted)))
    }

    /// `text` broken into lines of at most `width` cells, at spaces where it can be, at most
    /// `limit` lines (the last one ending in an ellipsis when more was left).
    static func wrap(_ text: String, width: Int, limit: Int) -> [String] {
        guard width > 1, limit > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        var cells = 0
        var truncated = false
        /// Ends the line; false when no other may follow.
        func push() -> Bool {
            lines.append(line)
            line = ""
            cells = 0
            return lines.count < limit
        }
        words: for word in oneLine(text).split(separator: " ") {
            var word = Substring(word)
            while !word.isEmpty {
                let size = CellWidth.of(word)
                if cells == 0, size > width {
                    // A word longer than the line is cut where the line ends.
                    let head = cut(word, width: width)
                    line = String(head)
                    word = word.dropFirst(head.count)
                    if !push() {
                        truncated = true
                        break words
                    }
                    continue
                }
                if cells > 0, cells + 1 + size > width {
                    if !push() {
                        truncated = true
                        break words
                    }
                    continue
                }
                line += (cells > 0 ? " " : "") + word
                cells += (cells > 0 ? 1 : 0) + size
                word = ""
            }
        }
        if !line.isEmpty {
            if lines.count < limit { lines.append(line) } else { truncated = true }
        }
        if truncated, let last = lines.popLast() { lines.append(fit(last + " …", width: width)) }
        return lines
    }

    /// The longest start of `word` that fits `width` cells.
    private static func cut(_ word: Substring, width: Int) -> Substring {
        var cells = 0
        var end = word.startIndex
        for index in word.indices {
            let size = CellWidth.of(word[index])
            if cells + size > width { break }
            cells += size
            end = word.index(after: index)
        }
        return end == word.startIndex ? word.prefix(1) : word[..<end]
    }

    /// The last part of a path: a file's or folder's own name.
    static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Controls and line ends as spaces: text safe on one terminal line.
    static func oneLine(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in TerminalSafeText.sanitize(text).unicodeScalars {
            out.append(scalar.value < 0x20 || scalar.value == 0x7F ? " " : scalar)
        }
        return String(out)
    }
}
