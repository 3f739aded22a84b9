import Foundation
import TeletypeANSI
import TeletypeTestSupport
import Testing

@testable import TeletypeANSI

/// A relative link in a file names something beside it: where hyperlinks are on it becomes a
/// `file://` hyperlink to it; text from standard input (no document path) keeps it as text.
@Suite struct RelativeLinkTests {
    @Test(arguments: [
        ("CONTRIBUTING.md", "file:///home/me/docs/CONTRIBUTING.md"),
        ("../api/fs.md#read", "file:///home/me/api/fs.md#read"),
        ("./a/./b/../c.md", "file:///home/me/docs/a/c.md"),
        ("#usage", "file:///home/me/docs/README.md#usage"),
        ("guide/", "file:///home/me/docs/guide/"),
        ("a b.md", "file:///home/me/docs/a%20b.md"),
        ("../../../../etc", "file:///etc"),
    ])
    func relativeLinksResolveBesideTheDocument(_ link: String, _ target: String) {
        #expect(HyperlinkPolicy.target(for: link, document: "/home/me/docs/README.md") == target)
    }

    @Test(arguments: ["/url", "//example.com/x", "javascript:alert(1)", "file:///etc/passwd", "data:x", "C:x", ""])
    func otherLinksDoNot(_ link: String) {
        #expect(HyperlinkPolicy.target(for: link, document: "/home/me/docs/README.md") == nil)
    }

    @Test func onlyAFileGetsFileLinks() {
        var capabilities = TerminalCapabilities.full
        capabilities.hyperlinks = true
        var renderer = TerminalRenderer(width: 80, capabilities: capabilities)
        let fromInput = renderer.render(markdown: "See [the guide](guide.md).")
        #expect(!fromInput.contains("file://"))
        #expect(fromInput.contains("(guide.md)"))
        renderer.documentPath = "/srv/site/index.md"
        let fromFile = renderer.render(markdown: "See [the guide](guide.md).")
        #expect(fromFile.contains("\u{1B}]8;;file:///srv/site/guide.md\u{1B}\\"))
        #expect(!fromFile.contains("(guide.md)"))
    }

    /// A document's path is made absolute as Foundation's standardized file URL makes it.
    @Test(arguments: [
        "a.md", "./a.md", "dir/../a.md", "../x/y.md", "/abs/./p/../q.md", "a//b.md", "/../top.md", "é/ü.md", "/",
        "/..",
    ])
    func absolutePathIsFoundations(_ path: String) {
        #expect(HyperlinkPolicy.absolutePath(path) == URL(fileURLWithPath: path).standardizedFileURL.path)
    }
}
