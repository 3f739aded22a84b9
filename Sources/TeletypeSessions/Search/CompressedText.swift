import CZlib

/// What the search index keeps of each piece of text, for snippets and previews: the text
/// deflated (zlib), after its length (four bytes, little-endian). The word lists of the full-text
/// index are made from the text itself; only this copy is compressed, at about a quarter of its
/// size.
enum CompressedText {
    /// `text`, compressed.
    static func compress(_ text: String) -> [UInt8] {
        var text = text
        return text.withUTF8 { source -> [UInt8] in
            let count = source.count
            var bound = compressBound(uLong(count))
            var out = [UInt8](repeating: 0, count: 4 + Int(bound))
            out[0] = UInt8(truncatingIfNeeded: count)
            out[1] = UInt8(truncatingIfNeeded: count >> 8)
            out[2] = UInt8(truncatingIfNeeded: count >> 16)
            out[3] = UInt8(truncatingIfNeeded: count >> 24)
            let status = out.withUnsafeMutableBufferPointer { buffer in
                compress2(buffer.baseAddress! + 4, &bound, source.baseAddress, uLong(count), 5)
            }
            guard status == Z_OK else { return [] }
            out.removeLast(out.count - 4 - Int(bound))
            return out
        }
    }

    /// The text of `bytes` made by ``compress(_:)``; `nil` when they are not.
    static func decompress(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard bytes.count >= 4 else { return nil }
        let count = Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16 | Int(bytes[3]) << 24
        guard count < 1 << 28 else { return nil }
        if count == 0 { return "" }
        var length = uLong(count)
        let text = [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            let status = uncompress(
                buffer.baseAddress, &length, bytes.baseAddress!.assumingMemoryBound(to: UInt8.self) + 4,
                uLong(bytes.count - 4))
            initialized = status == Z_OK ? Int(length) : 0
        }
        guard text.count == count else { return nil }
        return String(decoding: text, as: UTF8.self)
    }
}
