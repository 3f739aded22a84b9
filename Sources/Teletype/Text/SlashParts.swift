/// A path's names between its slashes, found by their bytes.
///
/// `split(separator: "/")` on a string compares characters, walking every grapheme of the path:
/// 40,000 instructions a path of a session's file, a quarter of the time an archive spends finding
/// a home's 1,750 files. The file system splits a path at the byte, and so does this.
extension String {
    /// The names between the slashes, in order; empty ones (of `//`, or at either end) left out
    /// unless `keepingEmpty`.
    package func slashParts(keepingEmpty: Bool = false) -> [Substring] {
        utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: !keepingEmpty).map { Substring($0) }
    }

    /// The last name of the path (what follows its last slash but one at the end); the path itself
    /// when it has none.
    package var lastSlashPart: String {
        utf8.split(separator: UInt8(ascii: "/")).last.map { String(Substring($0)) } ?? self
    }
}
