import CCmarkSupport

/// The files of the next few inputs of an archive, asked of the system before a worker takes them.
/// Sessions that are on disk and not in memory (a user's home, or one the system has made room
/// over) are read while the ones before are rendered: taken one after another, each file's first
/// read waited on its disk with a core idle, and an export of a home a minute after it was last
/// read took a fifth longer.
struct ArchiveReadAhead: Sendable {
    /// How many inputs ahead of the one taken are asked for, at most.
    static let inputs = 8
    /// How many bytes ahead of the one taken are asked for, at most (past the next input's).
    static let bytes = 64 << 20

    /// The first input not asked for yet.
    private var asked = 0

    /// The inputs to ask for once input `taken` of `inputs` is taken: those of the next
    /// ``inputs`` not asked for yet, while the inputs between hold no more than ``bytes``.
    mutating func next(after taken: Int, in inputs: [ArchiveInput]) -> Range<Int> {
        var end = taken + 1
        var bytes = 0
        while end < inputs.count, end <= taken + Self.inputs, end == taken + 1 || bytes + inputs[end].size <= Self.bytes
        {
            bytes += inputs[end].size
            end += 1
        }
        let start = min(max(asked, taken + 1), end)
        asked = max(asked, end)
        return start..<end
    }

    /// Asks the system to read input `index`'s bytes, no more than ``bytes`` of them (the system
    /// reads a long file on as it is read): a conversation of an export its own, a database or a
    /// session its file (a database's conversations after its first are not asked again).
    static func ask(_ index: Int, of inputs: [ArchiveInput]) {
        let input = inputs[index]
        if let conversation = input.conversation, conversation.version == nil {
            teletype_read_ahead(input.path, Int64(conversation.offset), Int64(min(max(conversation.length, 1), bytes)))
        } else if index == 0 || inputs[index - 1].path != input.path {
            teletype_read_ahead(input.path, 0, Int64(bytes))
        }
    }
}
