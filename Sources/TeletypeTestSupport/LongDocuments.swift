import Foundation

/// Long generated documents shaped like real ones outside the corpus, for the planner's tests and
/// the benchmarks: release notes (setext headings, an anchor line before each, hundreds of
/// `[#12345]`-style reference links with their definitions after each section), an API reference
/// (anchors right before headings, a parameter table and code for each entry, some very long
/// tables), an awesome list (very long lists of links under a few headings) and a changelog (ATX
/// headings, definitions per section, contributors defined again in every section). Seeded, so every
/// run sees the same text.
public enum LongDocuments {
    /// The shapes, by name.
    public static let shapes = ["release-notes", "api-reference", "awesome-list", "changelog"]

    /// About `bytes` bytes of the shape `name` (one of ``shapes``).
    public static func document(_ name: String, bytes: Int, seed: UInt64 = 7) -> String {
        var generator = SeededGenerator(seed: seed)
        switch name {
        case "release-notes": return releaseNotes(bytes: bytes, &generator)
        case "api-reference": return apiReference(bytes: bytes, &generator)
        case "awesome-list": return awesomeList(bytes: bytes, &generator)
        default: return changelog(bytes: bytes, &generator)
        }
    }

    static let words = [
        "stabilize", "compiler", "the", "a", "of", "to", "in", "for", "with", "now", "target", "support", "lint",
        "error", "warning", "trait", "type", "const", "unsafe", "async", "iterator", "slice", "string", "panic",
        "linker", "tier", "platform", "allow", "deny", "improve", "diagnostics", "fix", "regression", "when",
    ]

    static func words(_ count: Int, _ generator: inout SeededGenerator) -> String {
        (0..<count).map { index in
            let word = words[Int(generator.next() % UInt64(words.count))]
            switch generator.next() % 12 {
            case 0: return "`\(word)::\(words[index % words.count])`"
            case 1: return "*\(word)*"
            default: return word
            }
        }.joined(separator: " ")
    }

    static func releaseNotes(bytes: Int, _ generator: inout SeededGenerator) -> String {
        var out = ""
        var minor = 400
        var number = 130_000
        while out.utf8.count < bytes {
            minor -= 1
            let version = "1.\(minor).0"
            out += "Version \(version) (2024-\(10 + minor % 3)-\(10 + minor % 18))\n"
            out += String(repeating: "=", count: 27) + "\n\n"
            var definitions: [String] = []
            for section in ["Language", "Compiler", "Libraries", "Stabilized APIs", "Cargo", "Compatibility Notes"] {
                out += "<a id=\"\(version)-\(section.replacingOccurrences(of: " ", with: "-"))\"></a>\n\n"
                out += section + "\n" + String(repeating: "-", count: section.count) + "\n"
                for _ in 0..<(4 + Int(generator.next() % 14)) {
                    number -= 1 + Int(generator.next() % 40)
                    switch generator.next() % 4 {
                    case 0:
                        out += "- [\(words(8, &generator))][\(number)]\n"
                        definitions.append("[\(number)]: https://github.com/rust-lang/rust/pull/\(number)/")
                    case 1:
                        out += "- \(words(10, &generator)) [#\(number)] ([@contributor\(number % 9)])\n"
                        definitions.append("[#\(number)]: https://github.com/rust-lang/rust/issues/\(number)")
                    case 2:
                        out += "- [\(words(6, &generator))](https://github.com/rust-lang/rust/pull/\(number)/)\n"
                    default:
                        out +=
                            "- Target changes:\n  - [\(words(5, &generator))][\(number)] `x86_64-unknown-\(number % 7)`\n"
                        definitions.append("[\(number)]: https://github.com/rust-lang/rust/pull/\(number)/")
                    }
                }
                if section == "Compatibility Notes" {
                    out += "\n" + (0..<4).map { _ in words(14, &generator) }.joined(separator: "\n") + "\n"
                }
                out += "\n"
            }
            for user in 0..<9 where generator.next() % 2 == 0 {
                definitions.append("[@contributor\(user)]: https://github.com/contributor\(user)")
            }
            out += definitions.joined(separator: "\n") + "\n\n"
        }
        return out
    }

    static func apiReference(bytes: Int, _ generator: inout SeededGenerator) -> String {
        var out = "# API reference\n\n"
        var entry = 0
        while out.utf8.count < bytes {
            entry += 1
            out += "<a name=\"method-\(entry)\"></a>\n### `client.method\(entry)(options[, callback])`\n\n"
            out += words(30, &generator) + "\n\n"
            out += "| Parameter | Type | Default | Description |\n| --- | --- | --- | --- |\n"
            let rows = entry % 25 == 0 ? 400 : 3 + Int(generator.next() % 8)
            for row in 0..<rows {
                out += "| `option\(row)` | `string` \\| `null` | `\(row)` | \(words(12, &generator)) |\n"
            }
            out += "\n```js\nconst result = await client.method\(entry)({ option0: 'value' });\n"
            out += "console.log(result.items.length);\n```\n\n"
            out += "**Returns:** `Promise<Result\(entry)>` — \(words(10, &generator)).\n\n"
            if entry % 7 == 0 {
                out += "> **Note**\n> \(words(20, &generator))\n\n"
            }
        }
        return out
    }

    static func awesomeList(bytes: Int, _ generator: inout SeededGenerator) -> String {
        var out = "# Awesome things\n\nA curated list.\n\n"
        var category = 0
        while out.utf8.count < bytes {
            category += 1
            out += "## Category \(category)\n\n*\(words(8, &generator))*\n\n"
            for item in 0..<(150 + Int(generator.next() % 300)) {
                out += "- [project-\(category)-\(item)](https://github.com/owner\(item % 50)/project-\(item)) - "
                out += words(9, &generator) + ".\n"
                if item % 40 == 39 { out += "  - [sub-\(item)](https://example.com/\(item)) - nested.\n" }
            }
            out += "\n"
        }
        return out
    }

    static func changelog(bytes: Int, _ generator: inout SeededGenerator) -> String {
        var out = "# Changelog\n\nAll notable changes.\n\n"
        var release = 900
        var issue = 90_000
        while out.utf8.count < bytes {
            release -= 1
            out += "## [\(release / 100).\(release % 100).0] - 2024-05-\(10 + release % 18)\n\n"
            var definitions: [String] = []
            for kind in ["Added", "Changed", "Fixed"] {
                out += "### \(kind)\n\n"
                for _ in 0..<(3 + Int(generator.next() % 10)) {
                    issue -= 1 + Int(generator.next() % 30)
                    out += "- \(words(12, &generator)) ([#\(issue)], [@maintainer\(issue % 5)])\n"
                    definitions.append("[#\(issue)]: https://github.com/owner/project/pull/\(issue)")
                }
                out += "\n"
            }
            // The maintainers are defined again in every section: the first definition wins.
            definitions += (0..<5).map { "[@maintainer\($0)]: https://github.com/maintainer\($0)" }
            definitions.append(
                "[\(release / 100).\(release % 100).0]: https://github.com/owner/project/compare/v\(release)")
            out += definitions.joined(separator: "\n") + "\n\n"
        }
        return out
    }
}
