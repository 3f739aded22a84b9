import TeletypeANSI
import TeletypeHTML
import TeletypeLayout
import TeletypeMarkdown
import Testing

/// GitHub alerts: `> [!NOTE]` alone on its first line, with content after, is a titled callout in
/// the terminal and in HTML; anything else stays a quote.
@Suite struct AlertTests {
    @Test(arguments: [
        ("> [!NOTE]\n> body", MarkdownAlert.note), ("> [!tip]\n> body", .tip), ("> [!Important]  \n> body", .important),
        ("> [!WARNING]\n>\n> a paragraph later", .warning), ("> [!CAUTION]\n> body", .caution),
    ])
    func alertsAreFound(_ markdown: String, _ alert: MarkdownAlert) {
        guard case .alert(let found, let children)? = MarkdownLayout.layout(markdown: markdown).first else {
            Issue.record("no alert in \(markdown.debugDescription)")
            return
        }
        #expect(found == alert)
        #expect(!children.isEmpty)
    }

    @Test(arguments: [
        "> [!NOTE] text on the line", "> [!NOTE]", "> [!FOO]\n> body", "> [NOTE]\n> body", "> text\n> [!NOTE]",
    ])
    func otherQuotesStayQuotes(_ markdown: String) {
        guard case .quote? = MarkdownLayout.layout(markdown: markdown).first else {
            Issue.record("\(markdown.debugDescription) is not a quote")
            return
        }
    }

    @Test func theTerminalShowsTheTitleAndIconAndTheHTMLAsGitHubDoes() {
        let text = TerminalRenderer(width: 40, capabilities: .plain).render(markdown: "> [!WARNING]\n> Mind the gap.")
        #expect(text == "│ ⚠ Warning\n│ Mind the gap.\n")
        let html = MarkdownHTMLRenderer().render(MarkdownDocument(parsing: "> [!WARNING]\n> Mind the gap."))
        #expect(
            html
                == "<div class=\"markdown-alert markdown-alert-warning\">\n<p class=\"markdown-alert-title\">Warning</p>\n<p>Mind the gap.</p>\n</div>\n"
        )
        // The specification's rendering is a quote.
        let trusted = MarkdownHTMLRenderer(options: .trusted).render(MarkdownDocument(parsing: "> [!NOTE]\n> x"))
        #expect(trusted.hasPrefix("<blockquote>"))
    }

    @Test func titlesAreLocalized() {
        var options = HTMLRenderOptions()
        options.alertTitles = [.note: "Remarque"]
        let html = MarkdownHTMLRenderer(options: options).render(MarkdownDocument(parsing: "> [!NOTE]\n> x"))
        #expect(html.contains(">Remarque</p>"))
    }
}
