/// Runs of spaces, the padding and indentation every laid-out line is made of: the short ones are
/// made once, not each time a line is padded.
package enum Spaces {
    private static let made: [String] = (0..<128).map { String(repeating: " ", count: $0) }

    /// `count` spaces (none for a count below one).
    package static func of(_ count: Int) -> String {
        guard count > 0 else { return "" }
        return count < made.count ? made[count] : String(repeating: " ", count: count)
    }
}
