import Testing

@testable import TeletypeMarkdown

/// A link is an autolink when its text is its destination, or its destination with `mailto:` or
/// `http://` before it, in any script and either form of a composed letter.
@Suite struct AutolinkTests {
    @Test(arguments: [
        ("https://example.com/a", "https://example.com/a", true), ("x@y.z", "mailto:x@y.z", true),
        ("www.a.b", "http://www.a.b", true), ("a", "https://a", false), ("a.b", "mailto:a.c", false),
        ("ü@x.de", "mailto:ü@x.de", true), ("Ü", "http://ü", false), ("e\u{301}.com", "http://\u{e9}.com", true),
        ("www.a.b", "https://www.a.b", false), ("", "mailto:", true), ("link", "http:/", false),
    ])
    func autolinksAreTold(_ text: String, _ destination: String, _ expected: Bool) {
        let link = Link(destination: destination, title: "", children: [.text(text)])
        #expect(link.isAutolink == expected)
    }

    /// The autolinks of a parse are told so.
    @Test func parsedAutolinksAreAutolinks() {
        let document = MarkdownDocument(parsing: "<https://a.b/c> www.d.e f@g.hi [x](https://x)\n")
        guard case .paragraph(let paragraph) = document.blocks.first else {
            Issue.record("no paragraph")
            return
        }
        let links = paragraph.inlines.compactMap { inline -> Link? in
            if case .link(let link) = inline { return link }
            return nil
        }
        #expect(links.map(\.isAutolink) == [true, true, true, false])
    }
}
