import CCmarkSupport
import Teletype
import TeletypeLayout

/// A growing UTF-8 byte buffer with the escaping rules of cmark-gfm's HTML renderer.
///
/// The bytes are kept in an array longer than what was written (`storage`, of which the first
/// `count` bytes are the page's): a piece of markup is copied straight into the room there, where
/// `Array.append(contentsOf:)` cost over a hundred instructions a call for the few bytes of a tag.
/// The room is never cleared (nothing reads it before it is written): clearing it and copying it
/// on each growth was 1.4% of an archive's instructions.
struct HTMLBuffer {
    /// The bytes written, then room for more (whatever the memory held: never read).
    private var storage: [UInt8]
    /// How many bytes of `storage` are written.
    private(set) var count = 0

    init(capacity: Int) {
        storage = [UInt8].room(max(capacity, 64), keeping: UnsafeRawBufferPointer(start: nil, count: 0))
    }

    /// The bytes written (a copy; ``take()`` hands them over without one).
    var bytes: [UInt8] { Array(storage[..<count]) }

    /// The bytes written, handed over; the buffer is empty after.
    mutating func take() -> [UInt8] {
        var taken: [UInt8] = []
        swap(&taken, &storage)
        taken.removeLast(taken.count - count)
        count = 0
        return taken
    }

    /// Appends `length` bytes from `source`.
    @inline(__always)
    private mutating func append(_ source: UnsafeRawPointer?, _ length: Int) {
        guard length > 0, let source else { return }
        if count + length > storage.count { grow(toHold: count + length) }
        let at = count
        storage.withUnsafeMutableBytes { $0.baseAddress!.advanced(by: at).copyMemory(from: source, byteCount: length) }
        count += length
    }

    /// Makes room for `needed` bytes, twice as much as there was at least (and 64 bytes, after
    /// ``take()`` left none).
    private mutating func grow(toHold needed: Int) {
        let size = max(needed, storage.count * 2, 64)
        let count = self.count
        storage = storage.withUnsafeBytes {
            [UInt8].room(size, keeping: UnsafeRawBufferPointer(rebasing: $0[..<count]))
        }
    }

    /// Appends markup bytes as they are.
    mutating func raw(_ markup: UnsafeBufferPointer<UInt8>) {
        append(markup.baseAddress, markup.count)
    }

    /// Appends markup written in the code as is: a literal's bytes are where they are and how
    /// many (a `String`'s were found through its storage, 80 instructions a tag).
    @inline(__always)
    mutating func markup(_ literal: StaticString) {
        literal.withUTF8Buffer { raw($0) }
    }

    /// Appends markup as is.
    mutating func raw(_ text: String) {
        // Literals and most strings are stored as contiguous UTF-8: copied at once.
        if text.utf8.withContiguousStorageIfAvailable({ raw($0) }) == nil {
            var text = text
            text.withUTF8 { raw($0) }
        }
    }

    /// Appends markup bytes as they are.
    mutating func raw(_ markup: [UInt8]) {
        markup.withUnsafeBufferPointer { raw($0) }
    }

    /// Appends markup bytes as is.
    mutating func raw(_ byte: UInt8) {
        if count == storage.count { grow(toHold: count + 1) }
        storage[count] = byte
        count += 1
    }

    /// Starts a new line unless the buffer is empty or already at the start of one.
    mutating func newlineIfNeeded() {
        if count > 0, storage[count - 1] != UInt8(ascii: "\n") { raw(UInt8(ascii: "\n")) }
    }

    /// Appends escaped `text` between the markup `open` and `close` (an element around text).
    mutating func text(_ text: String, between open: String, and close: String) {
        raw(open)
        self.text(text)
        raw(close)
    }

    /// Appends text with `&`, `<`, `>` and `"` escaped, and control characters (C0 but tab and line
    /// endings, DEL, C1) shown as the same pictures a terminal shows, so a page can be printed to a
    /// terminal safely too.
    mutating func text(_ text: String) {
        var copy = text
        copy.withUTF8 { self.text(utf8: $0) }
    }

    /// ``text(_:)`` for valid UTF-8 bytes.
    mutating func text(utf8: UnsafeBufferPointer<UInt8>) {
        var start = 0
        var index = 0
        let end = utf8.count
        guard let base = utf8.baseAddress else { return }
        while index < end {
            // Past sixteen bytes at a time to the first that needs a look (most of a text has none).
            index = teletype_html_plain_end(base, end, index)
            guard index < end else { break }
            let byte = utf8[index]
            let replacement: String
            var length = 1
            switch byte {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case 0x00..<0x20, 0x7F:
                replacement = TerminalSafeText.picture(for: Unicode.Scalar(byte)) ?? "\u{FFFD}"
            case 0xC2 where index + 1 < end && (0x80...0x9F).contains(utf8[index + 1]):
                replacement = TerminalSafeText.picture(for: Unicode.Scalar(utf8[index + 1])) ?? "\u{FFFD}"
                length = 2
            default:
                // 0xC2 leading a character that is no control.
                index += 1
                continue
            }
            raw(UnsafeBufferPointer(rebasing: utf8[start..<index]))
            raw(replacement)
            index += length
            start = index
        }
        raw(UnsafeBufferPointer(rebasing: utf8[start..<end]))
    }

    /// Appends a URL for an attribute: bytes outside the URL-safe set are percent-encoded, `&` and
    /// `'` become entities, existing `%XX` escapes are kept.
    mutating func href(_ url: String) {
        var url = url
        url.withUTF8 { href(utf8: $0) }
    }

    /// ``href(_:)`` for UTF-8 bytes: runs of safe bytes are copied at once.
    private mutating func href(utf8: UnsafeBufferPointer<UInt8>) {
        let safe = HTMLBuffer.hrefSafe
        var index = 0
        while index < utf8.count {
            var end = index
            while end < utf8.count, safe[Int(utf8[end])] { end += 1 }
            if end > index { raw(UnsafeBufferPointer(rebasing: utf8[index..<end])) }
            guard end < utf8.count else { return }
            let byte = utf8[end]
            index = end + 1
            if byte == UInt8(ascii: "&") {
                raw("&amp;")
            } else if byte == UInt8(ascii: "'") {
                raw("&#x27;")
            } else {
                raw(UInt8(ascii: "%"))
                raw(HTMLBuffer.hexDigits[Int(byte >> 4)])
                raw(HTMLBuffer.hexDigits[Int(byte & 0x0F)])
            }
        }
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// The bytes a URL keeps as they are (cmark-gfm's `HREF_SAFE`).
    private static let hrefSafe: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in "-_.+!*(),%#@?=;:/$~".utf8 { table[Int(byte)] = true }
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = true }
        return table
    }()

    var string: String { String(decoding: storage[..<count], as: UTF8.self) }
}
