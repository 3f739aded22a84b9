/// An inline Markdown node.
public enum Inline: Sendable, Equatable {
    /// Literal text, entities and escapes already decoded.
    case text(String)
    /// A line ending inside a paragraph, shown as a space or a newline.
    case softBreak
    /// A hard line break (two spaces or a backslash before a newline).
    case lineBreak
    /// A code span.
    case code(String)
    /// Raw inline HTML, as written.
    case html(String)
    /// Emphasis (`*x*`, `_x_`).
    case emphasis([Inline])
    /// Strong emphasis (`**x**`, `__x__`).
    case strong([Inline])
    /// Strikethrough (`~x~`, `~~x~~`).
    case strikethrough([Inline])
    /// A link, inline, reference-style or autolinked.
    case link(Link)
    /// An image.
    case image(Image)
    /// A reference to a footnote (`[^label]`).
    case footnoteReference(FootnoteReference)
    /// Math, as LaTeX source: inline (`$…$`, `\(…\)`) or display (`$$…$$`, `\[…\]`).
    case math(String, display: Bool)
}

/// A link and its text.
public struct Link: Sendable, Equatable {
    /// The destination, as written (entities and escapes decoded).
    public var destination: String
    /// The optional title.
    public var title: String
    /// The link text.
    public var children: [Inline]

    /// Creates a link.
    public init(destination: String, title: String, children: [Inline]) {
        self.destination = destination
        self.title = title
        self.children = children
    }

    /// Whether the link text is just its destination (an autolink, a bare URL or e-mail address).
    public var isAutolink: Bool {
        guard children.count == 1, case .text(let text) = children[0] else { return false }
        if text == destination { return true }
        // Otherwise the destination is the text after `mailto:` or `http://` (none of whose
        // characters has another form): most links are told apart by their first bytes.
        let scheme = destination.utf8.prefix(7)
        guard scheme.elementsEqual("mailto:".utf8) || scheme.elementsEqual("http://".utf8) else { return false }
        // ASCII text and destination compare as bytes, without joining strings.
        let (textBytes, destinationBytes) = (text.utf8, destination.utf8)
        if textBytes.allSatisfy({ $0 < 0x80 }) && destinationBytes.allSatisfy({ $0 < 0x80 }) {
            guard destinationBytes.count == textBytes.count + 7 else { return false }
            let scheme = destinationBytes.prefix(7)
            return (scheme.elementsEqual("mailto:".utf8) || scheme.elementsEqual("http://".utf8))
                && destinationBytes.dropFirst(7).elementsEqual(textBytes)
        }
        return "mailto:" + text == destination || "http://" + text == destination
    }
}

/// An image and its description (alt text).
public struct Image: Sendable, Equatable {
    /// The image source URL.
    public var source: String
    /// The optional title.
    public var title: String
    /// The image description, used as alt text.
    public var children: [Inline]

    /// Creates an image.
    public init(source: String, title: String, children: [Inline]) {
        self.source = source
        self.title = title
        self.children = children
    }
}

/// A reference to a footnote definition.
public struct FootnoteReference: Sendable, Equatable {
    /// The footnote's number, from 1.
    public var index: Int
    /// Which reference to this footnote this is, from 1.
    public var occurrence: Int

    /// Creates a footnote reference.
    public init(index: Int, occurrence: Int) {
        self.index = index
        self.occurrence = occurrence
    }
}

extension Inline {
    /// The text a reader sees, without formatting (used for alt text, widths and labels).
    public var plainText: String {
        var out = ""
        Inline.appendPlainText(of: [self], to: &out)
        return out
    }

    /// Appends the plain text of `inlines` to `out`.
    public static func appendPlainText(of inlines: [Inline], to out: inout String) {
        for inline in inlines {
            switch inline {
            case .text(let text), .code(let text), .html(let text): out += text
            case .softBreak, .lineBreak: out += " "
            case .emphasis(let children), .strong(let children), .strikethrough(let children):
                appendPlainText(of: children, to: &out)
            case .link(let link): appendPlainText(of: link.children, to: &out)
            case .image(let image): appendPlainText(of: image.children, to: &out)
            case .footnoteReference(let ref): out += "[\(ref.index)]"
            case .math(let source, _): out += source
            }
        }
    }
}
