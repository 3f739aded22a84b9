/// Math in Markdown, as GitHub reads it and models write it: `$…$` and `\(…\)` inline, `$$…$$` and
/// `\[…\]` for display (on one line, or over lines with no blank line between). A `$` opens only
/// when a character other than a space follows it, and closes only after one, when no digit
/// follows (so `$5 and $10` stays text); `\$` is a dollar; nothing in code counts.
///
/// cmark-gfm knows no math, and would read emphasis and escapes inside it. So before parsing, each
/// math span is written as a code span whose text starts with a marker (U+FDD0 inline, U+FDD1
/// display): cmark-gfm keeps it verbatim, and the tree converter turns it into ``Inline/math(_:display:)``.
/// Lines are never added or removed, so every block keeps its lines. If a marker lands anywhere
/// else (the scan took code for text), the document is parsed again without math.
enum MathSpans {
    // Noncharacters, which no text means to hold (made at run time: literals may not hold them).
    static let inlineMarker = Character(Unicode.Scalar(0xFDD0 as UInt32)!)
    static let displayMarker = Character(Unicode.Scalar(0xFDD1 as UInt32)!)
    static let inlineBytes: [UInt8] = [0xEF, 0xB7, 0x90]
    static let displayBytes: [UInt8] = [0xEF, 0xB7, 0x91]

    /// The text with its math written as marked code spans; nil when it has no math. The lines in
    /// `kept` (byte ranges of whole lines, in order) are left as written: they belong to blocks in
    /// which a marker landed outside math (see ``StrayMath``).
    static func rewrite(_ bytes: UnsafeRawBufferPointer, keeping kept: [Range<Int>] = []) -> [UInt8]? {
        // Most documents have neither a dollar nor a backslash before a bracket.
        guard ByteScan.contains(0x24, in: bytes) || ByteScan.contains(0x5C, in: bytes) else { return nil }
        let count = bytes.count
        var out: [UInt8] = []
        // The bytes up to here that are copied to `out` unchanged only when a later line changes.
        var unchangedFrom = 0
        var fence: (byte: UInt8, length: Int)?
        // The next dollar and the next backslash from the line on (`count` when there is none): a
        // line without either holds no math.
        var nextDollar = -1
        var nextBackslash = -1
        // The same for backticks and tildes, without which a line opens or closes no fence.
        var nextBacktick = -1
        var nextTilde = -1
        var start = 0
        // The first range of `kept` that does not end before the line.
        var keptIndex = 0
        while start < count {
            // Lines before the next byte that matters (a fence's mark, or math's in text) are passed
            // over at once.
            if nextBacktick < start { nextBacktick = ByteScan.firstIndex(of: 0x60, in: bytes, from: start) ?? count }
            if nextTilde < start { nextTilde = ByteScan.firstIndex(of: 0x7E, in: bytes, from: start) ?? count }
            var interesting = fence.map { $0.byte == 0x60 ? nextBacktick : nextTilde } ?? min(nextBacktick, nextTilde)
            if fence == nil {
                if nextDollar < start { nextDollar = ByteScan.firstIndex(of: 0x24, in: bytes, from: start) ?? count }
                if nextBackslash < start {
                    nextBackslash = ByteScan.firstIndex(of: 0x5C, in: bytes, from: start) ?? count
                }
                interesting = min(interesting, nextDollar, nextBackslash)
            }
            guard interesting < count else { break }
            while interesting > start && bytes[interesting - 1] != 0x0A { interesting -= 1 }
            start = interesting
            let end = lineEnd(bytes, from: start)
            let line = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
            if let open = fence {
                if let found = fenceMark(line), found.byte == open.byte, found.length >= open.length, found.isBare {
                    fence = nil
                }
                start = end
                continue
            }
            if min(nextBacktick, nextTilde) < end, let found = fenceMark(line) {
                fence = (found.byte, found.length)
                start = end
                continue
            }
            guard min(nextDollar, nextBackslash) < end else {
                start = end
                continue
            }
            // A link reference definition's destination and title are not text.
            if isDefinitionLine(line) {
                start = end
                continue
            }
            var limit = count
            if !kept.isEmpty {
                while keptIndex < kept.count, kept[keptIndex].upperBound <= start { keptIndex += 1 }
                if keptIndex < kept.count {
                    if kept[keptIndex].lowerBound < end {
                        start = end
                        continue
                    }
                    limit = kept[keptIndex].lowerBound
                }
            }
            // A display opener at the end of the line: its close must come before a blank line.
            var consumed = 1
            let rewritten = rewriteLine(
                line, following: LazyLines(bytes: bytes, start: end, limit: limit), consumed: &consumed)
            var next = end
            for _ in 1..<max(consumed, 1) { next = lineEnd(bytes, from: next) }
            if let rewritten {
                if out.isEmpty { out.reserveCapacity(bytes.count + bytes.count / 16) }
                out.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[unchangedFrom..<start]))
                out.append(contentsOf: rewritten)
                unchangedFrom = next
            }
            start = next
        }
        guard unchangedFrom > 0 else { return nil }
        out.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[unchangedFrom...]))
        return out
    }

    /// The end of the line that starts at `start`, past its line ending.
    static func lineEnd(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        ByteScan.firstIndex(of: 0x0A, in: bytes, from: start).map { $0 + 1 } ?? bytes.count
    }

    /// The code fence a line opens or closes, past the marks of containers (quotes, list items):
    /// its character, length, and whether nothing but spaces follows it.
    static func fenceMark(_ line: UnsafeRawBufferPointer) -> (byte: UInt8, length: Int, isBare: Bool)? {
        var i = 0
        let n = line.count
        func skipSpaces() { while i < n, line[i] == 0x20 || line[i] == 0x09 { i += 1 } }
        skipSpaces()
        // Quote marks and list markers in front.
        while i < n {
            if line[i] == 0x3E {
                i += 1
                skipSpaces()
            } else if i + 1 < n, line[i] == 0x2D || line[i] == 0x2A || line[i] == 0x2B, line[i + 1] == 0x20 {
                i += 2
                skipSpaces()
            } else {
                var j = i
                while j < n, j - i < 9, line[j] >= 0x30 && line[j] <= 0x39 { j += 1 }
                if j > i, j + 1 < n, line[j] == 0x2E || line[j] == 0x29, line[j + 1] == 0x20 {
                    i = j + 2
                    skipSpaces()
                } else {
                    break
                }
            }
        }
        guard i < n, line[i] == 0x60 || line[i] == 0x7E else { return nil }
        let byte = line[i]
        var j = i
        while j < n, line[j] == byte { j += 1 }
        guard j - i >= 3 else { return nil }
        var k = j
        while k < n, line[k] == 0x20 || line[k] == 0x09 || line[k] == 0x0D || line[k] == 0x0A { k += 1 }
        return (byte, j - i, k == n)
    }

    /// A line with its math rewritten, nil when it has none; a display that goes on over
    /// `following` lines takes them too (`consumed` says how many lines in all).
    static func rewriteLine(_ line: UnsafeRawBufferPointer, following: LazyLines, consumed: inout Int) -> [UInt8]? {
        // Most lines hold neither a dollar nor a backslash.
        guard ByteScan.contains(0x24, in: line) || ByteScan.contains(0x5C, in: line) else { return nil }
        let n = line.count
        var out: [UInt8] = []
        var copied = 0
        var i = 0
        var changed = false
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        /// Math says something: a letter or a digit (so `\[\\\]` and `$-$` stay text).
        func saysSomething(_ from: Int, _ to: Int) -> Bool {
            line[from..<to].contains {
                ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 >= 0x80
            }
        }
        /// `\(…\)` and `\[…\]` on a line are math only with a letter in them: `\(>= 0.14.2\)` is a
        /// version in escaped parentheses, as READMEs write it, not a formula.
        func holdsLetter(_ from: Int, _ to: Int) -> Bool {
            line[from..<to].contains { ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 >= 0x80 }
        }
        func emit(_ start: Int, _ contentStart: Int, _ contentEnd: Int, _ end: Int, display: Bool) {
            out.append(contentsOf: line[copied..<start])
            let content = UnsafeRawBufferPointer(rebasing: line[contentStart..<contentEnd])
            appendCodeSpan(content, display: display, to: &out)
            copied = end
            changed = true
        }
        while i < n {
            let byte = line[i]
            switch byte {
            case 0x60:
                // A code span: to the next run of as many backticks on the line.
                var j = i
                while j < n, line[j] == 0x60 { j += 1 }
                let length = j - i
                var k = j
                var closed = false
                while k < n {
                    if line[k] == 0x60 {
                        var m = k
                        while m < n, line[m] == 0x60 { m += 1 }
                        if m - k == length {
                            closed = true
                            k = m
                            break
                        }
                        k = m
                    } else {
                        k += 1
                    }
                }
                if !closed { return changed ? out + Array(line[copied...]) : nil }
                i = k
            case 0x5C:
                guard i + 1 < n else {
                    i += 1
                    continue
                }
                let next = line[i + 1]
                if next == 0x28 || next == 0x5B {
                    // `\(…\)`, `\[…\]`.
                    let closer: (UInt8, UInt8) = (0x5C, next == 0x28 ? 0x29 : 0x5D)
                    if let end = find(closer, in: line, from: i + 2), end > i + 2, holdsLetter(i + 2, end) {
                        emit(i, i + 2, end, end + 2, display: next == 0x5B)
                        i = end + 2
                        continue
                    }
                    if next == 0x5B, line[(i + 2)...].allSatisfy(isSpace),
                        let taken = multiline(line, opener: i, openerLength: 2, closer: closer, following: following)
                    {
                        out.append(contentsOf: line[copied..<i])
                        consumed = 1 + taken.lines
                        return out + taken.bytes
                    }
                    i += 2
                } else if next < 0x80, isASCIIPunctuation(next) {
                    i += 2  // an escape: `\$` is a dollar
                } else {
                    i += 1
                }
            case 0x24:
                if i + 1 < n, line[i + 1] == 0x24 {
                    // `$$…$$`.
                    if let end = find((0x24, 0x24), in: line, from: i + 2), end > i + 2, saysSomething(i + 2, end) {
                        emit(i, i + 2, end, end + 2, display: true)
                        i = end + 2
                        continue
                    }
                    if line[(i + 2)...].allSatisfy(isSpace),
                        let taken = multiline(
                            line, opener: i, openerLength: 2, closer: (0x24, 0x24), following: following)
                    {
                        out.append(contentsOf: line[copied..<i])
                        consumed = 1 + taken.lines
                        return out + taken.bytes
                    }
                    i += 2
                    continue
                }
                // `$…$`: no space after the opener or before the closer, no digit after it.
                guard i + 1 < n, !isSpace(line[i + 1]) else {
                    i += 1
                    continue
                }
                var j = i + 1
                var found: Int?
                while j < n {
                    if line[j] == 0x5C {
                        j += 2
                        continue
                    }
                    if line[j] == 0x60 { break }  // math does not run into code
                    if line[j] == 0x24 {
                        let closesHere =
                            !isSpace(line[j - 1]) && (j + 1 >= n || !(line[j + 1] >= 0x30 && line[j + 1] <= 0x39))
                            && (j + 1 >= n || line[j + 1] != 0x24)
                        if closesHere {
                            found = j
                        }
                        break
                    }
                    j += 1
                }
                if let end = found, end > i + 1, saysSomething(i + 1, end) {
                    emit(i, i + 1, end, end + 1, display: false)
                    i = end + 1
                } else {
                    i += 1
                }
            default:
                i += 1
            }
        }
        guard changed else { return nil }
        out.append(contentsOf: line[copied...])
        return out
    }

    /// A display whose opener ends `line` and whose closer is on one of the `following` lines,
    /// before a blank line or a fence: its bytes from the opener to the end of the closer's line,
    /// and how many following lines it took.
    static func multiline(
        _ line: UnsafeRawBufferPointer, opener: Int, openerLength: Int, closer: (UInt8, UInt8), following: LazyLines
    ) -> (bytes: [UInt8], lines: Int)? {
        var start = following.start
        var lines = 0
        while start < min(following.bytes.count, following.limit) {
            let end = lineEnd(following.bytes, from: start)
            let next = UnsafeRawBufferPointer(rebasing: following.bytes[start..<end])
            lines += 1
            if next.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D || $0 == 0x0A }) || fenceMark(next) != nil {
                return nil
            }
            guard let close = find(closer, in: next, from: 0) else {
                start = end
                continue
            }
            // The text of the display: the rest of the opener's line, the lines between, the
            // closer's line up to it.
            var content = Array(line[(opener + openerLength)...])
            content += UnsafeRawBufferPointer(rebasing: following.bytes[following.start..<start])
            content += next[..<close]
            guard
                content.contains(where: {
                    ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 >= 0x80
                })
            else { return nil }
            var bytes: [UInt8] = []
            content.withUnsafeBytes { appendCodeSpan($0, display: true, to: &bytes) }
            // The rest of the closer's line is read as it is (math after it is left alone).
            bytes += next[(close + 2)...]
            return (bytes, lines)
        }
        return nil
    }

    /// The lines after a line (from the offset `start` of `bytes`), read when asked for.
    struct LazyLines {
        let bytes: UnsafeRawBufferPointer
        let start: Int
        /// Where the lines that may be read end (a line kept as written, or the end).
        var limit: Int
    }

    /// Whether a line starts a link reference definition (`[label]: destination`, after at most
    /// three spaces; a footnote's `[^label]:` holds text and is not one).
    static func isDefinitionLine(_ line: UnsafeRawBufferPointer) -> Bool {
        var i = 0
        while i < line.count, i < 3, line[i] == 0x20 { i += 1 }
        guard i + 1 < line.count, line[i] == 0x5B, line[i + 1] != 0x5E else { return false }
        i += 1
        while i < line.count {
            switch line[i] {
            case 0x5C: i += 2
            case 0x5B: return false
            case 0x5D: return i + 1 < line.count && line[i + 1] == 0x3A
            default: i += 1
            }
        }
        return false
    }

    /// Where the two bytes of `needle` are next in `line` from `start`, escapes passed over.
    static func find(_ needle: (UInt8, UInt8), in line: UnsafeRawBufferPointer, from start: Int) -> Int? {
        guard line.count >= 2 else { return nil }
        var i = start
        while i <= line.count - 2 {
            // An escape is passed over whole: `\\]` is a backslash and a bracket, never `\]`.
            if line[i] == 0x5C, needle.0 != 0x5C || (i + 1 < line.count && line[i + 1] == 0x5C) {
                i += 2
                continue
            }
            if line[i] == needle.0, line[i + 1] == needle.1 { return i }
            i += 1
        }
        return nil
    }

    /// Appends math `content` as a code span that starts with its marker: fenced by one backtick
    /// more than its longest run, a space after a closing backtick of its own.
    static func appendCodeSpan(_ content: UnsafeRawBufferPointer, display: Bool, to out: inout [UInt8]) {
        let ticks = longestBacktickRun(content) + 1
        out.append(contentsOf: repeatElement(0x60, count: ticks))
        out.append(contentsOf: display ? displayBytes : inlineBytes)
        out.append(contentsOf: content)
        if content.last == 0x60 { out.append(0x20) }
        out.append(contentsOf: repeatElement(0x60, count: ticks))
    }

    static func longestBacktickRun(_ bytes: UnsafeRawBufferPointer) -> Int {
        var longest = 0
        var run = 0
        for byte in bytes {
            run = byte == 0x60 ? run + 1 : 0
            longest = max(longest, run)
        }
        return longest
    }

    static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
            || (0x7B...0x7E).contains(byte)
    }

    /// Whether `text` holds either marker, read as UTF-8 bytes (comparing characters would cost
    /// more than the whole parse).
    static func holdsMarker(_ text: String) -> Bool {
        func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
            let raw = UnsafeRawBufferPointer(bytes)
            var from = 0
            // Both markers start with the byte 0xEF, which the C library finds fastest.
            while let lead = ByteScan.firstIndex(of: 0xEF, in: raw, from: from) {
                if lead + 2 < raw.count, raw[lead + 1] == 0xB7, raw[lead + 2] == 0x90 || raw[lead + 2] == 0x91 {
                    return true
                }
                from = lead + 1
            }
            return false
        }
        if let found = text.utf8.withContiguousStorageIfAvailable(scan) { return found }
        return Array(text.utf8).withUnsafeBufferPointer(scan)
    }

    /// Whether a marker turned up outside math in `blocks`: the scan took code or raw HTML for
    /// text, and the document must be parsed without math.
    static func hasStrayMarker(_ blocks: [Block]) -> Bool {
        func stray(_ text: String) -> Bool { holdsMarker(text) }
        func inlines(_ list: [Inline]) -> Bool {
            list.contains { inline in
                switch inline {
                case .text(let text), .code(let text), .html(let text): return stray(text)
                case .emphasis(let children), .strong(let children), .strikethrough(let children):
                    return inlines(children)
                case .link(let link): return stray(link.destination) || stray(link.title) || inlines(link.children)
                case .image(let image): return stray(image.source) || inlines(image.children)
                case .math, .softBreak, .lineBreak, .footnoteReference: return false
                }
            }
        }
        return blocks.contains { block in
            switch block {
            case .paragraph(let paragraph): return inlines(paragraph.inlines)
            case .heading(let heading): return inlines(heading.inlines)
            case .blockQuote(let quote): return hasStrayMarker(quote.children)
            case .list(let list): return list.items.contains { hasStrayMarker($0.children) }
            case .codeBlock(let code): return stray(code.code) || stray(code.info)
            case .htmlBlock(let html): return stray(html.html)
            case .thematicBreak: return false
            case .table(let table):
                return table.header.cells.contains { inlines($0.inlines) }
                    || table.rows.contains { $0.cells.contains { inlines($0.inlines) } }
            case .footnoteDefinition(let note): return hasStrayMarker(note.children)
            }
        }
    }
}
