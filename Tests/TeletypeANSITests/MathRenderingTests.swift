import TeletypeANSI
import TeletypeHTML
import TeletypeLayout
import TeletypeMarkdown
import TeletypeTestSupport
import Testing

/// Math drawn with Unicode in the terminal and as MathML in HTML.
@Suite struct MathRenderingTests {
    @Test(arguments: [
        ("x^2 + y_1", "x² + y₁"), (#"\alpha \le \beta"#, "α ≤ β"), (#"\frac{a}{b}"#, "a/b"),
        (#"\frac{n(n+1)}{2}"#, "(n(n + 1))/2"), (#"\sqrt{x}"#, "√x"), (#"\sqrt[3]{8}"#, "³√8"),
        (#"\sum_{i=1}^{n} i"#, "∑ᵢ₌₁ⁿ i"), (#"\mathbb{R}^n"#, "ℝⁿ"), (#"\hat{x}"#, "x̂"),
        (#"x \in \mathbb{N}"#, "x ∈ ℕ"),
        (#"\sin x"#, "sin x"), (#"e^{-x}"#, "e⁻ˣ"), (#"x^{(q)}"#, "x^((q))"), (#"\unknown{x}"#, #"\unknown{x}"#),
        (#"-1"#, "−1"), (#"\infty"#, "∞"),
        // Beyond ASCII the source is read by its characters: a letter with a combining mark is one,
        // a command's name may be a letter of any script, a digit of any script makes a number, and
        // a carriage return and line feed are one space.
        ("é^2 + e\u{301}_i", "é² + e\u{301}ᵢ"), (#"\é"#, #"\é"#), ("٣.5 x", "٣.5x"), ("a\r\nb", "ab"),
    ])
    func unicode(_ source: String, _ expected: String) {
        #expect(MathUnicode.lines(source, display: false) == [expected], "\(source)")
    }

    @Test func displayRowsTakeALineEach() {
        #expect(
            MathUnicode.lines(#"\begin{pmatrix} a & b \\ c & d \end{pmatrix}"#, display: true) == [
                "( a  b )", "( c  d )",
            ])
    }

    @Test func terminalAndHTML() {
        let text = TerminalRenderer(width: 60, capabilities: .plain).render(
            markdown: "Area $\\pi r^2$.\n\n$$\nE = mc^2\n$$")
        #expect(text == "Area πr².\n\n  E = mc²\n")
        let html = MarkdownHTMLRenderer().render(MarkdownDocument(parsing: "$x^2$"))
        #expect(
            html.contains("<math><semantics><mrow><msup><mrow><mi>x</mi></mrow><mrow><mn>2</mn></mrow></msup></mrow>"))
        #expect(html.contains("<annotation encoding=\"application/x-tex\">x^2</annotation>"))
    }

    @Test func mathCannotInjectMarkup() {
        let html = MarkdownHTMLRenderer().render(
            MarkdownDocument(parsing: #"$\text{</mtext><script>alert(1)</script>} x$ and $\unknown{<img src=x>}$"#))
        #expect(!html.contains("<script") && !html.contains("<img"))
        #expect(HTMLSafety.problems(in: html) == [])
        let terminal = TerminalRenderer(width: 80, capabilities: .full).render(
            markdown: "$\\text{\u{1B}]0;owned\u{7}} x$")
        #expect(!terminal.contains("\u{1B}]0;"))
    }
}
