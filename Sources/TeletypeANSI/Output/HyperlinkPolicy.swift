import Teletype

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which link targets may become OSC 8 hyperlinks, and how they are encoded so that no byte of a
/// target can end or alter the escape sequence.
package enum HyperlinkPolicy {
    /// The schemes a terminal hyperlink may use.
    static let schemes = ["http:", "https:", "mailto:"]

    /// The encoded target for `url`, or `nil` when it must not be a hyperlink. With `document` (the
    /// absolute path of the file the link is in), a relative link — a path, with its query and
    /// fragment, or just a fragment — becomes a `file://` link to what it names beside it.
    static func target(for url: String, document: String? = nil) -> String? {
        let lowered = url.prefix(8).lowercased()
        guard schemes.contains(where: { lowered.hasPrefix($0) }) else {
            guard let document, let file = fileURL(for: url, in: document) else { return nil }
            return encoded(file)
        }
        return encoded(url)
    }

    /// `file://` and the absolute path `url` names relative to the file `document`, with its query
    /// and fragment; nil unless `url` is a relative path or a fragment, without a scheme.
    static func fileURL(for url: String, in document: String) -> String? {
        guard !url.isEmpty, !url.hasPrefix("/"), !url.hasPrefix("\\"), !url.contains(where: \.isNewline) else {
            return nil
        }
        if url.hasPrefix("#") || url.hasPrefix("?") { return "file://" + document + url }
        let folder = document.split(separator: "/").dropLast().joined(separator: "/")
        // A scheme, however spelled, keeps it from being a path.
        if let colon = url.firstIndex(of: ":"), !url[..<colon].contains(where: { "/?#".contains($0) }) { return nil }
        let end = url.firstIndex(where: { $0 == "?" || $0 == "#" }) ?? url.endIndex
        var path =
            "/" + resolved(url[..<end], from: folder.split(separator: "/").map(String.init)).joined(separator: "/")
        if url[..<end].hasSuffix("/") && path != "/" { path += "/" }
        return "file://" + path + url[end...]
    }

    /// The path components `relative` names from the folder `base` (given by its components), its
    /// `.` and `..` parts resolved.
    private static func resolved(_ relative: Substring, from base: [String]) -> [String] {
        var components = base
        for part in relative.split(separator: "/", omittingEmptySubsequences: false) {
            switch part {
            case ".", "": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(String(part))
            }
        }
        return components
    }

    /// `path` made absolute from the working directory, its `.` and `..` parts resolved (symbolic
    /// links stay as they are): what a document's relative links are resolved against.
    package static func absolutePath(_ path: String) -> String {
        var base: [String] = []
        if !path.hasPrefix("/"), let directory = getcwd(nil, 0) {
            base = String(cString: directory).split(separator: "/").map(String.init)
            free(directory)
        }
        // Joined by hand (see Joined): 173K instructions of every document drawn from a file.
        return "/" + Joined.strings(resolved(path[...], from: base), separator: "/")
    }

    /// `url` with every byte that is not printable ASCII percent-encoded.
    private static func encoded(_ url: String) -> String {
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
