import TeletypeLayout

/// A run of text on a line with one style and, optionally, a hyperlink target.
public struct StyledSegment: Sendable, Equatable {
    /// The text; never contains a newline or a control character other than tab.
    public var text: String
    /// How the text looks.
    public var style: TextStyle
    /// The OSC 8 hyperlink target, already checked and encoded.
    public var hyperlink: String?

    /// Creates a segment.
    public init(text: String, style: TextStyle = .plain, hyperlink: String? = nil) {
        self.text = text
        self.style = style
        self.hyperlink = hyperlink
    }
}

/// One output line: styled segments and the cells they take.
public struct StyledLine: Sendable, Equatable {
    /// The segments, left to right.
    public var segments: [StyledSegment] = []
    /// The width in terminal cells.
    public var width: Int = 0

    /// Creates an empty line.
    public init() {}

    /// Creates a line from segments whose total width is known.
    init(segments: [StyledSegment], width: Int) {
        self.segments = segments
        self.width = width
    }

    /// Creates a line of one segment of plain text (control characters are the caller's to avoid).
    public init(text: String, style: TextStyle = .plain) {
        self.init(text, style: style)
    }

    /// Creates a line of one segment.
    init(_ text: String, style: TextStyle = .plain) {
        append(text, style: style)
    }

    /// Appends text whose width is known.
    mutating func append(_ text: String, style: TextStyle, hyperlink: String? = nil, width: Int) {
        guard !text.isEmpty else { return }
        if let last = segments.last, last.style == style, last.hyperlink == hyperlink {
            segments[segments.count - 1].text += text
        } else {
            segments.append(StyledSegment(text: text, style: style, hyperlink: hyperlink))
        }
        self.width += width
    }

    /// Appends text, measuring it.
    mutating func append(_ text: String, style: TextStyle, hyperlink: String? = nil) {
        append(text, style: style, hyperlink: hyperlink, width: CellWidth.of(text))
    }

    /// Appends another line's segments.
    mutating func append(_ line: StyledLine) {
        for segment in line.segments {
            if let last = segments.last, last.style == segment.style, last.hyperlink == segment.hyperlink {
                segments[segments.count - 1].text += segment.text
            } else {
                segments.append(segment)
            }
        }
        width += line.width
    }

    /// Appends `count` unstyled spaces.
    mutating func pad(_ count: Int) {
        guard count > 0 else { return }
        append(Repetition.spaces(count), style: .plain, width: count)
    }

    /// The line without the spaces at its end (the prefix of a blank line, say).
    func trimmingTrailingSpaces() -> StyledLine {
        var trimmed = self
        while let last = trimmed.segments.last, last.text.utf8.last == 0x20 {
            var spaces = 0
            for byte in last.text.utf8.reversed() {
                guard byte == 0x20 else { break }
                spaces += 1
            }
            trimmed.width -= spaces
            if spaces == last.text.utf8.count {
                trimmed.segments.removeLast()
            } else {
                trimmed.segments[trimmed.segments.count - 1].text = String(last.text.dropLast(spaces))
            }
        }
        return trimmed
    }

    /// The text without styling.
    public var plainText: String { segments.map(\.text).joined() }
}
