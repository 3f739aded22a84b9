/// A growing UTF-8 byte buffer with the escaping rules of cmark-gfm's HTML renderer.
struct HTMLBuffer {
    var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends markup as is.
    mutating func raw(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends markup bytes as is.
    mutating func raw(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// Starts a new line unless the buffer is empty or already at the start of one.
    mutating func newlineIfNeeded() {
        if let last = bytes.last, last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
    }

    /// Appends text with `&`, `<`, `>` and `"` escaped.
    mutating func text(_ text: String) {
        var copy = text
        copy.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                let replacement: StaticString
                switch utf8[index] {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                default: continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                replacement.withUTF8Buffer { bytes.append(contentsOf: $0) }
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        }
    }

    /// Appends a URL for an attribute: bytes outside the URL-safe set are percent-encoded, `&` and
    /// `'` become entities, existing `%XX` escapes are kept.
    mutating func href(_ url: String) {
        for byte in url.utf8 {
            if HTMLBuffer.hrefSafe[Int(byte)] {
                bytes.append(byte)
            } else if byte == UInt8(ascii: "&") {
                raw("&amp;")
            } else if byte == UInt8(ascii: "'") {
                raw("&#x27;")
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(HTMLBuffer.hexDigits[Int(byte >> 4)])
                bytes.append(HTMLBuffer.hexDigits[Int(byte & 0x0F)])
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

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
