import TeletypeHTML
import TeletypeLayout
import TeletypeMarkdown

/// Surfaces as static HTML: rows as flex rows, cards as framed boxes, controls shown disabled with
/// their current values, text through the untrusted Markdown renderer. No script; every value is
/// escaped, and links and images follow the same policy as Markdown's.
enum A2UIHTML {
    static func html(_ stream: A2UIStream) -> String {
        var out = ""
        for problem in stream.problems {
            out +=
                "<p class=\"a2ui-problem\">⚠ A2UI: line \(problem.line): " + HTMLText.escape(problem.message) + "</p>\n"
        }
        for surface in stream.surfaces {
            guard !surface.components.isEmpty else {
                out += "<p class=\"a2ui-notice\">◌ " + HTMLText.escape(surface.id) + ": nothing to show yet</p>\n"
                continue
            }
            var resolver = A2UIResolver(surface: surface)
            out += "<div class=\"a2ui-surface\" data-surface=\"" + HTMLText.escape(surface.id) + "\">\n"
            out += html(resolver.view())
            out += "</div>\n"
        }
        if stream.surfaces.isEmpty, let closed = stream.deletedSurfaces.last {
            out += "<p class=\"a2ui-notice\">◌ " + HTMLText.escape(closed) + " was closed</p>\n"
        }
        for notice in stream.notices { out += "<p class=\"a2ui-notice\">◌ " + HTMLText.escape(notice) + "</p>\n" }
        return out
    }

    static func e(_ text: String) -> String { HTMLText.escape(text) }

    static func html(_ view: A2UIView) -> String {
        switch view {
        case .text(let text, let variant):
            let inner = MarkdownHTMLRenderer().render(markdown: text)
            if variant.hasPrefix("h"), let level = Int(variant.dropFirst()), (1...5).contains(level) {
                // A heading: the Markdown's inline content, without its paragraph.
                var content = inner.trimmingNewlines
                for tag in ["p", "h1", "h2", "h3", "h4", "h5", "h6"]
                where content.hasPrefix("<\(tag)>") && content.hasSuffix("</\(tag)>") {
                    content = String(content.dropFirst(tag.count + 2).dropLast(tag.count + 3))
                }
                return "<h\(level) class=\"a2ui-text\">\(content)</h\(level)>\n"
            }
            return "<div class=\"a2ui-text a2ui-\(e(variant))\">\(inner)</div>\n"
        case .image(let url, let description):
            // Images are not loaded (the page's policy); a link to them instead.
            guard URLPolicyForA2UI.allows(url) else {
                return "<p class=\"a2ui-image\">[image: \(e(description))]</p>\n"
            }
            return
                "<p class=\"a2ui-image\"><a href=\"\(e(url))\" rel=\"noopener noreferrer nofollow\">[image\(description.isEmpty ? "" : ": " + e(description))]</a></p>\n"
        case .icon(let name):
            return "<span class=\"a2ui-icon\" title=\"\(e(name))\">\(e(A2UIIcons.glyph(name)))</span>\n"
        case .media(let kind, let url, let description, let poster):
            let label = (kind == "video" ? "▶ video" : "♪ audio") + (description.isEmpty ? "" : ": " + description)
            let link =
                URLPolicyForA2UI.allows(url)
                ? "<a href=\"\(e(url))\" rel=\"noopener noreferrer nofollow\">\(e(label))</a>" : e(label)
            // A poster is an image: linked, never loaded.
            let posterLink =
                URLPolicyForA2UI.allows(poster)
                ? " · <a href=\"\(e(poster))\" rel=\"noopener noreferrer nofollow\">[poster]</a>" : ""
            return "<p class=\"a2ui-media\">\(link)\(posterLink)</p>\n"
        case .row(let children):
            return "<div class=\"a2ui-row\">\n" + children.map(html).joined() + "</div>\n"
        case .column(let children):
            return "<div class=\"a2ui-column\">\n" + children.map(html).joined() + "</div>\n"
        case .card(let child):
            return "<div class=\"a2ui-card\">\n" + (child.map(html) ?? "") + "</div>\n"
        case .tabs(let tabs):
            var out = "<div class=\"a2ui-tabs\">\n"
            for (index, tab) in tabs.enumerated() {
                out += "<details class=\"a2ui-tab\"\(index == 0 ? " open" : "")><summary>\(e(tab.title))</summary>\n"
                out += (tab.content.map(html) ?? "") + "</details>\n"
            }
            return out + "</div>\n"
        case .divider: return "<hr class=\"a2ui-divider\" />\n"
        case .modal(let trigger, let content):
            return (trigger.map(html) ?? "") + "<details class=\"a2ui-modal\"><summary>…</summary>\n"
                + (content.map(html) ?? "") + "</details>\n"
        case .button(_, let label, let variant, _):
            return "<button class=\"a2ui-button a2ui-\(e(variant))\" disabled>\(e(label))</button>\n"
        case .checkBox(_, let label, let checked):
            return
                "<label class=\"a2ui-checkbox\"><input type=\"checkbox\" disabled\(checked ? " checked" : "") /> \(e(label))</label>\n"
        case .textField(_, let label, let value, let placeholder, let obscured, let long, let problems):
            let hint = placeholder.isEmpty ? "" : " placeholder=\"\(e(placeholder))\""
            let control =
                long
                ? "<textarea\(hint) disabled>\(e(value))</textarea>"
                : "<input type=\"\(obscured ? "password" : "text")\" value=\"\(e(value))\"\(hint) disabled />"
            return "<label class=\"a2ui-field\">\(e(label)) \(control)</label>\n"
                + (value.isEmpty ? "" : problems.map(problemHTML).joined())
        case .dateTime(_, let label, let value, let problems):
            return
                "<label class=\"a2ui-field\">\(e(label)) <input type=\"text\" value=\"\(e(value))\" disabled /></label>\n"
                + (value.isEmpty ? "" : problems.map(problemHTML).joined())
        case .choice(_, let label, let options, let multiple):
            var out = "<fieldset class=\"a2ui-choice\" disabled>"
            if !label.isEmpty { out += "<legend>\(e(label))</legend>" }
            for option in options {
                out +=
                    "<label><input type=\"\(multiple ? "checkbox" : "radio")\"\(option.chosen ? " checked" : "") disabled /> \(e(option.label))</label> "
            }
            return out + "</fieldset>\n"
        case .slider(_, let label, let minimum, let maximum, let value):
            return
                "<label class=\"a2ui-slider\">\(e(label)) <input type=\"range\" min=\"\(A2UIContext.text(of: .number(minimum)))\" max=\"\(A2UIContext.text(of: .number(maximum)))\" value=\"\(A2UIContext.text(of: .number(value)))\" disabled /> \(e(A2UIContext.text(of: .number(value))))</label>\n"
        case .problem(let message):
            return "<p class=\"a2ui-problem\">⚠ A2UI: \(e(message))</p>\n"
        }
    }

    static func problemHTML(_ message: String) -> String {
        "<p class=\"a2ui-check\">⚠ \(e(message))</p>\n"
    }
}

/// Which addresses a generated UI may link to: `http`, `https` and `mailto`, as Markdown links.
enum URLPolicyForA2UI {
    static func allows(_ url: String) -> Bool {
        let lower = url.lowercased().filter { !$0.isWhitespace }
        return lower.hasPrefix("https://") || lower.hasPrefix("http://") || lower.hasPrefix("mailto:")
    }
}

extension String {
    fileprivate var trimmingNewlines: String {
        String(drop { $0 == "\n" }.reversed().drop { $0 == "\n" }.reversed())
    }
}
