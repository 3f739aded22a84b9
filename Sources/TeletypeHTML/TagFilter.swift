/// GFM's tag filter: in raw HTML, the opening `<` of the tags that change how a page is parsed
/// (`<script>`, `<style>`, `<textarea>`, …) is escaped so the tag shows as text.
enum TagFilter {
    private static let filtered: [[UInt8]] = [
        "title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext",
    ].map { Array($0.utf8) }

    /// Appends `html` to `buffer`, escaping the filtered tags: the bytes between one `<` and the
    /// next are copied at once (raw HTML is mostly text and attributes).
    static func append(_ html: String, to buffer: inout HTMLBuffer) {
        var html = html
        html.withUTF8 { bytes in
            var copied = 0
            var index = 0
            while let open = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
                index = open + 1
                guard isFilteredTag(bytes, at: open) else { continue }
                buffer.raw(UnsafeBufferPointer(rebasing: bytes[copied..<open]))
                buffer.markup("&lt;")
                copied = open + 1
            }
            buffer.raw(UnsafeBufferPointer(rebasing: bytes[copied...]))
        }
    }

    private static func isFilteredTag(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        var index = start + 1
        if index < bytes.count, bytes[index] == UInt8(ascii: "/") { index += 1 }
        for name in filtered {
            guard index + name.count <= bytes.count else { continue }
            var matches = true
            for offset in 0..<name.count where bytes[index + offset] | 0x20 != name[offset] {
                matches = false
                break
            }
            guard matches else { continue }
            let after = index + name.count
            if after >= bytes.count { return false }
            switch bytes[after] {
            case UInt8(ascii: ">"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), 0x0C, UInt8(ascii: "\r"):
                return true
            case UInt8(ascii: "/"):
                return after + 1 < bytes.count && bytes[after + 1] == UInt8(ascii: ">")
            default:
                return false
            }
        }
        return false
    }
}
