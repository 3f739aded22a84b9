extension Substring {
    /// The text without spaces and line endings at its ends.
    func trimmingSpaces() -> String { String(self).trimmingSpaces() }
}

extension String {
    /// The text without any of `characters` at its ends.
    func trimming(_ characters: String) -> String {
        let set = Set(characters)
        guard let first = firstIndex(where: { !set.contains($0) }), let last = lastIndex(where: { !set.contains($0) })
        else {
            return ""
        }
        return String(self[first...last])
    }
}
