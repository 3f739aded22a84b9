import Teletype
import Testing

/// A tool call's title is its display title, else its name with each underscore a space: found
/// by bytes for ASCII names, as the name's characters give it for every other.
@Suite struct ToolCallTitleTests {
    @Test(arguments: [
        "", "read_file", "Bash", "mcp__github__create_issue", "_", "__", "a_b_c_", "x\u{301}_y", "_\u{301}", "日本_語",
        "tool name", "emoji_😀_call",
    ])
    func theNameWithSpacesForUnderscores(_ name: String) {
        let call = AIToolCallPart(id: "1", name: name)
        let expected = name.isEmpty ? "Tool call" : String(name.map { $0 == "_" ? " " : $0 })
        #expect(call.title == expected)
        var titled = call
        titled.displayTitle = "Shown"
        #expect(titled.title == "Shown")
    }
}
