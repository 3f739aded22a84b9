import Testing

@testable import TeletypeFuzzing
@testable import TeletypeTestSupport

/// The fuzz targets' checks catch what they are meant to: each is shown a broken output.
@Suite struct FuzzCheckTests {
    @Test func plainCheckFindsAControlCharacter() {
        #expect(RenderedOutputChecks.plain("ok\n", "t") == [])
        #expect(RenderedOutputChecks.plain("a\u{1B}[2Jb", "t").count == 1)
        #expect(RenderedOutputChecks.plain("a\u{9B}b", "t").count == 1)
    }

    @Test func ansiCheckFindsForeignSequences() {
        #expect(
            RenderedOutputChecks.ansi("\u{1B}[1;31mred\u{1B}[0m \u{1B}]8;;https://a.b\u{1B}\\x\u{1B}]8;;\u{1B}\\", "t")
                == [])
        #expect(!RenderedOutputChecks.ansi("\u{1B}]52;c;AAAA\u{07}", "t").isEmpty)
        #expect(!RenderedOutputChecks.ansi("\u{1B}[6n", "t").isEmpty)
        #expect(!RenderedOutputChecks.ansi("\u{1B}]8;;javascript:x\u{1B}\\x\u{1B}]8;;\u{1B}\\", "t").isEmpty)
    }

    @Test func fitCheckMeasuresTabsAndWideCharacters() {
        #expect(RenderedOutputChecks.fits("abcd\n漢字", width: 4, "t") == [])
        #expect(RenderedOutputChecks.fits("a\tb", width: 8, "t").count == 1)
        #expect(RenderedOutputChecks.fits("漢字漢", width: 5, "t").count == 1)
    }

    @Test(arguments: [
        "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<a href=\"javascript:alert(1)\">x</a>",
        "<a href=\"  JaVa&#x53;cript&colon;alert(1)\">x</a>", "<a href=\"java\tscript:x\">x</a>",
        "<img src=\"https://evil.example/x.png\">", "<iframe src=\"data:text/html,x\"></iframe>",
        "<div style=\"background:url(https://evil.example)\">", "<svg/onload=alert(1)>",
        "<a href=\"data:text/html,x\">",
        "<meta http-equiv=\"refresh\" content=\"0;url=https://evil.example\">", "<form action=\"https://x\">",
        "<img src=\"//evil.example/x\">", "<link rel=stylesheet href=\"https://evil.example/x.css\">",
        "<button>x</button>", "<input type=\"text\">", "<button disabled formaction=\"https://x\">",
        "<input type=\"image\" disabled>", "<select name=\"a\" disabled>",
    ])
    func htmlCheckFindsUnsafeMarkup(_ html: String) {
        #expect(!HTMLSafety.problems(in: html).isEmpty, "\(html)")
    }

    @Test func htmlCheckAcceptsTeletypeMarkup() {
        let html = """
            <p>a &lt;script&gt; <a href="https://example.com" rel="noopener">x</a> <code>onerror=</code></p>
            <img src="data:image/png;base64,AAAA" alt="x" /><input type="checkbox" disabled="" /> <a href="#fn1">1</a>
            """
        #expect(HTMLSafety.problems(in: html) == [])
        let controls = "<button class=\"a2ui-button\" disabled>Go</button><input type=\"range\" value=\"3\" disabled />"
        #expect(HTMLSafety.problems(in: controls + "<textarea disabled>x</textarea>") == [])
        #expect(HTMLSafety.problems(in: "<img src=\"https://example.com/a.png\">", allowsRemoteImages: true) == [])
    }

    @Test func inputHashIsStable() {
        #expect(InputHash.of([]) == 0xcbf2_9ce4_8422_2325)
        #expect(InputHash.of(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
    }
}
