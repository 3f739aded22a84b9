import TeletypeHTML
import TeletypeTestSupport
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

    /// The tag filter on raw HTML blocks made of filtered and other tags in every case, cut
    /// short, at the end, nested and back to back: the `<` of each filtered tag, and only those,
    /// is escaped, as GFM's rule reads (the name, then white space, `>` or `/>`).
    @Test func theTagFilterEscapesExactlyTheFilteredTags() {
        let pieces = [
            "<script>", "</SCRIPT>", "<style ", "<title/>", "<titles>", "<xmp\t", "<iframe", "<", "<<", "a", " ",
            "\n", "<noembed>", "</plaintext>", "<textarea/", "<b>", "é", "<Style>", "</", "<title", "/>",
        ]
        var generator = SeededGenerator(seed: 37)
        var checked = 0
        for _ in 0..<600 {
            var block = "<div>"
            for _ in 0..<(1 + generator.next() % 24) { block += pieces[Int(generator.next() % UInt64(pieces.count))] }
            block += block.hasSuffix("\n") ? "" : "\n"
            // A line of spaces is a blank line too, which would end the block.
            let lines = block.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).dropLast()
            guard !lines.contains(where: { $0.allSatisfy { $0 == 0x20 || $0 == 0x09 } }) else { continue }
            #expect(html(block, .trusted) == Self.filtered(block), "\(block.debugDescription)")
            checked += 1
        }
        #expect(checked >= 300)
    }

    /// GFM's tag filter, a byte at a time.
    static func filtered(_ html: String) -> String {
        let names = ["title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext"]
        let bytes = Array(html.utf8)
        var out: [UInt8] = []
        for (index, byte) in bytes.enumerated() {
            guard byte == UInt8(ascii: "<") else {
                out.append(byte)
                continue
            }
            var start = index + 1
            if start < bytes.count, bytes[start] == UInt8(ascii: "/") { start += 1 }
            let isFiltered = names.contains { name in
                let end = start + name.utf8.count
                guard end < bytes.count, String(decoding: bytes[start..<end], as: UTF8.self).lowercased() == name else {
                    return false
                }
                return [UInt8(ascii: ">"), 0x20, 0x09, 0x0A, 0x0C, 0x0D].contains(bytes[end])
                    || (bytes[end] == UInt8(ascii: "/") && end + 1 < bytes.count && bytes[end + 1] == UInt8(ascii: ">"))
            }
            out += isFiltered ? Array("&lt;".utf8) : [byte]
        }
        return String(decoding: out, as: UTF8.self)
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
