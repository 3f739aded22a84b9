import Teletype
import Testing

/// A path's names split at its slashes, by byte, as `split(separator: "/")` splits by character
/// wherever a slash stands alone.
@Suite struct SlashPartsTests {
    @Test(arguments: [
        "", "/", "a", "a/b", "/abs/path/", "a//b", "x/y/日本語.json", "👩‍💻/🇫🇷/", "~/.claude/projects/-home-a/1.jsonl",
    ])
    func partsAreTheNamesBetweenSlashes(_ path: String) {
        #expect(path.slashParts() == path.split(separator: "/", omittingEmptySubsequences: true))
        #expect(path.slashParts(keepingEmpty: true) == path.split(separator: "/", omittingEmptySubsequences: false))
        #expect(path.lastSlashPart == path.split(separator: "/").last.map(String.init) ?? path)
    }

    /// A mark joined to a slash makes one character of the two, which a split by character does not
    /// cut at; the file system does, and so does this.
    @Test func aSlashJoinedByAMarkStillSeparates() {
        #expect("x/\u{301}y".slashParts() == ["x", "\u{301}y"])
        #expect("x/\u{301}y".lastSlashPart == "\u{301}y")
    }
}
