import CSearchTokenizer
import TeletypeMarkdown

/// A conversation's words as the index's word lists take them (folded, stemmed), worked out on
/// the thread that read it: the thread that writes the index (one, SQLite's) then only hands them
/// to FTS5. Tokenizing on the writing thread was a third of its work, and what was left of it
/// after the reading ended ran on one core.
///
/// Each piece's words are packed as `teletype_pack_tokens` packs them, one piece after another,
/// in the order of ``SearchIndex/ReadConversation/placed(from:)`` from its first message.
struct PackedWords: Sendable {
    /// The packed words of every piece, one after another.
    private(set) var bytes: [UInt8] = []
    /// Where each piece's words end in ``bytes``.
    private(set) var ends: [Int] = []

    /// How many pieces it holds.
    var count: Int { ends.count }

    /// The words of `pieces` (each its text), packed with a tokenizer of ``tokenizers``; nil when
    /// a piece's could not be (the writer then tokenizes the text itself).
    init?(_ pieces: [TextBlock.Piece]) {
        guard let tokenizer = Self.tokenizers.take() else { return nil }
        defer { Self.tokenizers.give(tokenizer) }
        var packed = TeletypePackedWords()
        defer { teletype_packed_words_free(&packed) }
        ends.reserveCapacity(pieces.count)
        for piece in pieces {
            guard tokenizer.pack(piece.text, into: &packed) else { return nil }
            ends.append(packed.count)
        }
        bytes = packed.count == 0 ? [] : Array(UnsafeBufferPointer(start: packed.bytes, count: packed.count))
    }

    /// Calls `body` with piece `index`'s packed words.
    func withPiece<Result>(_ index: Int, _ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        let start = index == 0 ? 0 : ends[index - 1]
        return try bytes.withUnsafeBytes { try body(UnsafeRawBufferPointer(rebasing: $0[start..<ends[index]])) }
    }

    /// The tokenizers the reading threads pack with: each the index's porter (stems remembered,
    /// each word of a text given once, as the index's table takes them) on an in-memory database
    /// of its own, used by one thread at a time and kept for the next.
    static let tokenizers = TokenizerPool()
}

/// Tokenizers lent to one thread at a time: as many are made as threads pack at once.
final class TokenizerPool: @unchecked Sendable {
    private let lock = ThreadLock()
    private var idle: [SearchTokenizer] = []

    /// One not in use, made if none is; nil when SQLite has no FTS5.
    func take() -> SearchTokenizer? {
        lock.withLock { idle.popLast() } ?? SearchTokenizer.standalone(rememberingStems: true, wordsOnce: true)
    }

    /// Gives back `tokenizer`, which the thread is done with.
    func give(_ tokenizer: SearchTokenizer) {
        lock.withLock { idle.append(tokenizer) }
    }
}
