/// Decides which URLs may become live links or loaded images in untrusted HTML.
enum URLPolicy {
    /// The schemes a link may keep in untrusted mode.
    static let linkSchemes: Set<String> = ["http", "https", "mailto"]

    /// The URL's scheme, lowercased, or `nil` when it has none (a relative URL or a fragment).
    static func scheme(of url: String) -> String? {
        var scheme = ""
        for scalar in url.unicodeScalars {
            if scalar == ":" { return scheme.isEmpty ? nil : scheme.lowercased() }
            let isLetter = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            let isOther = ("0"..."9").contains(scalar) || scalar == "+" || scalar == "-" || scalar == "."
            guard isLetter || (!scheme.isEmpty && isOther) else { return nil }
            scheme.unicodeScalars.append(scalar)
        }
        return nil
    }

    /// Whether `url` may be a link: an allowed scheme, or a fragment within the page.
    static func allowsLink(_ url: String, options: HTMLRenderOptions) -> Bool {
        if options.allowsAnyURL { return true }
        if url.hasPrefix("#") { return true }
        guard let scheme = scheme(of: url) else { return false }
        return linkSchemes.contains(scheme)
    }

    /// Whether `url` may be loaded as an image.
    static func allowsImageLoad(_ url: String, options: HTMLRenderOptions) -> Bool {
        if options.allowsAnyURL { return true }
        guard options.loadsRemoteImages, let scheme = scheme(of: url) else { return false }
        return scheme == "http" || scheme == "https"
    }
}
