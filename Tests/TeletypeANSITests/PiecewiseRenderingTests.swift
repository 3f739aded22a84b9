import TeletypeANSI
import TeletypeLayout
import TeletypeMarkdown
import TeletypeTestSupport
import Testing

/// Rendering Markdown text in one go (piece by piece on every core) gives the same output as
/// rendering its parsed document.
@Suite struct PiecewiseRenderingTests {
    static let document = LargeDocuments.sections(800)

    @Test(arguments: [TerminalCapabilities.plain, .full])
    func oneShotEqualsDocumentRendering(_ capabilities: TerminalCapabilities) {
        for width in [20, 57, 100] {
            let renderer = TerminalRenderer(width: width, capabilities: capabilities)
            let oneShot = renderer.render(markdown: Self.document)
            let viaDocument = renderer.render(MarkdownDocument(parsing: Self.document))
            #expect(oneShot == viaDocument, "width \(width)")
        }
    }
}
