/// Which link targets may become OSC 8 hyperlinks, and how they are encoded so that no byte of a
/// target can end or alter the escape sequence.
enum HyperlinkPolicy {
    /// The schemes a terminal hyperlink may use.
    static let schemes = ["http:", "https:", "mailto:"]

    /// The encoded target for `url`, or `nil` when it must not be a hyperlink.
    static func target(for url: String) -> String? {
        let lowered = url.prefix(8).lowercased()
        guard schemes.contains(where: { lowered.hasPrefix($0) }) else { return nil }
        if url.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) { return url }
        var out = ""
        out.reserveCapacity(url.utf8.count)
        let hex = Array("0123456789ABCDEF")
        for byte in url.utf8 {
            if byte > 0x20 && byte < 0x7F {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out.append("%")
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0x0F)])
            }
        }
        return out
    }
}
