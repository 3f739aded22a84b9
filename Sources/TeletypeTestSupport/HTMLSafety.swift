/// A static check of HTML Teletype wrote from untrusted text, independent of the renderer: it reads
/// every tag and attribute the way a browser's tokenizer would and reports anything that could run
/// script, load from elsewhere or change where the page points.
public enum HTMLSafety {
    /// Elements that run script, embed other documents, submit data or rebase URLs. MathML is allowed
    /// (Teletype writes it for math) except `annotation-xml`, the one element that can hold HTML.
    static let forbiddenElements: Set<String> = [
        "script", "iframe", "frame", "frameset", "object", "embed", "applet", "base", "form", "input", "button",
        "textarea", "select", "link", "svg", "annotation-xml", "template", "video", "audio", "source", "track",
        "portal",
    ]

    /// Attributes whose value is a URL.
    static let urlAttributes: Set<String> = [
        "href", "src", "srcset", "action", "formaction", "poster", "background", "cite", "longdesc", "ping",
        "xlink:href",
    ]

    /// The problems found: each names the tag it was found in. `allowsRemoteImages` permits
    /// `http(s)` sources on `<img>`; `page` permits the `<style>` and `<meta>` of Teletype's page head,
    /// and the three radio buttons of its view switch (which submit nothing: no form, no value).
    public static func problems(in html: String, allowsRemoteImages: Bool = false, page: Bool = false) -> [String] {
        var problems: [String] = []
        let scalars = Array(html.unicodeScalars)
        var index = 0
        var styleCount = 0
        var switchButtons = 0
        while index < scalars.count {
            guard scalars[index] == "<" else {
                index += 1
                continue
            }
            guard let tag = Tag.read(scalars, at: index) else {
                index += 1
                continue
            }
            index = tag.end
            if tag.isComment || tag.isClosing { continue }
            let shown = String(String.UnicodeScalarView(scalars[tag.start..<min(tag.end, tag.start + 120)]))
            let isSwitch = page && isViewSwitchButton(tag) && switchButtons < 3
            if isSwitch { switchButtons += 1 }
            if forbiddenElements.contains(tag.name) && !isDisabledControl(tag) && !isSwitch {
                problems.append("forbidden element <\(tag.name)> in \(shown)")
            }
            if tag.name == "style" {
                styleCount += 1
                if !page || styleCount > 1 { problems.append("a <style> element outside the page head: \(shown)") }
            }
            if tag.name == "meta" {
                let allowed =
                    page
                    && (tag.attributes.keys.contains("charset") || tag.attributes["name"] != nil
                        || tag.attributes["http-equiv"]?.lowercased() == "content-security-policy")
                if !allowed || tag.attributes["http-equiv"]?.lowercased() == "refresh" {
                    problems.append("a <meta> Teletype does not write: \(shown)")
                }
            }
            for (name, value) in tag.attributes {
                if name.hasPrefix("on") { problems.append("event attribute \(name) in \(shown)") }
                if name == "style" && value.lowercased().contains("url(") {
                    problems.append("a style that loads a URL in \(shown)")
                }
                if urlAttributes.contains(name) {
                    if let problem = urlProblem(value, attribute: name, tag: tag.name, allowsRemoteImages) {
                        problems.append("\(problem) in \(shown)")
                    }
                }
            }
        }
        return problems
    }

    /// Whether a tag is one of the page's view switch buttons: a radio button named `tt-detail` and
    /// nothing that would submit it anywhere.
    static func isViewSwitchButton(_ tag: Tag) -> Bool {
        let allowed: Set<String> = ["type", "name", "class", "id", "aria-labelledby", "checked"]
        return tag.name == "input" && tag.attributes["type"] == "radio" && tag.attributes["name"] == "tt-detail"
            && Set(tag.attributes.keys).isSubset(of: allowed)
    }

    /// Whether a tag is a control shown for its value only (a task's checkbox, a generated UI's
    /// field or button): disabled, so it neither submits nor takes input, and outside any form.
    static func isDisabledControl(_ tag: Tag) -> Bool {
        let controls: Set<String> = ["input", "button", "textarea", "select"]
        let submits: Set<String> = ["form", "formaction", "formmethod", "formtarget", "name"]
        return controls.contains(tag.name) && tag.attributes["disabled"] != nil
            && tag.attributes["type"]?.lowercased() != "image" && submits.isDisjoint(with: tag.attributes.keys)
    }

    /// Why a URL attribute is unsafe, or `nil`: script schemes anywhere, `data:` outside images,
    /// and remote sources for anything that loads by itself.
    static func urlProblem(_ value: String, attribute: String, tag: String, _ allowsRemoteImages: Bool) -> String? {
        // Browsers drop tabs, newlines and leading control characters and spaces before the scheme.
        let cleaned = String(
            String.UnicodeScalarView(
                value.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }
                    .drop { $0.value <= 0x20 })
        ).lowercased()
        let scheme = cleaned.prefix { $0 != ":" && $0 != "/" && $0 != "?" && $0 != "#" }
        let hasScheme = cleaned.dropFirst(scheme.count).hasPrefix(":")
        if hasScheme && ["javascript", "vbscript", "livescript"].contains(scheme) {
            return "\(scheme): URL in \(attribute)"
        }
        let loadsByItself = attribute != "href" && attribute != "cite" && attribute != "longdesc"
        if hasScheme && scheme == "data" && !(tag == "img" && attribute == "src") {
            return "data: URL in \(attribute)"
        }
        if loadsByItself {
            let remote = (hasScheme && scheme != "data") || cleaned.hasPrefix("//")
            let allowed = tag == "img" && attribute == "src" && allowsRemoteImages
            if remote && !allowed { return "a remote load from \(attribute)" }
            if !hasScheme && !cleaned.hasPrefix("//") && !cleaned.isEmpty && !allowed {
                return "a relative load from \(attribute)"
            }
        }
        return nil
    }

    /// One tag, read as an HTML tokenizer reads it.
    struct Tag {
        var start: Int
        var end: Int
        var name: String
        var isClosing: Bool
        var isComment: Bool
        var attributes: [String: String]

        static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
        }

        /// The tag starting at `start` (a `<`), or `nil` when the `<` is text to a browser.
        static func read(_ scalars: [Unicode.Scalar], at start: Int) -> Tag? {
            var index = start + 1
            guard index < scalars.count else { return nil }
            if scalars[index] == "!" || scalars[index] == "?" {
                var end = index
                while end < scalars.count && scalars[end] != ">" { end += 1 }
                return Tag(
                    start: start, end: min(end + 1, scalars.count), name: "!", isClosing: false, isComment: true,
                    attributes: [:])
            }
            let isClosing = scalars[index] == "/"
            if isClosing { index += 1 }
            guard index < scalars.count, scalars[index].properties.isAlphabetic, scalars[index].isASCII else {
                return nil
            }
            var name = ""
            while index < scalars.count, !isSpace(scalars[index]), scalars[index] != "/", scalars[index] != ">" {
                name.unicodeScalars.append(scalars[index])
                index += 1
            }
            var attributes: [String: String] = [:]
            while index < scalars.count {
                while index < scalars.count, isSpace(scalars[index]) || scalars[index] == "/" { index += 1 }
                guard index < scalars.count, scalars[index] != ">" else { break }
                var attribute = ""
                repeat {
                    attribute.unicodeScalars.append(scalars[index])
                    index += 1
                } while index < scalars.count && !isSpace(scalars[index]) && scalars[index] != "/"
                    && scalars[index] != ">" && scalars[index] != "="
                while index < scalars.count, isSpace(scalars[index]) { index += 1 }
                var value = ""
                if index < scalars.count, scalars[index] == "=" {
                    index += 1
                    while index < scalars.count, isSpace(scalars[index]) { index += 1 }
                    if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" {
                        let quote = scalars[index]
                        index += 1
                        while index < scalars.count, scalars[index] != quote {
                            value.unicodeScalars.append(scalars[index])
                            index += 1
                        }
                        index += 1
                    } else {
                        while index < scalars.count, !isSpace(scalars[index]), scalars[index] != ">" {
                            value.unicodeScalars.append(scalars[index])
                            index += 1
                        }
                    }
                }
                attributes[attribute.lowercased()] = decodeEntities(value)
            }
            return Tag(
                start: start, end: min(index + 1, scalars.count), name: name.lowercased(), isClosing: isClosing,
                isComment: false, attributes: attributes)
        }

        /// Decodes the character references a browser decodes in attribute values (numeric ones and
        /// the few named ones that matter for schemes).
        static func decodeEntities(_ value: String) -> String {
            guard value.contains("&") else { return value }
            var out = ""
            var rest = Substring(value)
            while let ampersand = rest.firstIndex(of: "&") {
                out += rest[..<ampersand]
                rest = rest[ampersand...]
                let body = rest.dropFirst().prefix { $0.isLetter || $0.isNumber || $0 == "#" }
                var consumed = 1 + body.count
                if rest.dropFirst(consumed).first == ";" { consumed += 1 }
                var decoded: Unicode.Scalar?
                if body.hasPrefix("#x") || body.hasPrefix("#X") {
                    decoded = UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                } else if body.hasPrefix("#") {
                    decoded = UInt32(body.dropFirst()).flatMap(Unicode.Scalar.init)
                } else {
                    let named: [Substring: Unicode.Scalar] = [
                        "colon": ":", "tab": "\t", "newline": "\n", "amp": "&", "quot": "\"", "lt": "<", "gt": ">",
                        "apos": "'",
                    ]
                    decoded = named[body]
                }
                if let decoded {
                    out.unicodeScalars.append(decoded)
                    rest = rest.dropFirst(consumed)
                } else {
                    out += "&"
                    rest = rest.dropFirst()
                }
            }
            return out + rest
        }
    }
}
