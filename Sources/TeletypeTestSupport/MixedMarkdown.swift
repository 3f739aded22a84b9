import Foundation

/// Generated Markdown that mixes what a math scan must tell apart from text, as READMEs and model
/// replies mix it: every math delimiter (`$…$`, `$$…$$`, `\(…\)`, `\[…\]`, on a line and over
/// lines), escapes (`\$`, `\(`, `\[`, `\\`), reference links whose definitions come before, after or
/// between sections (some with `$` in the destination), footnotes, and the places where a dollar or
/// a backslash is not math: indented and fenced code, code spans over two lines, raw HTML blocks
/// and tags, autolinks and link destinations. Seeded, so a failure can be repeated.
public enum MixedMarkdown {
    /// A document of `sections` sections drawn with `seed`; every fourth seed uses CRLF line endings.
    public static func document(seed: UInt64, sections: Int = 12) -> String {
        var generator = SeededGenerator(seed: seed)
        func pick<T>(_ choices: [T]) -> T { choices[Int(generator.next() % UInt64(choices.count))] }
        var blocks: [String] = []
        var definitions: [String] = []
        for section in 1...sections {
            blocks.append(pick(["# Section \(section)", "## Part \(section)", "Section \(section)\n---------"]))
            for _ in 0..<(2 + Int(generator.next() % 5)) {
                let label = "ref\(Int(generator.next() % 6))"
                blocks.append(
                    pick(block(section: section, label: label))
                        .replacingOccurrences(of: "SENTENCE", with: pick(sentences(label: label)))
                        .replacingOccurrences(of: "OTHER", with: pick(sentences(label: "ref\(section % 6)"))))
            }
            let definition = pick([
                "[ref\(section % 6)]: https://example.com/\(section)",
                "[ref\(section % 6)]: https://example.com/$\(section)$ \"A $title$\"",
                "[Ref\(section % 6)]: <https://example.com/a b> 'quoted \\(x\\)'",
                "[ref\(section % 6)]:\n  https://example.com/\(section)\n  \"title on its own line\"",
            ])
            // Definitions after their section, at the end, or nowhere (the label stays text).
            switch generator.next() % 3 {
            case 0: blocks.append(definition)
            case 1: definitions.append(definition)
            default: break
            }
        }
        var text = (blocks + definitions).joined(separator: "\n\n") + "\n"
        if seed % 4 == 3 { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
        return text
    }

    /// The seeds the property tests stream.
    public static let seeds: [UInt64] = Array(1...24)

    static func sentences(label: String) -> [String] {
        [
            "You need [re2c] \\(>= 0.14.2\\), which is used to generate the [lexer][\(label)].",
            "The area is \\(\\pi r^2\\) and the sum $\\sum_{i=1}^n i$ grows, see [\(label)].",
            "It costs $5 and $10, and \\$x\\$ is not math; [\(label)][] says so.",
            "Escaped \\\\(not math\\\\) and \\[not a link\\] beside [a link][\(label)].",
            "A display $$E = mc^2$$ inline, and \\[x^2 + y^2\\] too[^n].",
            "Code `$x$` and `` `\\(y\\)` `` stay code; $a_1$ is math, [\(label)] a link.",
            "Emphasis *across $x*y$ math* and **bold \\(a*b\\)** and _under $_x$_.",
            "A path $PATH:$HOME and a price of $3.50; $\\alpha$ is Greek.",
            "An autolink <https://example.com/$x$> and [text](https://example.com/$y$ \"t $z$\").",
            "Inline <span title=\"$a$\">html</span> and <!-- $b$ --> a comment, then $c$.",
            "A reference [\(label)] \\(\\frac{1}{2}\\) and a note[^n] with $x$.",
            "Unclosed $x and \\(y and $$z, then `open code",
        ]
    }

    static func block(section: Int, label: String) -> [String] {
        [
            "SENTENCE",
            "SENTENCE\nOTHER",
            "SENTENCE OTHER\nA second line with [\(label)] and $q$.",
            "- SENTENCE\n- OTHER\n\n  continued $m$ in the item\n- last",
            "1. SENTENCE\n2. OTHER",
            "> SENTENCE\n> OTHER",
            "    echo $PATH:$HOME\n    echo \\(x\\) $y$",
            "```sh\necho $x$ \\(y\\)\n\n# $not$ a heading\n```",
            "~~~\n$$\nE = mc^2\n$$\n~~~",
            "$$\n\\frac{a}{b} = \\sum_i x_i\n$$",
            "\\[\n\\int_0^1 x\\,dx\n\\]",
            "$$\nnot closed before a blank line\n\nSENTENCE",
            "A code span `that goes on\n$over$ two` lines, and $k$.",
            "<!-- a comment $x$\n\nwith a blank line $y$ -->",
            "<div title=\"$a$\">\n$b$ \\(c\\)\n</div>",
            "| a | $b$ |\n| - | - |\n| \\(c\\) | [\(label)] |",
            "[^n]: A note with $x^2$ and [\(label)].",
            "Setext with $x$\n===",
            "SENTENCE\n\n    indented after a blank $z$",
            "* [ ] task $t$\n* [x] done \\(d\\)",
        ]
    }
}
