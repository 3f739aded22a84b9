import TeletypeLayout

/// Fills lines of a given width with styled words: breaks at spaces, between CJK characters, and
/// inside words longer than a line; runs of spaces collapse to one; a hard break starts a new line.
struct TextWrapper {
    let width: Int
    private(set) var lines: [StyledLine] = []
    private var line = StyledLine()
    /// The word being gathered: fragments with their own styles, not yet placed.
    private var word: [(text: String, style: TextStyle, hyperlink: String?, width: Int)] = []
    private var wordWidth = 0
    /// The style of the space before the word being gathered, if there is one.
    private var pendingSpace: (style: TextStyle, hyperlink: String?)?
    /// The widest word seen, in cells.
    private(set) var longestWord = 0

    init(width: Int) {
        self.width = max(width, 1)
    }

    /// Adds text in one style; spaces in it are break opportunities.
    mutating func add(_ text: String, style: TextStyle, hyperlink: String? = nil) {
        if text == "\n" {
            breakLine()
            return
        }
        let utf8 = text.utf8
        var isASCII = true
        for byte in utf8 where byte >= 0x80 {
            isASCII = false
            break
        }
        if isASCII {
            addASCII(text, style: style, hyperlink: hyperlink)
        } else {
            addUnicode(text, style: style, hyperlink: hyperlink)
        }
    }

    private mutating func addASCII(_ text: String, style: TextStyle, hyperlink: String?) {
        var start = text.utf8.startIndex
        var index = start
        let end = text.utf8.endIndex
        while index < end {
            if text.utf8[index] == UInt8(ascii: " ") {
                if index > start { appendFragment(String(text[start..<index]), style: style, hyperlink: hyperlink, width: text.utf8.distance(from: start, to: index)) }
                space(style: style, hyperlink: hyperlink)
                start = text.utf8.index(after: index)
            }
            index = text.utf8.index(after: index)
        }
        if start < end {
            appendFragment(String(text[start..<end]), style: style, hyperlink: hyperlink, width: text.utf8.distance(from: start, to: end))
        }
    }

    private mutating func addUnicode(_ text: String, style: TextStyle, hyperlink: String?) {
        var run = ""
        var runWidth = 0
        for character in text {
            if character == " " {
                if !run.isEmpty { appendFragment(run, style: style, hyperlink: hyperlink, width: runWidth) }
                run = ""
                runWidth = 0
                space(style: style, hyperlink: hyperlink)
                continue
            }
            let cells = CellWidth.of(character)
            if cells == 2 {
                // A line may break before and after a wide (CJK) character.
                if !run.isEmpty { appendFragment(run, style: style, hyperlink: hyperlink, width: runWidth) }
                run = ""
                runWidth = 0
                flushWord()
                appendFragment(String(character), style: style, hyperlink: hyperlink, width: 2)
                flushWord()
            } else {
                run.append(character)
                runWidth += cells
            }
        }
        if !run.isEmpty { appendFragment(run, style: style, hyperlink: hyperlink, width: runWidth) }
    }

    private mutating func appendFragment(_ text: String, style: TextStyle, hyperlink: String?, width: Int) {
        word.append((text, style, hyperlink, width))
        wordWidth += width
    }

    private mutating func space(style: TextStyle, hyperlink: String?) {
        flushWord()
        if line.width > 0 || !lines.isEmpty { pendingSpace = (style, hyperlink) }
    }

    /// Ends the current line here (a hard line break).
    mutating func breakLine() {
        flushWord()
        lines.append(line)
        line = StyledLine()
        pendingSpace = nil
    }

    /// Places the gathered word on the current line, on a new line, or across lines.
    private mutating func flushWord() {
        guard !word.isEmpty else { return }
        longestWord = max(longestWord, wordWidth)
        let spaceWidth = pendingSpace != nil && line.width > 0 ? 1 : 0
        if line.width + spaceWidth + wordWidth <= width {
            if spaceWidth == 1, let space = pendingSpace {
                line.append(" ", style: space.style, hyperlink: space.hyperlink, width: 1)
            }
            for fragment in word {
                line.append(fragment.text, style: fragment.style, hyperlink: fragment.hyperlink, width: fragment.width)
            }
        } else if wordWidth <= width {
            newLine()
            for fragment in word {
                line.append(fragment.text, style: fragment.style, hyperlink: fragment.hyperlink, width: fragment.width)
            }
        } else {
            // Longer than a line: start it here if a fair part fits, then break it anywhere.
            if line.width > 0 {
                if width - line.width - spaceWidth >= min(8, width / 2), let space = pendingSpace {
                    line.append(" ", style: space.style, hyperlink: space.hyperlink, width: 1)
                } else {
                    newLine()
                }
            }
            for fragment in word {
                var chunk = ""
                var chunkWidth = 0
                for character in fragment.text {
                    let cells = CellWidth.of(character)
                    if line.width + chunkWidth + cells > width, line.width + chunkWidth > 0 {
                        line.append(chunk, style: fragment.style, hyperlink: fragment.hyperlink, width: chunkWidth)
                        newLine()
                        chunk = ""
                        chunkWidth = 0
                    }
                    chunk.append(character)
                    chunkWidth += cells
                }
                line.append(chunk, style: fragment.style, hyperlink: fragment.hyperlink, width: chunkWidth)
            }
        }
        word.removeAll(keepingCapacity: true)
        wordWidth = 0
        pendingSpace = nil
    }

    private mutating func newLine() {
        lines.append(line)
        line = StyledLine()
    }

    /// Finishes the last line and returns every line.
    mutating func finish() -> [StyledLine] {
        flushWord()
        if line.width > 0 || lines.isEmpty { lines.append(line) }
        line = StyledLine()
        return lines
    }
}
