/// The index's copy of what was said (for snippets, previews, phrases and comparing a file read
/// again), kept a block of pieces at a time: a conversation's pieces in order, up to ``size``
/// bytes of text, compressed together. Compressed one by one, half of the pieces (a prompt, a
/// line of output) had too little to refer back to: blocks keep the text in 25% of its size
/// instead of 30%, which is most of what kept the index within 40% of it.
///
/// A block is a row of `said_block`, its id the row id of its first piece. Its bytes: how many
/// pieces (a varint); each piece's place in its conversation part (`message << kindBits | kind`:
/// the first as it is, each next as its step from the one before) and its length in bytes
/// (varints); then the pieces' text, one after another, compressed (``CompressedText``).
package enum TextBlock {
    /// How much text a block gathers before it is closed (a longer piece is a block of its own).
    package static let size = 16 * 1024

    /// A piece of text and its place in its conversation part.
    package typealias Piece = (place: Int64, text: String)

    /// `pieces` (in order of place) packed into blocks: each block's first place and bytes.
    package static func blocks(of pieces: [Piece], compressor: CompressedText.Compressor) -> [(
        place: Int64, bytes: [UInt8]
    )] {
        var blocks: [(Int64, [UInt8])] = []
        var start = pieces.startIndex
        var bytes = 0
        for index in pieces.indices {
            bytes += pieces[index].text.utf8.count
            if bytes >= size || index == pieces.endIndex - 1 {
                blocks.append((pieces[start].place, encode(pieces[start...index], compressor: compressor)))
                start = index + 1
                bytes = 0
            }
        }
        return blocks
    }

    /// One block of `pieces`.
    package static func encode(_ pieces: ArraySlice<Piece>, compressor: CompressedText.Compressor) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4 + 4 * pieces.count)
        appendVarint(UInt64(pieces.count), to: &out)
        var text = ""
        text.reserveCapacity(pieces.reduce(0) { $0 + $1.text.utf8.count })
        var previous: Int64 = 0
        for (index, piece) in zip(pieces.indices, pieces) {
            appendVarint(UInt64(index == pieces.startIndex ? piece.place : piece.place - previous), to: &out)
            appendVarint(UInt64(piece.text.utf8.count), to: &out)
            previous = piece.place
            text += piece.text
        }
        out += compressor.compress(text)
        return out
    }

    /// The pieces of a block's `bytes`; nil when they are not a block.
    package static func decode(_ bytes: UnsafeRawBufferPointer, decompressor: CompressedText.Decompressor)
        -> [Piece]?
    {
        var offset = 0
        guard let count = readVarint(bytes, &offset), count > 0, count < 1 << 24 else { return nil }
        var places: [(Int64, Int)] = []
        places.reserveCapacity(Int(count))
        var place: Int64 = 0
        var total = 0
        for index in 0..<Int(count) {
            guard let step = readVarint(bytes, &offset), let length = readVarint(bytes, &offset),
                step < 1 << 40, length < 1 << 28
            else { return nil }
            place = index == 0 ? Int64(step) : place + Int64(step)
            places.append((place, Int(length)))
            total += Int(length)
        }
        guard let text = decompressor.decompress(UnsafeRawBufferPointer(rebasing: bytes[offset...])),
            text.utf8.count == total
        else { return nil }
        var pieces: [Piece] = []
        pieces.reserveCapacity(places.count)
        let utf8 = text.utf8
        var start = utf8.startIndex
        for (place, length) in places {
            let end = utf8.index(start, offsetBy: length)
            guard let piece = String(utf8[start..<end]) else { return nil }
            pieces.append((place, piece))
            start = end
        }
        return pieces
    }

    /// How many bytes of text a block's `bytes` hold, from its header alone.
    package static func textLength(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var offset = 0
        guard let count = readVarint(bytes, &offset), count < 1 << 24 else { return nil }
        var total = 0
        for _ in 0..<count {
            guard readVarint(bytes, &offset) != nil, let length = readVarint(bytes, &offset) else { return nil }
            total += Int(length)
        }
        return total
    }

    /// The compressed text of a block's `bytes`, after its header.
    package static func compressedPart(_ bytes: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer? {
        var offset = 0
        guard let count = readVarint(bytes, &offset), count < 1 << 24 else { return nil }
        for _ in 0..<count {
            guard readVarint(bytes, &offset) != nil, readVarint(bytes, &offset) != nil else { return nil }
        }
        return UnsafeRawBufferPointer(rebasing: bytes[offset...])
    }

    /// The place of a block's last piece, from its header alone.
    package static func lastPlace(_ bytes: UnsafeRawBufferPointer) -> Int64? {
        var offset = 0
        guard let count = readVarint(bytes, &offset), count > 0, count < 1 << 24 else { return nil }
        var place: Int64 = 0
        for index in 0..<count {
            guard let step = readVarint(bytes, &offset), readVarint(bytes, &offset) != nil, step < 1 << 40 else {
                return nil
            }
            place = index == 0 ? Int64(step) : place + Int64(step)
        }
        return place
    }

    static func appendVarint(_ value: UInt64, to out: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            out.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        out.append(UInt8(value))
    }

    static func readVarint(_ bytes: UnsafeRawBufferPointer, _ offset: inout Int) -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count, shift < 64 {
            let byte = bytes[offset]
            offset += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }
}
