import Teletype

/// Names of an archive's files kept within what file systems allow: 255 bytes a name. A longer
/// name (a long title, a long file name, with `.html` and the unfinished page's ending added) is
/// cut at a character and ended with a hash of the whole, so two long names that share their start
/// stay two files.
enum ArchiveNames {
    /// The most bytes of a page's file name, leaving room for `.html` and for the unfinished file's
    /// `.NAME.PID.partial` within 255 bytes.
    static let pageNameBytes = 200

    /// `name`, or its start and a hash of it when it is longer than `limit` bytes.
    static func shortened(_ name: String, toBytes limit: Int) -> String {
        guard name.utf8.count > limit else { return name }
        let suffix = "-" + hash(name)
        var kept = ""
        var bytes = 0
        for character in name {
            let size = character.utf8.count
            if bytes + size > limit - suffix.utf8.count { break }
            kept.append(character)
            bytes += size
        }
        return kept + suffix
    }

    /// Each component of a relative path shortened to ``pageNameBytes``.
    static func shortenedPath(_ path: String) -> String {
        path.slashParts(keepingEmpty: true).map { shortened(String($0), toBytes: pageNameBytes) }.joined(separator: "/")
    }

    /// A stable 64-bit FNV-1a hash of `text`, as 16 hexadecimal digits.
    static func hash(_ text: String) -> String {
        var value: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            value ^= UInt64(byte)
            value &*= 0x100_0000_01b3
        }
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
