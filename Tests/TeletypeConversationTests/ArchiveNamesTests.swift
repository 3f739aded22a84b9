import Testing

@testable import TeletypeArchive

/// A page's path keeps its source's folders, each name shortened to 200 bytes with a hash of it.
@Suite struct ArchiveNamesTests {
    @Test func eachFolderNameIsShortenedOnItsOwn() {
        let long = String(repeating: "é", count: 150)  // 300 bytes
        let path = "a/\(long)/b.jsonl"
        let parts = ArchiveNames.shortenedPath(path).split(separator: "/", omittingEmptySubsequences: false)
        #expect(parts.count == 3)
        #expect(parts[0] == "a" && parts[2] == "b.jsonl")
        #expect(parts[1].utf8.count <= ArchiveNames.pageNameBytes)
        #expect(parts[1].hasPrefix("éé") && parts[1].hasSuffix("-" + ArchiveNames.hash(long)))
        // Names that fit, empty ones and a mark that joins the slash before it stay as they are.
        for kept in ["", "/", "a//b", "/abs/path", "x/\u{301}y/日本語.json", "👩‍💻/🇫🇷"] {
            #expect(ArchiveNames.shortenedPath(kept) == kept)
        }
    }
}
