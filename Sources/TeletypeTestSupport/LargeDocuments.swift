/// Large Markdown documents for tests of piecewise parsing and rendering.
public enum LargeDocuments {
    /// Sections that exercise what a cut must respect: code with `# comments` after blank lines,
    /// fences inside list items, raw HTML spanning blank lines, footnotes and reference links.
    public static func section(_ number: Int) -> String {
        """
        # Section \(number)

        Text with a footnote[^n\(number)], a [reference link][r\(number)] and **bold** ~~struck~~ www.example.com.

        ```bash
        echo start

        # a comment after a blank line, not a heading
        echo end
        ```

        - a list item with a fence

          ```
          code in the item

        # Heading that closes the list and the fence \(number)

        <!-- a comment

        # still inside the comment
        -->

        | a | b |
        | - | - |
        | \(number) | x |

        1. ordered
        2. list

        > quote

        [r\(number)]: https://example.com/\(number)
        [^n\(number)]: The note of section \(number).


        """
    }

    /// `count` sections, one after the other.
    public static func sections(_ count: Int) -> String {
        (1...count).map(section).joined()
    }
}
