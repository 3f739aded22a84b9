import Foundation
import TeletypeTestSupport
import Testing

/// Input built to break a renderer — nesting 10,000 levels deep, endless delimiters, huge tables —
/// rendered by `teletype md` as a user runs it, in every format and from a pipe: it finishes, exits
/// 0 and shows the text.
@Suite struct PathologicalInputTests {
    let cli = CommandLineTests()

    static let inputs: [(name: String, make: @Sendable () -> String)] = [
        ("block quotes 10,000 deep", { String(repeating: "> ", count: 10_000) + "deep" }),
        ("lists 3,000 deep", { (0..<3000).map { String(repeating: "  ", count: $0) + "- item\n" }.joined() + "deep" }),
        (
            "emphasis 10,000 deep",
            { String(repeating: "*", count: 10_000) + "deep" + String(repeating: "*", count: 10_000) }
        ),
        (
            "alternating emphasis",
            { String(repeating: "*a **b ", count: 3000) + "deep" + String(repeating: "** c*", count: 3000) }
        ),
        (
            "brackets 10,000 deep",
            { String(repeating: "[", count: 10_000) + "deep" + String(repeating: "]", count: 10_000) }
        ),
        (
            "images 5,000 deep",
            { String(repeating: "![", count: 5000) + "deep" + String(repeating: "](u)", count: 5000) }
        ),
        ("1 MB of backticks", { String(repeating: "`", count: 1_000_000) + " deep" }),
        ("1 MB of asterisks", { String(repeating: "*", count: 1_000_000) + " deep" }),
        (
            "a table of 5,000 columns",
            {
                (0..<5000).map { "| c\($0) " }.joined() + "|\n" + String(repeating: "| - ", count: 5000) + "|\n"
                    + (0..<5000).map { "| \($0) " }.joined() + "| deep |\n"
            }
        ),
    ]

    @Test(arguments: inputs.indices)
    func rendersInEveryFormat(_ index: Int) throws {
        let (name, make) = Self.inputs[index]
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("pathological-\(UUID().uuidString).md")
        try Data(make().utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        for format in ["plain", "ansi", "html"] {
            let result = try cli.run(["md", file.path, "--format", format, "--width", "80"])
            #expect(result.status == 0, "\(name) as \(format): \(result.error.prefix(300))")
            #expect(result.output.contains("deep") || result.output.contains("c4999"), "\(name) as \(format)")
        }
        // From a pipe: streamed, with the live region.
        let streamed = try cli.run(["md", "--format", "plain", "--width", "80"], input: Data(make().utf8))
        #expect(streamed.status == 0, "\(name) from a pipe: \(streamed.error.prefix(300))")
    }
}
