import TeletypeHTML
import TeletypeMarkdown
import TeletypeTestSupport
import Testing

/// Every example of the GFM specification and its extensions, rendered in trusted mode.
@Suite struct ConformanceTests {
    /// Examples whose expected HTML we knowingly do not produce, with the reason.
    static let exceptions: [String: String] = [:]

    @Test(arguments: SpecExample.all)
    func example(_ example: SpecExample) {
        guard example.tag != "disabled", example.html != "<IGNORE>\n" else { return }
        // As the specification's own runner does: core examples without extensions, tagged examples
        // with the extension they name, the extensions file with all of them.
        var extensions = Set<MarkdownExtension>()
        if example.file == "gfm-extensions.txt" {
            extensions = Set(MarkdownExtension.allCases)
        } else if let tagged = MarkdownExtension(rawValue: example.tag) {
            extensions = [tagged]
        }
        var options = HTMLRenderOptions.trusted
        options.filtersTags = extensions.contains(.tagfilter)
        let document = MarkdownDocument(
            parsing: example.markdown, options: MarkdownParseOptions(extensions: extensions, recognizesMath: false))
        let html = MarkdownHTMLRenderer(options: options).render(document)
        if let reason = Self.exceptions[example.description] {
            withKnownIssue(Comment(rawValue: reason)) {
                #expect(HTMLNormalizer.normalize(html) == HTMLNormalizer.normalize(example.html))
            }
            return
        }
        #expect(
            HTMLNormalizer.normalize(html) == HTMLNormalizer.normalize(example.html),
            "\(example)\n--- markdown\n\(example.markdown)--- expected\n\(example.html)--- got\n\(html)")
    }
}
