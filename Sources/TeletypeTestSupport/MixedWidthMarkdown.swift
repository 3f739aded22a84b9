/// Generated Markdown whose text mixes every class of cell width, as multilingual READMEs and model
/// replies do: ASCII, CJK and fullwidth forms (2 cells), combining marks and zero-width characters
/// (0), emoji alone, with a presentation selector, with a skin tone, as ZWJ sequences, keycaps and
/// flags (one cluster of 2), Indic clusters with spacing marks and conjuncts, tabs, and words and URLs
/// longer than any width. They sit in every block that is measured: headings, paragraphs, nested
/// lists and quotes, tables, code blocks and footnotes. Seeded, so a failure can be repeated.
public enum MixedWidthMarkdown {
    /// Words of every width class.
    static let words = [
        "plain", "words", "and", "some", "more", "日本語", "中文字符", "한국어", "ｆｕｌｌｗｉｄｔｈ", "café",
        "e\u{301}\u{301}", "zero\u{200B}width", "👍", "❤️", "©️", "#️⃣", "👩🏻", "👨‍👩‍👧", "🏳️‍🌈", "🇯🇵", "हिन्दी",
        "क्षमा", "தமிழ்ப்பு", "ไทย", "עברית", "Ελληνικά", "x²", "ℝⁿ", "→", "…",
        "https://example.com/a/really/long/path/that/goes/on/and/on/without/any/space/at/all",
        "supercalifragilisticexpialidocious-and-then-some-more-letters", "長い長い長い長い長い長い長い長い長い",
    ]

    /// A document of `blocks` blocks drawn with `seed`.
    public static func document(seed: UInt64, blocks count: Int = 14) -> String {
        var generator = SeededGenerator(seed: seed)
        func pick<T>(_ choices: [T]) -> T { choices[Int(generator.next() % UInt64(choices.count))] }
        func sentence(_ length: Int) -> String {
            (0..<length).map { _ in pick(words) }.joined(separator: pick([" ", " ", " ", "　"]))
        }
        var blocks: [String] = []
        for _ in 0..<count {
            switch generator.next() % 9 {
            case 0: blocks.append(pick(["# ", "## ", "### "]) + sentence(3 + Int(generator.next() % 6)))
            case 1, 2: blocks.append(sentence(8 + Int(generator.next() % 30)))
            case 3:
                let items = (0..<(2 + Int(generator.next() % 3))).map { index in
                    (index % 2 == 1 ? "  - " : "- ") + pick(["", "[x] ", "[ ] "])
                        + sentence(3 + Int(generator.next() % 12))
                }
                blocks.append(items.joined(separator: "\n"))
            case 4:
                blocks.append(pick(["> ", "> > ", "> [!NOTE]\n> "]) + sentence(5 + Int(generator.next() % 15)))
            case 5:
                let columns = 2 + Int(generator.next() % 3)
                var rows = [
                    "| " + (0..<columns).map { _ in sentence(1 + Int(generator.next() % 2)) }.joined(separator: " | ")
                        + " |",
                    "|" + String(repeating: " --- |", count: columns),
                ]
                for _ in 0..<(1 + Int(generator.next() % 4)) {
                    rows.append(
                        "| "
                            + (0..<columns).map { _ in sentence(1 + Int(generator.next() % 5)) }.joined(
                                separator: " | ")
                            + " |")
                }
                blocks.append(rows.joined(separator: "\n"))
            case 6:
                let lines = (0..<(1 + Int(generator.next() % 4))).map { _ in
                    pick(["", "\t", "\t\t", "    "]) + sentence(1 + Int(generator.next() % 8))
                }
                blocks.append(
                    "```" + pick(["", "python", "swift", "text"]) + "\n" + lines.joined(separator: "\n") + "\n```")
            case 7:
                blocks.append(sentence(4) + "[^\(blocks.count)]\n\n[^\(blocks.count)]: " + sentence(6))
            default:
                blocks.append("1. " + sentence(4 + Int(generator.next() % 10)) + "\n2. " + sentence(2))
            }
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// The seeds the property tests draw.
    public static let seeds: [UInt64] = Array(1...40)
}
