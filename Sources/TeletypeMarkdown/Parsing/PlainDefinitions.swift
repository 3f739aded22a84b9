/// Link reference definitions read straight from their lines, without a cmark-gfm parse: the
/// definitions at the end of release notes, changelogs and API references (hundreds of
/// `[label]: destination` lines), which every large document's planning reads before its pieces
/// are parsed, on one core.
///
/// Only text that cmark-gfm reads one definition a line, with nothing to rewrite, is read here:
/// every line not blank is a ``SimpleDefinitionLine`` with an ASCII label, and no byte of it is a
/// backslash (an escape), a dollar sign (math) or a control character, nor an ampersand that may
/// start an entity (`&name;`, `&#…;`: one before `;` and letters, digits or `#` only).
/// cmark-gfm then keeps each destination and title as written, and the first definition of a label
/// is the one that counts. Anything else is left to ``ReferenceDefinitions/probe(_:options:bytesParsed:)``'s
/// parse.
enum PlainDefinitions {
    /// The definitions of `source`, a label's first only, in their order; nil when `source` is not
    /// only plain definition lines and blank lines.
    static func read(_ source: ArraySlice<UInt8>) -> [ReferenceDefinitions.Definition]? {
        source.withUnsafeBytes { read($0) }
    }

    /// ``read(_:)-(ArraySlice<UInt8>)`` of bytes.
    static func read(_ bytes: UnsafeRawBufferPointer) -> [ReferenceDefinitions.Definition]? {
        var definitions: [ReferenceDefinitions.Definition] = []
        // The labels so far, made only once there are two (a region is often one line).
        var seen: Set<ReferenceLabel>?
        let readAll = { () -> Bool in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                var lineEnd = end
                if lineEnd > start, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                let line = UnsafeRawBufferPointer(rebasing: bytes[start..<lineEnd])
                start = end + 1
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                guard isPlain(line), let parts = SimpleDefinitionLine.parts(line),
                    line[parts.label].allSatisfy({ $0 < 0x80 }), nesting(line[parts.destination]) <= 32
                else { return false }
                let label = Array(line[parts.label])
                if let first = definitions.first {
                    if seen == nil { seen = [ReferenceLabel(first.label[...])] }
                    guard seen!.insert(ReferenceLabel(label[...])).inserted else { continue }
                }
                definitions.append(
                    ReferenceDefinitions.Definition(
                        label: label, destination: String(decoding: line[parts.destination], as: UTF8.self),
                        title: parts.title.map { String(decoding: line[$0], as: UTF8.self) } ?? ""))
            }
            return true
        }()
        return readAll ? definitions : nil
    }

    /// Whether no byte of `line` is one cmark-gfm would read as more than itself in a definition.
    private static func isPlain(_ line: UnsafeRawBufferPointer) -> Bool {
        for (index, byte) in line.enumerated() {
            switch byte {
            case UInt8(ascii: "\\"), UInt8(ascii: "$"), 0x7F: return false
            case UInt8(ascii: "&"): if mayStartEntity(line, at: index) { return false }
            case 0x00..<0x20 where byte != 0x09: return false
            default: continue
            }
        }
        return true
    }

    /// Whether the `&` at `index` is followed by letters, digits or `#` and then a `;`: what every
    /// entity cmark-gfm decodes looks like (a URL's `?a=1&b=2` does not).
    private static func mayStartEntity(_ line: UnsafeRawBufferPointer, at index: Int) -> Bool {
        var next = index + 1
        while next < line.count, next - index <= 40 {
            let byte = line[next]
            if byte == UInt8(ascii: ";") { return next > index + 1 }
            let isName =
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || byte == UInt8(ascii: "#")
            if !isName { return false }
            next += 1
        }
        return false
    }

    /// How deep the parentheses of a destination nest: cmark-gfm takes no more than 32.
    private static func nesting(_ destination: Slice<UnsafeRawBufferPointer>) -> Int {
        var depth = 0
        var deepest = 0
        for byte in destination {
            if byte == UInt8(ascii: "(") {
                depth += 1
                deepest = max(deepest, depth)
            } else if byte == UInt8(ascii: ")") {
                depth -= 1
            }
        }
        return deepest
    }
}
