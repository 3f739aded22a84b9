import TeletypeHTML
import TeletypeMarkdown
import TeletypeTestSupport
import Testing

/// Rendering Markdown text in one go (piece by piece on every core) gives the same HTML as
/// rendering its parsed document, in both policies.
@Suite struct PiecewiseHTMLTests {
    @Test(arguments: [HTMLRenderOptions.trusted, .untrusted])
    func oneShotEqualsDocumentRendering(_ options: HTMLRenderOptions) {
        let text = LargeDocuments.sections(800)
        let renderer = MarkdownHTMLRenderer(options: options)
        #expect(renderer.render(markdown: text) == renderer.render(MarkdownDocument(parsing: text)))
    }
}
