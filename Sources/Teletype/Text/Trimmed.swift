extension String {
    /// The text without the characters at either end for which `isTrimmed` holds, walked by
    /// character indices: the standard library's reversed-and-dropped sequences are generic and look
    /// conformances up at run time on their first use (see ``Joined``).
    package func trimmed(where isTrimmed: (Character) -> Bool) -> Substring {
        var start = startIndex
        while start < endIndex, isTrimmed(self[start]) { start = index(after: start) }
        var end = endIndex
        while end > start, case let before = index(before: end), isTrimmed(self[before]) { end = before }
        return self[start..<end]
    }
}
