/// Decides which URLs may become live links or loaded images in untrusted HTML.
///
/// A URL is judged as a browser reads it: browsers drop ASCII tabs and line breaks anywhere in a URL
/// and trim spaces and control characters at its ends, so `java\nscript:` is `javascript:`.
enum URLPolicy {
    /// The schemes a link may keep in untrusted mode.
    static let linkSchemes: Set<String> = ["http", "https", "mailto"]

    /// The URL's scheme, lowercased, or `nil` when it has none (a relative URL or a fragment), read
    /// as a browser reads it.
    static func scheme(of url: String) -> String? {
        var scheme = ""
        var started = false
        for scalar in url.unicodeScalars {
            // What browsers strip: leading spaces and C0 controls, tabs and line breaks anywhere.
            if scalar == "\t" || scalar == "\n" || scalar == "\r" { continue }
            if !started && scalar.value <= 0x20 { continue }
            started = true
            if scalar == ":" { return scheme.isEmpty ? nil : scheme.lowercased() }
            let isLetter = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            let isOther = ("0"..."9").contains(scalar) || scalar == "+" || scalar == "-" || scalar == "."
            guard isLetter || (!scheme.isEmpty && isOther) else { return nil }
            scheme.unicodeScalars.append(scalar)
        }
        return nil
    }

    /// Whether `url` names another host without a scheme (`//host/path`, or with backslashes, which
    /// browsers read as slashes): remote, though it has no scheme.
    static func isSchemeRelative(_ url: String) -> Bool {
        var slashes = 0
        for scalar in url.unicodeScalars {
            if scalar == "\t" || scalar == "\n" || scalar == "\r" { continue }
            if slashes == 0 && scalar.value <= 0x20 { continue }
            guard scalar == "/" || scalar == "\\" else { return false }
            slashes += 1
            if slashes == 2 { return true }
        }
        return false
    }

    /// Whether `url` may be a link: an allowed scheme, or no scheme at all — a relative URL or a
    /// fragment, which cannot run code.
    static func allowsLink(_ url: String, options: HTMLRenderOptions) -> Bool {
        if options.allowsAnyURL { return true }
        guard let scheme = scheme(of: url) else { return true }
        return linkSchemes.contains(scheme)
    }

    /// Whether `url` may be loaded as an image: any URL for trusted documents; an `http`/`https`
    /// one (or `//host/…`) when remote images are allowed; a relative one never otherwise, for a
    /// page does not know what it is relative to.
    static func allowsImageLoad(_ url: String, options: HTMLRenderOptions) -> Bool {
        if options.allowsAnyURL { return true }
        guard options.loadsRemoteImages else { return false }
        guard let scheme = scheme(of: url) else { return isSchemeRelative(url) }
        return scheme == "http" || scheme == "https"
    }
}
