import Foundation
import TeletypeANSI
import TeletypeSnapshotTesting
import TeletypeTestSupport
import Testing

/// Each Markdown node kind rendered at widths 40 and 80, as plain text and as ANSI (escape sequences
/// written as `⟪…⟫`), and as HTML, compared with the references in `Snapshots/TerminalSnapshotTests/`.
@Suite struct TerminalSnapshotTests {
    static let nodes: [(name: String, markdown: String)] = [
        (
            "paragraph",
            "Plain text with *emphasis*, **strong**, ***both***, ~~strikethrough~~ and `inline code`, long enough to wrap at forty columns.\nA soft break joins lines; a hard break\\\nstarts a new one."
        ),
        (
            "headings",
            "# Heading one\n\n## Heading two\n\n### Heading three\n\n#### Heading four\n\n##### Heading five\n\n###### Heading six\n\nSetext one\n==========\n\nA heading long enough to wrap onto a second line at narrow widths\n---"
        ),
        (
            "blockquote",
            "> A quote with **bold** text that is long enough to wrap inside the bar.\n>\n> > A nested quote.\n>\n> - a list in a quote"
        ),
        (
            "bullet-list",
            "- one\n- two, which is long enough to wrap and show the hanging indent of list items\n  - nested\n    - deeper\n      - deepest\n- three\n\n  with a second paragraph"
        ),
        (
            "ordered-list",
            "1. first\n2. second\n   1. nested first\n   2. nested second\n\n7) starts at seven\n8) eight\n9) nine\n10) ten, the widest marker"
        ),
        ("task-list", "- [x] done\n- [ ] to do\n  - [x] nested done\n\n1. [ ] numbered task"),
        (
            "code-block",
            "```swift\nstruct Point {\n\tvar x: Int\t// a tab\n    var y: Int\n    let description = \"a very long line of code that will certainly not fit in forty columns\"\n}\n```\n\n    indented code\n\n```\nno language\n```"
        ),
        (
            "html-block",
            "<details>\n<summary>Summary</summary>\n\nBody\n\n</details>\n\nInline <kbd>Ctrl</kbd> and <br> tags."
        ),
        (
            "code-compiled",
            "```c\n#include <stdio.h>\nint main(void) { printf(\"%d\\n\", 0x2A); /* done */ return 0; }\n```\n\n"
                + "```rust\n#[derive(Debug)]\nfn area<'a>(r: &'a Rect) -> u32 { r.w * r.h } // r#\"raw\"#\n```\n\n"
                + "```go\npackage main\nfunc main() { fmt.Println(`raw`, len(\"go\")) }\n```\n\n"
                + "```kotlin\nimport kotlin.math.PI\nfun greet(name: String) = \"Hi, ${name.uppercase()} and $name\"\n```\n\n"
                + "```java\n@Override\npublic class Point implements Shape { private final int x = 1_000; }\n```"
        ),
        (
            "code-scripting",
            "```python\n@cache\ndef fib(n: int) -> int:\n    \"\"\"Fibonacci.\n    Slowly.\"\"\"\n    return n if n < 2 else f\"{fib(n - 1)}\"  # done\n```\n\n"
                + "```ts\ninterface User { name: string }\nconst hi = (u: User) => `Hi ${u.name}!`; // greet\n```\n\n"
                + "```bash\nfor f in *.md; do echo \"$f\" | wc -l; done  # count\ncat <<EOF\nheredoc $HOME\nEOF\n```\n\n"
                + "```console\n$ swift build\nBuilding for debugging...\n```\n\n"
                + "```ruby\ndef hello(name) = puts \"Hello, #{name}\"\n```"
        ),
        (
            "code-data",
            "```json\n{\"name\": \"teletype\", \"version\": 2, \"ok\": true, \"tags\": null}\n```\n\n"
                + "```yaml\nname: build  # CI\non: [push]\nrun: |\n  make test\n```\n\n"
                + "```toml\n[package]\nname = \"teletype\"\nedition = 2024\n```\n\n"
                + "```sql\nSELECT name, COUNT(*) FROM users WHERE age > 21 -- adults\n```\n\n"
                + "```html\n<!-- page -->\n<a href=\"/x\" class=\"btn\">Go &amp; see</a>\n```\n\n"
                + "```css\n.btn:hover { color: #fff; margin: 0 4px; }\n```\n\n"
                + "```dockerfile\nFROM swift:6.0 AS build\nRUN swift build -c release\n```\n\n"
                + "```diff\n--- a/file\n+++ b/file\n@@ -1 +1 @@\n-old\n+new\n```"
        ),
        (
            "math",
            "Inline $E = mc^2$, \\(\\alpha_i \\le \\beta^{n+1}\\), prices $5 and $10, `$code$`.\n\n"
                + "$$\n\\sum_{k=1}^{n} k = \\frac{n(n+1)}{2}\n$$\n\n"
                + "\\[ \\int_0^\\infty e^{-x^2}\\,dx = \\frac{\\sqrt{\\pi}}{2} \\]\n\n"
                + "$$\\begin{cases} 1 & x > 0 \\\\ 0 & \\text{otherwise} \\end{cases}$$\n\n"
                + "Sets: $\\mathbb{R}^n$, $\\hat{x}$, $\\vec{v}$, $\\unknown{y}$."
        ),
        (
            "alerts",
            "> [!NOTE]\n> Useful information that users should know, even when skimming content.\n\n"
                + "> [!TIP]\n> Helpful advice.\n\n> [!IMPORTANT]\n> Key information.\n\n"
                + "> [!WARNING]\n> Urgent info that needs **immediate** attention.\n\n> [!CAUTION]\n> Risks.\n\n"
                + "> [!NOTE] text on the marker's line: a quote"
        ),
        ("thematic-break", "above\n\n---\n\nbelow\n\n***"),
        (
            "table",
            "| Left | Centre | Right |\n| :--- | :----: | ----: |\n| a | **b** | `c` |\n| longer cell | 中文 | 😀 |"
        ),
        (
            "table-wrapped",
            "| Name | Description |\n| --- | --- |\n| wrap | This description is long enough that the table must wrap its cells to fit the terminal width. |\n| next | short |"
        ),
        (
            "table-records",
            "| alpha | beta | gamma | delta | epsilon | zeta | eta | theta |\n| --- | --- | --- | --- | --- | --- | --- | --- |\n| one | two | three | four | five | six | seven | eight |\n| 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 |"
        ),
        (
            "footnotes",
            "Text with a note[^a] and another[^b], and the first again[^a].\n\n[^a]: The first note.\n[^b]: The second note, long enough to wrap under its label at narrow widths."
        ),
        (
            "links-and-images",
            "An [inline link](https://example.com \"Title\"), an autolink <https://example.org>, www.example.net, an e-mail me@example.com, a [relative link](docs/readme.md), and an image:\n\n![A diagram](https://example.com/diagram.png)"
        ),
        ("unicode", "中文的段落会在字符之间换行，而不是在空格处。日本語も同じです。Emoji 😀👍🏽 and combining e\u{301} take their real widths."),
        (
            "control-characters",
            "Escape &#27;[2J, bell \u{7}, 8-bit CSI \u{9B}6n and a title change \u{1B}]0;owned\u{7} are shown, not obeyed."
        ),
    ]

    static let cases: [(Int, Int)] = nodes.indices.flatMap { index in [40, 80].map { (index, $0) } }

    @Test(arguments: cases)
    func node(_ index: Int, _ width: Int) {
        let (name, markdown) = Self.nodes[index]
        assertSnapshot(of: markdown, as: .plain(width: width), named: "\(name).\(width)")
        assertSnapshot(of: markdown, as: .ansi(width: width), named: "\(name).\(width)")
    }

    /// The same documents as HTML, one element per line.
    @Test(arguments: nodes.indices)
    func html(_ index: Int) {
        let (name, markdown) = Self.nodes[index]
        assertSnapshot(of: markdown, as: .html, named: name)
    }
}
