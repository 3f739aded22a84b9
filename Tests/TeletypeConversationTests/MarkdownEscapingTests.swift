import TeletypeHTML
import TeletypeLayout
import TeletypeTestSupport
import Testing

/// Text written into Markdown reads back as exactly that text — checked by rendering it with the
/// GFM renderer (cmark-gfm with its extensions and Teletype's math) — and is escaped only where a
/// character would otherwise change the Markdown.
@Suite struct MarkdownEscapingTests {
    /// Characters that make Markdown, among letters, digits, spaces and other scripts.
    static let alphabet: [String] =
        Array("!\"#$%&'()*+,-./:;<=>?[\\]^_`{|}~").map(String.init) + [
            "a", "b", "x", "1", "2", " ", " ", "é", "字", "\u{A0}",
        ]

    static func random(_ generator: inout SeededGenerator, length: Int) -> String {
        (0..<length).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }.joined()
    }

    /// The text of a paragraph as the renderer writes it.
    static func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func trimmed(_ text: String) -> String {
        var text = Substring(text)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }

    @Test(arguments: 0..<8)
    func textReadsBackAsItself(_ seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) &+ 1000)
        for _ in 0..<400 {
            let text = Self.random(&generator, length: 1 + Int(generator.next() % 24))
            let expected = Self.trimmed(text)
            guard !expected.isEmpty else { continue }
            let escaped = MarkdownEscaping.text(text)
            let rendered = MarkdownHTMLRenderer().render(markdown: escaped)
            #expect(
                rendered == "<p>" + Self.html(expected) + "</p>\n",
                "\(text.debugDescription) → \(escaped.debugDescription) → \(rendered)")
        }
    }

    /// What needs no escape gets none.
    @Test(arguments: [
        "gpt-4", "00:00", "--branch msg-5", "snake_case_name", "2 * 3 = 6", "a < b", "R&D", "costs $5", "email: a.b",
        "C:\\Users\\me", "100%", "~ home", "(parenthesised)", "it's \"quoted\"", "1.5 km", "x_1 + y_2",
    ])
    func plainTextStaysPlain(_ text: String) {
        #expect(MarkdownEscaping.text(text) == text)
        #expect(MarkdownHTMLRenderer().render(markdown: text) == "<p>" + Self.html(text) + "</p>\n")
    }

    /// What would change the Markdown is escaped.
    @Test(arguments: [
        ("*bold*", "\\*bold\\*"), ("`code`", "\\`code\\`"), ("[link](x)", "\\[link](x)"), ("# heading", "\\# heading"),
        ("- item", "\\- item"), ("1. first", "1\\. first"), ("> quote", "\\> quote"), ("<b>", "\\<b>"),
        ("&amp;", "\\&amp;"), ("$x$ and $y$", "\\$x\\$ and \\$y\\$"), ("_under_", "\\_under\\_"), ("---", "\\---"),
    ])
    func markupIsEscaped(_ text: String, _ escaped: String) {
        #expect(MarkdownEscaping.text(text) == escaped)
    }

    /// What a person typed, over several lines, reads back line for line: each line's leading
    /// spaces as no-break spaces, its breaks as breaks, its characters as themselves.
    @Test(arguments: 0..<4)
    func typedTextReadsBackLineForLine(_ seed: Int) {
        var generator = SeededGenerator(seed: UInt64(seed) &+ 2000)
        for _ in 0..<200 {
            let lines = (0..<(1 + Int(generator.next() % 4))).map { _ -> String in
                let indent = String(repeating: " ", count: Int(generator.next() % 6))
                let body = Self.trimmed(Self.random(&generator, length: 1 + Int(generator.next() % 16)))
                return body.isEmpty ? "x" : indent + body
            }
            let text = lines.joined(separator: "\n")
            let rendered = MarkdownHTMLRenderer().render(markdown: MarkdownEscaping.literal(text))
            let expected =
                "<p>"
                + lines.map { line in
                    let body = line.drop { $0 == " " }
                    return String(repeating: "\u{A0}", count: line.count - body.count) + Self.html(String(body))
                }.joined(separator: "<br />\n") + "</p>\n"
            #expect(rendered == expected, "\(text.debugDescription) → \(rendered)")
        }
    }
}
