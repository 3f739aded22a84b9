/// A deterministic Markdown document that mixes every GFM construct, for benchmarks.
enum BenchmarkDocument {
    /// A small, seeded pseudo-random generator (SplitMix64), so every run sees the same text.
    struct Generator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

        mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
    }

    static let words = [
        "terminal", "render", "message", "stream", "model", "token", "layout", "width", "cell", "markdown",
        "swift", "table", "quote", "list", "code", "reply", "agent", "tool", "call", "reason", "the", "a", "of",
        "and", "to", "in", "is", "that", "for", "with", "as", "on", "by", "fast", "exact", "safe", "wrapped",
        "unicode", "grapheme", "cluster", "emoji", "😀", "中文", "日本語", "café", "naïve",
    ]

    static func sentence(_ rng: inout Generator, words count: Int) -> String {
        var parts: [String] = []
        for index in 0..<count {
            var word = rng.pick(words)
            switch rng.below(40) {
            case 0: word = "*\(word)*"
            case 1: word = "**\(word)**"
            case 2: word = "`\(word)()`"
            case 3: word = "~~\(word)~~"
            case 4: word = "[\(word)](https://example.com/\(word)/\(index))"
            case 5: word = "https://example.org/\(index)"
            case 6: word = "&amp;"
            case 7: word = "<kbd>\(word)</kbd>"
            default: break
            }
            parts.append(word)
        }
        return parts.joined(separator: " ")
    }

    /// About `bytes` bytes of Markdown.
    static func make(bytes target: Int, seed: UInt64 = 42) -> String {
        var rng = Generator(state: seed)
        var out = ""
        out.reserveCapacity(target + 4096)
        var section = 0
        while out.utf8.count < target {
            section += 1
            out += "# Section \(section): \(sentence(&rng, words: 4))\n\n"
            for _ in 0..<3 {
                out += sentence(&rng, words: 40 + rng.below(60)) + "\n" + sentence(&rng, words: 20) + ".\n\n"
            }
            out += "## Lists \(section)\n\n"
            for item in 1...5 {
                out += "\(item). \(sentence(&rng, words: 12))\n"
                if item == 2 {
                    out +=
                        "   - \(sentence(&rng, words: 8))\n   - [x] \(sentence(&rng, words: 5))\n   - [ ] \(sentence(&rng, words: 5))\n"
                }
            }
            out += "\n- \(sentence(&rng, words: 10))\n- \(sentence(&rng, words: 10))\n\n"
            out += "> \(sentence(&rng, words: 30))\n>\n> > \(sentence(&rng, words: 12))\n\n"
            out += "```swift\n"
            for line in 0..<8 {
                out +=
                    "\(String(repeating: "    ", count: line % 3))let value\(line) = compute(\(line), \"\(rng.pick(words))\")\n"
            }
            out += "```\n\n"
            out += "| Name | Kind | Score | Notes |\n| :--- | :---: | ---: | --- |\n"
            for _ in 0..<6 {
                out +=
                    "| \(rng.pick(words)) | **\(rng.pick(words))** | \(rng.below(1000)) | \(sentence(&rng, words: 6)) |\n"
            }
            out += "\n"
            out +=
                "A claim that needs a source[^s\(section)] and an image ![\(rng.pick(words))](https://example.com/\(section).png).\n\n"
            out += "<div class=\"note\">\n\(sentence(&rng, words: 8))\n</div>\n\n---\n\n"
            out += "[^s\(section)]: \(sentence(&rng, words: 15))\n\n"
        }
        return out
    }
}
