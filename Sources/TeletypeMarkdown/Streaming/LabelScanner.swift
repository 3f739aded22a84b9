/// Finds, in Markdown source bytes, the bracketed labels a link reference could use and the labels
/// a definition could define, without parsing. It over-approximates on purpose: a label it reports
/// may turn out to be nothing, but a label cmark-gfm would match is never missed.
enum LabelScanner {
    /// The longest label CommonMark matches (999 characters; counted here in bytes, which only
    /// lets more through).
    static let maximumLabelBytes = 999 * 4

    /// Every `[…]` span without unescaped brackets inside, as a normalized label: the labels that a
    /// reference link, a collapsed or shortcut reference, or a footnote reference in `bytes` could
    /// name. Footnote labels keep their `^`.
    static func labels(in bytes: ArraySlice<UInt8>) -> Set<ReferenceLabel> {
        var found = Set<ReferenceLabel>()
        forEachLabel(in: bytes) { range, _ in found.insert(ReferenceLabel(bytes[range])) }
        return found
    }

    /// The raw text of each `[…]:` span in `bytes` whose label is not a footnote's: the labels a
    /// link reference definition there could define, first appearance first, each label once.
    static func definitionLabels(in bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var seen = Set<ReferenceLabel>()
        var found: [ArraySlice<UInt8>] = []
        forEachLabel(in: bytes) { range, isDefinition in
            guard isDefinition, bytes[range].first != UInt8(ascii: "^") else { return }
            let raw = bytes[range]
            if seen.insert(ReferenceLabel(raw)).inserted { found.append(raw) }
        }
        return found
    }

    /// Whether `bytes` holds `]:`, the mark every definition carries (label, then a colon at once).
    static func containsDefinitionMark<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        var previous: UInt8 = 0
        for byte in bytes {
            if previous == UInt8(ascii: "]") && byte == UInt8(ascii: ":") { return true }
            previous = byte
        }
        return false
    }

    /// Whether `bytes` holds `[^`, which every footnote reference and definition starts with.
    static func containsFootnoteMark<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Bool {
        if let found = bytes.withContiguousStorageIfAvailable({
            ByteScan.containsPair(UInt8(ascii: "["), UInt8(ascii: "^"), in: UnsafeRawBufferPointer($0))
        }) {
            return found
        }
        var previous: UInt8 = 0
        for byte in bytes {
            if previous == UInt8(ascii: "[") && byte == UInt8(ascii: "^") { return true }
            previous = byte
        }
        return false
    }

    /// Whether `bytes` holds a `[^…]:` span: what a footnote definition starts with.
    static func containsFootnoteDefinition(_ bytes: ArraySlice<UInt8>) -> Bool {
        var found = false
        forEachLabel(in: bytes) { range, isDefinition in
            if isDefinition && bytes[range].first == UInt8(ascii: "^") { found = true }
        }
        return found
    }

    /// Calls `body` with the range of each label (between its brackets) and whether a colon follows
    /// the closing bracket.
    private static func forEachLabel(in bytes: ArraySlice<UInt8>, _ body: (Range<Int>, Bool) -> Void) {
        var index = bytes.startIndex
        let end = bytes.endIndex
        var open: Int?
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                // An escaped character is part of a label, never one of its brackets.
                index += 2
                continue
            }
            if byte == UInt8(ascii: "[") {
                open = index + 1
            } else if byte == UInt8(ascii: "]"), let start = open {
                if index - start <= maximumLabelBytes {
                    body(start..<index, index + 1 < end && bytes[index + 1] == UInt8(ascii: ":"))
                }
                open = nil
            }
            index += 1
        }
    }
}

/// A link label as CommonMark matches it: case folded, with its whitespace collapsed and trimmed.
/// It hashes as a number made once (labels are looked up many times in the tables of a document's
/// definitions and footnotes) and compares by its bytes.
struct ReferenceLabel: Hashable, Sendable {
    /// The normalized bytes.
    let key: [UInt8]
    /// FNV-1a of `key`.
    private let digest: UInt64

    init(_ raw: ArraySlice<UInt8>) {
        var out: [UInt8] = []
        out.reserveCapacity(raw.count)
        var pendingSpace = false
        var ascii = true
        for byte in raw {
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                pendingSpace = !out.isEmpty
                continue
            }
            if pendingSpace { out.append(0x20) }
            pendingSpace = false
            if byte >= 0x80 { ascii = false }
            out.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        if ascii || Self.isCaseless(out) {
            key = out
        } else {
            // Unicode case folding, which also folds what lowercasing leaves (ß and ẞ to ss).
            let folded = String(decoding: out, as: UTF8.self).lowercased().uppercased().lowercased()
            key = Array(folded.utf8)
        }
        var digest: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key { digest = (digest ^ UInt64(byte)) &* 0x100_0000_01b3 }
        self.digest = digest
    }

    static func == (left: ReferenceLabel, right: ReferenceLabel) -> Bool {
        left.digest == right.digest && left.key == right.key
    }

    func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    /// Whether folding the case of `bytes` (valid UTF-8 whose ASCII letters are lowercase already)
    /// leaves them as they are: no other scalar changes when its case is mapped, as in most labels
    /// of text in CJK, Arabic, Indic scripts, or with emoji. The blocks of CJK, kana and Hangul are
    /// known to have no case without looking the property up.
    static func isCaseless(_ bytes: [UInt8]) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            let length: Int
            var value: UInt32
            switch lead {
            case ..<0x80:
                index += 1
                continue
            case 0xC0..<0xE0: (length, value) = (2, UInt32(lead & 0x1F))
            case 0xE0..<0xF0: (length, value) = (3, UInt32(lead & 0x0F))
            case 0xF0..<0xF8: (length, value) = (4, UInt32(lead & 0x07))
            default: return false
            }
            guard index + length <= count else { return false }
            for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
            index += length
            switch value {
            case 0x3000...0x30FF, 0x3400...0x9FFF, 0xAC00...0xD7A3: continue
            default:
                guard let scalar = Unicode.Scalar(value), !scalar.properties.changesWhenCaseMapped else { return false }
            }
        }
        return true
    }

    /// Whether the label names a footnote (`[^…]`).
    var isFootnote: Bool { key.first == UInt8(ascii: "^") }
}
