import TeletypeLayout

/// A self-contained HTML page around conversation fragments: inline CSS with light and dark colours
/// (following `prefers-color-scheme` unless a theme is chosen), print styles, no JavaScript, and a
/// Content-Security-Policy that forbids scripts, remote loads (images only when allowed), forms and
/// base URLs.
public struct HTMLPage: Sendable {
    /// Which colours the page uses.
    public enum ColorScheme: String, Sendable, CaseIterable {
        /// Light or dark, as the reader's system prefers.
        case auto
        /// Dark text on a light background.
        case light
        /// Light text on a dark background.
        case dark
        /// Black on white, no accents.
        case plain
    }

    /// The page's title, in `<title>` and its level-one heading.
    public var title: String
    /// Which colours the page uses.
    public var colorScheme: ColorScheme
    /// Whether `<img>` may load from `http`/`https` (the CSP allows it only then).
    public var allowsRemoteImages: Bool
    /// Whether `<img>` may load from anywhere, relative URLs included: for trusted transcripts.
    public var allowsAnyImage: Bool
    /// Whether the page is an index (a table across the window's width) rather than a conversation
    /// (a column of reading width).
    public var isIndex = false

    /// Makes a page; it follows the reader's colours and loads no image by default.
    public init(
        title: String, colorScheme: ColorScheme = .auto, allowsRemoteImages: Bool = false, allowsAnyImage: Bool = false
    ) {
        self.title = title
        self.colorScheme = colorScheme
        self.allowsRemoteImages = allowsRemoteImages
        self.allowsAnyImage = allowsAnyImage
    }

    /// The Content-Security-Policy of the page: no script, ever; images as allowed.
    public var contentSecurityPolicy: String {
        let images = allowsAnyImage ? "* data:" : "data:" + (allowsRemoteImages ? " https: http:" : "")
        return "default-src 'none'; style-src 'unsafe-inline'; img-src \(images)"
            + "; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
    }

    /// Everything before the conversation.
    public var header: String { String(decoding: headerBytes, as: UTF8.self) }

    /// ``header`` as UTF-8, for a page written as bytes: its 15 KB are not made a `String`.
    package var headerBytes: [UInt8] {
        var out = HTMLBuffer(capacity: 16_384 + title.utf8.count)
        out.markup("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        out.markup("<meta http-equiv=\"Content-Security-Policy\" content=\"")
        out.text(contentSecurityPolicy)
        out.markup("\">\n<meta name=\"referrer\" content=\"no-referrer\">\n")
        out.markup("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        out.markup("<meta name=\"generator\" content=\"Teletype\">\n<title>")
        out.text(title)
        out.markup("</title>\n<style>\n")
        out.raw(HTMLPageStyles.stylesheets[colorScheme] ?? HTMLPageStyles.css(for: colorScheme))
        out.raw("</style>\n</head>\n<body>\n<main class=\"tt-conversation\(isIndex ? " tt-index" : "")\">\n")
        return out.take()
    }

    /// The page's level-one heading, its title: what a reader (and a screen reader's outline)
    /// finds first. Written after ``header``.
    public var heading: String {
        var out = HTMLBuffer(capacity: title.utf8.count + 48)
        out.text(title, between: "<h1 class=\"tt-page-title\">", and: "</h1>\n")
        return out.string
    }

    /// Everything after the conversation.
    public var footer: String {
        "</main>\n</body>\n</html>\n"
    }
}

/// The page's CSS.
enum HTMLPageStyles {
    static let light = """
        --bg: #ffffff; --fg: #1f2328; --muted: #656d76; --border: #d0d7de; --bubble: #f0f4f8; --code: #f6f8fa;
        --accent: #0969da; --ok: #1a7f37; --bad: #cf222e; --wait: #9a6700; --think: #8250df;
        """
    static let dark = """
        --bg: #0d1117; --fg: #e6edf3; --muted: #8d96a0; --border: #30363d; --bubble: #1f2937; --code: #161b22;
        --accent: #4493f8; --ok: #3fb950; --bad: #f85149; --wait: #d29922; --think: #a371f7;
        """
    static let plain = """
        --bg: #ffffff; --fg: #000000; --muted: #555555; --border: #999999; --bubble: #f2f2f2; --code: #f2f2f2;
        --accent: #000000; --ok: #000000; --bad: #000000; --wait: #000000; --think: #000000;
        """

    /// The 16 colours of command output (SGR 30–37, 90–97), readable on the page's code background.
    static let lightTerminal = [
        "#24292f", "#cf222e", "#116329", "#6e5600", "#0550ae", "#8250df", "#1b7c83", "#57606a",
        "#57606a", "#a40e26", "#1a7f37", "#633c01", "#0969da", "#6639ba", "#0e7490", "#24292f",
    ]
    static let darkTerminal = [
        "#8b949e", "#ff7b72", "#3fb950", "#d29922", "#58a6ff", "#bc8cff", "#39c5cf", "#b1bac4",
        "#8b949e", "#ffa198", "#56d364", "#e3b341", "#79c0ff", "#d2a8ff", "#56d4dd", "#f0f6fc",
    ]

    static func terminalColors(_ palette: [String]) -> String {
        palette.enumerated().map {
            ".sgr-f\($0.offset) { color: \($0.element); } .sgr-g\($0.offset) { background-color: \($0.element); }"
        }
        .joined(separator: "\n") + "\n"
    }

    /// Each scheme's style sheet, made once: an archive writes it into each of thousands of pages.
    static let stylesheets = Dictionary(uniqueKeysWithValues: HTMLPage.ColorScheme.allCases.map { ($0, css(for: $0)) })

    static func css(for scheme: HTMLPage.ColorScheme) -> String {
        var css: String
        switch scheme {
        case .auto:
            css =
                ":root { color-scheme: light dark; \(light) }\n@media (prefers-color-scheme: dark) { :root { \(dark) } }\n"
            css += terminalColors(lightTerminal)
            css += "@media (prefers-color-scheme: dark) {\n" + terminalColors(darkTerminal) + "}\n"
            // Code: the terminal themes' colours, light or dark as the reader prefers.
            css += HighlightedHTML.css(Theme.light.syntax)
            css += "@media (prefers-color-scheme: dark) {\n" + HighlightedHTML.css(Theme.dark.syntax) + "}\n"
        case .light:
            css = ":root { color-scheme: light; \(light) }\n" + HighlightedHTML.css(Theme.light.syntax)
            css += terminalColors(lightTerminal)
        case .dark:
            css = ":root { color-scheme: dark; \(dark) }\n" + HighlightedHTML.css(Theme.dark.syntax)
            css += terminalColors(darkTerminal)
        case .plain: css = ":root { color-scheme: light; \(plain) }\n"
        }
        css += """
            body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; }
            .tt-conversation { max-width: 46rem; margin: 0 auto; padding: 2rem 1rem 4rem; }
            .tt-page-title { font-size: 1.5rem; line-height: 1.3; margin: 0 0 1.5rem; overflow-wrap: anywhere; }
            .tt-row { margin: 0 0 1.25rem; overflow-wrap: anywhere; }
            .tt-row.tt-user, .tt-row.tt-pending { display: flex; flex-direction: column; align-items: flex-end; }
            .tt-turn:not(:first-child) { border-top: 1px solid var(--border); padding-top: 1.25rem; }
            .tt-bubble { background: var(--bubble); border-radius: 1.1rem; padding: .6rem 1rem; max-width: 80%; white-space: pre-wrap; overflow-wrap: anywhere; }
            .tt-pending .tt-bubble, .tt-bubble.tt-pending { opacity: .6; }
            .tt-bubble .tt-more > summary { color: var(--muted); font-size: .85rem; cursor: pointer; white-space: normal; }
            .tt-bubble .tt-time { display: block; text-align: right; font-size: .75rem; color: var(--muted); white-space: normal; }
            .tt-pages { display: flex; flex-wrap: wrap; gap: .4rem 1.2rem; margin: 1.5rem 0; padding: .6rem 0 0; border-top: 1px solid var(--border); }
            .tt-pages .tt-page-number { color: var(--muted); margin-left: auto; }
            .tt-pages-heading { font-size: 1.05rem; margin: 1.5rem 0 .4rem; }
            .tt-prompts { padding-left: 2.5rem; }
            .tt-prompts li { margin: .3rem 0; overflow-wrap: anywhere; }
            .tt-prompts .tt-time { color: var(--muted); font-size: .8rem; white-space: nowrap; }
            .tt-pending-label, .tt-notice, .tt-unsupported, .tt-summary, .tt-duration, .tt-details, .tt-tool-summary { color: var(--muted); }
            .tt-notice.tt-older-messages, .tt-notice.tt-empty { text-align: center; }
            .tt-notice.tt-error { color: var(--bad); font-weight: 600; }
            .tt-notice.tt-refusal { border-left: 3px solid var(--muted); padding-left: .6em; font-style: italic; }
            details { margin: .35rem 0; }
            summary { cursor: pointer; }
            .tt-reasoning summary, .tt-thinking { color: var(--think); }
            .tt-thoughts { color: var(--muted); font-style: italic; border-left: 2px solid var(--border); margin: .4rem 0 .4rem .4rem; padding-left: .8rem; }
            .tt-tool .tt-title { font-weight: 600; }
            .tt-tool-line { margin: .35rem 0; }
            .tt-completed .tt-icon, .tt-completed .tt-status { color: var(--ok); }
            .tt-failed .tt-icon, .tt-failed .tt-status { color: var(--bad); }
            .tt-running .tt-icon, .tt-running .tt-status { color: var(--accent); }
            .tt-awaiting-approval .tt-status, .tt-awaiting-client .tt-status { color: var(--wait); }
            .tt-no-result .tt-icon, .tt-no-result .tt-status { color: var(--muted); }
            .tt-cancelled, .tt-declined { color: var(--muted); }
            .tt-note { color: var(--muted); }
            .tt-command { color: var(--muted); font-size: .9em; overflow-wrap: anywhere; }
            .tt-notice.tt-session { color: var(--muted); font-size: .9em; margin-top: -1rem; }
            .tt-notice.tt-title { font-weight: 600; }
            .tt-divider { color: var(--muted); text-align: center; border-top: 1px dashed var(--border); padding-top: .6rem; margin: 1rem 0; }
            details.tt-divider > div { text-align: left; color: var(--fg); }
            .tt-branch { color: var(--muted); font-size: .9em; width: 100%; }
            .tt-branch-label { margin: .2rem 0; }
            .tt-version > summary { color: var(--accent); }
            .tt-version { border-left: 2px solid var(--border); padding-left: .8rem; margin: .3rem 0; text-align: left; }
            .tt-shell samp { font: inherit; } .tt-prompt { color: var(--muted); user-select: none; }
            .tt-exit { color: var(--bad); font: .85em ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; margin: .2rem 0; }
            .tt-diff { margin: .4rem 0; } .tt-diff figcaption { font-weight: 600; font-size: .9em; }
            .tt-diff pre { white-space: pre-wrap; overflow-wrap: anywhere; }
            .tt-diff pre > code > span { display: block; min-height: 1.2em; }
            .tt-line-added { background: rgba(46, 160, 67, .14); } .tt-line-removed { background: rgba(248, 81, 73, .14); }
            .tt-line-added .tt-mark { color: var(--ok); } .tt-line-removed .tt-mark { color: var(--bad); }
            .tt-line-context, .tt-line-hunk { color: var(--muted); }
            .tt-checklist { list-style: none; padding-left: .6rem; margin: .4rem 0; } .tt-checklist .tt-done { color: var(--muted); }
            .tt-checklist .tt-active { font-weight: 600; }
            .tt-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
            .tt-web-result { max-height: 24rem; overflow: auto; }
            .tt-subagent > summary { color: var(--muted); }
            .tt-subagent-rows { border-left: 2px solid var(--border); margin: .4rem 0 .4rem .3rem; padding-left: .9rem; }
            .sgr-b { font-weight: 600; } .sgr-d { opacity: .75; } .sgr-i { font-style: italic; } .sgr-u { text-decoration: underline; }
            .sgr-s { text-decoration: line-through; }
            dl { margin: .4rem 0 .4rem 1.2rem; } dt { color: var(--muted); font-size: .85em; } dd { margin: 0 0 .4rem; }
            pre.tt-text { white-space: pre-wrap; overflow-wrap: anywhere; }
            pre { background: var(--code); border: 1px solid var(--border); border-radius: 6px; padding: .6rem .8rem; overflow-x: auto; white-space: pre; }
            code { font: .9em ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
            :not(pre) > code { background: var(--code); border-radius: 4px; padding: .1em .3em; }
            .tt-approval { border: 1px solid var(--wait); border-radius: 8px; padding: .6rem 1rem; margin: .5rem 0; }
            .tt-approval-title { font-weight: 600; margin: 0 0 .3rem; }
            .tt-button { display: inline-block; border: 1px solid var(--border); border-radius: 6px; padding: .15rem .7rem; margin-right: .4rem; }
            .tt-attachment { display: inline-flex; flex-wrap: wrap; gap: .4rem; align-items: center; border: 1px solid var(--border); border-radius: 8px; padding: .35rem .7rem; margin: .25rem 0; }
            .tt-attachment img { display: block; max-width: 100%; max-height: 18rem; border-radius: 6px; flex-basis: 100%; }
            .tt-actions { display: flex; gap: .9rem; color: var(--muted); font-size: .85em; margin-top: .3rem; }
            .tt-action.tt-selected { color: var(--accent); font-weight: 600; }
            .tt-suggestions { display: flex; flex-wrap: wrap; gap: .5rem; justify-content: center; list-style: none; padding: 0; }
            .tt-suggestions li { border: 1px solid var(--border); border-radius: 999px; padding: .3rem .9rem; }
            a { color: var(--accent); }
            table { border-collapse: collapse; } th, td { border: 1px solid var(--border); padding: .3rem .6rem; }
            .tt-conversation.tt-index { max-width: 80rem; }
            .tt-archive { width: 100%; table-layout: fixed; } .tt-archive td { vertical-align: top; }
            .tt-archive .tt-number { text-align: right; }
            .tt-archive .tt-col-agent { width: 6.5rem; } .tt-archive .tt-col-project { width: 10rem; }
            .tt-archive .tt-col-when { width: 9.5rem; } .tt-archive .tt-col-messages { width: 5.5rem; }
            .tt-archive .tt-col-models, .tt-archive .tt-col-tools { width: 9rem; }
            .tt-clip { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
            .tt-when { white-space: nowrap; font-size: .9em; } .tt-until { color: var(--muted); }
            @media (max-width: 48rem) {
              .tt-archive, .tt-archive tbody, .tt-archive tr, .tt-archive td { display: block; width: auto; }
              .tt-archive thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
              .tt-archive tr { display: flex; flex-direction: column; border-top: 1px solid var(--border); padding: .5rem 0; }
              .tt-archive td { border: none; padding: .05rem 0; }
              .tt-archive td.tt-title { order: -1; font-weight: 600; }
              .tt-archive td[data-label]::before { content: attr(data-label) ": "; color: var(--muted); }
              .tt-archive .tt-number { text-align: left; }
            }
            blockquote { margin: .5rem 0; padding-left: 1rem; border-left: 3px solid var(--border); color: var(--muted); }
            .markdown-alert { margin: .5rem 0; padding: .1rem 1rem; border-left: 3px solid var(--alert); }
            .markdown-alert-title { font-weight: 600; color: var(--alert); margin: .4rem 0; }
            .markdown-alert-note { --alert: var(--accent); } .markdown-alert-tip { --alert: var(--ok); }
            .markdown-alert-important { --alert: var(--think); } .markdown-alert-warning { --alert: var(--wait); }
            .markdown-alert-caution { --alert: var(--bad); }
            .markdown-alert-note .markdown-alert-title::before { content: "\\2139\\20"; }
            .markdown-alert-tip .markdown-alert-title::before { content: "\\2726\\20"; }
            .markdown-alert-important .markdown-alert-title::before { content: "\\2762\\20"; }
            .markdown-alert-warning .markdown-alert-title::before { content: "\\26A0\\20"; }
            .markdown-alert-caution .markdown-alert-title::before { content: "\\2716\\20"; }
            .raw-html { color: var(--muted); }
            .a2ui-surface { margin: .5rem 0; }
            .a2ui-card { border: 1px solid var(--border); border-radius: 10px; padding: .5rem 1rem; margin: .4rem 0; }
            .a2ui-row { display: flex; flex-wrap: wrap; gap: .4rem 1rem; align-items: center; }
            .a2ui-column { display: flex; flex-direction: column; gap: .3rem; }
            .a2ui-text p { margin: 0; } .a2ui-caption { color: var(--muted); font-size: .85em; }
            .a2ui-surface h1, .a2ui-surface h2, .a2ui-surface h3, .a2ui-surface h4, .a2ui-surface h5 { margin: .2rem 0; }
            .a2ui-button { font: inherit; border: 1px solid var(--border); border-radius: 6px; padding: .2rem .8rem; background: var(--bubble); color: var(--fg); }
            .a2ui-primary { background: var(--accent); color: var(--bg); }
            .a2ui-field, .a2ui-checkbox, .a2ui-slider { display: block; margin: .2rem 0; }
            .a2ui-check, .a2ui-problem, .a2ui-notice { color: var(--muted); font-style: italic; margin: .2rem 0; }
            .a2ui-choice { border: none; padding: 0; margin: .2rem 0; }
            @media print {
              :root { --bg: #ffffff; --fg: #000000; }
              .tt-actions, .tt-pages { display: none; }
              details > *:not(summary) { display: block; }
              .tt-conversation { max-width: none; padding: 0; }
              pre { white-space: pre-wrap; }
            }

            """
        return css + DetailSwitch.css
    }
}
