import TeletypeANSI
import TeletypeLayout

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Marks every place a line shows what `/` looks for (any case): black on yellow, and underlined
/// where the terminal has no colour. The text and its width stay as they are.
enum MatchHighlight {
    /// How a match looks.
    static let style = TextStyle(foreground: .basic(0), background: .basic(3), bold: true, underline: true)

    /// `line` with the matches of `text` marked.
    static func mark(_ line: StyledLine, matching text: String) -> StyledLine {
        let plain = line.plainText
        guard !text.isEmpty, !plain.isEmpty else { return line }
        // The matches as byte ranges of the line's UTF-8.
        var ranges: [Range<Int>] = []
        var searchStart = plain.startIndex
        while let found = plain.range(of: text, options: .caseInsensitive, range: searchStart..<plain.endIndex) {
            guard !found.isEmpty else { break }
            let start = plain.utf8.distance(from: plain.startIndex, to: found.lowerBound)
            ranges.append(start..<start + plain.utf8.distance(from: found.lowerBound, to: found.upperBound))
            searchStart = found.upperBound
        }
        guard !ranges.isEmpty else { return line }
        var segments: [StyledSegment] = []
        var offset = 0
        for segment in line.segments {
            let bytes = Array(segment.text.utf8)
            var cuts = Set([0, bytes.count])
            for range in ranges {
                for bound in [range.lowerBound - offset, range.upperBound - offset]
                where bound > 0 && bound < bytes.count {
                    cuts.insert(bound)
                }
            }
            let sorted = cuts.sorted()
            for (start, end) in zip(sorted, sorted.dropFirst()) where start < end {
                var piece = segment
                piece.text = String(decoding: bytes[start..<end], as: UTF8.self)
                let isMatch = ranges.contains { $0.lowerBound <= offset + start && offset + end <= $0.upperBound }
                if isMatch { piece.style = segment.style.merged(with: style) }
                segments.append(piece)
            }
            offset += bytes.count
        }
        var marked = line
        marked.segments = segments
        return marked
    }
}
