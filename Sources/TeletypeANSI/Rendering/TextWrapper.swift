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

    /// When measuring, words are counted but no line is built: only ``widestLine`` and
    /// ``longestWord`` are kept, as table layout needs.
    private let measuring: Bool
    private var measuredLine = 0
    private var measuredWordHasText = false
    /// The widest line seen while measuring, in cells.
    private(set) var widestLine = 0

    init(width: Int) {
        self.width = max(width, 1)
        self.measuring = false
    }

    /// A wrapper that only measures unwrapped text: its widest line and longest word.
    static func measuring() -> TextWrapper { TextWrapper(measuringWithWidth: Int.max / 4) }

    private init(measuringWithWidth width: Int) {
        self.width = width
        self.measuring = true
    }

    /// Adds text in one style; spaces in it are break opportunities.
    mutating func add(_ text: String, style: TextStyle, hyperlink: String? = nil) {
        if text == "\n" {
            breakLine()
            return
        }
        // Words of ASCII are measured by their bytes; only words with other characters are walked
        // grapheme by grapheme.
        let utf8 = text.utf8
        var start = utf8.startIndex
        var index = start
        var wordIsASCII = true
        let end = utf8.endIndex
        while index < end {
            let byte = utf8[index]
            if byte == UInt8(ascii: " ") {
                if index > start {
                    addWord(
                        text[start..<index], isASCII: wordIsASCII, width: utf8.distance(from: start, to: index),
                        style: style, hyperlink: hyperlink)
                }
                space(style: style, hyperlink: hyperlink)
                start = utf8.index(after: index)
                wordIsASCII = true
            } else if byte >= 0x80 {
                wordIsASCII = false
            }
            index = utf8.index(after: index)
        }
        if start < end {
            addWord(
                text[start..<end], isASCII: wordIsASCII, width: utf8.distance(from: start, to: end), style: style,
                hyperlink: hyperlink)
        }
    }

    private mutating func addWord(_ word: Substring, isASCII: Bool, width: Int, style: TextStyle, hyperlink: String?) {
        if isASCII {
            appendFragment(String(word), style: style, hyperlink: hyperlink, width: width)
        } else {
            addUnicode(word, style: style, hyperlink: hyperlink)
        }
    }

    private mutating func addUnicode(_ text: Substring, style: TextStyle, hyperlink: String?) {
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
        if measuring {
            wordWidth += width
            measuredWordHasText = true
            return
        }
        word.append((text, style, hyperlink, width))
        wordWidth += width
    }

    private mutating func space(style: TextStyle, hyperlink: String?) {
        flushWord()
        if line.width > 0 || !lines.isEmpty || measuredLine > 0 { pendingSpace = (style, hyperlink) }
    }

    /// Ends the current line here (a hard line break).
    mutating func breakLine() {
        flushWord()
        measuredLine = 0
        lines.append(line)
        line = StyledLine()
        pendingSpace = nil
    }

    /// Places the gathered word on the current line, on a new line, or across lines.
    private mutating func flushWord() {
        guard !word.isEmpty || measuredWordHasText else { return }
        longestWord = max(longestWord, wordWidth)
        if measuring {
            measuredWordHasText = false
            measuredLine += (pendingSpace != nil && measuredLine > 0 ? 1 : 0) + wordWidth
            widestLine = max(widestLine, measuredLine)
            word.removeAll(keepingCapacity: true)
            wordWidth = 0
            pendingSpace = nil
            return
        }
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
