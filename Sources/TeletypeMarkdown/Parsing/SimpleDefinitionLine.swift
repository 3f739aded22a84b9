/// A line that is a whole link reference definition on its own — `[label]: destination`, with a
/// title closed on the same line or none — as release notes and changelogs write hundreds of them
/// (`[#12345]: https://github.com/…/pull/12345`). A run of such lines is read by cmark-gfm as one
/// definition a line, each standing alone, so the planner may hand a piece only the lines it needs
/// instead of the whole run. Anything less plain (a title on the next line, parentheses that do not
/// balance, a label with brackets) is not one: its run is handed around whole.
enum SimpleDefinitionLine {
    /// Where the parts of a definition line are, as offsets in the line.
    struct Parts {
        /// The label, between its brackets.
        var label: Range<Int>
        /// The destination, without its angle brackets if it has them.
        var destination: Range<Int>
        /// The title, between its quotes or parentheses, if there is one.
        var title: Range<Int>?
    }

    /// The offset of the `]` that closes the label, when `line` (without its line ending) is one.
    static func labelEnd(_ line: UnsafeRawBufferPointer) -> Int? {
        parts(line)?.label.upperBound
    }

    /// The parts of `line` (without its line ending), when it is one.
    static func parts(_ line: UnsafeRawBufferPointer) -> Parts? {
        let count = line.count
        guard count > 3, line[0] == UInt8(ascii: "["), line[1] != UInt8(ascii: "^") else { return nil }
        var index = 1
        var hasText = false
        while index < count, line[index] != UInt8(ascii: "]") {
            let byte = line[index]
            if byte == UInt8(ascii: "[") { return nil }
            if byte != 0x20 && byte != 0x09 { hasText = true }
            index += byte == UInt8(ascii: "\\") ? 2 : 1
        }
        guard hasText, index + 1 < count, index <= LabelScanner.maximumLabelBytes,
            line[index] == UInt8(ascii: "]"), line[index + 1] == UInt8(ascii: ":")
        else { return nil }
        let close = index
        index += 2
        func skipSpaces() { while index < count, line[index] == 0x20 || line[index] == 0x09 { index += 1 } }
        skipSpaces()
        // The destination: in angle brackets, or a run without spaces whose parentheses balance.
        guard index < count else { return nil }
        let destination: Range<Int>
        if line[index] == UInt8(ascii: "<") {
            index += 1
            let start = index
            while index < count, line[index] != UInt8(ascii: ">") {
                if line[index] == UInt8(ascii: "<") { return nil }
                index += line[index] == UInt8(ascii: "\\") ? 2 : 1
            }
            guard index < count else { return nil }
            destination = start..<index
            index += 1
        } else {
            var depth = 0
            let start = index
            while index < count, line[index] > 0x20, line[index] != 0x7F {
                switch line[index] {
                case UInt8(ascii: "("): depth += 1
                case UInt8(ascii: ")"):
                    depth -= 1
                    if depth < 0 { return nil }
                case UInt8(ascii: "\\"): index += 1
                default: break
                }
                index += 1
            }
            guard index > start, depth == 0 else { return nil }
            destination = start..<index
        }
        let label = 1..<close
        let afterDestination = index
        skipSpaces()
        guard index < count else { return Parts(label: label, destination: destination, title: nil) }
        // A title, closed on this line, after at least one space.
        guard index > afterDestination else { return nil }
        let opening = line[index]
        let closing: UInt8
        switch opening {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): closing = opening
        case UInt8(ascii: "("): closing = UInt8(ascii: ")")
        default: return nil
        }
        index += 1
        let titleStart = index
        while index < count, line[index] != closing {
            if opening == UInt8(ascii: "(") && line[index] == UInt8(ascii: "(") { return nil }
            index += line[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        guard index < count else { return nil }
        let title = titleStart..<index
        index += 1
        skipSpaces()
        return index == count ? Parts(label: label, destination: destination, title: title) : nil
    }
}
