/// A file's path below a session folder (`/`-separated, no leading `/`), looked at in its bytes:
/// every file of every agent's folder is asked whether it is a session each time the folders are
/// looked at (every `search`, every `sessions`), so the questions make no arrays or copies.
struct RelativePath {
    /// The path.
    let text: String

    init(_ text: String) {
        self.text = text
    }

    /// How many `/`-separated parts it has.
    var count: Int {
        text.utf8.reduce(1) { $1 == 0x2F ? $0 + 1 : $0 }
    }

    /// The part at `index` (from 0), nil past the last.
    func part(_ index: Int) -> Substring? {
        var start = text.startIndex
        var seen = 0
        var position = text.utf8.startIndex
        let end = text.utf8.endIndex
        while position != end {
            if text.utf8[position] == 0x2F {
                if seen == index { return text[start..<position] }
                seen += 1
                start = text.utf8.index(after: position)
            }
            position = text.utf8.index(after: position)
        }
        return seen == index ? text[start...] : nil
    }

    /// The last part: the file's name.
    var last: Substring {
        guard let slash = text.utf8.lastIndex(of: 0x2F) else { return text[...] }
        return text[text.utf8.index(after: slash)...]
    }

    /// The part before the last (the file's folder's name), nil for a file in the folder itself.
    var folderName: Substring? {
        guard let slash = text.utf8.lastIndex(of: 0x2F) else { return nil }
        let folder = text[..<slash]
        guard let before = folder.utf8.lastIndex(of: 0x2F) else { return folder }
        return folder[folder.utf8.index(after: before)...]
    }

    /// Whether `piece` occurs in it (an empty one never does, as with `String.contains`).
    func contains(_ piece: String) -> Bool {
        guard !piece.isEmpty else { return false }
        var text = text
        return text.withUTF8 { SessionReading.contains(UnsafeRawBufferPointer($0), piece) }
    }

    /// Whether it ends with `suffix`.
    func hasSuffix(_ suffix: String) -> Bool { text.utf8.reversed().starts(with: suffix.utf8.reversed()) }
}
