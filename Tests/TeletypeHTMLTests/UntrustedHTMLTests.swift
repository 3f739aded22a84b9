import TeletypeHTML
import Testing

/// The default, untrusted policy: text a model wrote cannot run script or load anything.
@Suite struct UntrustedHTMLTests {
    func html(_ markdown: String, _ options: HTMLRenderOptions = .untrusted) -> String {
        MarkdownHTMLRenderer(options: options).render(markdown: markdown)
    }

    @Test func rawHTMLIsEscaped() {
        #expect(
            html("<script>alert(1)</script>\n\ntext <img src=x onerror=alert(1)>") == """
                <pre class="raw-html"><code>&lt;script&gt;alert(1)&lt;/script&gt;
                </code></pre>
                <p>text &lt;img src=x onerror=alert(1)&gt;</p>

                """)
    }

    @Test func rawHTMLPassesWhenAllowedButTagFilterStays() {
        var options = HTMLRenderOptions.untrusted
        options.allowsRawHTML = true
        #expect(html("<b>bold</b> <script>x</script>", options) == "<p><b>bold</b> &lt;script>x&lt;/script></p>\n")
    }

    /// Schemes outside the allow-list, also as browsers would read them after dropping tabs and line
    /// breaks and trimming controls (entities are decoded before: `&#10;` is a line break).
    @Test(arguments: [
        "javascript:alert(1)", "JavaScript:alert(1)", "vbscript:x", "data:text/html,<script>", "file:///etc/passwd",
        " javascript:alert(1)", "java&#10;script:alert(1)", "java&#9;script:alert(1)", "&#1;javascript:x",
        "jav&#13;ascript:x",
    ])
    func unsafeLinksBecomeText(_ url: String) {
        let output = html("[click](<\(url)>)")
        #expect(!output.contains("<a"), "\(output)")
        #expect(output.contains("click"))
    }

    /// A relative URL or a fragment has no scheme: it cannot run code, and stays a link.
    @Test(arguments: [
        "http://example.com", "https://example.com/a?b=c&d", "mailto:me@example.com", "#fn1", "CONTRIBUTING.md",
        "../api/fs.md", "/url", "docs/a b.md", "?page=2", "//example.com/x",
    ])
    func safeLinksStayWithRel(_ url: String) {
        let output = html("[click](<\(url)>)")
        #expect(output.contains("<a href="))
        #expect(output.contains("rel=\"noopener noreferrer nofollow\""))
    }

    @Test func remoteImagesAreLinksUnlessAllowed() {
        let output = html("![cat](https://example.com/cat.png)")
        #expect(!output.contains("<img"))
        #expect(output.contains("<a class=\"image\" href=\"https://example.com/cat.png\""))
        var options = HTMLRenderOptions.untrusted
        options.loadsRemoteImages = true
        #expect(
            html("![cat](https://example.com/cat.png)", options).contains(
                "<img src=\"https://example.com/cat.png\" alt=\"cat\" />"))
        #expect(!html("![x](javascript:alert(1))", options).contains("javascript"))
        // Scheme-relative images are remote; relative ones load only in trusted documents.
        #expect(html("![cat](//example.com/cat.png)", options).contains("<img src=\"//example.com/cat.png\""))
        #expect(html("![cat](images/cat.png)", options).contains("<a class=\"image\" href=\"images/cat.png\""))
        #expect(html("![cat](images/cat.png)", .trusted).contains("<img src=\"images/cat.png\""))
        #expect(html("![cat](images/cat.png)").contains("<a class=\"image\" href=\"images/cat.png\""))
    }

    @Test func textAndAttributesAreEscaped() {
        #expect(html("[a](https://x.com/\"onmouseover=\"alert(1) \"t\\\"<>\")").contains("title=\"t&quot;&lt;&gt;\""))
        #expect(html("a < b & \"c\"") == "<p>a &lt; b &amp; &quot;c&quot;</p>\n")
    }
}
