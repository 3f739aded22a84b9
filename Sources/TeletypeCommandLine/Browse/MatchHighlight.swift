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
        let ranges = matches(of: text, in: plain)
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

    /// Where `text` is found in `plain`, any case, as byte ranges of `plain`'s UTF-8: whole
    /// characters whose lowercase spells `text`'s, as the reader's `/` finds a line (by
    /// `lowercased()`), one match after another.
    static func matches(of text: String, in plain: String) -> [Range<Int>] {
        let needle = Array(text.lowercased().utf8)
        guard !needle.isEmpty else { return [] }
        var characters: [(offset: Int, lowercase: [UInt8])] = []
        var offset = 0
        for character in plain {
            characters.append((offset, Array(String(character).lowercased().utf8)))
            offset += character.utf8.count
        }
        var ranges: [Range<Int>] = []
        var start = 0
        while start < characters.count {
            var spelled: [UInt8] = []
            var end = start
            while end < characters.count, spelled.count < needle.count {
                spelled += characters[end].lowercase
                end += 1
            }
            if spelled == needle {
                ranges.append(characters[start].offset..<(end < characters.count ? characters[end].offset : offset))
                start = end
            } else {
                start += 1
            }
        }
        return ranges
    }
}
