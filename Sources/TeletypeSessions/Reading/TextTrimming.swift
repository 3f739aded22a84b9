extension Substring {
    /// The text without spaces, tabs and line endings at its ends, found by their bytes.
    func trimmingSpaces() -> String { String(trimmedOfSpaces()) }

    /// The part of the text between its leading and trailing spaces, tabs and line endings.
    func trimmedOfSpaces() -> Substring {
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { !Self.isSpaceByte($0) }),
            let last = bytes.lastIndex(where: { !Self.isSpaceByte($0) })
        else { return self[endIndex...] }
        return self[first..<bytes.index(after: last)]
    }
}

extension StringProtocol {
    /// Whether the text holds nothing but spaces, tabs and line endings.
    var isBlank: Bool { utf8.allSatisfy(Self.isSpaceByte) }

    static func isSpaceByte(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D }
}

extension String {
    /// The text without spaces, tabs and line endings at its ends: the text itself when it has none.
    func trimmingSpaces() -> String {
        let trimmed = self[...].trimmedOfSpaces()
        return trimmed.utf8.count == utf8.count ? self : String(trimmed)
    }
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
